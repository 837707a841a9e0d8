// The board's voice and sound cues (issue 18 §2): the Web Speech API speaks a scene's
// text in the board's language, WebAudio plays short generated tones (nothing is fetched).
// Browsers keep both silent until someone has clicked or tapped the page; `unlock` must run
// inside that gesture.

import type { Lang } from "../i18n";

/** Speech tags to ask for when no installed voice matches the board's language. */
const SPEECH_LANG: Record<Lang, string> = { nl: "nl-NL", en: "en-GB" };

let audio: AudioContext | null = null;
let woken = false; // a click or key press has asked for sound

function audioContext(): AudioContext | null {
  if (audio) return audio;
  const Ctor = typeof AudioContext === "undefined" ? null : AudioContext;
  audio = Ctor ? new Ctor() : null;
  return audio;
}

/** True when the browser lets the page make sound without a click first (a kiosk, a TV app). */
export function soundAllowed(): boolean {
  const active = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive;
  return audioContext()?.state === "running" && active !== false;
}

/** Call from a click, tap or key press: wakes the audio up and primes speech. */
export function unlock(): void {
  woken = true;
  const ctx = audioContext();
  if (ctx && ctx.state === "suspended") void ctx.resume();
  // An empty utterance inside the gesture lets later ones through (Safari, Chrome).
  const synth = typeof speechSynthesis === "undefined" ? null : speechSynthesis;
  synth?.speak(new SpeechSynthesisUtterance(""));
}

/** The best installed voice for a language: its country's own first, a local one first. */
export function pickVoice(lang: Lang, voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const want = SPEECH_LANG[lang].toLowerCase();
  const ok = voices.filter((v) => v.lang.toLowerCase().replace("_", "-").startsWith(lang));
  const rank = (v: SpeechSynthesisVoice) =>
    (v.lang.toLowerCase().replace("_", "-") === want ? 0 : 2) + (v.localService ? 0 : 1);
  return [...ok].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** Say ``text`` in ``lang``, cutting off whatever was still being said. */
export function speak(text: string, lang: Lang): void {
  const synth = typeof speechSynthesis === "undefined" ? null : speechSynthesis;
  if (!synth) return;
  synth.cancel();
  const u = new SpeechSynthesisUtterance(text);
  const voice = pickVoice(lang, synth.getVoices());
  if (voice) u.voice = voice;
  u.lang = voice?.lang ?? SPEECH_LANG[lang];
  u.rate = 0.95;
  synth.speak(u);
}

export function hush(): void {
  if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
}

/** One soft tone: ``freq`` Hz from ``at`` seconds from now, for ``dur`` seconds. */
function tone(freq: number, at: number, dur: number, type: OscillatorType = "sine", peak = 0.18): void {
  const ctx = audio;
  if (!ctx || ctx.state === "closed") return;
  // Just after the unlocking tap the context may still be waking up (resume is async).
  if (ctx.state !== "running") {
    if (woken) void ctx.resume().then(() => play(ctx, freq, at, dur, type, peak));
    return;
  }
  play(ctx, freq, at, dur, type, peak);
}

function play(ctx: AudioContext, freq: number, at: number, dur: number, type: OscillatorType, peak: number): void {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + dur);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + dur + 0.02);
}

/** A new scene: a rising chime of three notes (C-E-G). */
export function sceneCue(): void {
  tone(523.25, 0, 0.5, "triangle");
  tone(659.25, 0.12, 0.5, "triangle");
  tone(783.99, 0.24, 0.7, "triangle");
}

/** One of the last 10 seconds: a short tick, higher for the last three. */
export function tickCue(secondsLeft: number): void {
  tone(secondsLeft <= 3 ? 1318.5 : 880, 0, 0.09, "square", 0.08);
}

import { useState } from "preact/hooks";

// "Your turn": a buzz and a short chime when a scene starts waiting for this phone
// (issue 18 §6), with one switch for both, remembered on the phone.
const KEY = "nightfall.turnSignal";
let audio: AudioContext | null = null;

export function signalOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

/** Browsers allow sound only after a tap: the switch (or any tap) wakes the audio up. */
function wakeAudio(): AudioContext | null {
  const Ctor = typeof AudioContext === "undefined" ? null : AudioContext;
  if (!Ctor) return null;
  const ctx = audio ?? new Ctor();
  audio = ctx;
  if (ctx.state === "suspended") void ctx.resume();
  return ctx;
}
if (typeof window !== "undefined") addEventListener("pointerdown", () => signalOn() && wakeAudio(), { once: true });

export function signalTurn(): void {
  if (!signalOn()) return;
  try {
    navigator.vibrate?.(120);
  } catch {
    /* not supported */
  }
  const ctx = audio;
  if (!ctx || ctx.state !== "running") return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.0001, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.3);
}

export function useTurnSignalSwitch(): [boolean, () => void] {
  const [on, setOn] = useState(signalOn);
  const toggle = () => {
    const next = !on;
    try {
      localStorage.setItem(KEY, next ? "on" : "off");
    } catch {
      /* private mode: the switch holds for this page */
    }
    if (next) wakeAudio();
    setOn(next);
  };
  return [on, toggle];
}

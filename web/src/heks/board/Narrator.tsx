import { useEffect, useRef, useState } from "preact/hooks";
import { serverNow } from "../../core/clock";
import { getLang, t, useLang } from "../i18n";
import type { HeksView } from "../types";
import { sceneKey, sceneSpeech } from "./narration";
import { hush, sceneCue, soundAllowed, speak, tickCue, unlock } from "./sound";

// The TV board narrates (issue 18 §2): each new scene gets a chime and is read out, and the
// last 10 seconds of a timer tick. On by default on the TV board, off on a spectator's
// phone; one switch silences both, remembered by the browser. Until someone clicks or
// taps the page (browsers allow no sound before that) the board asks for it, once.

const KEY = "nightfall.board.sound";
const SPEAK_AFTER_MS = 450; // after the chime has started; a scene gone by then is not read

function storedOn(byDefault: boolean): boolean {
  try {
    const v = localStorage.getItem(KEY);
    return v === null ? byDefault : v === "on";
  } catch {
    return byDefault;
  }
}

export type BoardSound = { on: boolean; unlocked: boolean; toggle: () => void };

let pending: ReturnType<typeof setTimeout> | undefined;

export function useBoardSound(view: HeksView | null, tv: boolean): BoardSound {
  const lang = useLang();
  const [on, setOn] = useState(() => storedOn(tv));
  const [unlocked, setUnlocked] = useState(soundAllowed);
  useEffect(() => {
    if (unlocked) return;
    const wake = () => {
      unlock();
      setUnlocked(true);
    };
    addEventListener("pointerdown", wake, { capture: true, once: true });
    addEventListener("keydown", wake, { capture: true, once: true });
    return () => {
      removeEventListener("pointerdown", wake, { capture: true });
      removeEventListener("keydown", wake, { capture: true });
    };
  }, [unlocked]);

  const live = on && unlocked;
  // A new scene: chime, then read it out. Marked as told only when told, so turning the
  // sound on (or the first tap) reads the scene on screen.
  const told = useRef<string | null>(null);
  const scene = view ? `${sceneKey(view)}:${lang}` : null;
  // Set while rendering, so a reading still waiting for the chime knows its scene has gone
  // even before the new scene's effect runs (effects come late on a busy TV).
  const shown = useRef<string | null>(null);
  shown.current = scene;
  useEffect(() => {
    if (!live || !view || scene === told.current) return;
    told.current = scene;
    sceneCue();
    const text = sceneSpeech(view);
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (shown.current === scene) speak(text, getLang());
    }, SPEAK_AFTER_MS);
  }, [live, scene]);

  // The last 10 seconds of a timer: one tick a second.
  const deadline = view?.deadline ?? null;
  useEffect(() => {
    if (!live || deadline == null) return;
    let last = Infinity;
    const id = setInterval(() => {
      const left = Math.ceil((deadline - serverNow()) / 1000);
      if (left >= 1 && left <= 10 && left < last) tickCue(left);
      last = Math.min(last, left);
    }, 100);
    return () => clearInterval(id);
  }, [live, deadline]);

  const toggle = () => {
    const next = !on;
    try {
      localStorage.setItem(KEY, next ? "on" : "off");
    } catch {
      /* private mode: the switch holds for this page */
    }
    if (next) {
      unlock(); // the switch is a click: it may wake the audio
      setUnlocked(true);
      told.current = null;
    } else {
      clearTimeout(pending);
      hush();
    }
    setOn(next);
  };
  return { on, unlocked, toggle };
}

function Speaker(props: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true">
      <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
      {props.on ? (
        <path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" />
      ) : (
        <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      )}
    </svg>
  );
}

/** The one switch for the narrator and the cues. */
export function SoundSwitch(props: { sound: BoardSound }) {
  const { on, toggle } = props.sound;
  return (
    <button type="button" class={`sound-switch ${on ? "on" : "off"}`} aria-label={t("board.sound")} aria-pressed={on} onClick={toggle}>
      <Speaker on={on} />
      <span>{t(on ? "board.sound.on" : "board.sound.off")}</span>
    </button>
  );
}

/** "Tap to turn the sound on": shown while the sound is on but the browser still holds it.
 * Short where it must fit the results' narrow players column (it sits over that column's foot,
 * never over the results). */
export function UnlockHint(props: { sound: BoardSound; short?: boolean }) {
  if (!props.sound.on || props.sound.unlocked) return null;
  return (
    <p class="sound-unlock" role="status">
      <Speaker on />
      {t(props.short ? "board.sound.unlock.short" : "board.sound.unlock")}
    </p>
  );
}

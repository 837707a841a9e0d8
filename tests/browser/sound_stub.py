"""A recording stand-in for the Web Speech API and WebAudio, put into a page before its
scripts run (``add_init_script``), so a test can see what the TV board says and plays.

Everything lands in one ordered list, ``window.__boardLog``:
- ``{"kind": "scene", "key": "DEPART_A:1", "at": ms}``: the board shows a new scene
  (its ``data-phase``/``data-day``), seen by a MutationObserver;
- ``{"kind": "say", "text", "lang", "voice", "at"}``: ``speechSynthesis.speak``;
- ``{"kind": "cancel", "at"}``: ``speechSynthesis.cancel``;
- ``{"kind": "tone", "type", "freq", "at"}``: an oscillator started (type as set by the page).

The AudioContext starts ``suspended`` and ``resume()`` settles a moment later, as in a
browser before its first click. The voices offered are one Dutch and two English ones.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from playwright.sync_api import BrowserContext, Page

STUB_JS = r"""
(() => {
  const log = [];
  window.__boardLog = log;
  const now = () => Date.now();
  class Utterance { constructor(text) { this.text = text; this.lang = ""; this.voice = null; this.rate = 1; } }
  window.SpeechSynthesisUtterance = Utterance;
  const voices = [
    { name: "Stub English (US)", lang: "en-US", localService: true, default: true, voiceURI: "stub-en-us" },
    { name: "Stub Nederlands", lang: "nl-NL", localService: true, default: false, voiceURI: "stub-nl-nl" },
    { name: "Stub English (GB)", lang: "en-GB", localService: true, default: false, voiceURI: "stub-en-gb" },
  ];
  const synth = {
    speaking: false, pending: false, paused: false, onvoiceschanged: null,
    getVoices: () => voices,
    speak(u) {
      if (u.text) log.push({ kind: "say", text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null, at: now() });
    },
    cancel() { log.push({ kind: "cancel", at: now() }); },
    pause() {}, resume() {}, addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  class Param {
    constructor(v) { this.value = v; }
    setValueAtTime() {} linearRampToValueAtTime() {} exponentialRampToValueAtTime() {}
  }
  class Node { connect(n) { return n; } disconnect() {} }
  class Osc extends Node {
    constructor() { super(); this.type = "sine"; this.frequency = new Param(440); }
    start() { log.push({ kind: "tone", type: this.type, freq: this.frequency.value, at: now() }); }
    stop() {}
  }
  class Gain extends Node { constructor() { super(); this.gain = new Param(1); } }
  class Ctx {
    constructor() { this.state = "suspended"; this.currentTime = 0; this.destination = new Node(); }
    resume() { return new Promise((ok) => setTimeout(() => { this.state = "running"; ok(); }, 30)); }
    createOscillator() { return new Osc(); }
    createGain() { return new Gain(); }
    close() { this.state = "closed"; }
  }
  window.AudioContext = Ctx;
  let last = null;
  const note = () => {
    const b = document.querySelector(".board");
    if (!b) return;
    const key = `${b.dataset.phase}:${b.dataset.day}`;
    if (key !== last) { last = key; log.push({ kind: "scene", key, at: now() }); }
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-phase", "data-day"],
  });
})();
"""


class Entry(TypedDict, total=False):
    kind: str
    key: str
    text: str
    lang: str
    voice: str | None
    type: str
    freq: float
    at: float


def install(ctx: BrowserContext) -> None:
    ctx.add_init_script(STUB_JS)


def read_log(page: Page) -> list[Entry]:
    entries: list[Any] = page.evaluate("window.__boardLog")
    return [cast(Entry, e) for e in entries]

import { render, type ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { HeksRecapDay } from "../../generated/protocol";
import { t } from "../i18n";
import type { HeksView } from "../types";
import { Exile, Ritual, Team } from "./council";
import { AutoLegend, Moves, Night, RecapDay } from "./sections";
import "./recap.css";

// The board's story: one day per slide, or a busy day over two or more slides ("Day 2 (1/2)")
// so that its text stays at 20 px at 1280×720.

// Per slide; a day split in two gets two slides' time, as each part holds about a quiet day.
const SLIDE_MS = 12_000;

/** A piece of a day on the board, in reading order; a busy day is split between them. */
type Block = "where" | "night" | "ritual" | "exile" | number; // a number: the day's n-th proposal

function blocksOf(d: HeksRecapDay): Block[] {
  const out: Block[] = ["where", "night", ...d.teams.map((_, i) => i)];
  if (d.ritual) out.push("ritual");
  if (d.exile) out.push("exile");
  return out;
}

/** One slide of a busy day: its blocks flow over two columns under "Day 2 (1/2)". The council's
 * heading goes before the first of its blocks on the slide. */
function RecapDayPart(props: { view: HeksView; d: HeksRecapDay; blocks: Block[]; part: number; parts: number }) {
  const { view, d, blocks, part, parts } = props;
  const firstCouncil = blocks.findIndex((b) => b !== "where" && b !== "night");
  return (
    <section class="recap-day recap-part" data-day={d.day} data-part={part} data-parts={parts}>
      <h3>{parts > 1 ? t("recap.dayPart", { n: d.day, part, parts }) : t("recap.day", { n: d.day })}</h3>
      <div class="recap-flow">
        {blocks.map((b, i) => (
          <div key={String(b)} class="recap-block">
            {i === firstCouncil && <h4>{t("recap.council")}</h4>}
            {b === "where" ? (
              <>
                <h4>{t("recap.where")}</h4>
                <Moves view={view} d={d} />
              </>
            ) : b === "night" ? (
              <>
                <h4>{t("recap.night")}</h4>
                <Night view={view} d={d} />
              </>
            ) : b === "ritual" ? (
              d.ritual && <Ritual view={view} ritual={d.ritual} />
            ) : b === "exile" ? (
              d.exile && <Exile view={view} exile={d.exile} />
            ) : (
              <Team view={view} team={d.teams[b]} />
            )}
          </div>
        ))}
      </div>
      <AutoLegend d={d} />
    </section>
  );
}

/** A slide of the board's story: a whole day (``blocks`` null) or a part of one. */
interface Slide {
  d: HeksRecapDay;
  blocks: Block[] | null;
  part: number;
  parts: number;
}

const wholeDays = (days: HeksRecapDay[]): Slide[] => days.map((d) => ({ d, blocks: null, part: 1, parts: 1 }));

function SlideDay(props: { view: HeksView; s: Slide }) {
  const { view, s } = props;
  return s.blocks ? <RecapDayPart view={view} d={s.d} blocks={s.blocks} part={s.part} parts={s.parts} /> : <RecapDay view={view} d={s.d} />;
}

/** The slides of the story at this board's size: each day whole if it fits its slide at the
 * board's 20 px (2.8vh at 720 px, the CSS's size), else its blocks packed in order onto as few
 * slides as fit (two halves as even as fit). Measured in a hidden box of the slide's size,
 * before anything is painted. */
function paginate(board: HTMLElement, view: HeksView, days: HeksRecapDay[]): Slide[] {
  const slide = board.querySelector<HTMLElement>(".recap-slide");
  if (!slide || slide.clientHeight === 0) return wholeDays(days);
  const probe = document.createElement("div");
  probe.className = "recap-slide recap-probe";
  probe.style.cssText = `position:fixed;left:0;top:0;width:${slide.clientWidth}px;height:${slide.clientHeight}px;visibility:hidden`;
  board.appendChild(probe);
  // How much text a slide holds, or null if it does not fit.
  const chars = (d: HeksRecapDay, blocks: Block[] | null): number | null => {
    render(<SlideDay view={view} s={{ d, blocks, part: 9, parts: 9 }} />, probe);
    const over = [...probe.querySelectorAll<HTMLElement>(".recap-day, .recap-flow")].some(
      (el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth,
    );
    return over ? null : (probe.textContent ?? "").length;
  };
  try {
    return days.flatMap((d): Slide[] => {
      if (chars(d, null) !== null) return [{ d, blocks: null, part: 1, parts: 1 }];
      const all = blocksOf(d);
      let pages: Block[][] = [];
      let page: Block[] = [];
      for (const b of all) {
        if (page.length > 0 && chars(d, [...page, b]) === null) {
          pages.push(page);
          page = [];
        }
        page.push(b); // a block too long for a slide of its own is shrunk below, the last resort
      }
      pages.push(page);
      if (pages.length === 2) {
        // Two halves as even as fit, not a full slide and a nearly empty one.
        let best = Infinity;
        for (let cut = 1; cut < all.length; cut++) {
          const [a, b] = [chars(d, all.slice(0, cut)), chars(d, all.slice(cut))];
          if (a !== null && b !== null && Math.abs(a - b) < best) {
            best = Math.abs(a - b);
            pages = [all.slice(0, cut), all.slice(cut)];
          }
        }
      }
      return pages.map((blocks, j) => ({ d, blocks, part: j + 1, parts: pages.length }));
    });
  } finally {
    render(null, probe);
    probe.remove();
  }
}

/** The board: the result first (``first``), then the days' slides, moving on by themselves.
 * A new ``home`` (the next game's deck, between games) brings the result back. */
export function RecapSlides(props: { view: HeksView; first: ComponentChildren; ms?: number; home?: string }) {
  const days = props.view.result?.recap ?? [];
  const [slides, setSlides] = useState<Slide[]>(() => wholeDays(days));
  const total = slides.length + 1;
  const [at, setI] = useState(0);
  const i = at % total;
  useEffect(() => {
    if (total < 2) return;
    const id = setInterval(() => setI((n) => (n + 1) % total), props.ms ?? SLIDE_MS);
    return () => clearInterval(id);
  }, [total, props.ms, i]);
  const home = useRef(props.home);
  useEffect(() => {
    if (props.home === home.current) return;
    home.current = props.home;
    setI(0);
  }, [props.home]);
  useEffect(() => {
    // A TV remote's (or a keyboard's) arrows move through the slides; the timer starts over.
    const key = (e: KeyboardEvent) => {
      const step = e.key === "ArrowRight" || e.key === "PageDown" || e.key === " " ? 1 : e.key === "ArrowLeft" || e.key === "PageUp" ? -1 : 0;
      if (step === 0 || total < 2) return;
      e.preventDefault();
      setI((n) => ((n % total) + step + total) % total);
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, [total]);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const board = box.current;
    if (!board) return;
    const again = () => setSlides(paginate(board, props.view, days));
    again();
    addEventListener("resize", again);
    return () => removeEventListener("resize", again);
  }, [props.view.result?.recap, props.view]);
  const s = i > 0 ? slides[i - 1] : undefined;
  useLayoutEffect(() => {
    // The slides are cut to fit at 20 px; a slide a little roomier reads larger. Only a block
    // too long for any slide (none in a 12-player game) is shrunk below 20 px, not clipped.
    const el = box.current?.querySelector<HTMLElement>(".recap-slide:not(.recap-probe) .recap-day");
    if (!el) return;
    const over = () => [el, ...el.querySelectorAll<HTMLElement>(".recap-flow")].some((e) => e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth);
    for (let vh = 4.4; vh >= 3.9; vh -= 0.1) {
      el.style.fontSize = `${vh}vh`;
      if (!over()) break;
    }
  }, [i, s]);
  return (
    <div class="recap recap-board" data-slide={i} data-slides={total} ref={box}>
      <div class="recap-slide fade-in" key={i}>
        {s ? <SlideDay view={props.view} s={s} /> : props.first}
      </div>
      {total > 1 && (
        <p class="recap-dots" aria-label={t("recap.slide", { n: i + 1, total })} title={t("board.slides.keys")}>
          {Array.from({ length: total }, (_, j) => (
            <span key={j} class={j === i ? "on" : ""} />
          ))}
        </p>
      )}
    </div>
  );
}

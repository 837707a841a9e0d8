import { Fragment, type ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { formatSeconds, useRemaining } from "../../core/clock";
import { joinNames, t } from "../i18n";
import { IngredientArt } from "./art";
import type { HeksView, Ingredient, PlaceId, Seat } from "../types";

export const placeName = (id: string) => t(`place.${id}` as "place.P1");
export const ingName = (id: string) => t(`ing.${id}` as "ing.MUSHROOM");
export const spellName = (id: string) => t(`spell.${id}` as "spell.MIST");

export function nameOf(view: HeksView, seat: Seat | null | undefined): string {
  if (seat == null) return "";
  return view.players.find((p) => p.seat === seat)?.name ?? `#${seat}`;
}

export function Section(props: { title?: string; children: ComponentChildren; class?: string }) {
  return (
    <section class={`card ${props.class ?? ""}`}>
      {props.title && <h2>{props.title}</h2>}
      {props.children}
    </section>
  );
}

/** A countdown from a server deadline; renders nothing when no timer runs. */
export function Countdown(props: { deadline: number | null | undefined; big?: boolean }) {
  const left = useRemaining(props.deadline);
  if (left === null) return null;
  const urgent = left <= 10_000;
  return (
    <div
      class={`countdown ${props.big ? "big" : ""} ${urgent ? "urgent" : ""}`}
      role="timer"
      aria-label={t("timer.label")}
    >
      {t("timer.left", { t: formatSeconds(left) })}
    </div>
  );
}

/** A meter that fills until the deadline (the 15 s gathering meter); duration from the server. */
export function Meter(props: { deadline: number | null | undefined; total: number; label: string }) {
  const left = useRemaining(props.deadline);
  const frac = left === null ? 1 : Math.min(1, Math.max(0, 1 - left / props.total));
  return (
    <div class="meter" role="progressbar" aria-label={props.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(frac * 100)}>
      <div class="meter-fill" style={{ width: `${frac * 100}%` }} />
    </div>
  );
}

/**
 * The line of a player the step no longer waits for: her own "done" text, or, when the host
 * marked her absent, that he did (H-TBL-5: the mark is public in these steps; only she gets it
 * as `me.absent`).
 */
export function DoneLine(props: { view: HeksView; text?: string; class?: string }) {
  if (props.view.me?.absent) {
    return (
      <p class="notice auto-notice absent-mark" role="status">
        {t("absent.you")}
      </p>
    );
  }
  return props.text ? <p class={props.class ?? "waiting"}>{props.text}</p> : null;
}

/** "3/5 done" and, by name, whom the step still waits for (H-TBL-1: public steps only). */
export function Progress(props: { view: HeksView; keyName?: "wait.done" | "ritual.progress" | "approve.count" | "exile.count" }) {
  const v = props.view;
  const p = v.progress;
  if (!p) return null;
  const waiting = v.waiting ?? [];
  const names = waiting.map((s) => (s === v.me?.seat ? t("you") : nameOf(v, s)));
  return (
    <div class="progress" aria-live="polite">
      <p>{t(props.keyName ?? "wait.done", { done: p.done, total: p.total })}</p>
      {names.length > 0 && <p class="waiting-for">{t("wait.for", { names: joinNames(names) })}</p>}
    </div>
  );
}

export function IngredientChip(props: { id: Ingredient | "EMPTY"; small?: boolean }) {
  return (
    <span class={`ing ing-${props.id.toLowerCase()} ${props.small ? "small" : ""}`}>
      <IngredientArt id={props.id} class="ing-dot" size={props.small ? 18 : 22} />
      {ingName(props.id)}
    </span>
  );
}

export function Recipe(props: { view: HeksView }) {
  return (
    <ul class="recipe" aria-label={t("morning.recipe")}>
      {props.view.recipe.map((i) => (
        <li key={i}>
          <IngredientChip id={i} />
        </li>
      ))}
    </ul>
  );
}

export function Hand(props: { view: HeksView }) {
  const v = props.view;
  const me = v.me;
  if (!me) return null;
  // A card played into the circle has left the hand (the engine removes it at the result).
  const played = v.phase === "RITUAL" ? choiceOf<string>(v, "card") : undefined;
  const at = played ? me.hand.indexOf(played as Ingredient) : -1;
  const hand = at < 0 ? me.hand : [...me.hand.slice(0, at), ...me.hand.slice(at + 1)];
  return (
    <div class="hand">
      <h3>{t("hand.title")}</h3>
      {hand.length === 0 ? (
        <p class="muted">{t("hand.empty")}</p>
      ) : (
        <Cards cards={hand} />
      )}
    </div>
  );
}

/** Ingredient cards in someone's hand, small: one's own, or the hand the Pickpocket looks into
 * (a hand may hold the same card twice, so each is keyed by its place). */
export function Cards(props: { cards: readonly Ingredient[] }) {
  return (
    <ul class="recipe">
      {props.cards.map((c, i) => (
        <li key={i}>
          <IngredientChip id={c} small />
        </li>
      ))}
    </ul>
  );
}

export function Names(props: { view: HeksView; seats: Seat[]; empty?: string }) {
  if (props.seats.length === 0) return props.empty ? <p class="muted">{props.empty}</p> : null;
  return (
    <ul class="names">
      {props.seats.map((s) => (
        <li key={s}>
          {nameOf(props.view, s)}
          {s === props.view.me?.seat ? ` (${t("you")})` : ""}
        </li>
      ))}
    </ul>
  );
}

/** A big choice button; aria-pressed marks the current choice. */
export function Choice(props: {
  label: string;
  sub?: ComponentChildren;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  class?: string;
  ariaLabel?: string;
}) {
  return (
    <button
      type="button"
      class={`choice ${props.pressed ? "pressed" : ""} ${props.class ?? ""}`}
      aria-pressed={props.pressed === undefined ? undefined : props.pressed}
      aria-label={props.ariaLabel}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <span class="choice-label">{props.label}</span>
      {props.sub && <span class="choice-sub">{props.sub}</span>}
    </button>
  );
}

/**
 * A tap that must reach the server once, for a table-wide step (Start, Play again): a second
 * tap while the first is on its way is dropped (a double tap sent both, and the second, come
 * after the game had started, showed "That is not possible in this state of the room"). The
 * button stays disabled until the server answers; a refusal enables it again.
 */
export function useOnce(action: () => Promise<unknown>): { busy: boolean; run: () => void } {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false); // before the re-render: two taps may come in one frame
  const run = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void action().then((refusal) => {
      if (refusal === null) return; // accepted: the screen moves on
      inFlight.current = false;
      setBusy(false);
    });
  };
  return { busy, run };
}

export function PrimaryButton(props: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" class="primary" disabled={props.disabled} onClick={props.onClick}>
      {props.label}
    </button>
  );
}

/** The scene headline with its countdown. */
export function SceneTitle(props: { title: string; view?: HeksView; anim?: string }) {
  return (
    <header class={`scene-title ${props.anim ?? ""}`}>
      <h1>{props.title}</h1>
      {props.view && <Countdown deadline={props.view.deadline} />}
    </header>
  );
}

export function placeOpen(view: HeksView, id: PlaceId): boolean {
  return view.places.find((p) => p.id === id)?.open ?? false;
}

/** Read a field of the loosely specified me.choice. */
export function choiceOf<T = unknown>(view: HeksView, key: string): T | undefined {
  const c = view.me?.choice;
  if (!c || typeof c !== "object") return undefined;
  return (c as Record<string, unknown>)[key] as T | undefined;
}

/** A line of " · "-separated phrases that breaks only between them: "95%-interval" or
 *  "4,6 dagen" is never split over two lines. */
export function Phrases(props: { text: string }) {
  return (
    <>
      {props.text.split(" · ").map((part, i) => (
        <Fragment key={i}>
          {i > 0 && " · "}
          <span class="phrase">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

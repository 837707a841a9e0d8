import { Fragment, type ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { HeksRecapDay } from "../../generated/protocol";
import { joinNames, t } from "../i18n";
import type { HeksView, Seat } from "../types";
import { ingName, nameOf, placeName } from "../ui/common";
import { IngredientArt } from "../ui/art";
import "./recap.css";

// The story of the game (H-VIS-2), told only once it is over: the result carries it.
// Phones scroll through every day; the board shows one day per slide.

const SLIDE_MS = 12_000;

function Names(props: { view: HeksView; seats: Seat[] }) {
  return <>{joinNames(props.seats.map((s) => nameOf(props.view, s)))}</>;
}

function Moves(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  const byPlace = new Map<string, { seat: Seat; how: string; auto: boolean }[]>();
  for (const m of d.moves) {
    const key = m.place ?? "";
    byPlace.set(key, [...(byPlace.get(key) ?? []), m]);
  }
  return (
    <ul class="recap-places">
      {[...byPlace.entries()].sort().map(([place, who]) => (
        <li key={place}>
          <b>{place ? placeName(place) : "?"}</b>
          {": "}
          {who.map((m, i) => (
            <Fragment key={m.seat}>
              {i > 0 && ", "}
              <span class={`recap-who recap-${m.how}`}>
                {nameOf(view, m.seat)}
                {m.how === "guard" && ` (${t("recap.guarding")})`}
                {m.how === "witch" && ` (${t("recap.witch")})`}
                {m.auto && "*"}
              </span>
            </Fragment>
          ))}
        </li>
      ))}
    </ul>
  );
}

function Night(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <>
      {d.witches.map((w) => (
        <p key={`s${w.seat}`} class="witchy">
          {w.spell
            ? t("recap.spell", { name: nameOf(view, w.seat), spell: t(`spell.${w.spell}` as "spell.MIST") }) +
              (w.mist_place ? ` (${placeName(w.mist_place)})` : "")
            : null}
        </p>
      ))}
      {d.attacks.length === 0 && <p>{t("recap.noAttack")}</p>}
      {d.attacks.map((a, i) => (
        <p key={`a${i}`} class={`recap-attack recap-${a.outcome}`}>
          {t(`recap.attack.${a.outcome}` as "recap.attack.hit", {
            witch: nameOf(view, a.witch),
            target: nameOf(view, a.target),
            place: a.where ? placeName(a.where) : "?",
          })}
        </p>
      ))}
      {d.turned_back.length > 0 && (
        <p>{t("recap.turnedBack", { names: joinNames(d.turned_back.map((s) => nameOf(view, s))) })}</p>
      )}
      {d.checks.map((c, i) => (
        <p key={`c${i}`}>
          {t(c.result === "WITCH" ? "recap.check.witch" : "recap.check.not", { seer: nameOf(view, c.seer), target: nameOf(view, c.target) })}
        </p>
      ))}
      {d.thefts.map((th, i) => (
        <p key={`t${i}`}>
          {t("recap.theft", { thief: nameOf(view, th.thief), victim: nameOf(view, th.victim), card: ingName(th.ingredient) })}
        </p>
      ))}
    </>
  );
}

function Council(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <>
      {d.teams.map((team, i) => (
        <p key={`team${i}`} class={team.accepted ? "recap-yes" : "recap-no"}>
          {t(team.accepted ? "recap.team.accepted" : "recap.team.rejected", {
            chief: nameOf(view, team.chief),
            members: joinNames(team.members.map((s) => nameOf(view, s))),
          })}{" "}
          <span class="recap-small">
            {team.votes_for.length > 0 && (
              <>
                {t("recap.for")}: <Names view={view} seats={team.votes_for} />
              </>
            )}
            {team.votes_for.length > 0 && team.votes_against.length > 0 && " · "}
            {team.votes_against.length > 0 && (
              <>
                {t("recap.against")}: <Names view={view} seats={team.votes_against} />
              </>
            )}
          </span>
        </p>
      ))}
      {d.ritual && (
        <div class="recap-ritual">
          <p>
            <b>{t(`result.${d.ritual.result}` as "result.SUCCESS")}</b>{" "}
            <span class="recap-small">{t("recap.recipe", { list: d.ritual.recipe.map(ingName).join(", ") })}</span>
          </p>
          <ul class="recap-cards">
            {d.ritual.plays.map((p) => (
              <li key={p.seat} class={(d.ritual?.recipe as string[] | undefined)?.includes(p.card) ? "" : "recap-bad"}>
                {nameOf(view, p.seat)}: <IngredientArt id={p.card} />
                {ingName(p.card)}
                {p.auto && "*"}
              </li>
            ))}
          </ul>
        </div>
      )}
      {d.exile && (
        <div>
          <p>
            <b>
              {d.exile.exiled != null
                ? t(d.exile.was_witch ? "recap.exiled.witch" : "recap.exiled.not", { name: nameOf(view, d.exile.exiled) })
                : t(`recap.exile.${d.exile.outcome}` as "recap.exile.TIE")}
            </b>
          </p>
          <ul class="recap-ballot recap-small">
            {d.exile.ballot.map((b) => (
              <li key={b.voter}>
                {nameOf(view, b.voter)} → {b.target != null ? nameOf(view, b.target) : t("recap.blank")}
                {b.auto && "*"}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

export function RecapDay(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <section class="recap-day" data-day={d.day}>
      <h3>{t("recap.day", { n: d.day })}</h3>
      <div class="recap-cols">
        <div>
          <h4>{t("recap.where")}</h4>
          <Moves view={view} d={d} />
          <h4>{t("recap.night")}</h4>
          <Night view={view} d={d} />
        </div>
        {(d.teams.length > 0 || d.ritual || d.exile) && (
          <div>
            <h4>{t("recap.council")}</h4>
            <Council view={view} d={d} />
          </div>
        )}
      </div>
    </section>
  );
}

/** The phones: every day, one under the other. */
export function Recap(props: { view: HeksView }) {
  const days = props.view.result?.recap ?? [];
  if (days.length === 0) return null;
  return (
    <div class="recap recap-phone">
      <h2>{t("recap.title")}</h2>
      {days.map((d) => (
        <RecapDay key={d.day} view={props.view} d={d} />
      ))}
      <p class="recap-small">{t("recap.auto")}</p>
    </div>
  );
}

/** The board: the result first (``first``), then one day per slide, moving on by itself. */
export function RecapSlides(props: { view: HeksView; first: ComponentChildren; ms?: number }) {
  const days = props.view.result?.recap ?? [];
  const total = days.length + 1;
  const [i, setI] = useState(0);
  useEffect(() => {
    if (total < 2) return;
    const id = setInterval(() => setI((n) => (n + 1) % total), props.ms ?? SLIDE_MS);
    return () => clearInterval(id);
  }, [total, props.ms, i]);
  useEffect(() => {
    // A TV remote's (or a keyboard's) arrows move through the slides; the timer starts over.
    const key = (e: KeyboardEvent) => {
      const step = e.key === "ArrowRight" || e.key === "PageDown" || e.key === " " ? 1 : e.key === "ArrowLeft" || e.key === "PageUp" ? -1 : 0;
      if (step === 0 || total < 2) return;
      e.preventDefault();
      setI((n) => (n + step + total) % total);
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, [total]);
  const d = i > 0 ? days[i - 1] : undefined;
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A TV cannot scroll: shrink the day's text until it fits its slide (12 players, long votes).
    const el = box.current?.querySelector<HTMLElement>(".recap-day");
    if (!el) return;
    for (let vh = 3.2; vh >= 1.2; vh -= 0.1) {
      el.style.fontSize = `${vh}vh`;
      if (el.scrollHeight <= el.clientHeight) break;
    }
  }, [i, d]);
  return (
    <div class="recap recap-board" data-slide={i} ref={box}>
      <div class="recap-slide fade-in" key={i}>
        {d ? <RecapDay view={props.view} d={d} /> : props.first}
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

import { Fragment } from "preact";
import type { HeksRecapDay } from "../../generated/protocol";
import { joinNames, t } from "../i18n";
import type { HeksView, Seat } from "../types";
import { ingName, nameOf, placeName } from "../ui/common";
import { IngredientArt } from "../ui/art";
import { quorumParams } from "../ui/exile";
import { dayHasAuto } from "./chosen";

// The sections of one day of the story (H-VIS-2): where everyone went, the night, the
// council (proposals, ritual, exile vote). The phones show them whole (RecapDay); the board's
// slides (Slides.tsx) may spread a busy day's sections over two or more slides.

/** The mark of a choice the game made (time ran out, or absent); the legend explains it. */
export function Star(props: { on: boolean }) {
  return props.on ? <span class="auto-star">*</span> : null;
}

/** Names, each starred whose choice the game made (``auto``). */
function Names(props: { view: HeksView; seats: Seat[]; auto?: Seat[] }) {
  const auto = props.auto ?? [];
  return (
    <>
      {props.seats.map((s, i) => (
        <Fragment key={s}>
          {i === 0 ? "" : i === props.seats.length - 1 ? t("names.last") : ", "}
          {nameOf(props.view, s)}
          <Star on={auto.includes(s)} />
        </Fragment>
      ))}
    </>
  );
}

/** The legend of the stars, under a day that has any. */
export function AutoLegend(props: { d: HeksRecapDay }) {
  return dayHasAuto(props.d) ? <p class="recap-small recap-legend">{t("recap.auto")}</p> : null;
}

export function Moves(props: { view: HeksView; d: HeksRecapDay }) {
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
                <Star on={m.auto} />
              </span>
            </Fragment>
          ))}
        </li>
      ))}
    </ul>
  );
}

export function Night(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <>
      {d.witches.map((w) => (
        <Fragment key={`s${w.seat}`}>
          <p class="witchy">
            {w.spell
              ? t("recap.spell", { name: nameOf(view, w.seat), spell: t(`spell.${w.spell}` as "spell.MIST") }) +
                (w.mist_place ? ` (${placeName(w.mist_place)})` : "")
              : w.auto.includes("spell")
                ? t("recap.spell.auto", { name: nameOf(view, w.seat) })
                : null}
            <Star on={w.auto.includes("spell") || w.auto.includes("mist_place")} />
          </p>
          {w.auto.includes("target") && (
            <p class="witchy">
              {t("recap.noAttack.auto", { name: nameOf(view, w.seat) })}
              <Star on />
            </p>
          )}
        </Fragment>
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

export function Team(props: { view: HeksView; team: HeksRecapDay["teams"][number] }) {
  const { view, team } = props;
  return (
    <p class={team.accepted ? "recap-yes" : "recap-no"}>
      {t(team.accepted ? "recap.team.accepted" : "recap.team.rejected", {
        chief: nameOf(view, team.chief),
        members: joinNames(team.members.map((s) => nameOf(view, s))) + (team.drawn ? "*" : ""),
      })}{" "}
      <span class="recap-small">
        {team.votes_for.length > 0 && (
          <>
            {t("recap.for")}: <Names view={view} seats={team.votes_for} auto={team.auto} />
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
  );
}

export function Ritual(props: { view: HeksView; ritual: NonNullable<HeksRecapDay["ritual"]> }) {
  const { view, ritual } = props;
  return (
    <div class="recap-ritual">
      <p>
        <b>{t(`result.${ritual.result}` as "result.SUCCESS")}</b>{" "}
        <span class="recap-small">{t("recap.recipe", { list: ritual.recipe.map(ingName).join(", ") })}</span>
      </p>
      <ul class="recap-cards">
        {ritual.plays.map((p) => (
          <li key={p.seat} class={(ritual.recipe as string[]).includes(p.card) ? "" : "recap-bad"}>
            {nameOf(view, p.seat)}: <IngredientArt id={p.card} />
            {ingName(p.card)}
            <Star on={p.auto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Exile(props: { view: HeksView; exile: NonNullable<HeksRecapDay["exile"]> }) {
  const { view, exile } = props;
  return (
    <div class="recap-exile">
      <p>
        <b>
          {exile.exiled != null
            ? t(exile.was_witch ? "recap.exiled.witch" : "recap.exiled.not", { name: nameOf(view, exile.exiled) })
            : t(`recap.exile.${exile.outcome}` as "recap.exile.TIE", quorumParams(view, exile))}
        </b>
      </p>
      <ul class="recap-ballot recap-small">
        {exile.ballot.map((b) => (
          <li key={b.voter}>
            {nameOf(view, b.voter)} → {b.target != null ? nameOf(view, b.target) : t("recap.blank")}
            <Star on={b.auto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Council(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <>
      {d.teams.map((team, i) => (
        <Team key={`team${i}`} view={view} team={team} />
      ))}
      {d.ritual && <Ritual view={view} ritual={d.ritual} />}
      {d.exile && <Exile view={view} exile={d.exile} />}
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
      <AutoLegend d={d} />
    </section>
  );
}

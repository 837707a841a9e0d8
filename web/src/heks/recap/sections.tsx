import { Fragment } from "preact";
import type { HeksRecapDay } from "../../generated/protocol";
import { t, type MsgKey } from "../i18n";
import type { HeksView, PlaceId, Seat } from "../types";
import { ingName, nameOf, placeName, spellName } from "../ui/common";
import { CurseArt, EyeArt, IngredientArt, MissArt, SealArt, ShieldArt, SpoiledArt, WitchHatArt } from "../ui/art";
import { Crown, Frog } from "../ui/icons";
import { leader, quorumParams } from "../ui/exile";
import { dayHasAuto } from "./chosen";
import { Said, Voter, Who } from "./who";

// The sections of one day of the story (H-VIS-2): where everyone went, the night, the
// council (proposals, ritual, exile vote). The phones show them whole (RecapDay); the board's
// slides (Slides.tsx) may spread a busy day's sections over two or more slides. Told in
// pictures where a picture says it (issue 31 §3): every player with his colour and sign, the
// places and cards as the game's drawings, the witches' hats, a rejected team's curse mark, a
// voter by colour and sign alone; the words left are short.

/** The mark of a choice the game made (time ran out, or absent); the legend explains it. */
export function Star(props: { on: boolean }) {
  return props.on ? <span class="auto-star">*</span> : null;
}

/** The legend of the stars, under a day that has any. */
export function AutoLegend(props: { d: HeksRecapDay }) {
  return dayHasAuto(props.d) ? <p class="recap-small recap-legend">{t("recap.auto")}</p> : null;
}

/** A place as the picture of what grows there (the view's places) and its name. */
function Place(props: { view: HeksView; place: PlaceId | null }) {
  const p = props.view.places.find((x) => x.id === props.place);
  return (
    <span class="recap-place">
      {p && <IngredientArt id={p.ingredient} />}
      {props.place ? placeName(props.place) : "?"}
    </span>
  );
}

/** Where an attack found its target: the place's picture alone, as "where everyone went" shows it. */
function PlaceArt(props: { view: HeksView; place: PlaceId }) {
  const p = props.view.places.find((x) => x.id === props.place);
  const name = placeName(props.place);
  return (
    <span class="recap-place" role="img" aria-label={name} title={name}>
      {p ? <IngredientArt id={p.ingredient} /> : name}
    </span>
  );
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
          <b>
            <Place view={view} place={(place || null) as PlaceId | null} />
          </b>
          {": "}
          {who.map((m) => (
            <Fragment key={m.seat}>
              {" "}
              <Who view={view} seat={m.seat} class={`recap-${m.how}`}>
                {m.how === "guard" && <ShieldArt />}
                {m.how === "witch" && <WitchHatArt />}
                <Star on={m.auto} />
              </Who>
            </Fragment>
          ))}
        </li>
      ))}
    </ul>
  );
}

const OUTCOME_ART = { hit: () => <Frog />, blocked: () => <ShieldArt />, missed: () => <MissArt /> };

export function Night(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  const witch = (seat: Seat) => (
    <Who view={view} seat={seat} class="recap-witch">
      <WitchHatArt />
    </Who>
  );
  return (
    <>
      {d.witches.map((w) => (
        <Fragment key={`s${w.seat}`}>
          {(w.spell || w.auto.includes("spell")) && (
            <p class="witchy">
              {w.spell ? (
                <>
                  {witch(w.seat)}
                  {`: ${spellName(w.spell)}`}
                  {w.mist_place && (
                    <>
                      {" → "}
                      <Place view={view} place={w.mist_place} />
                    </>
                  )}
                </>
              ) : (
                <Said k="recap.spell.auto" slots={{ name: witch(w.seat) }} />
              )}
              <Star on={w.auto.includes("spell") || w.auto.includes("mist_place")} />
            </p>
          )}
          {w.auto.includes("target") && (
            <p class="witchy">
              <Said k="recap.noAttack.auto" slots={{ name: witch(w.seat) }} />
              <Star on />
            </p>
          )}
        </Fragment>
      ))}
      {d.attacks.length === 0 && <p>{t("recap.noAttack")}</p>}
      {d.attacks.map((a, i) => (
        <p key={`a${i}`} class={`recap-attack recap-${a.outcome}`}>
          {witch(a.witch)}
          {" → "}
          <Who view={view} seat={a.target} />{" "}
          <span class="recap-outcome">
            {OUTCOME_ART[a.outcome]()}
            {t(`recap.pic.${a.outcome}` as "recap.pic.hit")}
          </span>
          {a.where && <PlaceArt view={view} place={a.where} />}
        </p>
      ))}
      {d.turned_back.length > 0 && (
        <p class="recap-turned">
          <Said
            k="recap.pic.turnedBack"
            slots={{ names: d.turned_back.map((s) => <Fragment key={s}> <Who view={view} seat={s} /></Fragment>) }}
          />
        </p>
      )}
      {d.checks.map((c, i) => (
        <p key={`c${i}`} class="recap-check">
          <EyeArt />
          <Said
            k={c.result === "WITCH" ? "recap.check.witch" : "recap.check.not"}
            slots={{ seer: <Who view={view} seat={c.seer} />, target: <Who view={view} seat={c.target} /> }}
          />
        </p>
      ))}
      {d.thefts.map((th, i) => (
        <p key={`t${i}`} class="recap-theft">
          <Said
            k="recap.theft"
            slots={{
              thief: <Who view={view} seat={th.thief} />,
              victim: <Who view={view} seat={th.victim} />,
              card: (
                <span class="recap-card">
                  <IngredientArt id={th.ingredient} />
                  {ingName(th.ingredient)}
                </span>
              ),
            }}
          />
        </p>
      ))}
    </>
  );
}

/** Voters by colour and sign, each labelled with his name and vote ("Anna: For"). */
function Voters(props: { view: HeksView; seats: Seat[]; vote: string; auto?: Seat[] }) {
  return (
    <>
      {props.seats.map((s) => (
        <Voter key={s} seat={s} label={`${nameOf(props.view, s)}: ${props.vote}`}>
          <Star on={(props.auto ?? []).includes(s)} />
        </Voter>
      ))}
    </>
  );
}

export function Team(props: { view: HeksView; team: HeksRecapDay["teams"][number] }) {
  const { view, team } = props;
  return (
    <div class={`recap-team ${team.accepted ? "recap-yes" : "recap-no"}`}>
      <p>
        <Crown />
        <Who view={view} seat={team.chief} />
        {": "}
        {team.members.map((s) => (
          <Fragment key={s}>
            {" "}
            <Who view={view} seat={s} />
          </Fragment>
        ))}
        <Star on={team.drawn} />{" "}
        <b class="recap-verdict">
          {!team.accepted && <CurseArt on />}
          {t(team.accepted ? "recap.pic.accepted" : "recap.pic.rejected")}
        </b>
      </p>
      <p class="recap-votes">
        {team.votes_for.length > 0 && (
          <span class="recap-votes-for">
            {t("recap.for")}: <Voters view={view} seats={team.votes_for} vote={t("recap.for")} auto={team.auto} />
          </span>
        )}
        {team.votes_against.length > 0 && (
          <span class="recap-votes-against">
            {t("recap.against")}: <Voters view={view} seats={team.votes_against} vote={t("recap.against")} />
          </span>
        )}
      </p>
    </div>
  );
}

export function Ritual(props: { view: HeksView; ritual: NonNullable<HeksRecapDay["ritual"]> }) {
  const { view, ritual } = props;
  const list = ritual.recipe.map(ingName).join(", ");
  return (
    <div class="recap-ritual">
      <p>
        {ritual.result === "SUCCESS" ? <SealArt on /> : <SpoiledArt on />}
        <b>{t(`result.${ritual.result}` as "result.SUCCESS")}</b>{" "}
        <span class="recap-recipe" role="img" aria-label={t("recap.recipe", { list })} title={list}>
          {ritual.recipe.map((id, i) => (
            <IngredientArt key={`${id}${i}`} id={id} />
          ))}
        </span>
      </p>
      <ul class="recap-cards">
        {ritual.plays.map((p) => (
          <li key={p.seat} class={(ritual.recipe as string[]).includes(p.card) ? "" : "recap-bad"}>
            <Who view={view} seat={p.seat} />
            {": "}
            <IngredientArt id={p.card} />
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
  // The ballot by whom it named, most votes first, blank last: "Hugo ← ●●●".
  const targets = new Map<number | null, typeof exile.ballot>();
  for (const b of exile.ballot) targets.set(b.target, [...(targets.get(b.target) ?? []), b]);
  const rows = [...targets.entries()].sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : b[1].length - a[1].length));
  const blank = t("recap.blank");
  const outcomeKey = `recap.pic.exile.${exile.outcome}`;
  const top = leader(exile); // H-EXC-8: who led a vote below the quorum
  return (
    <div class="recap-exile">
      <p>
        <b>
          {exile.exiled != null ? (
            <>
              <Who view={view} seat={exile.exiled} class="recap-exiled">
                {exile.was_witch && <WitchHatArt />}
              </Who>
              {`: ${t(exile.was_witch ? "recap.pic.exiled.witch" : "recap.pic.exiled.not")}`}
            </>
          ) : exile.outcome === "TIE" || exile.outcome === "ALL_BLANK" ? (
            t(outcomeKey as MsgKey)
          ) : exile.outcome === "NO_QUORUM" && top ? (
            <Said k="recap.pic.exile.NO_QUORUM" slots={{ name: <Who view={view} seat={top.seat} />, n: top.votes, total: exile.ballot.length, needed: exile.needed ?? "?" }} />
          ) : (
            t(`recap.exile.${exile.outcome}` as "recap.exile.TIE", quorumParams(view, exile))
          )}
        </b>
      </p>
      <ul class="recap-ballot">
        {rows.map(([target, votes]) => (
          <li key={String(target)}>
            {target != null ? <Who view={view} seat={target} /> : <span class="recap-blank">{blank}</span>}
            {" ← "}
            {votes.map((b) => (
              <Voter key={b.voter} seat={b.voter} label={`${nameOf(view, b.voter)} → ${target != null ? nameOf(view, target) : blank}`}>
                <Star on={b.auto} />
              </Voter>
            ))}
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

import { Fragment } from "preact";
import type { HeksRecapDay } from "../../generated/protocol";
import { t } from "../i18n";
import type { HeksView, PlaceId, Seat } from "../types";
import { ingName, placeName, spellName } from "../ui/common";
import { EyeArt, IngredientArt, MissArt, ShieldArt, WitchHatArt } from "../ui/art";
import { Frog } from "../ui/icons";
import { dayHasAuto } from "./chosen";
import { Council } from "./council";
import { Said, Who } from "./who";

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

import { t } from "../i18n";
import type { HeksView } from "../types";
import { chosenFor } from "./chosen";
import { RecapDay } from "./sections";
import "./recap.css";

// The story of the game (H-VIS-2), told only once it is over: the result carries it.
// Phones scroll through every day; the board shows one day per slide, or a busy day over
// two or more slides ("Day 2 (1/2)") so that its text stays readable at 1280×720.

/** The phones: what the game chose for this player, then every day, one under the other. */
export function Recap(props: { view: HeksView }) {
  const days = props.view.result?.recap ?? [];
  if (days.length === 0) return null;
  return (
    <div class="recap recap-phone">
      <ChosenForYou view={props.view} />
      <h2>{t("recap.title")}</h2>
      {days.map((d) => (
        <RecapDay key={d.day} view={props.view} d={d} />
      ))}
    </div>
  );
}

/** Issue 31 §2: each player is told what the engine chose for them during the game. */
function ChosenForYou(props: { view: HeksView }) {
  const seat = props.view.me?.seat;
  if (seat == null) return null;
  const lines = chosenFor(props.view, props.view.result?.recap ?? [], seat);
  return (
    <section class="recap-chosen" data-chosen={lines.length}>
      <h2>{t("recap.chosen.title")}</h2>
      {lines.length === 0 ? (
        <p class="recap-small">{t("recap.chosen.none")}</p>
      ) : (
        <ul>
          {lines.map((l, i) => (
            <li key={i}>
              {l}
              <span class="auto-star">*</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { t } from "../i18n";
import type { HeksView } from "../types";
import { RecapDay } from "./sections";
import "./recap.css";

// The story of the game (H-VIS-2), told only once it is over: the result carries it.
// Phones scroll through every day; the board shows one day per slide, or a busy day over
// two or more slides ("Day 2 (1/2)") so that its text stays at 20 px at 1280×720.

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

import { t } from "../i18n";
import type { HeksView } from "../types";
import { CurseArt } from "../ui/art";
import { Duck } from "../ui/icons";
import { nameOf, placeName, Recipe, spellName } from "../ui/common";

/** Public counters, always visible (H-SET-8, §11): day, knights' day, seals, spoiled, curse. */
export function StatusBar(props: { view: HeksView }) {
  const v = props.view;
  // Yesterday's vote result opens the new day (H-MORN-2), but it is still that day's vote.
  const day = v.phase === "VOTE_RESULT_SCENE" && v.vote_result ? v.vote_result.day : v.day;
  return (
    <div class="statusbar" aria-label={t("hdr.day", { n: day })}>
      <span class="st-day">{t("hdr.day", { n: day })}</span>
      <span class="st-item" title={t("hdr.seals")}>
        <span class="st-label">{t("hdr.seals")}</span> {v.seals}/{v.seals_needed}
      </span>
      <span class="st-item" title={t("help.term.spoiled")}>
        <span class="st-label">{t("hdr.spoiled")}</span> {v.spoiled}
      </span>
      <span class="st-item" title={t("hdr.curse")}>
        <span class="st-label">{t("hdr.curse")}</span> <CurseMeter view={v} />
      </span>
      {v.chief != null && (
        <span class="st-item st-chief">
          <span class="st-label">{t("hdr.chief")}</span> {nameOf(v, v.chief)}
        </span>
      )}
    </div>
  );
}

export function CurseMeter(props: { view: HeksView; big?: boolean }) {
  const { curse, curse_max } = props.view;
  return (
    <span class={`curse ${props.big ? "big" : ""}`} role="img" aria-label={`${t("hdr.curse")} ${curse}/${curse_max}`}>
      {Array.from({ length: curse_max }, (_, i) => (
        <CurseArt key={i} on={i < curse} class={`curse-pip ${i < curse ? "on" : ""}`} size={props.big ? 26 : 16} />
      ))}
    </span>
  );
}

/** The morning announcement at the top of the day screen (H-MORN-1/4, H-SPL-4). */
export function MorningInfo(props: { view: HeksView }) {
  const v = props.view;
  const closed = v.places.filter((p) => !p.open);
  return (
    <section class="card morning duck-in">
      <div class="duck">
        <Duck />
      </div>
      <h2>{t("morning.recipe")}</h2>
      <Recipe view={v} />
      {closed.map((p) => (
        <p key={p.id} class="mist">{t("morning.closed", { place: placeName(p.id) })}</p>
      ))}
      <p class="small">
        {t("hdr.seals")}: {v.seals}/{v.seals_needed} · {t("help.term.spoiled")}: {v.spoiled}
      </p>
      <p class="small">
        {v.unlocked_spells.length
          ? `${t("morning.spells")}: ${v.unlocked_spells.map(spellName).join(", ")}`
          : t("morning.spells.none")}
      </p>
      <p class={v.is_knights_day ? "knights" : "small"}>
        {v.is_knights_day ? t("morning.knights") : t("morning.knightsday", { n: v.knights_day })}
      </p>
    </section>
  );
}

/** A compact reminder of tonight's recipe for the night scenes. */
export function RecipeReminder(props: { view: HeksView }) {
  if (!props.view.recipe.length) return null;
  return (
    <div class="recipe-reminder">
      <span class="muted small">{t("morning.recipe")}</span>
      <Recipe view={props.view} />
    </div>
  );
}

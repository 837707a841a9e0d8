import type { ComponentChildren } from "preact";
import { t } from "../i18n";
import type { HeksView } from "../types";
import { CurseArt, IngredientArt, SealArt, SpoiledArt } from "../ui/art";
import { ingName, placeName } from "../ui/common";

// The board's pictures of the public counters (H-SET-8, §11) and of the day's recipe and
// places: seals to win, spoiled rituals (a spell tier each, H-SPL-1), the curse meter.
// Each group carries its number as a label, so a screen reader (and a test) reads it.

const TIERS = 3; // spell tiers unlock at 1 / 2 / 3 spoiled rituals (H-SPL-1, Table 2.4)

function Row(props: { label: string; value: string; class: string; children: ComponentChildren }) {
  return (
    <div class={`tally ${props.class}`} role="img" aria-label={`${props.label} ${props.value}`}>
      <span class="tally-label" aria-hidden="true">
        {props.label}
      </span>
      <span class="tally-art">{props.children}</span>
    </div>
  );
}

export function Tallies(props: { view: HeksView }) {
  const v = props.view;
  const spoiledSlots = Math.max(TIERS, v.spoiled);
  return (
    <div class="tallies">
      <Row label={t("hdr.seals")} value={`${v.seals}/${v.seals_needed}`} class="tally-seals">
        {Array.from({ length: v.seals_needed }, (_, i) => (
          <SealArt key={i} on={i < v.seals} />
        ))}
      </Row>
      <Row label={t("hdr.spoiled")} value={String(v.spoiled)} class="tally-spoiled">
        {Array.from({ length: spoiledSlots }, (_, i) => (
          <SpoiledArt key={i} on={i < v.spoiled} />
        ))}
      </Row>
      <Row label={t("hdr.curse")} value={`${v.curse}/${v.curse_max}`} class={`tally-curse ${v.curse > 0 ? "lit" : ""}`}>
        {Array.from({ length: v.curse_max }, (_, i) => (
          <CurseArt key={i} on={i < v.curse} />
        ))}
      </Row>
    </div>
  );
}

/** Tonight's recipe as cards: a picture and its name each. */
export function RecipeCards(props: { view: HeksView }) {
  return (
    <ul class="recipe-cards" aria-label={t("morning.recipe")}>
      {props.view.recipe.map((id, i) => (
        <li key={`${id}${i}`} class={`recipe-card ing-${id.toLowerCase()}`}>
          <IngredientArt id={id} />
          <span>{ingName(id)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where the ingredients grow today (the view's places); a place in the mist is closed. */
export function PlaceRow(props: { view: HeksView }) {
  const wanted = new Set<string>(props.view.recipe);
  return (
    <ul class="place-row">
      {props.view.places.map((p) => (
        <li
          key={p.id}
          class={`place ${p.open ? "" : "closed"} ${p.open && wanted.has(p.ingredient) ? "wanted" : ""}`}
          aria-label={p.open ? `${placeName(p.id)}: ${ingName(p.ingredient)}` : t("morning.closed", { place: placeName(p.id) })}
        >
          <IngredientArt id={p.ingredient} />
          <span>{placeName(p.id)}</span>
        </li>
      ))}
    </ul>
  );
}

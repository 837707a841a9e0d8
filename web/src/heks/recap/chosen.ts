import type { HeksRecapDay } from "../../generated/protocol";
import { t } from "../i18n";
import type { HeksView, Seat } from "../types";
import { ingName, nameOf, placeName } from "../ui/common";

// What the engine chose for one player during the game (issue 31 §2: nothing happens
// silently). Read from the recap's "auto" marks, the same ones the recap stars.

/** Does this day hold anything the game chose (a star in the recap)? */
export function dayHasAuto(d: HeksRecapDay): boolean {
  return (
    d.moves.some((m) => m.auto) ||
    d.witches.some((w) => w.auto.length > 0) ||
    d.teams.some((tm) => tm.drawn || tm.auto.length > 0) ||
    (d.ritual?.plays.some((p) => p.auto) ?? false) ||
    (d.exile?.ballot.some((b) => b.auto) ?? false)
  );
}

/** One line per choice the game made for ``seat``, in the order of the game. */
export function chosenFor(view: HeksView, days: HeksRecapDay[], seat: Seat): string[] {
  const out: string[] = [];
  for (const d of days) {
    const day = (what: string) => out.push(t("recap.chosen.line", { n: d.day, what }));
    for (const m of d.moves) {
      if (m.seat !== seat || !m.auto || m.how === "witch") continue;
      day(t(m.how === "guard" ? "recap.chosen.guard" : "recap.chosen.place", { place: m.place ? placeName(m.place) : "?" }));
    }
    for (const w of d.witches) {
      if (w.seat !== seat) continue;
      if (w.auto.includes("place") && w.place) day(t("recap.chosen.place", { place: placeName(w.place) }));
      if (w.auto.includes("spell")) day(t("recap.chosen.nospell"));
      if (w.auto.includes("mist_place") && w.mist_place) day(t("recap.chosen.mist", { place: placeName(w.mist_place) }));
      if (w.auto.includes("target")) day(t("recap.chosen.noattack"));
    }
    for (const tm of d.teams) {
      if (tm.drawn && tm.chief === seat) day(t("recap.chosen.team", { members: tm.members.map((s) => nameOf(view, s)).join(", ") }));
      if (tm.auto.includes(seat)) day(t("recap.chosen.approve"));
    }
    for (const p of d.ritual?.plays ?? []) {
      if (p.seat === seat && p.auto) day(t("recap.chosen.card", { card: ingName(p.card) }));
    }
    for (const b of d.exile?.ballot ?? []) {
      if (b.voter === seat && b.auto) day(t("recap.chosen.blank"));
    }
  }
  return out;
}

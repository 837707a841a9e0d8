import { t } from "../i18n";
import type { HeksView, InboxItem } from "../types";
import { choiceOf, ingName, nameOf, placeName, Section, spellName } from "./common";

// "Nobody wonders what happened" (docs/rules/heks.md H-TBL-2): whenever the engine chose
// for someone (the timer ran out, or the host marked them absent), the phones say so.
// Public choices (the random team) on every phone; private ones only on the phone concerned.

const TEAM_PHASES = new Set(["APPROVAL_VOTE", "ACCEPT_SCENE", "REJECT_SCENE"]);
// The day's steps after the departure in which a cat's place still matters to him.
const AUTO_PLACE_PHASES = new Set(["GUARD_B", "WITCH_C", "EVENING_ANNOUNCE", "DISCUSSION"]);

function today(v: HeksView, kind: string): InboxItem | undefined {
  return (v.me?.inbox ?? []).filter((i) => i.day === v.day && i.kind === kind).pop();
}

/** What the engine chose for the table: the random team (public). */
function publicNotice(v: HeksView): string | null {
  if (TEAM_PHASES.has(v.phase) && v.proposal_auto) {
    return t(v.mode === "timed" ? "notice.team.timer" : "notice.team.absent");
  }
  return null;
}

/** What the engine chose for me alone: my place, my guard place, my card, a Witch's choices. */
function privateNotice(v: HeksView): string | null {
  const me = v.me;
  if (!me) return null;
  // Not only in the witches' 15 s: whoever missed them learns it when he next opens his
  // secret that day (UX review: an idle cat was never told where he ended up).
  if (AUTO_PLACE_PHASES.has(v.phase) && me.role !== "WITCH" && choiceOf<boolean>(v, "auto")) {
    const guard = choiceOf<string>(v, "guard_place");
    if (choiceOf<boolean>(v, "guard") && guard) return t("notice.guard", { place: placeName(guard) });
    const place = choiceOf<string>(v, "place");
    if (place) return t("notice.place", { place: placeName(place) });
  }
  if (v.phase === "RITUAL_RESULT") {
    const card = today(v, "CARD_PLAYED");
    if (card?.auto === true) {
      return t(v.mode === "timed" ? "notice.card.timer" : "notice.card.absent", { ingredient: ingName(String(card.card)) });
    }
  }
  if (v.phase === "EVENING_ANNOUNCE") {
    const auto = today(v, "WITCH_AUTO");
    if (auto) {
      const parts = [
        t("witch.summary.place", { place: placeName(String(auto.place)) }),
        t("witch.summary.spell", { spell: auto.spell ? spellName(String(auto.spell)) : t("witch.nospell") }),
        t("witch.summary.target", { name: auto.target == null ? t("witch.noattack") : nameOf(v, Number(auto.target)) }),
      ];
      return t("notice.witch", { what: parts.join(" · ") });
    }
  }
  return null;
}

/** The public notice of this scene, above it (the same on every phone). */
export function AutoNotices(props: { view: HeksView }) {
  const shared = publicNotice(props.view);
  if (!shared) return null;
  return (
    <p class="notice auto-notice" role="status">
      {shared}
    </p>
  );
}

/** What the engine chose for me alone: in the secret only (H-VIS-6). */
export function PrivateNotice(props: { view: HeksView }) {
  const mine = privateNotice(props.view);
  if (!mine) return null;
  return (
    <Section class="private auto-notice">
      <p role="status">{mine}</p>
    </Section>
  );
}

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";
import { joinNames, t, type MsgKey } from "../i18n";
import type { Role } from "../../generated/protocol";
import type { HeksView, Spell } from "../types";
import { spellName } from "./common";
import { quorumRule } from "./exile";
import { rolesInPlay, rolesOf } from "./roles";
import { Cat, Crown, Duck, Frog } from "./icons";

// The rules and help screen, reachable from every scene (the "?" in the top bar): the goal
// of each side, a day in pictures and a glossary. Numbers that depend on the table (seals,
// knights' day, curse meter) come from the view, never from here.

const SPELLS: Spell[] = ["MIST", "DISGUISE", "CREEPING_CURSE", "TWIN_HEX"];
// Every role with its side, so a newcomer can read what the others might be (the rules
// are public; only who holds which role is secret).
const ROLES: [Role, "village" | "witch" | "solo"][] = [
  ["VILLAGER", "village"],
  ["SEER", "village"],
  ["HERB_DOCTOR", "village"],
  ["PROTECTOR", "village"],
  ["PICKPOCKET", "village"],
  ["WITCH", "witch"],
  ["CROW", "witch"],
  ["JESTER", "solo"],
];

function Circle() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <circle cx="20" cy="20" r="15" fill="none" stroke="#c77dff" stroke-width="3" stroke-dasharray="4 3" />
      <circle cx="20" cy="20" r="5" fill="#f4d06f" />
    </svg>
  );
}

function Ballot() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <rect x="8" y="16" width="24" height="18" rx="3" fill="#b5acd9" />
      <rect x="14" y="6" width="12" height="16" rx="2" fill="#f3efff" />
      <rect x="12" y="16" width="16" height="3" fill="#15112a" />
    </svg>
  );
}

function Moon() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <path d="M26 6 a14 14 0 1 0 8 22 a11 11 0 1 1 -8 -22z" fill="#f4d06f" />
    </svg>
  );
}

const DAY: { icon: () => ComponentChildren; key: MsgKey }[] = [
  { icon: () => <Duck class="help-duck" />, key: "help.day.morning" },
  { icon: () => <Cat size={40} />, key: "help.day.places" },
  { icon: () => <Frog size={40} />, key: "help.day.witches" },
  { icon: () => <Duck class="help-duck" />, key: "help.day.evening" },
  { icon: () => <Crown size={40} />, key: "help.day.proposal" },
  { icon: () => <Circle />, key: "help.day.ritual" },
  { icon: () => <Ballot />, key: "help.day.exile" },
  { icon: () => <Moon />, key: "help.day.next" },
];

function Term(props: { name: string; children: ComponentChildren }) {
  return (
    <div class="help-term">
      <dt>{props.name}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/** The help text itself; ``view`` (null in the lobby) supplies this table's numbers, and in the
 *  lobby ``deck`` (Table 2.1's counts in its column order, ``deck.deckRow``) the roles the
 *  seated table would be dealt, when there is such a table. */
export function HelpBody(props: { view: HeksView | null; deck?: readonly number[] | null }) {
  const v = props.view;
  const seals = v ? t("help.seals.n", { n: v.seals_needed }) : t("help.seals.any");
  const knights = v ? t("help.knights.n", { n: v.knights_day }) : t("help.knights.any");
  const curse = v ? t("help.curse.n", { n: v.curse_max }) : t("help.curse.any");
  const quorum = v && quorumRule(v, "help.def.quorum"); // H-EXC-8, at tables with a Q
  // In a game, only the roles of this table (Table 2.1, the view's roles_in_play; issue 31 §3);
  // in the lobby, those of the deck it would deal now (the host's own, H-DECK-9), else all.
  const lobbyRoles = !v && props.deck ? rolesOf(props.deck) : [];
  const dealt = v ? rolesInPlay(v) : lobbyRoles.length > 0 ? lobbyRoles : null;
  const inPlay = dealt ? new Map(dealt.map((r) => [r.role, r.count])) : null;
  const roles = ROLES.filter(([role]) => !inPlay || inPlay.has(role)).map(
    ([role, side]) => [role, side, inPlay?.get(role) ?? 1] as const,
  );
  const jester = roles.some(([role]) => role === "JESTER");
  const seer = roles.some(([role]) => role === "SEER");
  return (
    <>
      <h2>{t("help.goal")}</h2>
      <div class="help-sides">
        <p class="side-village">
          <strong>{t("side.village")}</strong> {t("help.goal.village", { seals })}
        </p>
        <p class="side-witch">
          <strong>{t("side.witch")}</strong> {t("help.goal.witch")}
        </p>
        {jester && (
          <p class="side-solo">
            <strong>{t("role.JESTER")}</strong> {t("help.goal.jester")}
          </p>
        )}
      </div>
      <h2>{inPlay ? t("help.roles.inPlay") : t("help.roles")}</h2>
      <dl class="help-glossary help-roles">
        {roles.map(([role, side, count]) => (
          <div class="help-term" key={role}>
            <dt class={`side-${side}`}>
              {count > 1 ? `${count} × ` : ""}
              {t(`role.${role}` as "role.SEER")} <span class="muted small">· {t(`side.${side}` as "side.village")}</span>
            </dt>
            <dd>{t(role === "CROW" && !jester ? "ability.CROW.nojester" : (`ability.${role}` as "ability.SEER"))}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("help.day")}</h2>
      <ol class="help-day">
        {DAY.map((step, i) => (
          <li key={step.key}>
            <span class="help-step-icon">{step.icon()}</span>
            <span class="help-step-no">{i + 1}</span>
            <span>{t(step.key)}</span>
          </li>
        ))}
      </ol>
      <h2>{t("help.glossary")}</h2>
      <dl class="help-glossary">
        <Term name={t("help.term.catfrog")}>{t("help.def.catfrog")}</Term>
        <Term name={t("hdr.seals")}>{t("help.def.seals", { seals })}</Term>
        <Term name={t("help.term.spoiled")}>{t("help.def.spoiled")}</Term>
        <Term name={t("hdr.curse")}>{t("help.def.curse", { curse })}</Term>
        <Term name={t("help.term.knights")}>{t("help.def.knights", { knights })}</Term>
        {v && (v.attacks_from > 1 || v.seer_from > 1) && (
          <Term name={t("help.term.firstdays")}>
            {/* Only what differs from day 1: at 5 players there is no Seer, at 6 the witches attack from day 1. */}
            {v.attacks_from > 1 && v.seer_from > 1
              ? t("help.def.firstdays", { attacks: v.attacks_from, seer: v.seer_from })
              : v.attacks_from > 1
                ? t("help.def.firstdays.attacks", { attacks: v.attacks_from })
                : t("help.def.firstdays.seer", { seer: v.seer_from })}
          </Term>
        )}
        {quorum && <Term name={t("help.term.quorum")}>{quorum}</Term>}
        <Term name={t("help.term.spells")}>
          {t("help.def.spells")}
          <ul class="help-spells">
            {SPELLS.map((s) => (
              <li key={s}>
                <strong>{spellName(s)}</strong>: {t(s === "DISGUISE" && !seer ? "spell.DISGUISE.desc.noseer" : (`spell.${s}.desc` as "spell.MIST.desc"))}
              </li>
            ))}
          </ul>
          {v && (
            <p class="witchy">
              {v.unlocked_spells.length
                ? t("result.spells", { spells: joinNames(v.unlocked_spells.map(spellName)) })
                : t("result.spells.none")}
            </p>
          )}
        </Term>
      </dl>
    </>
  );
}

/** The "?" button and the screen it opens; Escape or the close button closes it. */
export function HelpButton(props: { view: HeksView | null; deck?: readonly number[] | null }) {
  const [open, setOpen] = useState(false);
  // A layout effect: Escape closes the screen from the moment it shows, not a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <button type="button" class="help-btn" aria-label={t("help.open")} aria-expanded={open} onClick={() => setOpen(true)}>
        ?
      </button>
      {open && (
        <div class="help-screen" role="dialog" aria-modal="true" aria-label={t("help.title")}>
          <header class="help-head">
            <h1>{t("help.title")}</h1>
            <button type="button" class="help-close" aria-label={t("help.close")} onClick={() => setOpen(false)}>
              ×
            </button>
          </header>
          <HelpBody view={props.view} deck={props.deck} />
          <button type="button" class="primary" onClick={() => setOpen(false)}>
            {t("help.back")}
          </button>
        </div>
      )}
    </>
  );
}

// The lobby's "Roles" card (issue 34 §1, H-DECK-7, H-DECK-9): the host keeps the standard
// deck or chooses one (steppers for Witches and Crows, switches for the one-holder roles);
// everyone sees the deck, its Villagers for the seated count, and why it does not fit them.
import { Fragment } from "preact";
import { useRef, useState } from "preact/hooks";
import type { Connection, RoomState, You } from "../../core/connection";
import type { HeksDeck, Role } from "../../generated/protocol";
import { chosenDeck, DECK_ROLES, type DeckProblem, type DeckRole, deckRow, fewestPlayers, ONE_HOLDER, problemAt, standardDeck } from "../deck";
import { errorText, t } from "../i18n";
import { OddsLine } from "./Odds";
import { rolesOf } from "./roles";

const MIN_PLAYERS = 4;
const MAX_PLAYERS = 12;

function roleName(r: DeckRole | Role): string {
  return t(`role.${r}` as "role.SEER");
}

/** The problem line: the rule's reason, and the fewest players the deck fits. */
function problemText(p: DeckProblem, d: HeksDeck): string {
  const least = fewestPlayers(d);
  const needs = least <= MAX_PLAYERS ? ` ${t("deck.needs", { n: least })}` : "";
  return `${t(p.key, p.params)}${needs}`;
}

/** The chosen deck's problem at the seated count (H-DECK-7), or null (standard, fits, or no table yet). */
export function seatedProblem(room: RoomState): string | null {
  const d = chosenDeck(room);
  const n = room.members.length;
  if (d === null || n < MIN_PLAYERS || n > MAX_PLAYERS) return null;
  const p = problemAt(n, d);
  return p ? problemText(p, d) : null;
}

/** Why "Play again" must wait (H-DECK-7 between games): the seated count outside the game's
 * range, or the host's deck not fitting it; null when the next game can start. */
export function againBlocked(room: RoomState): string | null {
  const n = room.members.length;
  if (n < room.limits.min_players || n > room.limits.max_players) return t("lobby.need", { n });
  return seatedProblem(room);
}

function Chips(props: { counts: number[] }) {
  const roles = rolesOf(props.counts);
  if (roles.length === 0) return null;
  return (
    <ul class="deck-chips" aria-label={t("help.roles.inPlay")}>
      {roles.map((r) => (
        <li key={r.role} class={`role-${r.role.toLowerCase()}`}>
          {r.count > 1 ? `${r.count}× ` : ""}
          {roleName(r.role)}
        </li>
      ))}
    </ul>
  );
}

export function DeckCard(props: { room: RoomState; you: You; conn: Connection }) {
  const { room, you, conn } = props;
  const d = chosenDeck(room);
  const n = room.members.length;
  const problem = seatedProblem(room);
  // the server's refusal of the last edit (H-DECK-7), in this phone's language when we can say it,
  // and the control it answers: said under that control, where the host's eyes are (a
  // play-test at 12 seated read nothing: it was 350 px down, below the phone's screen)
  const [refusal, setRefusal] = useState<{ text: string; at: DeckRole | null } | null>(null);
  // the host's last own deck: "Standard" and back brings it again (a play-test lost it)
  const lastOwn = useRef<HeksDeck | null>(null);
  if (d !== null) lastOwn.current = d;
  const send = (deck: HeksDeck | null, at: DeckRole | null = null) => {
    setRefusal(null);
    void conn.lobby("settings", { deck }).then((outcome) => {
      if (!outcome) return;
      conn.clearError(); // said here, beside the control, instead of in the global toast
      const local = deck && problemAt(MAX_PLAYERS, deck);
      setRefusal({ text: local ? t(local.key, local.params) : errorText(outcome.code, outcome.params), at });
    });
  };
  const change = (role: DeckRole, by: number) => {
    if (d) send({ ...d, [role]: Math.max(0, d[role] + by) }, role);
  };
  const seated = n >= MIN_PLAYERS && n <= MAX_PLAYERS;
  const chosen = d ? DECK_ROLES.reduce((s, r) => s + d[r], 0) : 0;
  return (
    <section class="card deck" aria-label={t("deck.title")}>
      <h2>{t("deck.title")}</h2>
      {you.host ? (
        <div class="choices vote2 deck-kind">
          <button type="button" class={`choice ${d === null ? "pressed" : ""}`} aria-pressed={d === null} onClick={() => d !== null && send(null)}>
            {t("deck.standard")}
          </button>
          <button type="button" class={`choice ${d !== null ? "pressed" : ""}`} aria-pressed={d !== null} onClick={() => d === null && send(lastOwn.current ?? standardDeck(room, n))}>
            {t("deck.own")}
          </button>
        </div>
      ) : (
        <p class="small deck-kind-line">{d === null ? t("deck.standard") : t("deck.ownShown")}</p>
      )}
      {d === null && <p class="small muted">{t("deck.standard.note")}</p>}
      {/* the odds where the host edits the deck: their own card is below the fold on a phone */}
      {you.host && <OddsLine room={room} />}
      {d !== null && you.host && (
        <div class="deck-edit">
          {(["WITCH", "CROW"] as const).map((role) => (
            <Fragment key={role}>
              <div class="stepper">
                <span>{roleName(role)}</span>
                <button
                  type="button"
                  class="icon-btn"
                  aria-label={t("deck.less", { role: roleName(role) })}
                  aria-describedby={role === "WITCH" && d.WITCH <= 1 ? "deck-one-witch" : undefined}
                  disabled={d[role] <= (role === "WITCH" ? 1 : 0)}
                  onClick={() => change(role, -1)}
                >
                  −
                </button>
                <strong aria-live="polite" data-role={role}>
                  {d[role]}
                </strong>
                <button type="button" class="icon-btn" aria-label={t("deck.more", { role: roleName(role) })} onClick={() => change(role, 1)}>
                  +
                </button>
              </div>
              {/* why the Witch's − is grey, said under it, not left to guess (H-DECK-2) */}
              {role === "WITCH" && d.WITCH <= 1 && (
                <p class="small muted deck-one-witch" id="deck-one-witch">
                  {t("deck.oneWitch")}
                </p>
              )}
              {refusal?.at === role && <Refusal text={refusal.text} />}
            </Fragment>
          ))}
          <div class="choices grid2 deck-toggles">
            {ONE_HOLDER.map((role) => (
              <button type="button" key={role} class={`choice toggle ${d[role] ? "pressed" : ""}`} aria-pressed={d[role] > 0} onClick={() => change(role, d[role] ? -1 : 1)}>
                {d[role] ? "✓\u00a0" : ""}
                {roleName(role)}
              </button>
            ))}
          </div>
          {refusal?.at && ONE_HOLDER.includes(refusal.at) && <Refusal text={refusal.text} />}
        </div>
      )}
      {/* the host's count of Villagers as he edits; a guest reads them in the chips below */}
      {d !== null && (you.host || !seated) && (
        <p class="small deck-villagers">
          {seated && chosen <= n ? t("deck.villagers", { n: n - chosen }) : t("deck.villagers.fill")}
        </p>
      )}
      {seated && <Chips counts={deckRow(room, n)} />}
      {refusal && refusal.at === null && <Refusal text={refusal.text} />}
      {problem && (
        <p class="deck-problem" role="status">
          {problem}
        </p>
      )}
    </section>
  );
}

/** A refused edit's reason, under the control that made it. */
function Refusal(props: { text: string }) {
  return (
    <p class="deck-problem" role="alert">
      {props.text}
    </p>
  );
}

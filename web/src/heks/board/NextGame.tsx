import type { RoomState } from "../../core/connection";
import { t } from "../i18n";
import { deckRow } from "../deck";
import { seatedProblem } from "../ui/Deck";
import { Odds } from "../ui/Odds";
import { rolesOf } from "../ui/roles";

// Between games (the room ended, the host may edit the next game's deck on his phone): the
// board's end screen shows the odds of the next deal under the result, as the lobby does
// (issue 34 §2), and the roles it will be dealt (H-DECK-9: the chosen deck is public).
// One line a side, the roles beside the heading, so the twelve players' roles above keep their room.

/** What the result slide shows of the next game, or null when there is nothing to say. */
export function NextGame(props: { room: RoomState }) {
  const { room } = props;
  const problem = seatedProblem(room);
  if (!problem && !room.odds && !room.real_tables?.games) return null;
  return (
    <section class="board-next" data-testid="next-game">
      <div class="next-head">
        <h3>{t("board.next")}</h3>
        <NextRoles room={room} />
      </div>
      {problem ? (
        <p class="deck-problem" role="status">
          {problem}
        </p>
      ) : (
        <Odds room={room} class="board-odds next-odds" />
      )}
    </section>
  );
}

/** Changes when the next deal's odds are for another deck: the board goes back to the result
 * slide, where they are, so the table sees what the host's edit did. */
export function nextGameKey(room: RoomState): string {
  return `${room.odds?.deck.join(",") ?? ""}|${room.settings.deck ? JSON.stringify(room.settings.deck) : ""}|${room.members.length}`;
}

/** The next deal's roles for the seated count, beside the heading: "3× Witch · 2× Crow · Seer …".
 * Beside it, not under it: a line more would push what real tables did off a 720-px board. */
function NextRoles(props: { room: RoomState }) {
  const { room } = props;
  const roles = rolesOf(deckRow(room, room.members.length));
  if (roles.length === 0) return null; // too few or too many seated for a deal
  return (
    <p class="next-roles" data-testid="next-roles" aria-label={t("help.roles.inPlay")}>
      {roles.map((r, i) => (
        <span key={r.role} class={`role-${r.role.toLowerCase()}`}>
          {i > 0 ? " · " : ""}
          {r.count > 1 ? `${r.count}× ` : ""}
          {t(`role.${r.role}` as "role.SEER")}
        </span>
      ))}
    </p>
  );
}

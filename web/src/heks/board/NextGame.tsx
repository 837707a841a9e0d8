import type { RoomState } from "../../core/connection";
import { t } from "../i18n";
import { seatedProblem } from "../ui/Deck";
import { Odds } from "../ui/Odds";

// Between games (the room ended, the host may edit the next game's deck on his phone): the
// board's end screen shows the odds of the next deal under the result, as the lobby does
// (issue 34 §2). One line a side, so the twelve players' roles above keep their room.

/** What the result slide shows of the next game, or null when there is nothing to say. */
export function NextGame(props: { room: RoomState }) {
  const { room } = props;
  const problem = seatedProblem(room);
  if (!problem && !room.odds && !room.real_tables?.games) return null;
  return (
    <section class="board-next" data-testid="next-game">
      <h3>{t("board.next")}</h3>
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

import type { RoomState } from "../../core/connection";
import { has, joinNames, t } from "../i18n";
import { Badge } from "./Looks";

// The evening's score at this table (room.evening, server/evening.py): games won per player,
// and per game which side won and who was on it. The winners are the game's own (H-WIN-8).

/** Games won tonight, by member pid. */
export function winsByPid(room: RoomState): Map<number, number> {
  const wins = new Map<number, number>();
  for (const g of room.evening ?? []) for (const pid of g.winners) wins.set(pid, (wins.get(pid) ?? 0) + 1);
  return wins;
}

function sideText(side: string): string {
  const key = `score.side.${side}`;
  return has(key) ? t(key as "score.side.village") : side;
}

export function EveningScore(props: { room: RoomState; class?: string }) {
  const { room } = props;
  const games = room.evening ?? [];
  if (games.length === 0) return null;
  const wins = winsByPid(room);
  // Only who played: a late joiner seated after the game (game_seat null, no win yet) is not
  // "Late 0× won" (UX review).
  const played = room.members.filter((m) => m.game_seat !== null || (wins.get(m.pid) ?? 0) > 0);
  const rows = played.sort((a, b) => (wins.get(b.pid) ?? 0) - (wins.get(a.pid) ?? 0));
  const nameOf = (pid: number, fallback: string) => room.members.find((m) => m.pid === pid)?.name ?? fallback;
  return (
    <section class={`card evening-score ${props.class ?? ""}`} data-testid="evening-score">
      <h2>{t(games.length === 1 ? "score.title.one" : "score.title", { n: games.length })}</h2>
      <ol class="score-rows">
        {rows.map((m) => (
          <li key={m.pid} data-pid={m.pid} data-wins={wins.get(m.pid) ?? 0}>
            <Badge look={m} />
            <span class="seat-name">{m.name}</span>
            <strong class="score-wins">{t("score.wins", { n: wins.get(m.pid) ?? 0 })}</strong>
          </li>
        ))}
      </ol>
      <ul class="score-games small">
        {games.map((g) => (
          <li key={g.game_no} data-game={g.game_no} data-side={g.side}>
            {t("score.game", {
              n: g.game_no,
              side: sideText(g.side),
              names: joinNames(g.winners.map((pid, i) => nameOf(pid, g.names[i] ?? "?"))),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

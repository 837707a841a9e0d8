import type { RoomState } from "../../core/connection";
import { decimal, t } from "../i18n";
import { Phrases } from "./common";

// What real tables on this server did with the deck the lobby would deal now
// (room.real_tables, server/real_tables.py; issue 34 §3): shown beside the simulated odds.

const SIDES = ["village", "witch", "solo"] as const;

export function RealTables(props: { room: RoomState }) {
  const real = props.room.real_tables;
  if (!real || real.games === 0) return null;
  // The Jester only where he won: most decks have none, and "Jester 0" there is noise.
  const parts = SIDES.filter((side) => side !== "solo" || (real.sides[side] ?? 0) > 0).map((side) =>
    t(`real.side.${side}`, { n: real.sides[side] ?? 0 }),
  );
  return (
    <p class="real-tables small" data-games={real.games}>
      {/* one game of one day (or all of one day) is "1 day", not "1 days on average" */}
      <Phrases
        text={`${t(real.games === 1 ? "real.games.one" : "real.games", { n: real.games })} ${parts.join(", ")} · ${
          real.mean_days === 1 ? t("real.days.one") : t("real.days", { d: decimal(real.mean_days) })
        }`}
      />
    </p>
  );
}

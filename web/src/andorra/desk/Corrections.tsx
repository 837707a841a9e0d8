import { useState } from "preact/hooks";
import type { Ctx, DeskView } from "../common";
import { MoveFields } from "../moves/MoveFields";
import { PlayerSelect } from "./PlayerSelect";
import type { Run } from "./run";

/** H-03: the host corrects a player's move and the night is resolved again. The moves are
 * those of that player's role and items only, with every field (host.options, built by the
 * engine's validator), starting from the move he sent. */
export function Correct({ ctx, view, run, busy }: { ctx: Ctx; view: DeskView; run: Run; busy: boolean }) {
  const options = view.host.options ?? [];
  const players = view.host.players.filter((p) => options.some((o) => o.player === p.seat));
  const [player, setPlayer] = useState<string>(String(players[0]?.seat ?? ""));
  const who = players.some((p) => String(p.seat) === player) ? Number(player) : players[0]?.seat;
  if (who === undefined) return null;
  return (
    <section aria-label={ctx.t("correct")}>
      <h3>{ctx.t("correct")}</h3>
      <PlayerSelect label={ctx.t("nick")} value={String(who)} set={setPlayer} players={players} />
      <MoveFields
        key={who}
        ctx={ctx}
        view={view}
        options={options.filter((o) => o.player === who)}
        current={view.host.submissions[String(who)]}
        submitLabel={ctx.t("correct_submit")}
        busy={busy}
        onSubmit={(payload) => run("correct", payload)}
      />
    </section>
  );
}

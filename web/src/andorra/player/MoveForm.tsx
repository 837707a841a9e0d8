import { useState } from "preact/hooks";
import { ErrorLine, nickOf, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";
import { MoveFields, moveText } from "../moves/MoveFields";
import { ClanSender } from "./ClanSender";
import { command } from "../send";
import type { AndorraMovePayload } from "../../generated/protocol";

/** The night move: for himself, or for a clan mate as the clan's sender (A-MOVE-5); the
 * moves, targets and fields are the engine's (me.options), in the seed's words. */
export function MoveForm({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const me = view.me;
  const options = me.options ?? [];
  const players = [...new Set(options.map((o) => o.player))];
  const [player, setPlayer] = useState<number>(me.seat);
  const who = players.includes(player) ? player : players[0];
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const sheet = me.clan_sheet ?? {};
  const mine = me.submission;
  // the move that counts for the chosen player: his own, or the sheet's entry for a mate
  const shown = who === me.seat ? mine : sheet[String(who)];
  // A-MOVE-5: the sender's sheet names his move; his own submission is kept but does not count
  const byClan =
    mine?.sheet && mine.by !== me.seat ? (typeof mine.by === "number" ? nickOf(view, mine.by) : ctx.t("the_host")) : null;
  if (options.length === 0) {
    return (
      <section aria-label={ctx.t("night_move")}>
        <h3>{ctx.t("night_move")}</h3>
        <p>{ctx.t("move_no_options")}</p>
      </section>
    );
  }
  const send = async (payload: AndorraMovePayload) => {
    setBusy(true);
    setErr(await command(conn, "move", payload));
    setBusy(false);
  };
  return (
    <section aria-label={ctx.t("night_move")} class="move">
      <h3>{ctx.t("night_move")}</h3>
      {players.length > 1 && (
        <label>
          {ctx.t("move_for")}
          <select aria-label={ctx.t("move_for")} value={String(who)} onChange={(e) => setPlayer(Number((e.target as HTMLSelectElement).value))}>
            {players.map((s) => (
              <option key={s} value={String(s)}>
                {nickOf(view, s)}
              </option>
            ))}
          </select>
        </label>
      )}
      {players.length === 1 && who !== me.seat && (
        // a sender with no move of his own (the depressed Sheriff, A-ROLE-SHERIFF-5) fills a
        // mate's move only: the form says whose it is
        <p class="move-for-only">{ctx.t("move_for_only", { nick: nickOf(view, who) })}</p>
      )}
      <ClanSender ctx={ctx} view={view} />
      <p class="move-status" role="status">
        {!shown
          ? ctx.t("move_none_yet")
          : who !== me.seat
            ? ctx.t("move_sent_for", { nick: nickOf(view, who), ...moveText(ctx, view, shown) })
            : byClan
              ? ctx.t("move_by_clan", { nick: byClan, ...moveText(ctx, view, shown) })
              : ctx.t("move_sent", moveText(ctx, view, shown))}
      </p>
      {who === me.seat && byClan && me.own_move && (
        <p class="move-status">{ctx.t("move_own_kept", moveText(ctx, view, me.own_move))}</p>
      )}
      <MoveFields
        key={who}
        ctx={ctx}
        view={view}
        options={options.filter((o) => o.player === who)}
        current={shown}
        submitLabel={ctx.t("move_submit")}
        busy={busy}
        onSubmit={send}
      >
        <ErrorLine ctx={ctx} err={err} />
      </MoveFields>
      {Object.keys(sheet).length > 0 && (
        <div>
          <h4>{ctx.t("clan_sheet")}</h4>
          <ul>
            {Object.entries(sheet).map(([seat, mv]) => {
              const d = moveText(ctx, view, mv);
              return (
                <li key={seat}>
                  {nickOf(view, Number(seat))}: {d.action}
                  {d.target}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

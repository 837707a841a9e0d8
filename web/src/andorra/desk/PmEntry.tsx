import { useState } from "preact/hooks";
import { ErrorLine, nickOf, type AndorraConn, type Ctx, type DeskView } from "../common";
import { MoveFields, moveText } from "../moves/MoveFields";
import type { AndorraMove, AndorraMovePayload } from "../../generated/protocol";
import { PlayerSelect } from "./PlayerSelect";
import { useSend } from "./useSend";

type Props = { ctx: Ctx; conn: AndorraConn; view: DeskView };

const alive = (view: DeskView) => view.host.players.filter((p) => p.status === "ALIVE");

/** The move already in for ``player`` is the one the form would send (the same PM twice). */
function sameMove(move: AndorraMove | undefined, payload: AndorraMovePayload): boolean {
  if (!move || move.action !== payload.action || move.target !== payload.target) return false;
  return JSON.stringify(move.params ?? {}) === JSON.stringify(payload.params ?? {});
}

/** H-03b: a night move received by PM, entered as if its sender had sent it (the same checks:
 * a Boss's PM with his sheet is a sheet entry for his clan mates). The move's form is the one
 * form of every move (moves/MoveFields.tsx), on the moves the server would accept from that
 * sender (host.pm_options), not the host's own wider ones. */
export function PmMove({ ctx, conn, view }: Props) {
  const senders = alive(view);
  const [from, setFrom] = useState(String(senders[0]?.seat ?? ""));
  const options = view.host.pm_options?.[from] ?? [];
  const players = senders.filter((p) => options.some((o) => o.player === p.seat));
  const [player, setPlayer] = useState("");
  const { err, busy, send } = useSend(conn);
  // what the last tap did, said next to the button (the form resets; the move itself shows
  // in the night's moves, far below): entered, or already in and left as it was
  const [done, setDone] = useState<{ seat: number; from: number; again: boolean } | null>(null);
  const wanted = Number(player || from);
  const who = players.some((p) => p.seat === wanted) ? wanted : players[0]?.seat;
  const doneMove = done ? view.host.submissions[String(done.seat)] : undefined;
  return (
    <section aria-label={ctx.t("pm_move")} class="pm">
      <h3>{ctx.t("pm_move")}</h3>
      <PlayerSelect label={ctx.t("pm_from")} value={from} set={(v) => { setFrom(v); setPlayer(""); }} players={senders} />
      {who === undefined ? (
        <p>{ctx.t("pm_no_moves")}</p>
      ) : (
        <>
          <PlayerSelect label={ctx.t("move_for")} value={String(who)} set={setPlayer} players={players} />
          <MoveFields
            key={who}
            ctx={ctx}
            view={view}
            options={options.filter((o) => o.player === who)}
            submitLabel={ctx.t("pm_move_submit")}
            busy={busy}
            onSubmit={async (payload) => {
              const seat = payload.player ?? Number(from);
              if (sameMove(view.host.submissions[String(seat)], payload)) {
                setDone({ seat, from: Number(from), again: true });
                return;
              }
              setDone(null);
              if (await send("pm_move", { from: Number(from), ...payload })) setDone({ seat, from: Number(from), again: false });
            }}
          >
            <ErrorLine ctx={ctx} err={err} />
            {done && doneMove && (
              <p role="status" class={done.again ? "notice" : undefined}>
                {ctx.t(done.again ? "pm_move_again" : "pm_move_done", {
                  from: nickOf(view, done.from),
                  move: `${nickOf(view, done.seat)}: ${moveText(ctx, view, doneMove).action}${moveText(ctx, view, doneMove).target}`,
                })}
              </p>
            )}
          </MoveFields>
        </>
      )}
    </section>
  );
}

/** H-03b: a day vote received by PM; «исправить голос» changes an earlier one (both become void,
 * A-VOTE-3, as the player's own edit would). Nothing is preselected, as on the player's own vote
 * form: one stray click must not enter a vote nobody sent. */
export function PmVote({ ctx, conn, view }: Props) {
  const players = alive(view);
  const [from, setFrom] = useState("");
  const [target, setTarget] = useState("");
  const [edit, setEdit] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { err, busy, send } = useSend(conn);
  const nick = (seat: string) => players.find((p) => String(p.seat) === seat)?.nick ?? seat;
  return (
    <section aria-label={ctx.t("pm_vote")} class="pm">
      <h3>{ctx.t("pm_vote")}</h3>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const sent = await send("pm_vote", { from: Number(from), target: target === "blank" ? null : Number(target), edit });
          setDone(sent ? ctx.t("pm_vote_done", { from: nick(from), target: target === "blank" ? ctx.t("vote_blank") : nick(target) }) : null);
          if (sent) {
            setEdit(false);
            setFrom("");
            setTarget("");
          }
        }}
      >
        <PlayerSelect label={ctx.t("pm_from")} value={from} set={setFrom} players={players} placeholder={ctx.t("vote_pick")} />
        <PlayerSelect
          label={ctx.t("vote_for")}
          value={target}
          set={setTarget}
          players={players}
          first={{ value: "blank", label: ctx.t("vote_blank") }}
          placeholder={ctx.t("vote_pick")}
        />
        <label class="check">
          <input type="checkbox" checked={edit} onChange={(e) => setEdit((e.target as HTMLInputElement).checked)} />
          {ctx.t("pm_vote_edit")}
        </label>
        <button type="submit" disabled={busy || from === "" || target === ""}>
          {ctx.t("pm_vote_submit")}
        </button>
        {done && <p role="status">{done}</p>}
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

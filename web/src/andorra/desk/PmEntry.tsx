import { useState } from "preact/hooks";
import { ACTION_CODES, actionName } from "../actions";
import { ErrorLine, type AndorraConn, type Ctx, type DeskView } from "../common";
import { useSend } from "./useSend";

type Props = { ctx: Ctx; conn: AndorraConn; view: DeskView };

const alive = (view: DeskView) => view.host.players.filter((p) => p.status === "ALIVE");

function PlayerSelect({ label, value, set, players }: { label: string; value: string; set: (v: string) => void; players: { seat: number; nick: string }[] }) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {players.map((p) => (
          <option key={p.seat} value={String(p.seat)}>
            {p.nick}
          </option>
        ))}
      </select>
    </label>
  );
}

/** H-03b: a night move received by PM, entered as if its sender had sent it (the same checks:
 * a Boss's PM with his sheet is a sheet entry for his clan mates). */
export function PmMove({ ctx, conn, view }: Props) {
  const players = alive(view);
  const [from, setFrom] = useState(String(players[0]?.seat ?? ""));
  const [player, setPlayer] = useState("");
  const [action, setAction] = useState("STAY_HOME");
  const [target, setTarget] = useState("");
  const { err, busy, send } = useSend(conn);
  const forSeat = player || from;
  return (
    <section aria-label={ctx.t("pm_move")} class="pm">
      <h3>{ctx.t("pm_move")}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send("pm_move", { from: Number(from), player: Number(forSeat), action, target: target ? Number(target) : null });
        }}
      >
        <PlayerSelect label={ctx.t("pm_from")} value={from} set={(v) => { setFrom(v); setPlayer(""); }} players={players} />
        <PlayerSelect label={ctx.t("move_for")} value={forSeat} set={setPlayer} players={players} />
        <label>
          {ctx.t("move_action")}
          <select aria-label={ctx.t("move_action")} value={action} onChange={(e) => setAction((e.target as HTMLSelectElement).value)}>
            {ACTION_CODES.map((code) => (
              <option key={code} value={code}>
                {actionName(code, ctx.lang)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ctx.t("move_target")}
          <select aria-label={ctx.t("move_target")} value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
            <option value="">—</option>
            {players.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          {ctx.t("pm_move_submit")}
        </button>
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

/** H-03b: a day vote received by PM; «исправить голос» changes an earlier one (both become void,
 * A-VOTE-3, as the player's own edit would). */
export function PmVote({ ctx, conn, view }: Props) {
  const players = alive(view);
  const [from, setFrom] = useState(String(players[0]?.seat ?? ""));
  const [target, setTarget] = useState("blank");
  const [edit, setEdit] = useState(false);
  const { err, busy, send } = useSend(conn);
  return (
    <section aria-label={ctx.t("pm_vote")} class="pm">
      <h3>{ctx.t("pm_vote")}</h3>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (await send("pm_vote", { from: Number(from), target: target === "blank" ? null : Number(target), edit })) setEdit(false);
        }}
      >
        <PlayerSelect label={ctx.t("pm_from")} value={from} set={setFrom} players={players} />
        <label>
          {ctx.t("vote_for")}
          <select aria-label={ctx.t("vote_for")} value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
            <option value="blank">{ctx.t("vote_blank")}</option>
            {players.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={edit} onChange={(e) => setEdit((e.target as HTMLInputElement).checked)} />
          {ctx.t("pm_vote_edit")}
        </label>
        <button type="submit" disabled={busy}>
          {ctx.t("pm_vote_submit")}
        </button>
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

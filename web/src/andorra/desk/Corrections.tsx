import { useState } from "preact/hooks";
import { ACTION_CODES, actionName } from "../actions";
import type { Ctx, DeskView } from "../common";
import type { Run } from "./run";

export function Correct({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const alive = view.host.players.filter((p) => p.status === "ALIVE");
  const subs = view.host.submissions;
  const [player, setPlayer] = useState<string>(String(alive[0]?.seat ?? 1));
  const [action, setAction] = useState<string>(subs[String(alive[0]?.seat)]?.action ?? "STAY_HOME");
  const [target, setTarget] = useState<string>(String(subs[String(alive[0]?.seat)]?.target ?? ""));
  const pick = (seat: string) => {
    setPlayer(seat);
    setAction(subs[seat]?.action ?? "STAY_HOME");
    setTarget(subs[seat]?.target != null ? String(subs[seat].target) : "");
  };
  return (
    <section aria-label={ctx.t("correct")}>
      <h3>{ctx.t("correct")}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const params = subs[player]?.action === action ? subs[player]?.params : undefined;
          run("correct", {
            player: Number(player),
            action,
            target: target ? Number(target) : null,
            ...(params && Object.keys(params).length ? { params } : {}),
          });
        }}
      >
        <label>
          {ctx.t("nick")}
          <select aria-label={ctx.t("nick")} value={player} onChange={(e) => pick((e.target as HTMLSelectElement).value)}>
            {alive.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
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
            {alive.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{ctx.t("correct_submit")}</button>
      </form>
    </section>
  );
}

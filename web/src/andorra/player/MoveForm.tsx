import { useState } from "preact/hooks";
import { actionName, itemName } from "../actions";
import { ErrorLine, nickOf, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { AndorraMove } from "../../generated/protocol";
import type { ServerError } from "../i18n";
import { OptionalField } from "./OptionalField";
import { collect, isChanges, isOptional, isPerVoter, isRanked } from "./params";

export function describeMove(ctx: Ctx, view: PlayerView, move: AndorraMove): { action: string; target: string } {
  return {
    action: actionName(move.action, ctx.lang),
    target: move.target != null ? ` → ${nickOf(view, move.target)}` : "",
  };
}

export function MoveForm({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const me = view.me;
  const options = me.options ?? [];
  const players = [...new Set(options.map((o) => o.player))];
  const [player, setPlayer] = useState<number>(me.seat);
  const forPlayer = options.filter((o) => o.player === (players.includes(player) ? player : me.seat));
  const [action, setAction] = useState<string>("");
  const chosen = forPlayer.find((o) => o.action === action) ?? forPlayer[0];
  const [target, setTarget] = useState<string>("");
  const [params, setParams] = useState<Record<string, string>>({});
  const [changes, setChanges] = useState<Record<string, string>>({});
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const sheet = me.clan_sheet ?? {};
  const mine = me.submission;
  if (options.length === 0) {
    return (
      <section aria-label={ctx.t("night_move")}>
        <h3>{ctx.t("night_move")}</h3>
        <p>{ctx.t("move_no_options")}</p>
      </section>
    );
  }
  const targets: number[] | null = chosen?.targets ?? null;
  const tgt = targets && targets.includes(Number(target)) ? Number(target) : targets ? targets[0] : null;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!chosen || busy) return;
    const p: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(chosen.params)) {
      if (isChanges(spec)) {
        p[name] = Object.entries(changes)
          .filter(([, v]) => v !== "keep")
          .map(([voter, v]) => ({ voter: Number(voter), target: v === "blank" ? null : Number(v) }));
        continue;
      }
      if (isRanked(spec) || isPerVoter(spec) || isOptional(spec)) {
        const value = collect(name, spec, params);
        if (value !== undefined) p[name] = value;
        continue;
      }
      const raw = params[name] ?? (spec === "seat" ? String(view.players.find((x) => x.status === "ALIVE")?.seat) : spec[0]);
      p[name] = spec === "seat" ? Number(raw) : raw;
    }
    const payload: Record<string, unknown> = { player: chosen.player, action: chosen.action, target: tgt };
    if (Object.keys(p).length) payload.params = p;
    setBusy(true);
    setErr(await conn.command("move", payload));
    setBusy(false);
  };
  return (
    <section aria-label={ctx.t("night_move")} class="move">
      <h3>{ctx.t("night_move")}</h3>
      <p class="move-status" role="status">
        {mine ? ctx.t("move_sent", describeMove(ctx, view, mine)) : ctx.t("move_none_yet")}
      </p>
      <form onSubmit={submit}>
        {players.length > 1 && (
          <label>
            {ctx.t("move_for")}
            <select aria-label={ctx.t("move_for")} value={String(player)} onChange={(e) => setPlayer(Number((e.target as HTMLSelectElement).value))}>
              {players.map((s) => (
                <option key={s} value={String(s)}>
                  {nickOf(view, s)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {ctx.t("move_action")}
          <select aria-label={ctx.t("move_action")} value={chosen?.action} onChange={(e) => setAction((e.target as HTMLSelectElement).value)}>
            {forPlayer.map((o) => (
              <option key={o.action} value={o.action}>
                {actionName(o.action, ctx.lang)}
              </option>
            ))}
          </select>
        </label>
        {targets && (
          <label>
            {ctx.t("move_target")}
            <select aria-label={ctx.t("move_target")} value={String(tgt)} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
              {targets.map((s) => (
                <option key={s} value={String(s)}>
                  {nickOf(view, s)}
                </option>
              ))}
            </select>
          </label>
        )}
        {chosen &&
          Object.entries(chosen.params).map(([name, spec]) =>
            isRanked(spec) || isPerVoter(spec) || isOptional(spec) ? (
              <OptionalField key={`${chosen.action}:${name}`} ctx={ctx} view={view} name={name} spec={spec} fields={params} setFields={setParams} />
            ) : isChanges(spec) ? (
              <fieldset key={name}>
                <legend>{ctx.t("swindler_changes", { max: spec.max })}</legend>
                {spec.voters.map((voter) => (
                  <label key={voter}>
                    {ctx.t("swindler_vote_of", { nick: nickOf(view, voter) })}
                    <select
                      aria-label={ctx.t("swindler_vote_of", { nick: nickOf(view, voter) })}
                      value={changes[String(voter)] ?? "keep"}
                      onChange={(e) => setChanges({ ...changes, [String(voter)]: (e.target as HTMLSelectElement).value })}
                    >
                      <option value="keep">{ctx.t("swindler_keep")}</option>
                      <option value="blank">{ctx.t("vote_blank")}</option>
                      {view.players
                        .filter((x) => x.status === "ALIVE")
                        .map((x) => (
                          <option key={x.seat} value={String(x.seat)}>
                            {x.nick}
                          </option>
                        ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            ) : (
            <label key={name}>
              {ctx.t("move_param", { name })}
              <select
                value={params[name]}
                onChange={(e) => setParams({ ...params, [name]: (e.target as HTMLSelectElement).value })}
              >
                {(spec === "seat"
                  ? view.players.filter((x) => x.status === "ALIVE").map((x) => [String(x.seat), x.nick])
                  : spec.map((v) => [v, itemName(v, ctx.lang)])
                ).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            ),
          )}
        <button type="submit" disabled={busy}>
          {ctx.t("move_submit")}
        </button>
        <ErrorLine ctx={ctx} err={err} />
      </form>
      {Object.keys(sheet).length > 0 && (
        <div>
          <h4>{ctx.t("clan_sheet")}</h4>
          <ul>
            {Object.entries(sheet).map(([seat, mv]) => {
              const d = describeMove(ctx, view, mv);
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

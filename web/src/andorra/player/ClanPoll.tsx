import { useState } from "preact/hooks";
import { ErrorLine, nickOf, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";
import { command } from "../send";

export function ClanPoll({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const me = view.me;
  const [err, setErr] = useState<ServerError | null>(null);
  // only a living member votes, and only while the game goes on (it left a bare heading)
  if (!me.clan_poll || me.status !== "ALIVE" || view.phase === "OVER") return null;
  const mates = [{ seat: me.seat, nick: nickOf(view, me.seat) }, ...me.knows.filter((k) => k.clan)];
  const alive = mates.filter((m) => view.players.some((p) => p.seat === m.seat && p.status === "ALIVE"));
  const mine = me.clan_poll[String(me.seat)];
  return (
    <section aria-label={ctx.t("clan_poll")}>
      <h3>{ctx.t("clan_poll")}</h3>
      {mine != null && <p role="status">{ctx.t("clan_poll_voted", { nick: nickOf(view, mine) })}</p>}
      {alive.map((m) => (
        <button
          type="button"
          key={m.seat}
          onClick={async () => setErr(await command(conn, "clan_poll", { candidate: m.seat }))}
        >
          {ctx.t("clan_poll_for", { nick: m.nick })}
        </button>
      ))}
      <ErrorLine ctx={ctx} err={err} />
    </section>
  );
}

import type { PresenceState, RoomJson, YouJson } from "../../generated/protocol";
import type { Ctx, DeskView } from "../common";

/** Who is online now (issue 20 point 5: only the host is told, in his ``you.presence`` by pid). */
export function Presence({ ctx, view, room, you }: { ctx: Ctx; view: DeskView; room: RoomJson | null; you: YouJson | null }) {
  const seen = you?.presence ?? {};
  const bySeat = new Map<number, PresenceState>();
  for (const m of room?.members ?? []) {
    if (m.seat != null) bySeat.set(m.seat, seen[String(m.pid)] ?? m.presence ?? "disconnected");
  }
  const online = view.players.filter((p) => bySeat.get(p.seat) === "connected");
  return (
    <section aria-label={ctx.t("presence")} class="presence">
      <h3>
        {ctx.t("presence")} ({online.length}/{view.players.length})
      </h3>
      <ul>
        {view.players.map((p) => {
          const state = bySeat.get(p.seat) ?? "disconnected";
          return (
            <li key={p.seat} class={state}>
              <span class={`dot ${state}`} aria-hidden="true" />
              {p.nick} <span class="muted">{ctx.t(`presence.${state}`)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { PresenceState } from "../../generated/protocol";
import type { Ctx, DeskView } from "../common";
import { PresenceDot } from "./Presence";

/** Every player with his role, clan and items, and who is on the site now (the host only). */
export function PlayersTable({ ctx, view, presence }: { ctx: Ctx; view: DeskView; presence: Map<number, PresenceState> }) {
  const online = view.host.players.filter((p) => presence.get(p.seat) === "connected").length;
  return (
    <section class="wide" aria-label={ctx.t("players")}>
      <h3>
        {ctx.t("players")} <span class="muted">· {ctx.t("presence_count", { n: online, of: view.host.players.length })}</span>
      </h3>
      <table>
        <thead>
          <tr>
            <th>{ctx.t("seat")}</th>
            <th>{ctx.t("nick")}</th>
            <th>{ctx.t("role")}</th>
            <th>{ctx.t("clan")}</th>
            <th>{ctx.t("items")}</th>
          </tr>
        </thead>
        <tbody>
          {view.host.players.map((p) => (
            <tr key={p.seat} class={p.status === "ALIVE" ? "" : "gone"}>
              <td>{p.seat}</td>
              <td>
                <PresenceDot ctx={ctx} state={presence.get(p.seat) ?? "disconnected"} />
                {p.nick}
              </td>
              <td>
                {p.role_name[ctx.lang]}
                {/* «Рядовой мафиози · в тюрьме (по голосованию)»: no brackets inside brackets */}
                {p.status !== "ALIVE" && <span class="muted"> · {ctx.t(`status.${p.status}`)}</span>}
              </td>
              <td>{p.clan_name[ctx.lang]}</td>
              <td>{p.item_names[ctx.lang].join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

import type { Ctx, DeskView } from "../common";

export function PlayersTable({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  return (
    <section class="wide" aria-label={ctx.t("players")}>
      <h3>{ctx.t("players")}</h3>
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
              <td>{p.nick}</td>
              <td>
                {p.role_name} {p.status !== "ALIVE" ? `(${ctx.t(`status.${p.status}`)})` : ""}
              </td>
              <td>{p.clan_ru}</td>
              <td>{p.items_ru.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

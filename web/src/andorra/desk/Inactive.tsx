import { nickOf, type Ctx, type DeskView } from "../common";
import type { Run } from "./run";

export function Inactive({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const seats = view.host.inactive_today ?? [];
  return (
    <section aria-label={ctx.t("inactive")}>
      <h3>{ctx.t("inactive")}</h3>
      <p>{seats.length ? seats.map((s) => nickOf(view, s)).join(", ") : "—"}</p>
      <details>
        <summary>{ctx.t("penalty")}</summary>
        {view.host.players
          .filter((p) => p.status === "ALIVE")
          .map((p) => (
            <button type="button" key={p.seat} onClick={() => run("penalty", { seat: p.seat })}>
              {ctx.t("penalty_for", { nick: p.nick })}
            </button>
          ))}
      </details>
    </section>
  );
}

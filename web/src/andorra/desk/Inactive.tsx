import { nickOf, type Ctx, type DeskView } from "../common";
import { Confirm } from "./Confirm";
import type { Run } from "./run";

/** H-04/H-05: who has not voted today; +1 for a missing avatar (asked once more, once a day per
 * player) and its undo. */
export function Inactive({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const seats = view.host.inactive_today ?? [];
  const given = new Set(view.host.avatar_penalties);
  return (
    <section aria-label={ctx.t("inactive")}>
      <h3>{ctx.t("inactive")}</h3>
      <p>{seats.length ? seats.map((s) => nickOf(view, s)).join(", ") : "—"}</p>
      <details>
        <summary>{ctx.t("penalty")}</summary>
        <ul class="penalties">
          {view.host.players
            .filter((p) => p.status === "ALIVE")
            .map((p) => (
              <li key={p.seat}>
                {given.has(p.seat) ? (
                  <button type="button" onClick={() => run("undo_penalty", { seat: p.seat })}>
                    {ctx.t("penalty_undo", { nick: p.nick })}
                  </button>
                ) : (
                  <Confirm
                    ctx={ctx}
                    label={ctx.t("penalty_for", { nick: p.nick })}
                    question={ctx.t("confirm_penalty", { nick: p.nick })}
                    onConfirm={() => run("penalty", { seat: p.seat })}
                  />
                )}
              </li>
            ))}
        </ul>
      </details>
    </section>
  );
}

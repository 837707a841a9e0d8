import { nickOf, type Ctx, type DeskView } from "../common";

/** H-04a: the day's count so far, as the engine will start the tally: who votes for whom, the
 * weight of their votes, the penalties, the total; it changes with every vote. */
export function RunningCount({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const rows = view.host.running_count;
  return (
    <section aria-label={ctx.t("count")} class="count">
      <h3>{ctx.t("count")}</h3>
      {rows.length === 0 ? (
        <p>{ctx.t("count_none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{ctx.t("count_candidate")}</th>
              <th>{ctx.t("count_total")}</th>
              <th>{ctx.t("count_votes")}</th>
              <th>{ctx.t("count_penalties")}</th>
              <th>{ctx.t("count_voters")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.seat}>
                <td>{nickOf(view, r.seat)}</td>
                <td>
                  <b>{r.total}</b>
                </td>
                <td>{r.votes}</td>
                <td>{r.penalties}</td>
                <td>{r.voters.map((s) => nickOf(view, s)).join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="hint">{ctx.t("count_hint")}</p>
    </section>
  );
}

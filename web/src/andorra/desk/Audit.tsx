import { actionName } from "../actions";
import { nickOf, type Ctx, type DeskView } from "../common";

export function Audit({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const audits = view.host.audits ?? [];
  return (
    <section aria-label={ctx.t("audit")}>
      <h3>{ctx.t("audit")}</h3>
      {audits.map((a) => (
        <details key={a.night}>
          <summary>{ctx.t("audit_night", { n: a.night })}</summary>
          <h4>{ctx.t("audit_acts")}</h4>
          <table>
            <thead>
              <tr>
                <th>{ctx.t("nick")}</th>
                <th>{ctx.t("move_action")}</th>
                <th>{ctx.t("move_target")}</th>
                <th>{ctx.t("audit_result")}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(a.acts).map(([seat, act]) => (
                <tr key={seat}>
                  <td>{nickOf(view, Number(seat))}</td>
                  <td>{actionName(act.code, ctx.lang)}</td>
                  <td>
                    {act.target != null ? nickOf(view, act.target) : "—"}
                    {act.orig !== act.target && act.orig != null ? ` (${nickOf(view, act.orig)})` : ""}
                  </td>
                  <td>
                    {act.state} {act.result ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4>{ctx.t("audit_steps")}</h4>
          <ol class="audit-steps">
            {a.events.map((e) => (
              <li key={e.seq}>
                [{e.step}] {e.actor != null ? nickOf(view, e.actor) : ""} {actionName(e.code, ctx.lang)}
                {e.target != null ? ` → ${nickOf(view, e.target)}` : ""}: {e.result} {e.hit && e.hit !== "NONE" ? e.hit : ""}
                {e.note ? ` (${e.note})` : ""}
              </li>
            ))}
          </ol>
          <details>
            <summary>{ctx.t("audit_raw")}</summary>
            <pre class="audit">{JSON.stringify(a, null, 1)}</pre>
          </details>
        </details>
      ))}
    </section>
  );
}

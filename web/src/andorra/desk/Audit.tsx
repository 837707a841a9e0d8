import { word } from "../moves/fields";
import { nickOf, type Ctx, type DeskView } from "../common";

/** «удачно» / «неудачно» (A-OUTCOME), «—» for a move without a result. */
function outcome(ctx: Ctx, result: string | null | undefined): string {
  return result === "OK" || result === "FAIL" ? ctx.t(`audit_${result}`) : "—";
}

export function Audit({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const audits = view.host.audits ?? [];
  return (
    <section aria-label={ctx.t("audit")}>
      <h3>{ctx.t("audit")}</h3>
      {audits.length === 0 && <p>{ctx.t("audit_none")}</p>}
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
                  <td>{word(ctx.lang, act.name)}</td>
                  <td>
                    {act.target != null ? nickOf(view, act.target) : "—"}
                    {act.orig !== act.target && act.orig != null ? ` (${nickOf(view, act.orig)})` : ""}
                  </td>
                  <td>{act.state === "DONE" ? outcome(ctx, act.result) : ctx.t("audit_cancelled")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4>{ctx.t("audit_steps")}</h4>
          <ol class="audit-steps">
            {a.events.map((e) => (
              <li key={e.seq}>
                [{e.step}] {e.actor != null ? nickOf(view, e.actor) : ""} {word(ctx.lang, e.name)}
                {e.target != null ? ` → ${nickOf(view, e.target)}` : ""}: {outcome(ctx, e.result)}
                {/* what stopped it and the kind of harm come in the engine's words (view.py) */}
                {e.hit_words ? `, ${word(ctx.lang, e.hit_words)}` : ""}
                {e.note_words ? ` (${word(ctx.lang, e.note_words)})` : ""}
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}

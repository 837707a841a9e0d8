import { actionName } from "../actions";
import { nickOf, type Ctx, type DeskView } from "../common";

export function Submissions({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const subs = Object.entries(view.host.submissions);
  return (
    <section aria-label={ctx.t("submissions")}>
      <h3>{ctx.t("submissions")}</h3>
      {subs.length === 0 ? (
        <p>{ctx.t("submissions_none")}</p>
      ) : (
        <ul class="submissions">
          {subs.map(([seat, mv]) => (
            <li key={seat}>
              {nickOf(view, Number(seat))}: {actionName(mv.action, ctx.lang)}
              {mv.target != null ? ` → ${nickOf(view, mv.target)}` : ""}
              {mv.params && Object.keys(mv.params).length ? ` ${JSON.stringify(mv.params)}` : ""}
              {mv.by !== Number(seat) ? ` (${ctx.t("submitted_by", { by: mv.by === "host" ? "host" : nickOf(view, mv.by) })})` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { moveText } from "../moves/MoveFields";
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
              {nickOf(view, Number(seat))}: {moveText(ctx, view, mv).action}
              {moveText(ctx, view, mv).target}
              {mv.by === "host"
                ? ` (${ctx.t("submitted_by_host")})`
                : mv.by !== undefined && mv.by !== Number(seat)
                  ? ` (${ctx.t("submitted_by", { by: nickOf(view, mv.by) })})`
                  : ""}
              {mv.entered_by === "host" ? <span class="muted"> · {ctx.t("vote_by_host")}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { moveText } from "../moves/MoveFields";
import { nickOf, type Ctx, type DeskView } from "../common";

/** At night, the living players with no move yet (A-GEN-5: he stays home). */
export function missingMoves(view: DeskView): string[] {
  return view.phase === "NIGHT"
    ? view.host.players.filter((p) => p.status === "ALIVE" && !(String(p.seat) in view.host.submissions)).map((p) => p.nick)
    : [];
}

/** The night's moves so far, and at night who has sent none yet. */
export function Submissions({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const subs = Object.entries(view.host.submissions);
  const missing = missingMoves(view);
  return (
    <section aria-label={ctx.t("submissions")}>
      <h3>{ctx.t("submissions")}</h3>
      {missing.length > 0 && <p class="missing">{ctx.t("submissions_missing", { nicks: missing.join(", ") })}</p>}
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

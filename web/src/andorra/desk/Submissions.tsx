import { actionName, itemName } from "../actions";
import { nickOf, type Ctx, type DeskView } from "../common";
import type { Lang } from "../i18n";

/** A move's parameters in words: players by nick, items and gifts by name (never JSON). */
function paramWords(view: DeskView, params: Record<string, unknown> | undefined, lang: Lang): string {
  const word = (v: unknown): string => {
    if (typeof v === "number") return nickOf(view, v);
    if (typeof v === "string") return itemName(v, lang);
    if (Array.isArray(v)) return v.map(word).join(", ");
    if (v && typeof v === "object")
      return Object.entries(v)
        .map(([k, x]) => (/^\d+$/.test(k) ? `${nickOf(view, Number(k))} → ${word(x)}` : word(x)))
        .join(", ");
    return "";
  };
  const parts = Object.values(params ?? {}).map(word).filter(Boolean);
  return parts.length ? ` (${parts.join("; ")})` : "";
}

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
              {paramWords(view, mv.params, ctx.lang)}
              {mv.by === "host" ? ` (${ctx.t("submitted_by_host")})` : mv.by !== Number(seat) ? ` (${ctx.t("submitted_by", { by: nickOf(view, mv.by) })})` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

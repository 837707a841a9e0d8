import type { Ctx, DeskView } from "../common";
import { nickOf } from "../common";
import type { Run } from "./run";

/** H-07: today's articles; the host publishes one into the morning post or declines it. */
export function Articles({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const articles = view.host.articles;
  if (articles.length === 0) return null;
  return (
    <section aria-label={ctx.t("articles")}>
      <h3>{ctx.t("articles")}</h3>
      {articles.map((a) => (
        <div key={a.seat} class="article">
          <p>
            <b>{nickOf(view, a.seat)}</b> — {ctx.t(`article_${a.status}`)}
          </p>
          <pre class="post-text">{a.text}</pre>
          {a.status === "waiting" && (
            <div class="choices">
              <button type="button" onClick={() => run("article_verdict", { seat: a.seat, publish: true })}>
                {ctx.t("article_publish")}
              </button>
              <button type="button" onClick={() => run("article_verdict", { seat: a.seat, publish: false })}>
                {ctx.t("article_decline")}
              </button>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}

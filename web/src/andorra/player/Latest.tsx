import { BBText } from "../bbcode";
import type { Ctx, PlayerView } from "../common";
import { InboxItem } from "./Inbox";

/** The latest morning near the top of the page: the post and what came to him that morning.
 * At the page's foot, under the role card and the chat, it was some 1900 px down on a phone;
 * the full history stays there (Posts, Inbox). */
/** Whether the latest morning brought him results of his own (then they come first on the page). */
export function freshResults(view: PlayerView): boolean {
  const post = view.posts?.[view.posts.length - 1];
  return !!post && view.phase === "DAY" && (view.me.inbox ?? []).some((m) => m.day === post.day);
}

export function Latest({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const post = view.posts?.[view.posts.length - 1];
  if (!post) return null;
  const mine = (view.me.inbox ?? []).filter((m) => m.day === post.day);
  return (
    <section aria-label={ctx.t("latest_morning")} class="latest">
      <h3>{ctx.t("latest_morning")}</h3>
      <pre class="post-text">
        <BBText text={ctx.lang === "en" ? post.en : post.ru} />
      </pre>
      {mine.length > 0 && (
        <>
          <h4>{ctx.t("latest_inbox")}</h4>
          <ul class="inbox">
            {mine.map((m, i) => (
              <InboxItem key={i} ctx={ctx} m={m} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

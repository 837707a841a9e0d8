import { BBText } from "./bbcode";
import { PostLink } from "./PostLink";
import { CopyButton, nickOf, type Ctx, type AndorraView } from "./common";

/** The day's vote log; on the desk (``undo``) an entry the host made from a PM that is still
 * its voter's latest has «Снять» beside it, for a slip of the hand (H-03b, ``pm_vote_undo``). */
export function VoteLog({ ctx, view, undo }: { ctx: Ctx; view: AndorraView; undo?: (voter: number) => void }) {
  const log = view.vote_log ?? [];
  const latest = new Map<number, number>();
  log.forEach((v, i) => {
    if (v.kind !== "PENALTY" && v.voter != null) latest.set(v.voter, i);
  });
  return (
    <section aria-label={ctx.t("vote_log")}>
      <h3>{ctx.t("vote_log")}</h3>
      {log.length === 0 ? (
        <p>{ctx.t("vote_log_empty")}</p>
      ) : (
        <ol class="vote-log">
          {log.map((v, i) =>
            v.kind === "PENALTY" ? (
              // and why (A-VOTE-10): a bare «(штраф)» left the table asking what he had done
              <li key={i}>
                +1 {nickOf(view, v.target)} ({ctx.t("penalty_word")}){v.reason ? ` — ${v.reason[ctx.lang]}` : ""}
              </li>
            ) : (
              <li key={i}>
                {nickOf(view, v.voter)} → {v.target == null ? ctx.t("blank") : nickOf(view, v.target)}
                {v.void_reason ? ` (${ctx.t("void", { reason: ctx.lang === "ru" && v.void_ru ? v.void_ru : v.void_reason })})` : ""}
                {v.by_host ? <span class="muted"> · {ctx.t("vote_by_host")}</span> : null}
                {undo && v.by_host && v.voter != null && latest.get(v.voter) === i ? (
                  <>
                    {" "}
                    <button
                      type="button"
                      class="slip"
                      aria-label={ctx.t("pm_vote_undo_label", { nick: nickOf(view, v.voter) })}
                      onClick={() => undo(v.voter as number)}
                    >
                      {ctx.t("pm_vote_undo")}
                    </button>
                  </>
                ) : null}
                {v.post ? (
                  <span class="muted">
                    {" · "}
                    <PostLink ctx={ctx} post={v.post} alone>
                      {ctx.t("vote_post")}
                    </PostLink>
                  </span>
                ) : null}
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}

export function Posts({ ctx, view, bbcode }: { ctx: Ctx; view: AndorraView; bbcode?: boolean }) {
  const posts = view.posts ?? [];
  return (
    <section aria-label={ctx.t("posts")}>
      <h3>{ctx.t("posts")}</h3>
      {posts.length === 0 && <p>{ctx.t("posts_none")}</p>}
      {posts.map((p) => (
        <article key={p.day} class="post" aria-label={`post-${p.day}`}>
          {/* the desk shows the post as the forum gets it, in Russian, whatever the desk's language */}
          {/* the host's story may carry BBCode: shown formatted, as the forum will (BBText) */}
          <pre class="post-text">
            <BBText text={ctx.lang === "en" && !bbcode ? p.en : p.ru} />
          </pre>
          {bbcode && (
            <div>
              <textarea readOnly rows={4} aria-label={`BBCode ${p.day}`} value={p.bbcode} />
              <div class="copy-buttons">
                <CopyButton ctx={ctx} text={p.bbcode} label={ctx.t("copy_bbcode", { day: p.day })} failed="copy_failed_text" />
                <CopyButton ctx={ctx} text={p.ru} label={ctx.t("copy_post", { day: p.day })} failed="copy_failed_text" />
              </div>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}

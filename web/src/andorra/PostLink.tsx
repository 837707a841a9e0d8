import type { ComponentChildren } from "preact";
import type { Ctx } from "./common";

/** A forum post's address, when the thread was read from the forum itself (a fetched or saved
 * page gives an absolute address). A pasted multi-quote knows only the post's number: its
 * ``viewtopic.php?p=…`` is relative, and as a link it would open this server's page, not the
 * forum's. Such a post is named by its number, as plain text. */
export function postHref(post: string): string | null {
  return /^https?:\/\//i.test(post) ? post : null;
}

/** ``alone``: the link's text only names the post (the vote log's «пост в теме»), so a post
 * without an address is named by its number instead of beside the text. */
export function PostLink(props: { ctx: Ctx; post: string; children: ComponentChildren; alone?: boolean }) {
  const { ctx, post, children } = props;
  const href = postHref(post);
  if (href) {
    return (
      <a href={href} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  }
  const id = /[?&#]p=?(\d+)/.exec(post)?.[1] ?? /#p(\d+)/.exec(post)?.[1];
  const plain = id ? ctx.t("vote_post_plain", { id }) : "";
  if (props.alone) return <span title={post}>{plain}</span>;
  return (
    <span title={post}>
      {children}
      {plain ? ` (${plain})` : ""}
    </span>
  );
}

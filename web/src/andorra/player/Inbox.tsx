import type { Ctx, PlayerView } from "../common";

type Settled = NonNullable<PlayerView["me"]["inbox"][number]["question"]>;

function settledText(ctx: Ctx, q: Settled): string {
  const answer = q.answer ? q.answer[ctx.lang] : ctx.t("declined");
  return ctx.t(q.answered ? "inbox_answered" : "inbox_unanswered", { answer });
}

type Message = PlayerView["me"]["inbox"][number];

/** One private message (also under the latest morning at the page's top, Latest.tsx). */
export function InboxItem({ ctx, m }: { ctx: Ctx; m: Message }) {
  return (
    <li>
      {/* «Утро 2»: a bare «[2]» told the player nothing */}
      <span class="day muted">{ctx.t("inbox_day", { day: m.day })}</span> {m.channel_name ? `[${m.channel_name[ctx.lang]}] ` : ""}
      {m.question ? (
        // a question of the night, settled by the morning: it reads as answered, never as
        // still open (A-DATA-I); the engine's text stays as the rules word it
        <>
          <span class="asked">{ctx.lang === "en" ? m.en : m.ru}</span> <b class="settled">{settledText(ctx, m.question)}</b>
        </>
      ) : ctx.lang === "en" ? (
        m.en
      ) : (
        m.ru
      )}
    </li>
  );
}

export function Inbox({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const inbox = view.me.inbox ?? [];
  return (
    <section aria-label={ctx.t("inbox")}>
      <h3>{ctx.t("inbox")}</h3>
      {inbox.length === 0 ? (
        <p>{ctx.t("inbox_empty")}</p>
      ) : (
        <ul class="inbox">
          {inbox.map((m, i) => (
            <InboxItem key={i} ctx={ctx} m={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

import type { Ctx, PlayerView } from "../common";

type Message = PlayerView["me"]["inbox"][number];

/** One private message (also under the latest morning at the page's top, Latest.tsx). */
export function InboxItem({ ctx, m }: { ctx: Ctx; m: Message }) {
  return (
    <li>
      {/* «Утро 2»: a bare «[2]» told the player nothing */}
      <span class="day muted">{ctx.t("inbox_day", { day: m.day })}</span> {m.channel_name ? `[${m.channel_name[ctx.lang]}] ` : ""}
      {/* a question of the night comes settled by the morning: the engine words what it told
          him and what came of his answer (A-MSG-4a), so it is never asked again here */}
      {ctx.lang === "en" ? m.en : m.ru}
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

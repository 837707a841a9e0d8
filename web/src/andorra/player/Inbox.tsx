import type { Ctx, PlayerView } from "../common";

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
            <li key={i}>
              {/* «Утро 2»: a bare «[2]» told the player nothing */}
              <span class="day muted">{ctx.t("inbox_day", { day: m.day })}</span> {m.channel_name ? `[${m.channel_name[ctx.lang]}] ` : ""}
              {ctx.lang === "en" ? m.en : m.ru}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

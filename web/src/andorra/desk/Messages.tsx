import { nickOf, type Ctx, type DeskView } from "../common";

export function Messages({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const msgs = view.host.messages ?? [];
  return (
    <details>
      <summary>{ctx.t("messages_all")}</summary>
      <ul>
        {msgs.map((m, i) => (
          <li key={i}>
            [{m.day}] {m.channel_name ? `[${m.channel_name[ctx.lang]}]` : `[${nickOf(view, m.to)}]`} {ctx.lang === "en" ? m.en : m.ru}
          </li>
        ))}
      </ul>
    </details>
  );
}

import { nickOf, type Ctx } from "../common";

export function Messages({ ctx, view }: { ctx: Ctx; view: any }) {
  const msgs = (view.host.messages as any[]) ?? [];
  return (
    <details>
      <summary>{ctx.t("messages_all")}</summary>
      <ul>
        {msgs.map((m, i) => (
          <li key={i}>
            [{m.day}] {m.channel ? `[${m.channel}]` : `[${nickOf(view, m.to)}]`} {ctx.lang === "en" ? m.en : m.ru}
          </li>
        ))}
      </ul>
    </details>
  );
}

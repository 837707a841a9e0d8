import { Deadline, nickOf, type Ctx, type DeskView } from "../common";
import type { Run } from "./run";

export function HostPrompts({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const prompts = view.host.pending?.prompts ?? [];
  return (
    <section aria-label={ctx.t("host_prompts")}>
      <h3>{ctx.t("host_prompts")}</h3>
      <Deadline ctx={ctx} deadline={view.deadline} />
      {prompts.map((p) => (
        <div key={p.id} class="prompt">
          <p>
            {p.seat === 0 ? ctx.t("host_self") : nickOf(view, p.seat)}: {ctx.lang === "en" ? p.en : p.ru}{p.default != null ? ` — ${ctx.t("prompt_default", { default: p.default })}` : ""}
          </p>
          {p.options.map((o) => (
            <button type="button" key={o} onClick={() => run("answer", { prompt: p.id, answer: o })}>
              {p.seat === 0 ? ctx.t("answer", { option: o }) : ctx.t("answer_for", { nick: nickOf(view, p.seat), option: o })}
            </button>
          ))}
        </div>
      ))}
    </section>
  );
}

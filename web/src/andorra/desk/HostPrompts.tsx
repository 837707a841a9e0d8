import { Deadline, nickOf, type Ctx, type DeskView } from "../common";
import { Confirm } from "./Confirm";
import type { Run } from "./run";

/** Every open question of the night; the host answers his own and, from a PM, anyone's. */
export function HostPrompts({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const prompts = view.host.pending?.prompts ?? [];
  const word = (c: { ru: string; en: string }) => (ctx.lang === "en" ? c.en : c.ru);
  return (
    <section aria-label={ctx.t("host_prompts")}>
      <h3>{ctx.t("host_prompts")}</h3>
      <Deadline ctx={ctx} deadline={view.deadline} />
      {prompts.map((p) => {
        const who = p.seat === 0 ? ctx.t("host_self") : nickOf(view, p.seat);
        const given = p.choices.find((c) => c.value === p.answer);
        return (
          <div key={p.id} class="prompt">
            <p>
              {who}: {ctx.lang === "en" ? p.en : p.ru}
              {p.default_label ? ` — ${ctx.t("prompt_default", { default: word(p.default_label) })}` : ""}
            </p>
            {p.answered ? (
              <p role="status">{ctx.t("answered", { answer: given ? word(given) : ctx.t("declined") })}</p>
            ) : (
              // "Answer for Kira:" once, then the options alone: a PV's twenty free roles each
              // repeated it (a play-test host's desk); each button's name still says it whole.
              <div class="choices prompt-choices">
                <span class="prompt-lead">{p.seat === 0 ? ctx.t("answer_lead") : ctx.t("answer_for_lead", { nick: who })}</span>
                {/* an answer is final, as on the player's page: asked once more */}
                {p.choices.map((c) => {
                  const name = p.seat === 0 ? ctx.t("answer", { option: word(c) }) : ctx.t("answer_for", { nick: who, option: word(c) });
                  return (
                    <Confirm
                      key={String(c.value)}
                      ctx={ctx}
                      label={word(c)}
                      ariaLabel={name}
                      question={`${name}?`}
                      onConfirm={() => void run("answer", { prompt: p.id, answer: c.value })}
                    />
                  );
                })}
                {p.can_decline && (
                  <Confirm
                    ctx={ctx}
                    class="decline"
                    label={ctx.t("decline")}
                    ariaLabel={ctx.t("answer_for", { nick: who, option: ctx.t("decline") })}
                    question={`${ctx.t("answer_for", { nick: who, option: ctx.t("decline") })}?`}
                    onConfirm={() => void run("answer", { prompt: p.id, answer: null })}
                  />
                )}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}

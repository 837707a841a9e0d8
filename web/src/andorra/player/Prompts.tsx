import { useState } from "preact/hooks";
import { Deadline, ErrorLine, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";
import { command } from "../send";
import { ConfirmStep } from "./ConfirmStep";

/** The engine's questions (free role, recruitment, Reanimator, Shmara): the engine's Russian
 * text, the answers in words, «отказаться» where the rules allow it, the deadline; an answered
 * question shows its answer instead of the buttons. */
function ownDeadline(view: PlayerView): number | null {
  const due = view.me.prompts.filter((p) => !p.answered && p.deadline != null).map((p) => p.deadline as number);
  return due.length ? Math.min(...due) : null;
}

/** The question without its PM's «(да / нет)»: the page answers with its buttons right below
 * (a play-test read the answers twice). The forum's PM keeps it. */
export function withoutAnswerHint(text: string): string {
  return text.replace(/\s*\((?:да \/ нет|yes \/ no)\)\s*$/i, "");
}

export function Prompts({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const [err, setErr] = useState<ServerError | null>(null);
  // the answer waiting for its confirmation: one question at a time
  const [asking, setAsking] = useState<{ id: string; answer: string | number | null; words: string } | null>(null);
  const due = ownDeadline(view);
  const word = (c: { ru: string; en: string }) => (ctx.lang === "en" ? c.en : c.ru);
  // An answer is final (a chosen role, a recruitment) and the last one resolves the night at
  // once: a stray tap while scrolling must not send it, so it is confirmed first (in the page).
  const send = async (id: string, answer: string | number | null) => {
    setAsking(null);
    setErr(await command(conn, "answer", { prompt: id, answer }));
  };
  return (
    <section aria-label={ctx.t("prompts")} class="prompts">
      <h3>{ctx.t("prompts")}</h3>
      {/* H-11a: each question has its own deadline; the earliest of his open ones. Only when it
          is not the phase's: the page's line above says that one («Фазу закроет ведущий» was
          printed twice, once for the phase and once for the question). */}
      {due != null && due !== view.deadline && <Deadline ctx={ctx} deadline={due} answer />}
      {view.me.prompts.map((p) => {
        const given = p.choices.find((c) => c.value === p.answer);
        return (
          <div key={p.id} class="prompt">
            <p class="prompt-text">{withoutAnswerHint(ctx.lang === "en" ? p.en : p.ru)}</p>
            {p.answered ? (
              <p role="status">{ctx.t(p.by_host ? "answered_by_host" : "answered", { answer: given ? word(given) : ctx.t("declined") })}</p>
            ) : view.phase !== "RESOLVING" ? (
              // the night went on without his answer (a deadline, the host's «Закрыть вопросы»)
              <p role="status">{ctx.t("prompt_closed", { answer: p.default_label ? word(p.default_label) : ctx.t("declined") })}</p>
            ) : (
              <>
                {p.default_label && <p>{ctx.t("prompt_default", { default: word(p.default_label) })}</p>}
                {asking?.id === p.id ? (
                  <ConfirmStep
                    ctx={ctx}
                    question={ctx.t("answer_confirm", { answer: asking.words })}
                    onYes={() => void send(p.id, asking.answer)}
                    onNo={() => setAsking(null)}
                  />
                ) : (
                  <div class="choices">
                    {p.choices.map((c) => (
                      <button type="button" key={String(c.value)} onClick={() => setAsking({ id: p.id, answer: c.value, words: word(c) })}>
                        {word(c)}
                      </button>
                    ))}
                    {p.can_decline && (
                      <button type="button" class="decline" onClick={() => setAsking({ id: p.id, answer: null, words: ctx.t("decline") })}>
                        {ctx.t("decline")}
                      </button>
                    )}
                  </div>
                )}
              </>
            )}
          </div>
        );
      })}
      <ErrorLine ctx={ctx} err={err} />
    </section>
  );
}

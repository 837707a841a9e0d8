import { useEffect, useRef } from "preact/hooks";
import type { Ctx } from "../common";

/** The step before something final goes (an answer to the night's question, the day's vote):
 * «Ответ: «да». Изменить его будет нельзя. Подтвердить?» with «Подтвердить» and «Отмена», in the
 * page instead of the browser's own dialog (a play-test: the native box looked like another
 * site's and covered the question). It takes the choices' place while it asks, so a second
 * stray tap cannot land on another option; «Подтвердить» takes the focus, Escape (or «Отмена»)
 * goes back to the choices. */
export function ConfirmStep({ ctx, question, onYes, onNo }: { ctx: Ctx; question: string; onYes: () => void; onNo: () => void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div
      class="answer-confirm"
      role="group"
      aria-label={question}
      onKeyDown={(e) => {
        if (e.key === "Escape") onNo();
      }}
    >
      <p>{question}</p>
      <div class="choices">
        <button type="button" ref={yes} class="primary" onClick={onYes}>
          {ctx.t("answer_confirm_yes")}
        </button>
        <button type="button" class="decline" onClick={onNo}>
          {ctx.t("answer_confirm_no")}
        </button>
      </div>
    </div>
  );
}

import { useState } from "preact/hooks";
import type { Ctx } from "../common";

/** A button that asks once more before a step that cannot be taken back (close the day or the
 * night, publish the morning, a penalty). */
export function Confirm({ ctx, label, question, disabled, onConfirm, ariaLabel, class: cls }: {
  ctx: Ctx;
  label: string;
  question: string;
  disabled?: boolean;
  onConfirm: () => void;
  /** The button's accessible name when its label alone does not say it (an option of a question). */
  ariaLabel?: string;
  class?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class={cls} aria-label={ariaLabel} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <span class="confirm-buttons">
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {ctx.t("confirm_yes")}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)}>
        {ctx.t("confirm_no")}
      </button>
      </span>
    </span>
  );
}

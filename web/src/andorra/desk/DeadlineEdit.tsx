import { useState } from "preact/hooks";
import { serverNow } from "../../core/clock";
import type { Ctx } from "../common";
import type { Run } from "./run";

const HOUR = 3_600_000;

/** H-01a: give the running phase more time, set its end, or close it by hand. */
export function DeadlineEdit(props: { ctx: Ctx; deadline: number | null; busy: boolean; run: Run }) {
  const { ctx, deadline, busy, run } = props;
  const [when, setWhen] = useState("");
  // Whole milliseconds: the engine takes an integer time (the clock's offset is fractional).
  const later = (ms: number) => run("set_deadline", { at: Math.round(Math.max(deadline ?? 0, serverNow()) + ms) });
  const setAt = () => {
    // The typed wall time in the host's time zone is one instant whatever his clock says: the
    // server clock's offset is not added (it once moved 18:03 in Yekaterinburg to «16:02 МСК").
    const at = new Date(when).getTime();
    if (!Number.isNaN(at)) run("set_deadline", { at });
  };
  return (
    <details class="deadline-edit">
      <summary>{ctx.t("deadline_change")}</summary>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => later(HOUR)}>
          {ctx.t("deadline_plus_hour")}
        </button>
        <button type="button" disabled={busy} onClick={() => later(12 * HOUR)}>
          {ctx.t("deadline_plus_12h")}
        </button>
        {deadline != null && (
          <button type="button" disabled={busy} onClick={() => run("set_deadline", { at: null })}>
            {ctx.t("deadline_remove")}
          </button>
        )}
      </div>
      <label>
        {ctx.t("deadline_at")}{" "}
        <input type="datetime-local" value={when} onInput={(e) => setWhen((e.target as HTMLInputElement).value)} />
      </label>{" "}
      <button type="button" disabled={busy || !when} onClick={setAt}>
        {ctx.t("deadline_set")}
      </button>
    </details>
  );
}

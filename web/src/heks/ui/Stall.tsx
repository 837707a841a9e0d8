import { useEffect, useState } from "preact/hooks";
import { serverNow } from "../../core/clock";
import { t } from "../i18n";
import type { HeksView } from "../types";

// H-TBL-6 (issue 31 §2): in Unlimited mode the secret departure waits as long as it takes.
// Once it has waited longer than its Timed length, the board and every phone say so, without
// names (who owes a secret step stays secret), so the host knows a force may be needed.
// Counted against the server's clock, from the view's `stall` (the same on every screen).

export function StallNotice(props: { view: HeksView }) {
  const stall = props.view.stall;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!stall) return;
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [stall?.since, stall?.after_ms]);
  if (!stall) return null;
  const waited = serverNow() - stall.since;
  if (waited <= stall.after_ms) return null;
  return (
    <p class="notice stall-notice" role="status" data-stall={stall.since}>
      {t("stall.waiting", { n: Math.floor(waited / 1000) })}
    </p>
  );
}

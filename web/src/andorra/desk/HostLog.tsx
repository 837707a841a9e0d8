import type { Ctx, DeskView } from "../common";

/** H-03: the host's own commands in words (corrections, PM entries, edits, penalties), in the
 * desk's language: the log is the host's, not the forum's. */
export function HostLog({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const lines = view.host.host_log;
  return (
    <section aria-label={ctx.t("host_log")}>
      <h3>{ctx.t("host_log")}</h3>
      {lines.length === 0 ? <p>—</p> : <ol class="host-log">{lines.map((l, i) => <li key={i}>{l[ctx.lang]}</li>)}</ol>}
    </section>
  );
}

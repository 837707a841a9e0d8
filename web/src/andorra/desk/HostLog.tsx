import type { Ctx, DeskView } from "../common";

/** H-03: the host's own commands in words (corrections, PM entries, edits, penalties). */
export function HostLog({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const lines = view.host.host_log;
  return (
    <section aria-label={ctx.t("host_log")}>
      <h3>{ctx.t("host_log")}</h3>
      {lines.length === 0 ? <p>—</p> : <ol class="host-log">{lines.map((l, i) => <li key={i}>{l}</li>)}</ol>}
    </section>
  );
}

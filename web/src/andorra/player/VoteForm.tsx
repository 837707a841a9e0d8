import { useId, useState } from "preact/hooks";
import { ErrorLine, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";
import { command } from "../send";
import { ConfirmStep } from "./ConfirmStep";

export function VoteForm({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const me = view.me;
  const voted = view.vote_log.some((v) => v.voter === me.seat);
  const candidates = view.players.filter((p) => p.status === "ALIVE" && p.seat !== me.seat);
  const [choice, setChoice] = useState<string>("");
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false); // the vote is final: asked once more, in the page
  const hintId = useId();
  if (me.status !== "ALIVE") return null;
  if (voted) {
    // a void vote (an edited post, a second vote, one for himself: A-VOTE-3) is not «учтён»:
    // it brings him +1 tomorrow (A-VOTE-4), which he should read here, not work out from the log
    const mine = view.vote_log.filter((v) => v.voter === me.seat);
    const voided = mine.find((v) => v.kind === "VOID");
    const reason = voided && (ctx.lang === "ru" && voided.void_ru ? voided.void_ru : voided.void_reason);
    return (
      <section aria-label={ctx.t("day_vote")}>
        <h3>{ctx.t("day_vote")}</h3>
        <p role="status" class={voided ? "error" : undefined}>
          {voided ? ctx.t("vote_void_mine", { reason: reason ?? "" }) : ctx.t("vote_done")}
        </p>
      </section>
    );
  }
  // no preselected player: a quick tap must not cast a vote nobody chose (a vote is final)
  const value = choice;
  const chosen = value === "blank" ? ctx.t("vote_blank") : candidates.find((p) => String(p.seat) === value)?.nick;
  return (
    <section aria-label={ctx.t("day_vote")}>
      <h3>{ctx.t("day_vote")}</h3>
      {asking && chosen ? (
        <ConfirmStep
          ctx={ctx}
          question={ctx.t("vote_confirm", { choice: chosen })}
          onYes={async () => {
            setAsking(false);
            setBusy(true);
            setErr(await command(conn, "vote", { target: value === "blank" ? null : Number(value) }));
            setBusy(false);
          }}
          onNo={() => setAsking(false)}
        />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (busy || !chosen) return;
            setAsking(true);
          }}
        >
          <label>
            {ctx.t("vote_for")}
            <select aria-label={ctx.t("vote_for")} value={value} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
              <option value="" disabled>
                {ctx.t("vote_pick")}
              </option>
              {candidates.map((p) => (
                <option key={p.seat} value={String(p.seat)}>
                  {p.nick}
                </option>
              ))}
              <option value="blank">{ctx.t("vote_blank")}</option>
            </select>
          </label>
          <button type="submit" disabled={busy || !chosen} aria-describedby={chosen ? undefined : hintId}>
            {ctx.t("vote_submit")}
          </button>
          {/* why the button is disabled, until a choice is made */}
          {!chosen && (
            <p class="hint" id={hintId}>
              {ctx.t("vote_need_choice")}
            </p>
          )}
          <ErrorLine ctx={ctx} err={err} />
        </form>
      )}
    </section>
  );
}

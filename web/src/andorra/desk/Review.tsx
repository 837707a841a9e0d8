import type { Ctx, DeskView } from "../common";

/** H-03: the resolved night in words — the tally, every move and its result, the deaths with
 * their cause, every private message, the host's corrections and answers — read before
 * «Опубликовать утро». */
export function Review({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  const r = view.host.review;
  if (!r) return null;
  const l = ctx.lang;
  const list = (items: string[], name?: string) =>
    items.length === 0 ? (
      <p>—</p>
    ) : (
      <ul class={name}>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    );
  return (
    <section aria-label={ctx.t("review")} class="review">
      <h3>{ctx.t("review")}</h3>
      <h4>{ctx.t("review_tally")}</h4>
      <p class="review-tally">
        {ctx.t("review_scores")}: {r.tally.scores[l]}. {ctx.t("review_penalties")}: {r.tally.penalties[l]}.{" "}
        {ctx.t("review_jailed")}: {r.tally.jailed[l]}. {ctx.t("review_coin")}: {r.tally.coin[l]}.
      </p>
      <h4>{ctx.t("review_deaths")}</h4>
      {list(r.deaths.map((x) => x[l]), "review-deaths")}
      <h4>{ctx.t("review_moves")}</h4>
      {list(r.moves.map((x) => x[l]), "review-moves")}
      <h4>{ctx.t("review_messages")}</h4>
      {r.messages.length === 0 ? (
        <p>—</p>
      ) : (
        <ul>
          {r.messages.map((m, i) => (
            <li key={i}>
              <b>{m.to[l]}:</b> {m.text[l]}
            </li>
          ))}
        </ul>
      )}
      <h4>{ctx.t("review_host")}</h4>
      {list([...r.corrections, ...r.answers].map((x) => x[l]))}
      <h4>{ctx.t("review_entries")}</h4>
      {list((r.host_entries ?? []).map((x) => x[l]))}
    </section>
  );
}

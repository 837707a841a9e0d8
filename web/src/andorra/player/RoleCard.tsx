import { nickOf, type Ctx, type PlayerView } from "../common";

export function RoleCard({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const me = view.me;
  const items = Object.entries(me.items);
  const gone = (seat: number) => {
    const status = view.players.find((p) => p.seat === seat)?.status;
    return status && status !== "ALIVE" ? status : null;
  };
  return (
    <section class="card" aria-label={ctx.t("role_card")}>
      <h3>{ctx.t("role_card")}</h3>
      <p class="role-name">{me.role_words[ctx.lang]}</p>
      <p>{ctx.t("faction", { faction: ctx.lang === "en" ? me.card.side.en : me.card.side.ru })}</p>
      <p>{ctx.t("status", { status: ctx.t(`status.${me.status}`) })}</p>
      <p class="role-description" aria-label={ctx.t("role_description")}>
        {ctx.lang === "en" ? me.card.description.en : me.card.description.ru}
      </p>
      <h4>{ctx.t("items")}</h4>
      {items.length === 0 ? (
        <p>{ctx.t("no_items")}</p>
      ) : (
        <ul aria-label={ctx.t("items")}>
          {me.card.items.map((it) => (
            <li key={it.ru}>
              {ctx.lang === "en" ? it.en : it.ru} × {it.count}
            </li>
          ))}
        </ul>
      )}
      <h4>{ctx.t("your_moves")}</h4>
      {/* the moves he can make as the state stands (A-MOVE-1), not the role's whole catalogue */}
      {me.card.moves.length === 0 ? (
        <p>{ctx.t("no_moves")}</p>
      ) : (
        <ul aria-label={ctx.t("your_moves")} class="card-moves">
          {me.card.moves.map((m) => (
            <li key={m.code}>{ctx.lang === "en" ? m.en : m.ru}</li>
          ))}
        </ul>
      )}
      {me.clan_items && <p>{ctx.t("clan_items", { ...me.clan_items })}</p>}
      {me.item_manager != null && <p>{ctx.t("item_manager", { nick: nickOf(view, me.item_manager) })}</p>}
      <h4>{ctx.t("knows")}</h4>
      {me.knows.length === 0 ? (
        <p>{ctx.t("knows_none")}</p>
      ) : (
        <ul aria-label={ctx.t("knows")}>
          {me.knows.map((k) => (
            <li key={k.seat}>
              {k.nick}
              {k.clan_name[ctx.lang] ? ` (${k.clan_name[ctx.lang]})` : ""}
              {k.ghoul ? ` (${ctx.t("ghoul")})` : ""}
              {/* a mate who is out: no moves to expect from him */}
              {gone(k.seat) && <span class="muted"> · {ctx.t(`status.${gone(k.seat)}`)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useState } from "preact/hooks";
import { storage } from "../../core/api";
import { nickOf, type Ctx, type PlayerView } from "../common";
import { ClanSender } from "./ClanSender";

/** The role this device has shown open already, per game and seat. */
const seenKey = (seat: number) => `andorra:card:${location.pathname}:${seat}`;

/** The card folds after its reveal: open on the first visit and whenever the role changes
 * (a recruitment, a free role), folded afterwards so the day's vote or the night's move is in
 * sight on a phone; the role's name stays in the fold's line. */
function useRevealed(seat: number, role: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => storage.get(seenKey(seat)) !== role);
  useEffect(() => {
    if (storage.get(seenKey(seat)) !== role) {
      storage.set(seenKey(seat), role);
      setOpen(true);
    }
  }, [seat, role]);
  return [open, setOpen];
}

export function RoleCard({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const me = view.me;
  const items = Object.entries(me.items);
  const gone = (seat: number) => {
    const status = view.players.find((p) => p.seat === seat)?.status;
    return status && status !== "ALIVE" ? status : null;
  };
  const [open, setOpen] = useRevealed(me.seat, me.role_words.ru);
  return (
    <section class="card" aria-label={ctx.t("role_card")}>
      <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>
          <h3>{ctx.t("role_card")}</h3>
          <span class="role-name">{me.role_words[ctx.lang]}</span>
        </summary>
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
        <ClanSender ctx={ctx} view={view} />
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
      </details>
    </section>
  );
}

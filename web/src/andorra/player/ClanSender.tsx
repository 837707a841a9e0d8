import { nickOf, type Ctx, type PlayerView } from "../common";

/** A-MOVE-5, A-CLAN-2: who sends this clan's sheet (the mafia's sender, the Sheriff for the
 * Cops), by nick and "you" on the sender's own phone, and that a member's own move counts only
 * if no sheet arrives. The view names the sender to the clan's members only; the Rebel's
 * followers send their own moves, so their view has no sender and this says nothing. */
export function ClanSender({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const me = view.me;
  if (me.clan_sender == null) return null;
  const you = me.clan_sender === me.seat;
  // a clan of one (a lone Sheriff, the last mafioso) has no sheet to send for others
  const mates = (me.knows ?? []).filter(
    (k) => k.clan != null && k.seat !== me.seat && view.players.some((p) => p.seat === k.seat && p.status === "ALIVE"),
  );
  if (you && mates.length === 0) return null;
  const nick = nickOf(view, me.clan_sender);
  return (
    <p class="clan-sender" data-sender={me.clan_sender}>
      {ctx.t(you ? "clan_sender_you" : "clan_sender", { nick })}{" "}
      {ctx.t(you ? "clan_sender_fallback_you" : "clan_sender_fallback")}
    </p>
  );
}

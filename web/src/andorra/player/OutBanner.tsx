import type { Ctx, PlayerView } from "../common";

/** A player out of the game (dead, jailed) is told so at the top of his page: the status line
 * inside the role card was the only sign, and the vote form simply vanished. */
export function OutBanner({ ctx, view }: { ctx: Ctx; view: PlayerView }) {
  const status = view.me.status;
  if (status === "ALIVE") return null;
  return <p class="out-banner">{ctx.t("out_banner", { status: ctx.t(`status.${status}`) })}</p>;
}

// The lobby's odds panel (issue 34 §2): the place the odds engineer fills in, on the host's
// phone (the Roles card) and on the board's lobby. It renders nothing while the room has no
// odds; the odds service will give it a `<section class="odds">` with the chances of the
// village, the witches and the Jester for the chosen deck.
import type { RoomState } from "../../core/connection";

export function OddsSlot(_props: { room: RoomState }) {
  return null;
}

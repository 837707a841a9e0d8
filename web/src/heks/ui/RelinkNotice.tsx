import { useEffect, useRef, useState } from "preact/hooks";
import type { RoomState } from "../../core/connection";
import { t } from "../i18n";

const SHOW_MS = 30000;

/** The name at a game seat (room.members[].game_seat), for a relink notice. */
function nameAt(room: RoomState, seat: number): string {
  return room.members.find((m) => m.game_seat === seat)?.name ?? String(seat);
}

/** The game seats the host gave a new link in this game (H-HST-8). */
export function relinkedSeats(room: RoomState): Set<number> {
  return new Set((room.relinks ?? []).map((r) => r.seat));
}

/**
 * H-HST-8: the host gave a seat a new private link during the game. Every screen that
 * watches says so ("The host gave Anna's seat a new link"), so a host cannot quietly take
 * over another player's phone view; the board also marks the seat for the rest of the game
 * (``relinkedSeats``). Only a change while this screen watches raises the notice.
 */
export function useRelinkNotice(room: RoomState | null): string | null {
  const count = room?.relinks?.length ?? null;
  const last = useRef<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = count;
    if (before === null || count === null || !room || count <= before) return;
    setNotice(t("relink.notice", { name: nameAt(room, room.relinks[count - 1].seat) }));
    const id = setTimeout(() => setNotice(null), SHOW_MS);
    return () => clearTimeout(id);
  }, [count]);
  return notice;
}

/** The board's mark next to a seat with a new link (H-HST-8): a link's picture, as small as
 * the frog and the crown beside it, so that the name keeps its room (a worded pill pushed a
 * long name out of a two-column list for the rest of the game); the banner said it in words. */
export function RelinkMark(props: { room: RoomState; seat: number }) {
  if (!relinkedSeats(props.room).has(props.seat)) return null;
  return (
    <span
      class="relink-mark"
      role="img"
      aria-label={t("relink.mark")}
      title={t("relink.notice", { name: nameAt(props.room, props.seat) })}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M10 14a4 4 0 0 0 5.7 0l3.6-3.6a4 4 0 0 0-5.7-5.7L12 6.3M14 10a4 4 0 0 0-5.7 0l-3.6 3.6a4 4 0 0 0 5.7 5.7l1.6-1.6"
          fill="none"
          stroke="currentColor"
          stroke-width="2.4"
          stroke-linecap="round"
        />
      </svg>
    </span>
  );
}

/** The notice itself: on the board a wide banner, on a phone the host notice's place. */
export function RelinkBanner(props: { text: string | null; board?: boolean }) {
  if (!props.text) return null;
  return (
    <div class={props.board ? "relink-banner" : "host-notice relink-notice"} role="status" key={props.text}>
      {props.text}
    </div>
  );
}

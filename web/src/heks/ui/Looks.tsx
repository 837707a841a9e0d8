import type { Member } from "../../core/connection";

// How a player looks on every screen (server/looks.py): a colour, unique at the table, and a
// simple shape. Shapes are SVG, not emoji: a TV's or a phone's browser may lack an emoji font.
// Colours are far apart and bright enough to read on the dark board.

export const COLOURS: Record<string, string> = {
  red: "#e5484d",
  orange: "#f76b15",
  yellow: "#ffd60a",
  lime: "#99d52a",
  green: "#30a46c",
  teal: "#12a594",
  sky: "#7cc4fa",
  blue: "#4c6ef5",
  violet: "#a463f2",
  pink: "#f06ba8",
  brown: "#a07553",
  white: "#eeeeee",
};

// 24×24 outlines, each filled with the player's colour.
const SHAPES: Record<string, string> = {
  circle: "M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z",
  square: "M3 3h18v18H3z",
  triangle: "M12 2L22.5 21H1.5z",
  diamond: "M12 1L23 12L12 23L1 12z",
  star: "M12 1.5l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.6l-6.4 3.5L7 14 1.7 9l7.2-.9z",
  heart: "M12 21.5S2 15.4 2 8.6A5.1 5.1 0 0 1 12 6a5.1 5.1 0 0 1 10 2.6c0 6.8-10 12.9-10 12.9z",
  moon: "M15.5 2A10 10 0 1 0 22 18.5 8.2 8.2 0 0 1 15.5 2z",
  hexagon: "M12 1.5l9.5 5.3v10.4L12 22.5l-9.5-5.3V6.8z",
  cross: "M8.5 2h7v6.5H22v7h-6.5V22h-7v-6.5H2v-7h6.5z",
  drop: "M12 1.5S4 10.6 4 15.2a8 8 0 0 0 16 0C20 10.6 12 1.5 12 1.5z",
  leaf: "M21 3C9 3 3 9 3 21c12 0 18-6 18-18z",
  bolt: "M14 1L3.5 13.5H11L9.5 23 20.5 10H13z",
};

export const COLOUR_IDS = Object.keys(COLOURS);
export const AVATAR_IDS = Object.keys(SHAPES);

type Look = Pick<Member, "colour" | "avatar">;

/** A player's shape in their colour; a room from before colours gets a grey circle. */
export function Badge(props: { look?: Look | null; size?: number; class?: string }) {
  const look = props.look;
  const size = props.size ?? 22;
  const fill = (look?.colour && COLOURS[look.colour]) || "#8a84a8";
  const d = (look?.avatar && SHAPES[look.avatar]) || SHAPES.circle;
  return (
    <svg
      class={`badge ${props.class ?? ""}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      data-colour={look?.colour ?? undefined}
      data-avatar={look?.avatar ?? undefined}
    >
      <path d={d} fill={fill} stroke="#0b0818" stroke-width="1.2" stroke-linejoin="round" />
    </svg>
  );
}

/** The member at this game seat (a running game's seats are the room's ``members[].seat``). */
export function lookAt(members: Member[], seat: number): Member | undefined {
  // a game seat: after a game, `seat` is already the next game's (the host may reorder)
  return members.find((m) => (m.game_seat ?? m.seat) === seat);
}

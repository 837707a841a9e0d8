// The Heks view contract (docs/heks-commands.md), generated from the server's TypedDicts
// (src/nightfall/games/heks/view_types.py → generated/protocol.ts, `make types`). This file
// only gives the client's short names to the generated types.
import type { Outcome, RoomState } from "../core/connection";
import type {
  HeksAnnouncement,
  HeksCommandPayloads,
  HeksInboxItem,
  HeksMe,
  HeksSettings,
  HeksVoteResult,
} from "../generated/protocol";

export type { Card, HeksView, Ingredient, PlaceId, Spell } from "../generated/protocol";
export type Seat = number;
export type Me = HeksMe;
export type Announcement = HeksAnnouncement;
export type InboxItem = HeksInboxItem;
export type VoteResult = HeksVoteResult;

/** A Heks room's settings: the room JSON carries each game's own (`GameSettings`, one of them). */
export function heksSettings(room: RoomState): HeksSettings {
  return room.settings as HeksSettings;
}

/** A command's payload argument: optional for a tap (no fields), required otherwise. */
type PayloadArg<K extends keyof HeksCommandPayloads> = keyof HeksCommandPayloads[K] extends never
  ? [payload?: HeksCommandPayloads[K]]
  : [payload: HeksCommandPayloads[K]];

/** Sends a Heks command: its name and fields are the server's (games/heks/command_types.py).
 *  Resolves with the server's answer: null (done), or why not (a lost link: `disconnected`). */
export type Send = <K extends keyof HeksCommandPayloads>(type: K, ...payload: PayloadArg<K>) => Promise<Outcome>;

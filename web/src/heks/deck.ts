// The host's deck on the client (issue 34 §1): what the lobby shows for the seated count.
// The server decides (src/nightfall/games/heks/deck.py, H-DECK-1..9); this repeats its
// count rules H-DECK-3 and H-DECK-6 so every lobby can say at once why a chosen deck does not
// fit the players seated now (H-DECK-7), in the phone's language.
import type { HeksDeck, Role } from "../generated/protocol";
import type { RoomState } from "../core/connection";
import { heksSettings } from "./types";
import { ROLE_COLUMNS } from "./ui/roles";

export type DeckRole = keyof HeksDeck;
export const DECK_ROLES: readonly DeckRole[] = ["WITCH", "CROW", "JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"];
// H-DECK-4, H-DECK-5: a role for one holder, chosen with a switch rather than a stepper.
export const ONE_HOLDER: readonly DeckRole[] = ["JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"];
const MIN_PLAYERS = 4;
const MAX_PLAYERS = 12;

/** Why a deck does not fit ``n`` players (H-DECK-3, H-DECK-6), as an i18n key and its values. */
export type DeckProblem = { rule: string; key: "deck.tooMany" | "deck.side" | "deck.witches"; params: Record<string, number> };

export function problemAt(n: number, d: HeksDeck): DeckProblem | null {
  const chosen = DECK_ROLES.reduce((sum, r) => sum + d[r], 0);
  if (chosen > n) return { rule: "H-DECK-6", key: "deck.tooMany", params: { roles: chosen, n } };
  const side = d.WITCH + d.CROW;
  if (2 * side > n) return { rule: "H-DECK-3", key: "deck.side", params: { side, n } };
  if (2 * d.WITCH >= n) return { rule: "H-DECK-3", key: "deck.witches", params: { witches: d.WITCH, others: n - d.WITCH } };
  return null;
}

/** The smallest table the deck fits (for "needs at least N players"); 13 if none. */
export function fewestPlayers(d: HeksDeck): number {
  for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) if (!problemAt(n, d)) return n;
  return MAX_PLAYERS + 1;
}

/** Table 2.1's row for ``n`` players as a deck (what "Own choice" starts from). */
export function standardDeck(room: RoomState, n: number): HeksDeck {
  const row = room.limits.roles?.[String(Math.min(Math.max(n, MIN_PLAYERS), MAX_PLAYERS))] ?? [];
  const out = {} as HeksDeck;
  DECK_ROLES.forEach((r) => {
    out[r] = row[ROLE_COLUMNS.indexOf(r as Role)] ?? 0;
  });
  return out;
}

/** The room's chosen deck (null: the standard deck); an older room's settings have no key. */
export function chosenDeck(room: RoomState): HeksDeck | null {
  return heksSettings(room).deck ?? null;
}

/** Counts in Table 2.1's column order for ``n`` seated (H-DECK-9): the deck, Villagers filling the
 * rest; the standard row when no deck is chosen; [] when there is no table to show. */
export function deckRow(room: RoomState, n: number): number[] {
  const d = chosenDeck(room);
  if (d === null) return room.limits.roles?.[String(n)] ?? [];
  const chosen = DECK_ROLES.reduce((sum, r) => sum + d[r], 0);
  return ROLE_COLUMNS.map((r) => (r === "VILLAGER" ? Math.max(0, n - chosen) : d[r as DeckRole]));
}

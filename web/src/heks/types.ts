// The Heks view contract (docs/heks-commands.md). The client renders these and nothing else.
// Sub-objects the contract leaves open (me.choice, me.witch, …) are typed loosely and read
// defensively: see "Client needs" in docs/protocol.md.

export type Seat = number;
export type PlaceId = "P1" | "P2" | "P3" | "P4" | "P5" | "P6";
export type Ingredient = "MUSHROOM" | "MOONFLOWER" | "SPRINGWATER" | "OWL_FEATHER" | "CRYSTAL" | "COBWEB";
export type Card = Ingredient | "EMPTY";
export type Role =
  | "VILLAGER" | "HERB_DOCTOR" | "PICKPOCKET" | "PROTECTOR" | "SEER" | "WITCH" | "CROW" | "JESTER";
export type Side = "village" | "witch" | "solo";
export type Spell = "MIST" | "DISGUISE" | "CREEPING_CURSE" | "TWIN_HEX";
export type Status = "CAT" | "FROG" | "EXILED";
export type Phase =
  | "ROLE_REVEAL" | "VOTE_RESULT_SCENE" | "DEPART_A" | "GUARD_B" | "WITCH_C" | "EVENING_ANNOUNCE"
  | "DISCUSSION" | "PROPOSAL" | "APPROVAL_VOTE" | "ACCEPT_SCENE" | "REJECT_SCENE" | "RITUAL"
  | "RITUAL_RESULT" | "QUARREL" | "EXILE_VOTE" | "GAME_END";

export interface PlayerView {
  seat: Seat;
  name: string;
  status: Status;
  host?: boolean;
  connected?: boolean; // presence, when the server adds it
  presence?: "connected" | "grace" | "disconnected";
}

export interface Announcement {
  day: number;
  new_frogs: Seat[];
  turned_back: Seat[];
}

export interface ApprovalResult {
  members?: Seat[];
  for: Seat[];
  against: Seat[];
  auto: Seat[];
  accepted: boolean;
}

export interface Ballot { voter: Seat; target: Seat | null; auto: boolean }

export interface VoteResult {
  ballot: Ballot[];
  tally: Record<string, number>;
  outcome: "EXILED" | "TIE" | "ALL_BLANK";
  exiled: Seat | null;
  was_witch: boolean | null;
}

export interface InboxItem {
  day: number;
  kind: string; // SEER_RESULT, ROBBED, REPELLED, PICKPOCKET_HAND, PICKPOCKET_TOOK, CARD_PLAYED
  [k: string]: unknown;
}

export interface WitchWindow {
  counts?: Record<string, number>;
  place?: PlaceId | null;
  spell_chosen?: boolean;
  spell?: Spell | null;
  mist_place?: PlaceId | null;
  target_chosen?: boolean;
  target?: Seat | null;
  second_chosen?: boolean;
  second?: Seat | null;
  available_spells?: Spell[];
  reserved?: Record<string, Seat>;
  [k: string]: unknown;
}

export interface GuardInfo {
  counts?: Record<string, number>;
  [k: string]: unknown;
}

export interface SeerInfo {
  used?: boolean;
  [k: string]: unknown;
}

export interface PickpocketInfo {
  target?: Seat | null;
  seen?: Ingredient[] | null;
  done?: boolean;
  window_open?: boolean;
  [k: string]: unknown;
}

export interface Me {
  seat: Seat;
  role: Role;
  side: Side;
  status: Status;
  hand: Ingredient[];
  known_witches: Seat[];
  owes: boolean;
  choice?: Record<string, unknown> | null;
  witch?: WitchWindow | null;
  guard?: GuardInfo | null;
  seer?: SeerInfo | null;
  pickpocket?: PickpocketInfo | null;
  mask_used?: boolean;
  spells_cast?: Spell[];
  inbox?: InboxItem[];
  [k: string]: unknown;
}

export interface HostExtras {
  pending: Seat[] | null;
  can_mark_absent?: boolean;
  can_force_continue: boolean;
}

export interface GameResult {
  winner: "village" | "witches" | "witch" | "jester" | "solo";
  reason: string;
  score: number;
  roles: Record<string, Role>;
  announcement?: Announcement | null;
}

export interface HeksView {
  game: "heks";
  step: number;
  phase: Phase;
  deadline: number | null;
  /** The running timer's full length in ms (null when no timer runs). */
  deadline_total?: number | null;
  mode: "timed" | "unlimited";
  day: number;
  knights_day: number;
  is_knights_day: boolean;
  seals: number;
  seals_needed: number;
  spoiled: number;
  curse: number;
  curse_max: number;
  recipe_size: number;
  recipe: Ingredient[];
  places: { id: PlaceId; open: boolean }[];
  unlocked_spells: Spell[];
  players: PlayerView[];
  chief: Seat | null;
  proposal: Seat[] | null;
  announcement: Announcement | null;
  last_ritual: "SUCCESS" | "FAILURE" | "CURSE_FAILED" | null;
  approval_result: ApprovalResult | null;
  vote_result: VoteResult | null;
  progress: { done: number; total: number } | null;
  me?: Me | null;
  host?: HostExtras | null;
  result: GameResult | null;
}

export type Command = { type: string; payload?: Record<string, unknown> };
export type Send = (type: string, payload?: Record<string, unknown>) => void;

export const INGREDIENT_OF: Record<PlaceId, Ingredient> = {
  P1: "MUSHROOM", P2: "MOONFLOWER", P3: "SPRINGWATER", P4: "OWL_FEATHER", P5: "CRYSTAL", P6: "COBWEB",
};

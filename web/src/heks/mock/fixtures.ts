// Dev-only scene fixtures (mock.html, never in the build): rare states to look at without a server.
import type { HeksView, Me } from "../types";
import { RECAP, RECAP5 } from "./recap";
import { RESULT12 } from "./recap12";

const NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo", "Ilse"];

function base(over: Partial<HeksView> = {}): HeksView {
  return {
    game: "heks", step: 40, phase: "DEPART_A", deadline: Date.now() + 42_000, mode: "timed", day: 3,
    knights_day: 5, is_knights_day: false, attacks_from: 1, seer_from: 1, exile_quorum: null, exile_needed: null, stall: null, roles_in_play: [3, 2, 1, 1, 1, 1, 1, 2], seals: 1, seals_needed: 3, spoiled: 2, curse: 0, curse_max: 3,
    recipe_size: 3, recipe: ["MUSHROOM", "SPRINGWATER", "CRYSTAL"],
    places: [
      { id: "P1", open: true, ingredient: "MUSHROOM" }, { id: "P2", open: false, ingredient: "MOONFLOWER" },
      { id: "P3", open: true, ingredient: "SPRINGWATER" }, { id: "P4", open: true, ingredient: "OWL_FEATHER" },
      { id: "P5", open: true, ingredient: "CRYSTAL" },
    ],
    unlocked_spells: ["MIST", "DISGUISE", "CREEPING_CURSE"],
    players: NAMES.map((name, i) => ({ seat: i + 1, name, status: i === 2 || i === 6 ? "FROG" : i === 5 ? "EXILED" : "CAT", host: i === 0 })),
    chief: null, proposal: null, announcement: null, last_ritual: null, approval_result: null, vote_result: null,
    progress: null, waiting: null, proposal_auto: false, deadline_total: null, result: null,
    ...over,
  };
}

function me(over: Partial<Me>): Me {
  return { seat: 1, role: "VILLAGER", side: "village", status: "CAT", hand: ["MUSHROOM", "OWL_FEATHER"], known_witches: [], owes: true, choice: null, inbox: [], ...over };
}

// The TV board at 12 players in its busiest scenes (names as long as a table's get).
const TWELVE = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo", "Ilse", "Jasper-Jan", "Karin", "Lotte"];
function board12(over: Partial<HeksView> = {}): HeksView {
  return base({
    players: TWELVE.map((name, i) => ({ seat: i + 1, name, status: i === 2 || i === 6 ? "FROG" : i === 5 ? "EXILED" : "CAT", host: i === 0 })),
    recipe_size: 4, recipe: ["MUSHROOM", "SPRINGWATER", "CRYSTAL", "COBWEB"], seals: 2, seals_needed: 4, spoiled: 1,
    places: [
      { id: "P1", open: true, ingredient: "MUSHROOM" }, { id: "P2", open: false, ingredient: "MOONFLOWER" },
      { id: "P3", open: true, ingredient: "SPRINGWATER" }, { id: "P4", open: true, ingredient: "OWL_FEATHER" },
      { id: "P5", open: true, ingredient: "CRYSTAL" }, { id: "P6", open: true, ingredient: "COBWEB" },
    ],
    ...over,
  });
}
// A 5-player table (Table 2.2): seals 2, knights on day 4, witches attack from day 3, and an
// exile before the knights' day needs 3/4 of the ballots (H-EXC-8): 4 of 5.
function five(over: Partial<HeksView> = {}): HeksView {
  return base({
    day: 2, knights_day: 4, attacks_from: 3, exile_quorum: [3, 4], exile_needed: 4, seals: 1, seals_needed: 2, spoiled: 0,
    recipe_size: 2, recipe: ["MUSHROOM", "SPRINGWATER"], unlocked_spells: [],
    roles_in_play: [1, 1, 0, 0, 1, 1, 0, 1],
    places: [{ id: "P1", open: true, ingredient: "MUSHROOM" }, { id: "P2", open: true, ingredient: "SPRINGWATER" }, { id: "P3", open: true, ingredient: "CRYSTAL" }],
    players: NAMES.slice(0, 5).map((name, i) => ({ seat: i + 1, name, status: "CAT", host: i === 0 })),
    ...over,
  });
}
const NO_QUORUM = {
  day: 2, outcome: "NO_QUORUM", needed: 4, exiled: null, was_witch: null, tally: { "2": 3, "4": 1 },
  ballot: [{ voter: 1, target: 2, auto: false }, { voter: 2, target: 4, auto: false }, { voter: 3, target: 2, auto: false }, { voter: 4, target: 2, auto: false }, { voter: 5, target: null, auto: true }],
} satisfies HeksView["vote_result"];

const LONG12 = ["Anne-Marie", "Bartholomeus", "Christiaan", "Dewi-Lynn", "Evangeline", "Frederique", "Gijsbert", "Hendrikje", "Ilse-Marie", "Jasper-Jan", "Karolientje", "Lotte-Rose"];
const ALL12 = Array.from({ length: 12 }, (_, i) => i + 1);

// H-VIS-6a..6d in every language (issue 31 §1): each role's open secret in one scene at one
// table (Ilse, a witch, is a frog), nobody has tapped yet, or (``-ed``) every real choice made;
// a decoy's tap is the test's. ``parity_<scene>_<role>``.
const SEATS: Record<string, number> = { SEER: 1, WITCH: 2, PICKPOCKET: 3, HERB_DOCTOR: 4, PROTECTOR: 5, VILLAGER: 6, CROW: 7, JESTER: 8 };
function parity(phase: HeksView["phase"], role: string, over: Partial<Me> = {}, view: Partial<HeksView> = {}): HeksView {
  const side = role === "WITCH" || role === "CROW" ? "witch" : role === "JESTER" ? "solo" : "village";
  const known = role === "WITCH" ? [9] : role === "CROW" ? [2, 9] : [];
  return base({
    phase, day: 2, deadline: Date.now() + 60_000, deadline_total: phase === "WITCH_C" ? 15_000 : 60_000, progress: { done: 0, total: 9 },
    players: NAMES.map((name, i) => ({ seat: i + 1, name, status: i === 8 ? "FROG" : "CAT", host: i === 0 })),
    ...view,
    me: me({ seat: SEATS[role], role: role as Me["role"], side, known_witches: known, ...(role === "CROW" ? { known_jester: 8 } : {}), ...over }),
  });
}
const PARITY: Record<string, HeksView> = {
  ...Object.fromEntries(Object.keys(SEATS).map((r) => [`parity_reveal_${r}`, parity("ROLE_REVEAL", r, {}, { day: 1, deadline: null })])),
  parity_depart_PROTECTOR: parity("DEPART_A", "PROTECTOR"),
  parity_depart_HERB_DOCTOR: parity("DEPART_A", "HERB_DOCTOR"),
  parity_depart_VILLAGER: parity("DEPART_A", "VILLAGER"),
  parity_depart_WITCH: parity("DEPART_A", "WITCH"),
  parity_gather_WITCH: parity("WITCH_C", "WITCH", {
    choice: null,
    witch: { counts: { P1: 2, P3: 1, P4: 3, P5: 2 }, available_spells: ["MIST"], reserved: {}, place: null, spell_chosen: false, spell: null, mist_place: null, target_chosen: false, target: null, second_chosen: false, second: null },
  }),
  parity_gather_VILLAGER: parity("WITCH_C", "VILLAGER", { choice: { place: "P4", ingredient: "OWL_FEATHER" }, owes: false }),
  parity_evening_PROTECTOR: parity("EVENING_ANNOUNCE", "PROTECTOR", { inbox: [{ day: 2, kind: "REPELLED", place: "P4" }] }, { announcement: { day: 2, new_frogs: [], turned_back: [] } }),
  parity_evening_VILLAGER: parity("EVENING_ANNOUNCE", "VILLAGER", {}, { announcement: { day: 2, new_frogs: [], turned_back: [] } }),
  parity_discussion_SEER: parity("DISCUSSION", "SEER", { seer: { used: false } }),
  parity_discussion_PICKPOCKET: parity("DISCUSSION", "PICKPOCKET", { pickpocket: { target: null, seen: null, done: false, window_open: true } }),
  parity_discussion_VILLAGER: parity("DISCUSSION", "VILLAGER"),
  parity_departed_PROTECTOR: parity("DEPART_A", "PROTECTOR", { choice: { guard: true, guard_place: null }, owes: false }),
  parity_departed_HERB_DOCTOR: parity("DEPART_A", "HERB_DOCTOR", { choice: { place: "P4", ingredient: "OWL_FEATHER", turn_back: 9 }, owes: false }),
  parity_departed_VILLAGER: parity("DEPART_A", "VILLAGER", { choice: { place: "P4", ingredient: "OWL_FEATHER" }, owes: false }),
  parity_departed_WITCH: parity("DEPART_A", "WITCH"),
  parity_early_WITCH: parity("WITCH_C", "WITCH", {
    choice: null,
    witch: { counts: { P1: 2, P3: 1, P4: 3, P5: 2 }, available_spells: [], reserved: {}, place: null, spell_chosen: false, spell: null, mist_place: null, target_chosen: false, target: null, second_chosen: false, second: null },
  }, { day: 1, attacks_from: 3, unlocked_spells: [] }),
  parity_early_VILLAGER: parity("WITCH_C", "VILLAGER", { choice: { place: "P4", ingredient: "OWL_FEATHER" }, owes: false }, { day: 1, attacks_from: 3, unlocked_spells: [] }),
  parity_discussed_SEER: parity("DISCUSSION", "SEER", { seer: { used: true }, inbox: [{ day: 2, kind: "SEER_RESULT", target: 2, result: "WITCH" }] }),
  parity_discussed_PICKPOCKET: parity("DISCUSSION", "PICKPOCKET", { pickpocket: { target: 4, seen: null, done: true, window_open: false }, inbox: [{ day: 2, kind: "PICKPOCKET_TOOK", target: 4, ingredient: "CRYSTAL" }] }),
  parity_discussed_VILLAGER: parity("DISCUSSION", "VILLAGER"),
};

export const FIXTURES: Record<string, HeksView> = {
  ...PARITY,
  board_depart12: board12({ progress: { done: 5, total: 11 }, waiting: [1, 2, 4, 8, 9, 10] }),
  // The knights' day's vote at 12 players: its own scene on the board (issue 31 §3).
  board_knights12: board12({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, day: 6, knights_day: 6, is_knights_day: true, progress: { done: 4, total: 11 }, waiting: [1, 2, 4, 5, 8, 9, 10] }),
  board_exile12: board12({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, progress: { done: 4, total: 11 }, waiting: [1, 2, 4, 5, 8, 9, 10] }),
  board_approve12: board12({ phase: "APPROVAL_VOTE", deadline: Date.now() + 20_000, chief: 10, proposal: [10, 1, 2, 11], progress: { done: 4, total: 11 }, waiting: [1, 2, 3, 5, 7, 8, 11] }),
  board_ritual12: board12({ phase: "RITUAL", deadline: Date.now() + 30_000, chief: 10, proposal: [10, 1, 2, 11], progress: { done: 1, total: 4 }, waiting: [1, 2, 11] }),
  board_witch12: board12({ phase: "WITCH_C", deadline: Date.now() + 12_000, deadline_total: 15_000 }),
  board_approval12: board12({
    phase: "REJECT_SCENE", deadline: Date.now() + 8_000, chief: 10, curse: 2, proposal: [10, 1, 2, 11],
    approval_result: { members: [10, 1, 2, 11], for: [1, 10, 2, 11, 12], against: [4, 5, 8, 9], auto: [12], accepted: false },
    progress: { done: 4, total: 11 }, waiting: [1, 2, 3, 5, 7, 8, 11],
  }),
  board_voteres12: board12({
    phase: "VOTE_RESULT_SCENE", deadline: Date.now() + 20_000, day: 4,
    vote_result: { day: 3, outcome: "EXILED", needed: null, exiled: 6, was_witch: true, tally: { "6": 7, "2": 3 },
      ballot: ALL12.filter((s) => s !== 6).map((s) => ({ voter: s, target: s % 3 === 0 ? 2 : s === 11 ? null : 6, auto: s === 11 })) },
    progress: { done: 3, total: 11 }, waiting: [1, 2, 4, 5, 7, 8, 9, 10],
  }),
  // the host's phone at that vote's result: a long ballot puts Confirm at the foot of the screen
  voteres12: board12({
    phase: "VOTE_RESULT_SCENE", deadline: Date.now() + 20_000, day: 4,
    vote_result: { day: 3, outcome: "EXILED", needed: null, exiled: 6, was_witch: true, tally: { "6": 7, "2": 3 },
      ballot: ALL12.filter((s) => s !== 6).map((s) => ({ voter: s, target: s % 3 === 0 ? 2 : s === 11 ? null : 6, auto: s === 11 })) },
    progress: { done: 3, total: 11 }, me: me({ seat: 1 }),
  }),
  board_ritualres12: board12({ phase: "RITUAL_RESULT", deadline: Date.now() + 15_000, last_ritual: "FAILURE", spoiled: 2, unlocked_spells: ["MIST", "DISGUISE", "CREEPING_CURSE"], progress: { done: 6, total: 11 } }),
  board_proposal12: board12({ phase: "PROPOSAL", deadline: Date.now() + 40_000, chief: 10, curse: 1, progress: { done: 0, total: 1 }, waiting: [10] }),
  board_discussion12: board12({ phase: "DISCUSSION", deadline: Date.now() + 140_000, announcement: { day: 3, new_frogs: [3, 7], turned_back: [4] }, progress: { done: 4, total: 9 }, waiting: [1, 2, 4, 5, 8] }),
  board_evening12: board12({ phase: "EVENING_ANNOUNCE", deadline: Date.now() + 25_000, announcement: { day: 3, new_frogs: [3, 7], turned_back: [4] }, progress: { done: 3, total: 11 } }),
  board_result12: base({
    places: board12().places, // a 12-player table's six places (the recap's pictures)
    phase: "GAME_END", deadline: null, day: RESULT12.day, result: RESULT12,
    players: Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, name: [...NAMES, "Jasper", "Karin", "Lotte"][i], status: "CAT", host: i === 0 })),
  }),
  // The same story with a table's longest names: the busiest days go over two slides.
  board_result12_long: base({
    places: board12().places, // a 12-player table's six places (the recap's pictures)
    phase: "GAME_END", deadline: null, day: RESULT12.day, result: RESULT12,
    players: LONG12.map((name, i) => ({ seat: i + 1, name, status: "CAT", host: i === 0 })),
  }),
  // Decided at the end of day 3 (the witches took over): the day's news is on the results (H-ERR-4).
  board_takeover12: base({
    places: board12().places, // a 12-player table's six places (the recap's pictures)
    phase: "GAME_END", deadline: null, day: 3,
    result: { ...RESULT12, winner: "witch", reason: "TAKEOVER", score: 4, day: 3, announcement: { day: 3, new_frogs: [1, 5, 7, 9], turned_back: [2] } },
    players: LONG12.map((name, i) => ({ seat: i + 1, name, status: [1, 5, 7, 9].includes(i + 1) ? "FROG" : "CAT", host: i === 0 })),
  }),
  board_result: base({ phase: "GAME_END", deadline: null, day: 4, result: { winner: "solo", reason: "JESTER_EXILED", score: 2, day: 4, winners: [8], roles: { "1": "SEER", "2": "WITCH", "3": "VILLAGER", "4": "HERB_DOCTOR", "5": "PROTECTOR", "6": "PICKPOCKET", "7": "CROW", "8": "JESTER", "9": "WITCH" }, announcement: null, recap: RECAP } }),
  hd_depart: base({ me: me({ seat: 4, role: "HERB_DOCTOR", choice: { place: "P3", ingredient: "SPRINGWATER", turn_back: 3 }, owes: false }) }),
  reveal_crow7: base({ phase: "ROLE_REVEAL", deadline: null, players: base().players.slice(0, 7), me: me({ seat: 7, role: "CROW", side: "witch", known_witches: [2, 5] }) }),
  reveal_crow: base({ phase: "ROLE_REVEAL", deadline: null, me: me({ seat: 7, role: "CROW", side: "witch", known_witches: [2, 9], known_jester: 8 }) }),
  jester_depart: base({ me: me({ seat: 8, role: "JESTER", side: "solo", choice: { place: "P1", ingredient: "MUSHROOM" } }) }),
  protector_depart: base({ mode: "unlimited", deadline: null, me: me({ seat: 5, role: "PROTECTOR", choice: { place: "P4", ingredient: "OWL_FEATHER" } }) }),
  accept: base({
    phase: "ACCEPT_SCENE", deadline: null, chief: 5, curse: 1, proposal: [5, 1, 2],
    approval_result: { members: [5, 1, 2], for: [1, 5, 2, 4, 8], against: [9], auto: [], accepted: true }, progress: { done: 1, total: 9 },
    me: me({ seat: 1 }),
  }),
  // a 12-player table's accept scene with long names and votes nobody cast (H-APR-8)
  accept12: board12({
    phase: "ACCEPT_SCENE", deadline: null, chief: 10, curse: 1, proposal: [10, 1, 2, 11],
    approval_result: { members: [10, 1, 2, 11], for: [1, 10, 2, 11, 12, 4], against: [5, 8, 9], auto: [10, 12], accepted: true },
    progress: { done: 1, total: 9 }, me: me({ seat: 1 }),
  }),
  protector_guarding: base({ me: me({ seat: 5, role: "PROTECTOR", choice: { guard: true, guard_place: null }, owes: false }) }),
  frog_depart: base({ me: me({ seat: 3, status: "FROG", owes: false }) }),
  // Table 2.1's 6-player deck has no Herb Doctor: nobody can turn this frog back
  frog_nodoctor: base({ roles_in_play: [1, 1, 0, 1, 0, 1, 1, 1], me: me({ seat: 3, status: "FROG", owes: false }) }),
  exiled_depart: base({ me: me({ seat: 6, status: "EXILED", owes: false }) }),
  exiled_gather: base({ phase: "WITCH_C", deadline: Date.now() + 9_000, me: me({ seat: 6, status: "EXILED", owes: false }) }),
  frog_gather: base({ phase: "WITCH_C", deadline: Date.now() + 9_000, me: me({ seat: 3, status: "FROG", owes: false }) }),
  guard_gather: base({ phase: "WITCH_C", deadline: Date.now() + 9_000, me: me({ seat: 5, role: "PROTECTOR", choice: { guard: true, guard_place: "P4" }, owes: false }) }),
  witch_spell: base({
    phase: "WITCH_C", deadline: Date.now() + 11_000,
    me: me({ seat: 2, role: "WITCH", side: "witch", known_witches: [9], spells_cast: ["DISGUISE"],
      witch: { counts: { P1: 2, P3: 1, P4: 0, P5: 3 }, available_spells: ["MIST"], reserved: { DISGUISE: 9 }, place: "P5", spell_chosen: false, spell: null, mist_place: null, target_chosen: false, target: null, second_chosen: false, second: null } }),
  }),
  witch_target: base({
    phase: "WITCH_C", deadline: Date.now() + 6_000,
    me: me({ seat: 2, role: "WITCH", side: "witch", known_witches: [9],
      witch: { counts: { P1: 2, P3: 1, P4: 0, P5: 3 }, available_spells: [], reserved: {}, place: "P5", spell_chosen: true, spell: "MIST", mist_place: "P1", target_chosen: false, target: null, second_chosen: false, second: null } }),
  }),
  witch_noattack: base({
    phase: "WITCH_C", deadline: Date.now() + 9_000, day: 1, attacks_from: 3, seer_from: 2, spoiled: 0, unlocked_spells: [],
    me: me({ seat: 2, role: "WITCH", side: "witch", known_witches: [9],
      witch: { counts: { P1: 2, P3: 1, P4: 0, P5: 3 }, available_spells: [], reserved: {}, place: "P5", spell_chosen: true, spell: null, mist_place: null, target_chosen: true, target: null, second_chosen: true, second: null } }),
  }),
  seer_notyet: base({
    phase: "DISCUSSION", deadline: Date.now() + 150_000, day: 1, attacks_from: 3, seer_from: 2, progress: { done: 2, total: 6 },
    me: me({ seat: 1, role: "SEER", seer: { used: false } }),
  }),
  reveal_seer7: base({ phase: "ROLE_REVEAL", deadline: null, day: 1, attacks_from: 3, seer_from: 2, me: me({ seat: 1, role: "SEER" }) }),
  witch_twin: base({
    phase: "WITCH_C", deadline: Date.now() + 6_000, unlocked_spells: ["MIST", "DISGUISE", "CREEPING_CURSE", "TWIN_HEX"],
    me: me({ seat: 2, role: "WITCH", side: "witch", known_witches: [9],
      witch: { counts: { P1: 2, P3: 1, P4: 0, P5: 3 }, available_spells: [], reserved: {}, place: "P5", spell_chosen: true, spell: "TWIN_HEX", mist_place: null, target_chosen: true, target: 4, second_chosen: false, second: null } }),
  }),
  evening_protector: base({
    phase: "EVENING_ANNOUNCE", deadline: null, announcement: { day: 3, new_frogs: [3, 7], turned_back: [4] }, progress: { done: 3, total: 8 },
    me: me({ seat: 5, role: "PROTECTOR", inbox: [{ day: 3, kind: "REPELLED", place: "P4" }] }),
  }),
  pickpocket_hand: base({
    phase: "DISCUSSION", deadline: Date.now() + 150_000, progress: { done: 2, total: 6 },
    me: me({ seat: 3, role: "PICKPOCKET", pickpocket: { target: 5, seen: ["CRYSTAL", "MUSHROOM", "CRYSTAL"], done: false, window_open: true } }),
  }),
  seer_check: base({
    phase: "DISCUSSION", deadline: Date.now() + 150_000, progress: { done: 2, total: 6 },
    me: me({ seat: 1, role: "SEER", seer: { used: false }, inbox: [{ day: 2, kind: "SEER_RESULT", target: 2, result: "WITCH" }, { day: 3, kind: "ROBBED", ingredient: "CRYSTAL" }] }),
  }),
  chief_select: base({
    phase: "PROPOSAL", deadline: Date.now() + 48_000, chief: 1, curse: 2,
    me: me({ seat: 1, role: "SEER" }),
  }),
  // The host is the chief: the fixed host bar must not cover "submit" or the role card.
  chief_host: base({
    phase: "PROPOSAL", deadline: Date.now() + 48_000, chief: 1, curse: 2, progress: { done: 0, total: 1 }, waiting: [1],
    host: { pending: [1, 2, 4], can_mark_absent: true, can_force_continue: false },
    me: me({ seat: 1, role: "SEER" }),
  }),
  // A cat who let both timers run: the departure's place and the ritual's card were chosen for him.
  idle_evening: base({
    phase: "DISCUSSION", deadline: Date.now() + 150_000, day: 3, progress: { done: 2, total: 6 },
    me: me({ seat: 4, choice: { place: "P4", ingredient: "OWL_FEATHER", auto: true }, inbox: [{ day: 2, kind: "CARD_PLAYED", card: "MUSHROOM", auto: true }] }),
  }),
  reject_full: base({
    phase: "REJECT_SCENE", deadline: null, chief: 5, curse: 3, proposal: [5, 1, 2],
    approval_result: { members: [5, 1, 2], for: [1, 5], against: [2, 4, 8, 9], auto: [9], accepted: false }, progress: { done: 4, total: 9 },
    me: me({ seat: 1 }),
  }),
  knights_vote: base({
    phase: "EXILE_VOTE", deadline: Date.now() + 70_000, day: 5, is_knights_day: true, progress: { done: 2, total: 6 },
    me: me({ seat: 1, choice: { vote: null, auto: false }, owes: false }),
  }),
  frog_vote: base({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, progress: { done: 2, total: 6 }, me: me({ seat: 3, status: "FROG", owes: false }) }),
  ritual_emptypaw: base({ phase: "RITUAL", deadline: null, proposal: [1, 2, 4], chief: 4, progress: { done: 1, total: 3 }, me: me({ seat: 1, hand: [] }) }),
  result_jester: base({
    phase: "GAME_END", deadline: null, day: 4,
    vote_result: { ballot: [{ voter: 1, target: 8, auto: false }, { voter: 2, target: 8, auto: false }, { voter: 4, target: null, auto: true }], tally: { "8": 2 }, outcome: "EXILED", needed: null, exiled: 8, was_witch: false, day: 3 },
    result: { winner: "solo", reason: "JESTER_EXILED", score: 2, day: 4, winners: [8], roles: { "1": "SEER", "2": "WITCH", "3": "VILLAGER", "4": "HERB_DOCTOR", "5": "PROTECTOR", "6": "PICKPOCKET", "7": "CROW", "8": "JESTER", "9": "WITCH" }, announcement: null, recap: RECAP },
    me: me({ seat: 1 }),
  }),
  voteres_blank: base({
    phase: "VOTE_RESULT_SCENE", deadline: Date.now() + 25_000, day: 2, progress: { done: 0, total: 6 },
    vote_result: { day: 1, outcome: "ALL_BLANK", needed: null, exiled: null, was_witch: false, tally: {}, ballot: [1, 2, 4, 5].map((s) => ({ voter: s, target: null, auto: s === 5 })) },
    me: me({ seat: 1 }),
  }),
  // H-EXC-8 at 5 players: the vote says what an exile needs; the result says why nobody went.
  exile_quorum: five({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, progress: { done: 2, total: 5 }, me: me({ seat: 1, choice: { vote: 2, auto: false }, owes: false }) }),
  board_exile_quorum: five({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, progress: { done: 2, total: 5 }, waiting: [3, 4, 5] }),
  knights_vote5: five({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, day: 4, is_knights_day: true, exile_needed: null, progress: { done: 2, total: 5 }, me: me({ seat: 1, choice: { vote: null, auto: false }, owes: false }) }),
  // The same banner on a frog's and a witch's phone (H-VIS-6): the knights' day is public.
  knights_frog5: five({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, day: 4, is_knights_day: true, exile_needed: null, progress: { done: 2, total: 5 }, players: NAMES.slice(0, 5).map((name, i) => ({ seat: i + 1, name, status: i === 2 ? "FROG" : "CAT", host: i === 0 })), me: me({ seat: 3, status: "FROG", owes: false }) }),
  knights_witch5: five({ phase: "EXILE_VOTE", deadline: Date.now() + 70_000, day: 4, is_knights_day: true, exile_needed: null, progress: { done: 2, total: 5 }, me: me({ seat: 2, role: "WITCH", side: "witch", known_witches: [], choice: { vote: 4, auto: false }, owes: false }) }),
  voteres_noquorum: five({ phase: "VOTE_RESULT_SCENE", deadline: Date.now() + 25_000, day: 3, progress: { done: 0, total: 5 }, vote_result: NO_QUORUM, me: me({ seat: 1 }) }),
  board_voteres_noquorum: five({ phase: "VOTE_RESULT_SCENE", deadline: Date.now() + 25_000, day: 3, progress: { done: 1, total: 5 }, waiting: [2, 3, 4, 5], vote_result: NO_QUORUM }),
  reveal_quorum5: five({ phase: "ROLE_REVEAL", deadline: null, day: 1, me: me({ seat: 1, role: "VILLAGER" }) }),
  board_reveal5: five({ phase: "ROLE_REVEAL", deadline: null, day: 1, progress: { done: 2, total: 5 }, waiting: [3, 4, 5] }),
  result5: five({
    phase: "GAME_END", deadline: null, day: 2, seals: 2,
    result: { winner: "village", reason: "SEALS_COMPLETE", score: 0, day: 2, winners: [1, 3, 4], roles: { "1": "VILLAGER", "2": "WITCH", "3": "HERB_DOCTOR", "4": "PROTECTOR", "5": "CROW" }, announcement: null, recap: RECAP5 },
    me: me({ seat: 1 }),
  }),
  board_result5: five({
    phase: "GAME_END", deadline: null, day: 2, seals: 2,
    result: { winner: "village", reason: "SEALS_COMPLETE", score: 0, day: 2, winners: [1, 3, 4], roles: { "1": "VILLAGER", "2": "WITCH", "3": "HERB_DOCTOR", "4": "PROTECTOR", "5": "CROW" }, announcement: null, recap: RECAP5 },
  }),
  board_evening: base({ phase: "EVENING_ANNOUNCE", deadline: null, announcement: { day: 3, new_frogs: [3, 7], turned_back: [4] }, progress: { done: 3, total: 8 } }),
};

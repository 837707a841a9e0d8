// Dev-only: a three-day recap for the end-of-game fixtures (mock.html, never in the build).
import type { HeksRecapDay } from "../../generated/protocol";

const noDay = { closed: [], witches: [], attacks: [], new_frogs: [], turned_back: [], checks: [], thefts: [], teams: [], ritual: null, exile: null };

export const RECAP: HeksRecapDay[] = [
  {
    ...noDay, day: 1, recipe: ["MUSHROOM", "SPRINGWATER", "CRYSTAL"],
    moves: [
      { seat: 1, place: "P1", how: "gather", auto: false }, { seat: 2, place: "P3", how: "witch", auto: false },
      { seat: 3, place: "P3", how: "gather", auto: false }, { seat: 4, place: "P5", how: "gather", auto: true },
      { seat: 5, place: "P3", how: "guard", auto: false }, { seat: 6, place: "P1", how: "gather", auto: false },
      { seat: 7, place: "P2", how: "gather", auto: false }, { seat: 8, place: "P4", how: "gather", auto: false },
      { seat: 9, place: "P1", how: "witch", auto: false },
    ],
    witches: [{ seat: 2, place: "P3", spell: null, mist_place: null, target: null, auto: [] }, { seat: 9, place: "P1", spell: null, mist_place: null, target: null, auto: [] }],
    attacks: [{ witch: 2, target: 3, where: "P3", outcome: "blocked" }, { witch: 9, target: 7, where: "P2", outcome: "missed" }],
    checks: [{ seer: 1, target: 9, result: "WITCH" }],
    thefts: [{ thief: 6, victim: 1, ingredient: "MUSHROOM" }],
    teams: [
      { chief: 1, members: [1, 9, 4], drawn: false, votes_for: [1, 4, 9], votes_against: [2, 3, 5, 6, 7, 8], auto: [], accepted: false },
      { chief: 2, members: [2, 3, 6], drawn: false, votes_for: [2, 3, 5, 6, 8, 9], votes_against: [1, 4, 7], auto: [8], accepted: true },
    ],
    ritual: { recipe: ["MUSHROOM", "SPRINGWATER", "CRYSTAL"], result: "FAILURE", plays: [{ seat: 2, card: "EMPTY", auto: false }, { seat: 3, card: "SPRINGWATER", auto: false }, { seat: 6, card: "MUSHROOM", auto: false }] },
    exile: { day: 1, ballot: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((v) => ({ voter: v, target: v === 9 ? 1 : 9, auto: v === 4 })), tally: { "9": 8, "1": 1 }, outcome: "EXILED", needed: null, exiled: 9, was_witch: true },
  },
  {
    ...noDay, day: 2, recipe: ["MOONFLOWER", "OWL_FEATHER", "CRYSTAL"],
    moves: [
      { seat: 1, place: "P4", how: "gather", auto: false }, { seat: 2, place: "P2", how: "witch", auto: false },
      { seat: 3, place: "P2", how: "gather", auto: false }, { seat: 4, place: "P5", how: "gather", auto: false },
      { seat: 5, place: "P4", how: "gather", auto: false }, { seat: 6, place: "P5", how: "gather", auto: false },
      { seat: 7, place: "P2", how: "gather", auto: false }, { seat: 8, place: "P4", how: "gather", auto: false },
    ],
    witches: [{ seat: 2, place: "P2", spell: "MIST", mist_place: "P2", target: null, auto: [] }],
    attacks: [{ witch: 2, target: 3, where: "P2", outcome: "hit" }],
    new_frogs: [3],
    teams: [{ chief: 4, members: [4, 5, 8], drawn: true, votes_for: [1, 4, 5, 7, 8], votes_against: [2, 6], auto: [7], accepted: true }],
    ritual: { recipe: ["MOONFLOWER", "OWL_FEATHER", "CRYSTAL"], result: "SUCCESS", plays: [{ seat: 4, card: "CRYSTAL", auto: false }, { seat: 5, card: "OWL_FEATHER", auto: false }, { seat: 8, card: "MOONFLOWER", auto: true }] },
    exile: { day: 2, ballot: [{ voter: 1, target: 6, auto: false }, { voter: 2, target: 6, auto: false }, { voter: 4, target: 6, auto: false }, { voter: 5, target: 2, auto: false }, { voter: 6, target: 2, auto: false }, { voter: 7, target: 6, auto: false }, { voter: 8, target: null, auto: false }], tally: { "6": 4, "2": 2 }, outcome: "EXILED", needed: null, exiled: 6, was_witch: false },
  },
  {
    ...noDay, day: 3, recipe: ["MUSHROOM", "SPRINGWATER", "CRYSTAL"], closed: ["P2"],
    moves: [
      { seat: 1, place: "P1", how: "gather", auto: false }, { seat: 2, place: "P1", how: "witch", auto: true },
      { seat: 4, place: "P3", how: "gather", auto: false }, { seat: 5, place: "P4", how: "guard", auto: false },
      { seat: 7, place: "P5", how: "gather", auto: false }, { seat: 8, place: "P3", how: "gather", auto: false },
    ],
    witches: [{ seat: 2, place: "P1", spell: "DISGUISE", mist_place: null, target: null, auto: [] }],
    attacks: [{ witch: 2, target: 7, where: "P5", outcome: "missed" }],
    checks: [{ seer: 1, target: 2, result: "NOT_WITCH" }],
    teams: [{ chief: 5, members: [5, 8, 2], drawn: false, votes_for: [2, 5, 8], votes_against: [1, 4, 7], auto: [], accepted: false }],
    exile: { day: 3, ballot: [{ voter: 1, target: 8, auto: false }, { voter: 2, target: 8, auto: false }, { voter: 4, target: null, auto: true }], tally: { "8": 2 }, outcome: "EXILED", needed: null, exiled: 8, was_witch: false },
  },
];

// A 5-player table (Table 2.2: Q = 3/4, H-EXC-8): day 1's vote gave Bram 3 of 5 votes, one
// short of the 4 an exile needed, so nobody was exiled; day 2's ritual sealed the game.
export const RECAP5: HeksRecapDay[] = [
  {
    ...noDay, day: 1, recipe: ["MUSHROOM", "SPRINGWATER"],
    moves: [
      { seat: 1, place: "P1", how: "gather", auto: false }, { seat: 2, place: "P1", how: "witch", auto: false },
      { seat: 3, place: "P2", how: "gather", auto: false }, { seat: 4, place: "P3", how: "guard", auto: false },
      { seat: 5, place: "P2", how: "gather", auto: true },
    ],
    witches: [{ seat: 2, place: "P1", spell: null, mist_place: null, target: null, auto: [] }],
    teams: [{ chief: 3, members: [3, 1], drawn: false, votes_for: [1, 3, 4], votes_against: [2, 5], auto: [], accepted: true }],
    ritual: { recipe: ["MUSHROOM", "SPRINGWATER"], result: "SUCCESS", plays: [{ seat: 3, card: "SPRINGWATER", auto: false }, { seat: 1, card: "MUSHROOM", auto: false }] },
    exile: {
      day: 1, outcome: "NO_QUORUM", needed: 4, exiled: null, was_witch: null, tally: { "2": 3, "4": 1 },
      ballot: [{ voter: 1, target: 2, auto: false }, { voter: 2, target: 4, auto: false }, { voter: 3, target: 2, auto: false }, { voter: 4, target: 2, auto: false }, { voter: 5, target: null, auto: true }],
    },
  },
  {
    ...noDay, day: 2, recipe: ["CRYSTAL", "SPRINGWATER"],
    moves: [
      { seat: 1, place: "P3", how: "gather", auto: false }, { seat: 2, place: "P2", how: "witch", auto: false },
      { seat: 3, place: "P2", how: "gather", auto: false }, { seat: 4, place: "P2", how: "guard", auto: false },
      { seat: 5, place: "P1", how: "gather", auto: false },
    ],
    witches: [{ seat: 2, place: "P2", spell: null, mist_place: null, target: null, auto: [] }],
    teams: [{ chief: 4, members: [4, 5], drawn: false, votes_for: [1, 3, 4, 5], votes_against: [2], auto: [], accepted: true }],
    ritual: { recipe: ["CRYSTAL", "SPRINGWATER"], result: "SUCCESS", plays: [{ seat: 4, card: "SPRINGWATER", auto: false }, { seat: 5, card: "CRYSTAL", auto: false }] },
  },
];

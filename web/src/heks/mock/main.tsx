import { Odds } from "../ui/Odds";
import { render } from "preact";
import { setLang } from "../i18n";
import { Board } from "../screens/Board";
import { Game } from "../screens/Game";
import "../styles.css";
import type { Send } from "../types";
import { FIXTURES } from "./fixtures";
import { EveningScore } from "../ui/Score";
import { HelpBody } from "../ui/Help";
import { AVATAR_IDS, COLOUR_IDS } from "../ui/Looks";

const q = new URLSearchParams(location.search);
const name = q.get("s") ?? "";
const lang = q.get("lang");
if (lang === "en" || lang === "nl") setLang(lang);
const fixture = FIXTURES[name];
// ?phase=X shows a fixture in another scene (the board's titles and timer at every length).
const view = fixture && q.get("phase") ? { ...fixture, phase: q.get("phase") as typeof fixture.phase } : fixture;
const send: Send = (type, ...payload) => {
  console.log("send", type, JSON.stringify(payload[0] ?? {}));
  return Promise.resolve(null);
};
const app = document.getElementById("app")!;
// the table's looks, one colour and sign a seat (the lobby's profile), for the seats and the recap
// ?lost=N: seat N's phone lost the server (the board marks it)
const lost = Number(q.get("lost") ?? 0);
const members = (view?.players ?? []).map((p, i) => ({ pid: p.seat, name: p.name, seat: p.seat, host: p.host, colour: COLOUR_IDS[i % COLOUR_IDS.length], avatar: AVATAR_IDS[i % AVATAR_IDS.length], game_seat: p.seat, presence: p.seat === lost ? ("disconnected" as const) : ("connected" as const) }));
if (name === "score_late") {
  // The evening's score after a game a late joiner (Late, no game seat) only watched.
  const member = (pid: number, n: string, seat: number | null) => ({ pid, name: n, seat: pid, host: pid === 1, colour: null, avatar: null, game_seat: seat });
  const room = { code: "KXTR", game: "heks", status: "ended" as const, game_no: 1, spectators: 0, members: [member(1, "Anna", 1), member(2, "Bram", 2), member(3, "Late", null)], settings: { mode: "timed" as const, discuss_seconds: 180, deck: null }, limits: { min_players: 4, max_players: 12, roles: null }, evening: [{ game_no: 1, side: "village", winners: [1], names: ["Anna"] }], relinks: [], real_tables: { games: 12, sides: { village: 7, witch: 4, solo: 1 }, mean_days: 5.2 } };
  // ... and what real tables did with the deck (issue 34 §3), on a server without odds
  render(<div class="app"><EveningScore room={room} /><Odds room={room} /></div>, app);
} else if (!view) {
  render(<ul>{Object.keys(FIXTURES).map((k) => <li key={k}><a href={`?s=${k}`}>{k}</a></li>)}</ul>, app);
} else if (q.get("help")) {
  // ?help=1: the rules and help screen with this fixture's table (its numbers and rules).
  render(<div class="app"><div class="help-screen"><HelpBody view={view} /></div></div>, app);
} else if (name.startsWith("board")) {
  // ?own=1: the host chose the deck (12 players: Table 2.1's row, as his own)
  const deck = q.get("own") ? { WITCH: 3, CROW: 2, JESTER: 1, SEER: 1, HERB_DOCTOR: 1, PROTECTOR: 1, PICKPOCKET: 1 } : null;
  const room = { code: "KXTR", game: "heks", status: "playing" as const, game_no: 1, spectators: 0, members, settings: { mode: "timed" as const, discuss_seconds: 180, deck }, limits: { min_players: 4, max_players: 12, roles: { "12": [3, 2, 1, 1, 1, 1, 1, 2] } }, evening: [], relinks: [], real_tables: null };
  // ?next=1: between games, with the next deal's odds (and what real tables did), as a server with odds sends them
  const next = q.get("next")
    ? { status: "ended" as const, real_tables: { games: 3, sides: { village: 2, witch: 1, solo: 0 }, mean_days: 4.7 }, odds: { deck: [3, 2, 1, 1, 1, 1, 1, 2], games: 240, days: 4.6, done: false, text: "", sides: [{ side: "village", wins: 126, percent: 52.5, plus_minus: 6.3, low: 46.2, high: 58.7 }, { side: "witch", wins: 95, percent: 39.5, plus_minus: 6.2, low: 33.6, high: 45.8 }, { side: "solo", wins: 19, percent: 8.0, plus_minus: 3.5, low: 5.1, high: 12.0 }] } }
    : {};
  render(<div class="app board-app"><Board room={{ ...room, ...next }} view={view} tv /></div>, app);
} else {
  render(<div class="app"><Game view={view} send={send} members={members} isHost={view.me?.seat === 1} canPlayAgain={false} playAgain={() => Promise.resolve(null)} /></div>, app);
}

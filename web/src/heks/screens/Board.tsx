import { joinUrl, qrUrl } from "../api";
import type { RoomState } from "../../core/connection";
import { t } from "../i18n";
import type { HeksView } from "../types";
import { Crown, Frog } from "../ui/icons";
import { Badge, lookAt } from "../ui/Looks";
import { Odds } from "../ui/Odds";
import { EveningScore, winsByPid } from "../ui/Score";
import { LangSwitch } from "../ui/LangSwitch";
import { RelinkMark } from "../ui/RelinkNotice";
import { chosenDeck, deckRow } from "../deck";
import { seatedProblem } from "../ui/Deck";
import { rolesInPlay, rolesOf } from "../ui/roles";
import type { PresenceState, Role } from "../../generated/protocol";
import { BoardPhase } from "../board/BoardPhase";
import { NextGame, nextGameKey } from "../board/NextGame";
import { RecapLooks } from "../recap/who";
import { SoundSwitch, UnlockHint, useBoardSound } from "../board/Narrator";
import { Tallies } from "../board/Tally";
import "./board.css";

// The public TV board (H-VIS-1: public information only). It must fit a TV without
// scrolling (1280×720 and 1920×1080) at 12 players in every scene: one screen-high grid,
// long lists as flowing chips, sizes in vh so a bigger screen gets bigger text. It narrates
// (board/Narrator.tsx): ``tv`` is the /board page, where sound is on by default.

export function Board(props: { room: RoomState; view: HeksView | null; tv?: boolean }) {
  const { room, view: v } = props;
  const waiting = new Set(v?.waiting ?? []);
  const problem = v ? null : seatedProblem(room); // the host's deck against the seated count
  const wins = winsByPid(room);
  const won = (pid: number | undefined) =>
    pid !== undefined && room.evening.length > 0 ? (
      <span class="board-wins" aria-label={t("score.wins", { n: wins.get(pid) ?? 0 })}>
        ★{wins.get(pid) ?? 0}
      </span>
    ) : null;
  const sound = useBoardSound(v, props.tv ?? false);
  // Yesterday's vote result opens the new day (H-MORN-2), but it is still that day's vote.
  const day = v && (v.phase === "VOTE_RESULT_SCENE" && v.vote_result ? v.vote_result.day : v.day);
  return (
    <main class="board" data-phase={v?.phase ?? "LOBBY"} data-day={v?.day ?? 0}>
      <header class="board-head">
        <h1>
          {t("app.title")}
          {/* no "Day 0" while the roles are dealt: the first day has not begun (UX review) */}
          {v && <span class="board-day">{v.phase === "ROLE_REVEAL" ? t("hdr.prep") : t("hdr.day", { n: day ?? 0 })}</span>}
        </h1>
        {v && <Tallies view={v} />}
        <div class="board-controls">
          <SoundSwitch sound={sound} />
          <LangSwitch />
        </div>
        {v && (
          <div class="board-qr-small">
            <img class="qr" src={qrUrl(room.code)} alt={t("lobby.qr")} />
            <span>{room.code}</span>
          </div>
        )}
      </header>
      <div class="board-grid">
        <section class="card board-main">
          {!v ? (
            <div class="board-join">
              <img class="qr" src={qrUrl(room.code)} alt={t("lobby.qr")} />
              <div>
                <p class="room-code">{room.code}</p>
                <p class="big-text">{t("board.join")}</p>
                {/* for a camera that will not scan: the address to type, without its scheme */}
                <p class="board-join-url">{t("board.joinUrl", { url: (room.join_url ?? joinUrl(room.code)).replace(/^https?:\/\//, "") })}</p>
              </div>
              <EveningScore room={room} class="board-score" />
              {/* a deck that does not fit the seated count has no odds: why, where they would be */}
              {problem ? <p class="deck-problem board-odds" role="status">{problem}</p> : <Odds room={room} class="board-odds" />}
            </div>
          ) : (
            // the story's players in their colours and signs (recap/who.tsx)
            <RecapLooks.Provider value={room.members}>
              <BoardPhase
                v={v}
                next={v.phase === "GAME_END" && room.status === "ended" ? <NextGame room={room} /> : undefined}
                nextKey={room.status === "ended" ? nextGameKey(room) : undefined}
              />
            </RecapLooks.Provider>
          )}
        </section>
        <section class="card board-players">
          <h2>{t("board.players")}</h2>
          <ol class={`board-seats ${(v?.players.length ?? room.members.length) > 6 ? "two" : ""}`}>
            {v
              ? v.players.map((p) => (
                  <li key={p.seat} class={`st-${p.status.toLowerCase()} ${waiting.has(p.seat) ? "owes" : ""}`}>
                    <span class="seat-no">{p.seat}</span>
                    <Badge look={lookAt(room.members, p.seat)} size={28} />
                    <span class="seat-name">{p.name}</span>
                    {won(lookAt(room.members, p.seat)?.pid)}
                    <RelinkMark room={room} seat={p.seat} />
                    <LostMark presence={lookAt(room.members, p.seat)?.presence} />
                    {p.status === "FROG" && <Frog size={24} />}
                    {v.chief === p.seat && <Crown size={24} />}
                    {waiting.has(p.seat) && <span class="owes-mark" aria-label={t("board.owes")}>…</span>}
                  </li>
                ))
              : room.members.map((m, i) => (
                  <li key={m.pid}>
                    <span class="seat-no">{i + 1}</span>
                    <Badge look={m} size={28} />
                    <span class="seat-name">{m.name}</span>
                    {won(m.pid)}
                    <LostMark presence={m.presence} />
                  </li>
                ))}
          </ol>
          {/* under the players, with its own heading: the roles are not a list of people */}
          {v && v.phase !== "GAME_END" && <RolesInPlay roles={rolesInPlay(v)} own={chosenDeck(room) !== null} />}
          {/* H-DECK-9: the chosen deck is public; the board's lobby lists it for the seated count */}
          {!v && <RolesInPlay roles={rolesOf(deckRow(room, room.members.length))} own={chosenDeck(room) !== null} />}
        </section>
      </div>
      <UnlockHint sound={sound} short={v != null} />
    </main>
  );
}


/** A seat whose phone lost the server: the table sees it, as the host's panel does (a
 * play-test: the board showed only "…", as for anyone still to tap). */
function LostMark(props: { presence: PresenceState | undefined }) {
  const p = props.presence;
  if (!p || p === "connected") return null;
  return <span class={`dot ${p}`} role="img" aria-label={t(p === "grace" ? "host.grace" : "host.disconnected")} />;
}

/** "Roles in this game": Table 2.1's row for this table, in a corner during play (issue 31 §3). */
function RolesInPlay(props: { roles: { role: Role; count: number }[]; own?: boolean }) {
  if (props.roles.length === 0) return null; // a lobby with too few or too many players
  return (
    <div class="board-roles">
      <h3>
        {/* the host's own deck says so in the heading itself: one line in the 12-player corner */}
        {props.own ? t("board.roles.own") : t("board.roles")}
      </h3>
      <ul class="chips">
        {props.roles.map((r) => (
          <li key={r.role} class={`role-${r.role.toLowerCase()}`}>
            {r.count > 1 ? `${r.count}× ` : ""}
            {t(`role.${r.role}` as "role.SEER")}
          </li>
        ))}
      </ul>
    </div>
  );
}

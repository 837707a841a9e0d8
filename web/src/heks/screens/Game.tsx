import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Member } from "../../core/connection";
import { t } from "../i18n";
import type { HeksView, Send } from "../types";
import { Disclosure } from "../ui/Disclosure";
import { AutoNotices } from "../ui/Notices";
import { StallNotice } from "../ui/Stall";
import { signalTurn } from "../ui/turnSignal";
import { useWakeLock } from "../ui/wakeLock";
import { Crown, Frog } from "../ui/icons";
import { Badge, lookAt } from "../ui/Looks";
import { Section } from "../ui/common";
import { rolesInPlay } from "../ui/roles";
import { SecretCover, SecretSheet } from "../ui/Secret";
import { Depart, DepartWatch, Gathering } from "../scenes/Day";
import { Discussion, EveningAnnounce } from "../scenes/Evening";
import { PrivatePart } from "../scenes/Private";
import { HostPanel, useClearOfHostBar } from "../scenes/Host";
import { AcceptScene, Approval, Proposal, Quarrel, RejectScene, Ritual, RitualResult } from "../scenes/Night";
import { RoleCard, RoleReveal } from "../scenes/Reveal";
import { StatusBar } from "../scenes/Status";
import { ExileVote, Results, VoteResultScene } from "../scenes/Vote";
import { Recap } from "../recap/Recap";
import { RecapLooks } from "../recap/who";

interface Props {
  view: HeksView;
  send: Send;
  members: Member[];
  isHost: boolean;
  canPlayAgain: boolean;
  playAgain: () => Promise<unknown>;
  /** Why the next game cannot start yet (the deck does not fit the table, too few or many
   *  players): "Play again" waits, with the reason beside it, as the lobby's Start does. */
  againBlocked?: string | null;
  /** The evening's score, shown on the results screen (issue 18 §7). */
  score?: ComponentChildren;
  /** Between games (the room has ended): the profile and the next game's table, deck and
   *  odds, right under "Play again" rather than under the whole story. */
  betweenGames?: ComponentChildren;
  /** The room code (the host's "lost phone" link). */
  code?: string;
}

const SECRET_STEPS = new Set(["DEPART_A", "GUARD_B", "WITCH_C"]);

/**
 * Buzz when the game starts waiting for me (a new step that I owe). Who owes a secret step is
 * itself secret (a Witch owes nothing in step A, the guard owes step B, only Witches owe step
 * C), so there every cat buzzes once, when the day's departure begins (H-VIS-6).
 */
function useTurnBuzz(view: HeksView) {
  const last = useRef<string>("");
  const secret = SECRET_STEPS.has(view.phase);
  const owes = secret ? view.phase !== "WITCH_C" && view.me?.status === "CAT" : view.me?.owes === true;
  const key = secret ? `${view.day}:secret:${owes}` : `${view.step}:${owes}`;
  useEffect(() => {
    if (owes && last.current !== key && last.current !== "") signalTurn();
    last.current = key;
  }, [key, owes]);
}

function Outsider(props: { view: HeksView }) {
  const me = props.view.me;
  if (!me || me.status === "CAT") return null;
  const frog = me.status === "FROG";
  // Only a table with a Herb Doctor can turn a frog back (H-TBL-7: the dealt roles are public).
  const doctor = rolesInPlay(props.view).some((r) => r.role === "HERB_DOCTOR");
  return (
    <Section class={frog ? "pond" : "spectator"}>
      <p class="big-text outsider-title">
        {frog && <Frog size={40} />}
        {t(frog ? "pond.title" : "spectator.title")}
      </p>
      <p class="small">{t(frog ? (doctor ? "pond.text" : "pond.text.nodoctor") : "spectator.text")}</p>
    </Section>
  );
}

/** The table in seat order: status, chief, who is connected. */
function Table(props: { view: HeksView; members: Member[] }) {
  const v = props.view;
  return (
    <Disclosure class="inbox table" label={`${t("players.title")} (${v.players.length})`}>
      <ol class="seats">
        {v.players.map((p) => {
          const m = lookAt(props.members, p.seat);
          return (
            <li key={p.seat} class={`st-${p.status.toLowerCase()}`}>
              <span class="seat-no">{p.seat}</span>
              <Badge look={m} />
              <span class="seat-name">
                {p.name}
                {p.seat === v.me?.seat ? ` (${t("you")})` : ""}
                {v.chief === p.seat && <Crown size={18} />}
              </span>
              <span class="muted small">{t(`status.${p.status}` as "status.CAT")}</span>
              {m && <span class={`dot ${m.presence}`} aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </Disclosure>
  );
}

function Scene(props: Props) {
  const { view: v, send } = props;
  const me = v.me;
  const outsider = me != null && me.status !== "CAT";
  switch (v.phase) {
    case "ROLE_REVEAL":
      return <RoleReveal view={v} send={send} />;
    case "VOTE_RESULT_SCENE":
      return <VoteResultScene view={v} send={send} />;
    case "DEPART_A":
    case "GUARD_B":
      if (!me || outsider) return <DepartWatch view={v} />;
      return <Depart view={v} />;
    case "WITCH_C":
      return <Gathering view={v} />;
    case "EVENING_ANNOUNCE":
      return <EveningAnnounce view={v} send={send} />;
    case "DISCUSSION":
      return <Discussion view={v} send={send} />;
    case "PROPOSAL":
      return <Proposal view={v} send={send} />;
    case "APPROVAL_VOTE":
      return <Approval view={v} send={send} />;
    case "ACCEPT_SCENE":
      return <AcceptScene view={v} send={send} />;
    case "REJECT_SCENE":
      return <RejectScene view={v} send={send} />;
    case "RITUAL":
      return <Ritual view={v} />;
    case "RITUAL_RESULT":
      return <RitualResult view={v} send={send} />;
    case "QUARREL":
      return <Quarrel view={v} send={send} />;
    case "EXILE_VOTE":
      return <ExileVote view={v} send={send} />;
    case "GAME_END":
      return (
        <>
          <Results
            view={v}
            isHost={props.isHost}
            canPlayAgain={props.canPlayAgain}
            playAgain={props.playAgain}
            blocked={props.againBlocked ?? null}
            next={props.betweenGames}
          />
          {props.score}
          <RecapLooks.Provider value={props.members}>
            <Recap view={v} />
          </RecapLooks.Provider>
        </>
      );
    default:
      return <p>{String(v.phase)}</p>;
  }
}

export function Game(props: Props) {
  const v = props.view;
  useTurnBuzz(v);
  useWakeLock(v.phase !== "GAME_END");
  // The secret is open for one scene at most: a new scene (or step) finds it closed. Step B
  // is step A for the table (H-DEP-13): when it begins, the guard's page and open secret stay
  // as they are (the secret turns into his choice), or a glance at his phone would tell.
  const tablePhase = v.phase === "GUARD_B" ? "DEPART_A" : v.phase;
  const scene = `${tablePhase}-${v.day}-${v.step}`;
  const [openIn, setOpenIn] = useState<string | null>(null);
  const close = useCallback(() => setOpenIn(null), []);
  const showStatus = v.phase !== "ROLE_REVEAL" && v.phase !== "GAME_END";
  const secret = v.me != null && showStatus;
  const open = secret && openIn === scene;
  const hostBar = props.isHost && v.phase !== "GAME_END";
  useClearOfHostBar(scene, hostBar);
  return (
    // data-status: the player's public status (cat, frog, exiled), for tests that group phones by it
    <div class={`game phase-${v.phase.toLowerCase()}${hostBar ? " has-hostbar" : ""}`} data-status={v.me?.status ?? "PUBLIC"}>
      {/* inert: under the open secret nothing can be tapped or read aloud by mistake */}
      <div class="game-page" inert={open}>
        {showStatus && <StatusBar view={v} />}
        {showStatus && v.phase !== "WITCH_C" && <Outsider view={v} />}
        {/* key: each step re-mounts its scene, so local selections never leak into the next one */}
        <div key={`${tablePhase}-${v.day}`} class="scene-wrap fade-in">
          <AutoNotices view={v} />
          <StallNotice view={v} />
          <Scene {...props} />
        </div>
        {secret && <SecretCover view={v} onOpen={() => setOpenIn(scene)} />}
        {v.me && showStatus && (
          <footer class="mine">
            <RoleCard view={v} compact />
            <Table view={v} members={props.members} />
          </footer>
        )}
        {hostBar && <HostPanel view={v} members={props.members} send={props.send} code={props.code} />}
      </div>
      {open && (
        <SecretSheet key={scene} onClose={close}>
          <PrivatePart view={v} send={props.send} />
        </SecretSheet>
      )}
    </div>
  );
}

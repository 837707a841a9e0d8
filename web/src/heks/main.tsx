import { render } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { forgetLateName, forgetToken, joinRoom, loadLateName, loadToken, saveToken } from "./api";
import { Connection, GAME_HEARTBEAT } from "../core/connection";
import { errorText, t, useLang } from "./i18n";
import type { HeksView } from "./types";
import { Board } from "./screens/Board";
import { Game } from "./screens/Game";
import { JoinForm } from "./screens/Join";
import { Landing, navigate } from "./screens/Landing";
import { Lobby, SeatList, Settings } from "./screens/Lobby";
import { deckRow } from "./deck";
import { againBlocked, DeckCard } from "./ui/Deck";
import { Odds } from "./ui/Odds";
import { ProfileCard } from "./screens/Profile";
import { Watch } from "./screens/Watch";
import { useStore } from "../core/store";
import { Disclosure } from "./ui/Disclosure";
import { HostNotice, useHostNotice } from "./ui/HostNotice";
import { RelinkBanner, useRelinkNotice } from "./ui/RelinkNotice";
import { HelpButton } from "./ui/Help";
import { SignalSwitch } from "./ui/SignalSwitch";
import { LangSwitch } from "./ui/LangSwitch";
import { MovedSeat } from "./ui/LostPhone";
import { EveningScore } from "./ui/Score";
import "./styles.css";

type Route = { name: "landing" } | { name: "room"; code: string } | { name: "board"; code: string };

function parseRoute(): Route {
  const m = location.pathname.match(/^\/(r|board)\/([A-Za-z]{4})\/?$/);
  if (!m) return { name: "landing" };
  const code = m[2].toUpperCase();
  return m[1] === "r" ? { name: "room", code } : { name: "board", code };
}

function App() {
  useLang();
  const [route, setRoute] = useState<Route>(parseRoute);
  useEffect(() => {
    const on = () => setRoute(parseRoute());
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  if (route.name === "room") return <RoomGate key={route.code} code={route.code} />;
  if (route.name === "board") return <Live key={`b-${route.code}`} code={route.code} token={null} board />;
  return <Landing />;
}

/** /r/CODE: with a seat token go straight in; without one ask for a name and join. */
function RoomGate(props: { code: string }) {
  const [token, setToken] = useState<string | null>(() => {
    // A seat's private link (/r/CODE#t=TOKEN, the host's "lost phone" QR) puts the seat on
    // this phone; the token leaves the address bar at once.
    const m = location.hash.match(/^#t=([\w-]+)$/);
    if (m) {
      saveToken(props.code, m[1]);
      history.replaceState(null, "", location.pathname);
    }
    return loadToken(props.code);
  });
  // Joined while a game runs: watch it, and take a seat by this name once it ends.
  const [lateName, setLateName] = useState<string | null>(() => loadLateName(props.code));
  const [spectator, setSpectator] = useState(lateName !== null);
  if (token || spectator) {
    return (
      <Live
        code={props.code}
        token={token}
        lateName={token ? null : lateName}
        onSeat={setToken}
        onForget={() => {
          forgetToken(props.code);
          setToken(null);
          setSpectator(false);
        }}
      />
    );
  }
  return (
    <JoinForm
      code={props.code}
      onSeat={(tok, name) => {
        if (tok) setToken(tok);
        else {
          setLateName(name);
          setSpectator(true);
        }
      }}
    />
  );
}

/** A live room over the WebSocket: lobby, game or board. */
function Live(props: {
  code: string;
  token: string | null;
  board?: boolean;
  lateName?: string | null;
  onSeat?: (token: string) => void;
  onForget?: () => void;
}) {
  const conn = useMemo(
    () =>
      new Connection<HeksView>(props.code, props.token, { stampStep: true, dedupeMs: 800 }),
    [props.code, props.token],
  );
  useEffect(() => {
    conn.start();
    return () => conn.stop();
  }, [conn]);
  const s = useStore(conn.store);
  // A phone in a running game notices a dead link within 3 s (issue 18 §5); the lobby and
  // the TV board keep the slow keepalive (docs/protocol.md §4.4).
  const playing = !props.board && s.room?.status === "playing" && s.you?.spectator === false;
  useEffect(() => conn.setHeartbeat(playing ? GAME_HEARTBEAT : undefined), [conn, playing]);
  const hostNotice = useHostNotice(s.room, s.you);
  const relinkNotice = useRelinkNotice(s.room);


  // A late joiner takes the seat they asked for as soon as the running game is over.
  const status = s.room?.status;
  useEffect(() => {
    const name = props.lateName;
    if (!name || !status || status === "playing" || !props.onSeat) return;
    joinRoom(props.code, name).then(
      (g) => {
        if (g.token) {
          saveToken(g.code, g.token);
          forgetLateName(g.code);
          props.onSeat?.(g.token);
        }
      },
      () => undefined, // the room filled up or went away: they keep watching
    );
  }, [status, props.lateName]);

  // Errors fade after a few seconds.
  useEffect(() => {
    if (!s.error) return;
    const id = setTimeout(() => conn.clearError(), 4000);
    return () => clearTimeout(id);
  }, [s.error?.serial]);

  if (s.fatal) {
    // the host who moved this seat to another phone (H-HST-7c) sees the new link's QR code
    return (
      <MovedSeat code={props.code}>
        <main class="landing">
          {/* leaving was her own doing: said plainly, not as an error */}
          <p class={s.fatal === "left" ? "notice" : "error"} role={s.fatal === "left" ? "status" : "alert"}>
            {s.fatal === "no_room"
              ? t("conn.noroom")
              : s.fatal === "seat_relinked" // H-HST-8: the host gave this seat a new link
                ? t("relink.oldPhone", { name: s.room?.members.find((m) => m.pid === s.you?.pid)?.name ?? "" })
                : errorText(s.fatal)}
          </p>
          {s.fatal === "replaced" || s.fatal === "unsupported_version" ? (
            <button type="button" class="primary" onClick={() => location.reload()}>
              {t("conn.reconnect")}
            </button>
          ) : (s.fatal === "bad_token" || s.fatal === "seat_relinked") && props.onForget ? (
            // A removed player, or a seat the host moved to another phone, first reads why
            // (issue 18 §4); the dead token is forgotten when they ask to join again.
            <button type="button" class="primary" onClick={props.onForget}>
              {t("conn.rejoin")}
            </button>
          ) : (
            <button
              type="button"
              class="primary"
              onClick={() => {
                if (s.fatal === "removed" || s.fatal === "left") forgetToken(props.code);
                navigate("/");
              }}
            >
              {t("conn.home")}
            </button>
          )}
        </main>
      </MovedSeat>
    );
  }

  const banner =
    s.link !== "open" ? (
      <div class={`conn-banner link-${s.link}`} role="status">
        {t(
          s.link === "waiting"
            ? "conn.waiting"
            : s.link === "offline"
              ? "conn.offline"
              : s.link === "connecting" && s.version < 0
                ? "conn.connecting"
                : "conn.reconnecting",
        )}
      </div>
    ) : null;
  // A tap on its way (also while the link is stalled): shown until the server answers it.
  const sending =
    s.pending > 0 ? (
      <div class="sending-pill" role="status" aria-live="polite">
        {t("conn.sending")}
      </div>
    ) : null;
  const toast = s.error ? (
    <div class="toast" role="alert" key={s.error.serial}>
      {errorText(s.error.code, s.error.params)}
    </div>
  ) : null;

  // Before the first state there is no screen yet; an error (such as too_many_connections
  // before a 4429 close) still says why we are waiting.
  if (!s.room || !s.you)
    return (
      <main class="landing">
        {banner}
        {toast}
      </main>
    );

  let body;
  if (props.board || s.you.spectator) {
    body = (
      <>
        {props.lateName && s.room.status === "playing" && (
          <p class="notice late-joiner" role="status">
            {/* a full table has no seat to promise for the next game */}
            {s.room.members.length >= s.room.limits.max_players
              ? t("lobby.late.full", { n: s.room.limits.max_players })
              : t("lobby.late", { name: props.lateName })}{" "}
            {t("lobby.late.lost")}
          </p>
        )}
        {/* a phone watching a running game gets a phone's page, not the TV board squeezed */}
        {!props.board && s.view ? <Watch room={s.room} view={s.view} told={props.lateName != null && s.room.status === "playing"} /> : <Board room={s.room} view={s.view} tv={props.board} />}
      </>
    );
  } else if (s.room.status === "lobby" || !s.view) {
    body = <Lobby room={s.room} you={s.you} conn={conn} />;
  } else {
    // Between games everyone may change name, colour and sign; the host also the table, its
    // deck, and sees what the deck's odds are now (issue 34 §2: the odds while the room waits).
    const betweenGames =
      s.room.status === "ended" ? (
        <>
          {s.you.host && (
            <Disclosure class="between-games" label={t("end.settings")}>
              {/* as in the lobby: the game's kind, the deck and its odds, then the seats */}
              <Settings room={s.room} you={s.you} conn={conn} />
              <DeckCard room={s.room} you={s.you} conn={conn} />
              <Odds room={s.room} />
              <SeatList room={s.room} you={s.you} conn={conn} />
            </Disclosure>
          )}
          <Disclosure class="between-games" label={t("profile.title")}>
            <ProfileCard room={s.room} you={s.you} conn={conn} />
          </Disclosure>
        </>
      ) : null;
    body = (
      <Game
        view={s.view}
        send={(type, ...payload) => conn.command(type, { ...payload[0] })}
        members={s.room.members}
        isHost={s.you.host}
        canPlayAgain={s.room.status === "ended"}
        againBlocked={againBlocked(s.room)}
        playAgain={() => conn.lobby("play_again")}
        score={<EveningScore room={s.room} />}
        betweenGames={betweenGames}
        code={s.room.code}
      />
    );
  }
  return (
    <div class={props.board ? "app board-app" : "app"}>
      {banner}
      {!props.board && (
        <div class="topbar">
          <span class="topbar-code">{s.room.code}</span>
          <span class="topbar-right">
            <SignalSwitch />
            <HelpButton view={s.view} deck={s.view ? null : deckRow(s.room, s.room.members.length)} />
            <LangSwitch />
          </span>
        </div>
      )}
      {body}
      {!props.board && <HostNotice text={hostNotice} />}
      {/* not on the host's own phone: he made the link, and the notice covered its QR code */}
      <RelinkBanner text={!props.board && s.you?.host ? null : relinkNotice} board={props.board} />
      {sending}
      {toast}
    </div>
  );
}

render(<App />, document.getElementById("app")!);

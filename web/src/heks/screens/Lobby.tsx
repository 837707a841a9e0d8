import { useState } from "preact/hooks";
import { joinUrl, qrUrl } from "../api";
import { copyText } from "../../core/clipboard";
import type { Connection, RoomState, You } from "../../core/connection";
import { t } from "../i18n";
import { heksSettings } from "../types";
import { useOnce } from "../ui/common";
import { DeckCard, seatedProblem } from "../ui/Deck";
import { Badge } from "../ui/Looks";
import { Odds } from "../ui/Odds";
import { EveningScore } from "../ui/Score";
import { ProfileCard } from "./Profile";

const DISCUSS_MIN = 60;
const DISCUSS_MAX = 600;
const DISCUSS_STEP = 30;

function mmss(s: number): string {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function Lobby(props: { room: RoomState; you: You; conn: Connection }) {
  const { room, you, conn } = props;
  // null: not tapped yet; false: the browser would not copy (the link is then selected instead)
  const [copied, setCopied] = useState<boolean | null>(null);
  const link = (room as { join_url?: string }).join_url ?? joinUrl(room.code);
  const copy = async () => {
    const done = await copyText(link);
    setCopied(done);
    if (!done) {
      const el = document.querySelector(".lobby p.link");
      if (el) getSelection()?.selectAllChildren(el);
    }
  };
  return (
    <main class="lobby">
      {/* First, not under the QR code, profile and table: a guest sees at once that they are in */}
      {!you.host && !you.spectator && <p class="waiting lobby-waiting">{t("lobby.waiting")}</p>}
      {/* The host's Start first: above the fold at 390×844 (issue 31 §3) */}
      {you.host && <Settings room={room} you={you} conn={conn} start />}
      {/* the deck under Start (which stays above the fold), its odds slot inside (issue 34) */}
      {you.host && <DeckCard room={room} you={you} conn={conn} />}
      {/* what the host's choice of deck does to the game, as the table fills (issue 34 §2) */}
      {you.host && <Odds room={room} />}
      <section class="card center">
        <h2>{t("lobby.code")}</h2>
        <p class="room-code" aria-label={`${t("lobby.code")} ${room.code.split("").join(" ")}`}>
          {room.code}
        </p>
        <img class="qr" src={qrUrl(room.code)} alt={t("lobby.qr")} width={200} height={200} />
        <p class="small">{t("lobby.share")}</p>
        <p class="link" aria-label={t("lobby.link")}>
          {link}
        </p>
        <button type="button" class="small-btn" onClick={copy}>
          {copied ? t("lobby.copied") : t("lobby.copy")}
        </button>
        {copied === false && (
          <p class="small" role="status">
            {t("lobby.copy.manual")}
          </p>
        )}
        {"share" in navigator && (
          <button
            type="button"
            class="small-btn"
            onClick={() => void navigator.share({ title: t("app.title"), text: t("lobby.share.text", { code: room.code }), url: link }).catch(() => undefined)}
          >
            {t("lobby.share.button")}
          </button>
        )}
        <p class="small muted">
          {t("lobby.board")} <span class="link">{link.replace(/\/r\/([A-Z]{4})$/, "/board/$1")}</span>
        </p>
        <img class="qr qr-board" src={qrUrl(room.code, "board")} alt={t("lobby.qr.board")} width={140} height={140} />
      </section>
      {!you.spectator && <ProfileCard room={room} you={you} conn={conn} />}
      <SeatList room={room} you={you} conn={conn} />
      <EveningScore room={room} />
      {!you.host && <DeckCard room={room} you={you} conn={conn} />}
      {!you.host && <Settings room={room} you={you} conn={conn} start />}
      {!you.host && <Odds room={room} />}
      {!you.host && !you.spectator && (
        <button type="button" class="link-btn" onClick={() => conn.lobby("leave")}>
          {t("lobby.leave")}
        </button>
      )}
    </main>
  );
}

/** The table in seat order; the host moves players up and down (H-SET-3). */
export function SeatList(props: { room: RoomState; you: You; conn: Connection }) {
  const { room, you, conn } = props;
  const n = room.members.length;
  const [removing, setRemoving] = useState<number | null>(null);
  const leaving = room.members.find((m) => m.pid === removing);
  const move = (i: number, d: number) => {
    const order = room.members.map((m) => m.pid);
    const j = i + d;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j], order[i]];
    conn.lobby("reorder", { order });
  };
  return (
    <section class="card">
      <h2>{t("lobby.players", { n })}</h2>
      <ol class="seats">
        {room.members.map((m, i) => (
          <li key={m.pid} class={you.host ? "hosting" : undefined}>
            <span class="seat-no">{i + 1}</span>
            <Badge look={m} />
            <span class="seat-name">
              {m.name}
              {m.pid === you.pid ? ` (${t("lobby.you")})` : ""}
              {m.host ? ` · ${t("lobby.host")}` : ""}
            </span>
            <span class={`dot ${m.presence}`} aria-hidden="true" />
            {you.host && (
              <span class="seat-move">
                {!m.host && (
                  <button type="button" class="icon-btn" aria-label={t("lobby.makeHost", { name: m.name })} title={t("lobby.makeHost", { name: m.name })} onClick={() => conn.lobby("handover", { pid: m.pid })}>
                    ★
                  </button>
                )}
                {!m.host && (
                  <button type="button" class="icon-btn" aria-label={t("lobby.remove", { name: m.name })} title={t("lobby.remove", { name: m.name })} onClick={() => setRemoving(m.pid)}>
                    ✕
                  </button>
                )}
                <button type="button" class="icon-btn" aria-label={t("lobby.up", { name: m.name })} title={t("lobby.up", { name: m.name })} disabled={i === 0} onClick={() => move(i, -1)}>
                  ▲
                </button>
                <button type="button" class="icon-btn" aria-label={t("lobby.down", { name: m.name })} title={t("lobby.down", { name: m.name })} disabled={i === n - 1} onClick={() => move(i, 1)}>
                  ▼
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {/* the icons' meaning in words: a tooltip never shows on a phone (UX review) */}
      {you.host && n > 1 && <p class="small muted seat-legend">{t("lobby.legend")}</p>}
      {leaving && (
        <div class="host-confirm" role="group" aria-label={t("lobby.remove.confirm", { name: leaving.name })}>
          <p>{t("lobby.remove.confirm", { name: leaving.name })}</p>
          <div class="host-list">
            <button
              type="button"
              class="primary danger"
              onClick={() => {
                conn.lobby("remove", { pid: leaving.pid });
                setRemoving(null);
              }}
            >
              {t("lobby.remove", { name: leaving.name })}
            </button>
            <button type="button" class="small-btn" onClick={() => setRemoving(null)}>
              {t("host.cancel")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** Timed/Unlimited and the discussion time (H-SET-6, H-TIM-2); Start with 4-12 players. */
export function Settings(props: { room: RoomState; you: You; conn: Connection; start?: boolean }) {
  const { room, you, conn } = props;
  const s = heksSettings(room);
  const n = room.members.length;
  const { min_players: min, max_players: max } = room.limits;
  const problem = seatedProblem(room); // H-DECK-7: a chosen deck that does not fit the seated count
  const canStart = n >= min && n <= max && problem === null;
  const start = useOnce(() => conn.lobby("start"));
  if (!you.host) {
    return (
      <section class="card">
        <p class="small">
          {t("lobby.mode")}: {t(s.mode === "timed" ? "lobby.timed" : "lobby.unlimited")}
          {s.mode === "timed" ? ` · ${t("lobby.discuss")}: ${mmss(s.discuss_seconds)}` : ""}
        </p>
      </section>
    );
  }
  return (
    <section class="card">
      <h2>{t("lobby.mode")}</h2>
      <div class="choices vote2">
        <button type="button" class={`choice ${s.mode === "timed" ? "pressed" : ""}`} aria-pressed={s.mode === "timed"} onClick={() => conn.lobby("settings", { mode: "timed" })}>
          {t("lobby.timed")}
        </button>
        <button type="button" class={`choice ${s.mode === "unlimited" ? "pressed" : ""}`} aria-pressed={s.mode === "unlimited"} onClick={() => conn.lobby("settings", { mode: "unlimited" })}>
          {t("lobby.unlimited")}
        </button>
      </div>
      {s.mode === "timed" && (
        <div class="stepper">
          <span>{t("lobby.discuss")}</span>
          <button type="button" class="icon-btn" aria-label={t("lobby.discuss.less")} disabled={s.discuss_seconds <= DISCUSS_MIN} onClick={() => conn.lobby("settings", { discuss_seconds: s.discuss_seconds - DISCUSS_STEP })}>
            −
          </button>
          <strong aria-live="polite">{mmss(s.discuss_seconds)}</strong>
          <button type="button" class="icon-btn" aria-label={t("lobby.discuss.more")} disabled={s.discuss_seconds >= DISCUSS_MAX} onClick={() => conn.lobby("settings", { discuss_seconds: s.discuss_seconds + DISCUSS_STEP })}>
            +
          </button>
        </div>
      )}
      {props.start && (n < min || n > max) && <p class="small muted">{t("lobby.need", { n })}</p>}
      {problem && (
        <p class="small deck-problem" role="status">
          {t("deck.start", { n })}
        </p>
      )}
      {props.start && (
        <button type="button" class="primary" disabled={!canStart || start.busy} onClick={start.run}>
          {t("lobby.start")}
        </button>
      )}
    </section>
  );
}

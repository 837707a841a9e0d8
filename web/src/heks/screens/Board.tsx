import { qrUrl } from "../api";
import type { RoomState } from "../../core/connection";
import { joinNames, t } from "../i18n";
import type { HeksView } from "../types";
import { Crown, Frog } from "../ui/icons";
import { Countdown, Meter, nameOf, Recipe } from "../ui/common";
import { AnnouncementText } from "../scenes/Evening";
import { CurseMeter } from "../scenes/Status";
import { RecapSlides } from "../recap/Recap";
import { Badge, lookAt } from "../ui/Looks";
import { EveningScore, winsByPid } from "../ui/Score";
import "./board.css";

// The public TV board (H-VIS-1: public information only). It must fit a TV without
// scrolling (1280×720 and 1920×1080) at 12 players in every scene: one screen-high grid,
// long lists as flowing chips, sizes in vh so a bigger screen gets bigger text.

export function Board(props: { room: RoomState; view: HeksView | null }) {
  const { room, view: v } = props;
  const waiting = new Set(v?.waiting ?? []);
  const wins = winsByPid(room);
  const won = (pid: number | undefined) =>
    pid !== undefined && room.evening.length > 0 ? (
      <span class="board-wins" aria-label={t("score.wins", { n: wins.get(pid) ?? 0 })}>
        ★{wins.get(pid) ?? 0}
      </span>
    ) : null;
  return (
    <main class="board" data-phase={v?.phase ?? "LOBBY"}>
      <header class="board-head">
        <h1>{t("board.title", { code: room.code })}</h1>
        {v && (
          <div class="board-counters">
            <span>{t("hdr.day", { n: v.phase === "VOTE_RESULT_SCENE" && v.vote_result ? v.vote_result.day : v.day })}</span>
            <span>
              {t("hdr.seals")} {v.seals}/{v.seals_needed}
            </span>
            <span>
              {t("hdr.spoiled")} {v.spoiled}
            </span>
            <span>
              {t("hdr.curse")} <CurseMeter view={v} big />
            </span>
          </div>
        )}
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
              </div>
              <EveningScore room={room} class="board-score" />
            </div>
          ) : (
            <BoardPhase v={v} />
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
                  </li>
                ))}
          </ol>
        </section>
      </div>
    </main>
  );
}

/** Names as a flowing row of chips: a list of 12 takes two lines, not twelve. */
function Chips(props: { v: HeksView; seats: number[]; auto?: number[] }) {
  return (
    <ul class="chips">
      {props.seats.map((s) => (
        <li key={s} class={props.auto?.includes(s) ? "auto" : ""}>
          {nameOf(props.v, s)}
        </li>
      ))}
    </ul>
  );
}

function BoardPhase(props: { v: HeksView }) {
  const v = props.v;
  const title = t(`phase.${v.phase}` as "phase.DEPART_A");
  const names = (seats: number[]) => joinNames(seats.map((s) => nameOf(v, s)));
  let body = null;
  switch (v.phase) {
    case "VOTE_RESULT_SCENE":
      if (v.vote_result) {
        const r = v.vote_result;
        const outcome =
          r.outcome === "EXILED" && r.exiled != null
            ? t(r.was_witch ? "voteres.exiled.witch" : "voteres.exiled.notwitch", { name: nameOf(v, r.exiled) })
            : t(r.outcome === "TIE" ? "voteres.tie" : "voteres.allblank");
        body = (
          <>
            <p class={`big-text ${r.was_witch ? "witchy" : ""}`}>{outcome}</p>
            <ul class="chips">
              {r.ballot.map((b) => (
                <li key={b.voter}>
                  {nameOf(v, b.voter)} → {b.target == null ? t("voteres.blank") : nameOf(v, b.target)}
                  {b.auto ? ` ${t("voteres.auto")}` : ""}
                </li>
              ))}
            </ul>
          </>
        );
      }
      break;
    case "DEPART_A":
    case "GUARD_B":
    case "WITCH_C":
      body = (
        <>
          <h3>{t("morning.recipe")}</h3>
          <Recipe view={v} />
          {v.places.filter((p) => !p.open).map((p) => (
            <p key={p.id}>{t("morning.closed", { place: t(`place.${p.id}` as "place.P1") })}</p>
          ))}
          {v.is_knights_day && <p class="knights">{t("morning.knights")}</p>}
          {v.phase === "WITCH_C" && <Meter deadline={v.deadline} total={v.deadline_total ?? 15_000} label={t("gather.meter")} />}
        </>
      );
      break;
    case "EVENING_ANNOUNCE":
      body = v.announcement && <AnnouncementText view={v} a={v.announcement} />;
      break;
    case "PROPOSAL":
      body = <p class="big-text">{t("proposal.wait", { name: nameOf(v, v.chief), k: v.recipe.length })}</p>;
      break;
    case "APPROVAL_VOTE":
    case "ACCEPT_SCENE":
    case "REJECT_SCENE": {
      const r = v.phase === "APPROVAL_VOTE" ? null : v.approval_result;
      body = (
        <>
          {v.proposal_auto && <p class="notice">{t(v.mode === "timed" ? "notice.team.timer" : "notice.team.absent")}</p>}
          <p>{t("ritual.members", { names: names(r?.members ?? v.proposal ?? []) })}</p>
          {r && (
            <div class="board-votes">
              <div>
                <h3>
                  {t("votes.for")} ({r.for.length})
                </h3>
                <Chips v={v} seats={r.for} auto={r.auto} />
              </div>
              <div>
                <h3>
                  {t("votes.against")} ({r.against.length})
                </h3>
                <Chips v={v} seats={r.against} auto={r.auto} />
              </div>
            </div>
          )}
          {r && r.auto.length > 0 && <p class="small muted">{t("board.auto")}</p>}
          {v.phase === "REJECT_SCENE" && (
            <p class={v.curse >= v.curse_max ? "big-text witchy" : ""}>
              {v.curse >= v.curse_max ? t("reject.full") : t(r && r.for.length === r.against.length ? "reject.tie" : "reject.next")}
            </p>
          )}
        </>
      );
      break;
    }
    case "RITUAL":
      body = <p>{t("ritual.members", { names: names(v.proposal ?? []) })}</p>;
      break;
    case "RITUAL_RESULT":
      body = (
        <>
          <p class="huge">{t(`result.${v.last_ritual ?? "FAILURE"}` as "result.SUCCESS")}</p>
          {v.last_ritual !== "SUCCESS" && v.unlocked_spells.length > 0 && (
            <p class="witchy">{t("result.spells", { spells: joinNames(v.unlocked_spells.map((s) => t(`spell.${s}` as "spell.MIST"))) })}</p>
          )}
        </>
      );
      break;
    case "QUARREL":
      body = <p class="huge shake-loop">{t("quarrel.title")}</p>;
      break;
    case "GAME_END":
      if (v.result) {
        const res = v.result;
        const w = res.winner === "witch" ? "witches" : res.winner === "solo" ? "jester" : res.winner;
        const first = (
          <>
            <p class="huge">{t(`end.winner.${w}` as "end.winner.village")}</p>
            <p class="big-text">{t(`reason.${res.reason}` as "reason.TAKEOVER")}</p>
            <p>{res.score === 1 ? t("end.score.one") : t("end.score", { n: res.score })}</p>
            <ul class="chips roles">
              {v.players.map((p) => (
                <li key={p.seat}>
                  {p.name}: {t(`role.${res.roles[String(p.seat)]}` as "role.SEER")}
                </li>
              ))}
            </ul>
          </>
        );
        body = <RecapSlides view={v} first={first} />;
      }
      break;
    default:
      break;
  }
  const waiting = v.waiting ?? [];
  return (
    <div class="board-phase fade-in" key={`${v.phase}-${v.day}`}>
      <div class="board-phase-head">
        <h2 class="board-phase-title">{title}</h2>
        <Countdown deadline={v.deadline} big />
      </div>
      {body}
      {v.progress && v.phase !== "GAME_END" && (
        <p class="progress">
          {t("wait.done", { done: v.progress.done, total: v.progress.total })}
          {waiting.length > 0 && ` · ${t("wait.for", { names: names(waiting) })}`}
        </p>
      )}
    </div>
  );
}

import { qrUrl } from "../api";
import type { RoomState } from "../../core/connection";
import { joinNames, t } from "../i18n";
import type { HeksView } from "../types";
import { Crown, Frog } from "../ui/icons";
import { Countdown, Meter, nameOf, Names, Recipe } from "../ui/common";
import { AnnouncementText } from "../scenes/Evening";
import { ApprovalNames } from "../scenes/Night";
import { CurseMeter } from "../scenes/Status";
import { VoteResultBody } from "../scenes/Vote";

/** The public TV board: public information only (H-VIS-1), big text. */
export function Board(props: { room: RoomState; view: HeksView | null }) {
  const { room, view: v } = props;
  return (
    <main class="board">
      <header class="board-head">
        <h1>{t("board.title", { code: room.code })}</h1>
        {v && (
          <div class="board-counters">
            <span>{t("hdr.day", { n: v.day })}</span>
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
      </header>
      <div class="board-grid">
        <section class="card board-main">
          {!v ? (
            <div class="center">
              <p class="room-code">{room.code}</p>
              <img class="qr big" src={qrUrl(room.code)} alt={t("lobby.qr")} width={320} height={320} />
              <p class="big-text">{t("board.join")}</p>
            </div>
          ) : (
            <BoardPhase v={v} />
          )}
        </section>
        <section class="card board-players">
          <h2>{t("board.players")}</h2>
          <ol class="seats">
            {v
              ? v.players.map((p) => (
                  <li key={p.seat} class={`st-${p.status.toLowerCase()}`}>
                    <span class="seat-no">{p.seat}</span>
                    <span class="seat-name">
                      {p.status === "FROG" && <Frog size={30} />}
                      {p.name}
                      {v.chief === p.seat && <Crown size={30} />}
                    </span>
                    <span class="muted">{t(`status.${p.status}` as "status.CAT")}</span>
                  </li>
                ))
              : room.members.map((m, i) => (
                  <li key={m.pid}>
                    <span class="seat-no">{i + 1}</span>
                    <span class="seat-name">{m.name}</span>
                  </li>
                ))}
          </ol>
        </section>
      </div>
    </main>
  );
}

function BoardPhase(props: { v: HeksView }) {
  const v = props.v;
  const title = t(`phase.${v.phase}` as "phase.DEPART_A");
  let body = null;
  switch (v.phase) {
    case "VOTE_RESULT_SCENE":
      body = v.vote_result && <VoteResultBody view={v} r={v.vote_result} />;
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
          {v.phase === "WITCH_C" && <Meter deadline={v.deadline} total={15_000} label={t("gather.meter")} />}
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
      body = (
        <>
          <Names view={v} seats={v.proposal ?? []} />
        </>
      );
      break;
    case "ACCEPT_SCENE":
    case "REJECT_SCENE":
      body = (
        <>
          <Names view={v} seats={v.approval_result?.members ?? v.proposal ?? []} />
          <ApprovalNames view={v} />
          {v.phase === "REJECT_SCENE" && v.curse >= v.curse_max && <p class="big-text witchy">{t("reject.full")}</p>}
        </>
      );
      break;
    case "RITUAL":
      body = <p>{t("ritual.members", { names: joinNames((v.proposal ?? []).map((s) => nameOf(v, s))) })}</p>;
      break;
    case "RITUAL_RESULT":
      body = <p class="huge">{t(`result.${v.last_ritual ?? "FAILURE"}` as "result.SUCCESS")}</p>;
      break;
    case "QUARREL":
      body = <p class="huge shake-loop">{t("quarrel.title")}</p>;
      break;
    case "GAME_END":
      if (v.result) {
        const w = v.result.winner === "witch" ? "witches" : v.result.winner === "solo" ? "jester" : v.result.winner;
        body = (
          <>
            <p class="huge">{t(`end.winner.${w}` as "end.winner.village")}</p>
            <p class="big-text">{t(`reason.${v.result.reason}` as "reason.TAKEOVER")}</p>
            <p>{v.result.score === 1 ? t("end.score.one") : t("end.score", { n: v.result.score })}</p>
            <ul class="roles">
              {v.players.map((p) => (
                <li key={p.seat}>
                  <span>{p.name}</span>
                  <span>{t(`role.${v.result!.roles[String(p.seat)]}` as "role.SEER")}</span>
                </li>
              ))}
            </ul>
          </>
        );
      }
      break;
    default:
      break;
  }
  return (
    <div class="board-phase fade-in" key={`${v.phase}-${v.day}`}>
      <p class="muted">{t("board.phase")}</p>
      <h2 class="board-phase-title">{title}</h2>
      <Countdown deadline={v.deadline} big />
      {body}
      {v.progress && v.phase !== "GAME_END" && (
        <p class="progress">{t("wait.done", { done: v.progress.done, total: v.progress.total })}</p>
      )}
    </div>
  );
}

import type { ComponentChildren } from "preact";
import { joinNames, t } from "../i18n";
import type { HeksView } from "../types";
import { Countdown, Meter, nameOf, placeName, spellName } from "../ui/common";
import { CurseArt } from "../ui/art";
import { Cat, Crown, Duck, Frog, KnightShield } from "../ui/icons";
import { AnnouncementText } from "../scenes/Evening";
import { RecapSlides } from "../recap/Slides";
import { outcomeText } from "../ui/exile";
import { sceneLines } from "./narration";
import { PlaceRow, RecipeCards } from "./Tally";
import { StallNotice } from "../ui/Stall";

// The board's middle: the scene's title, its big timer and what everyone may see of it
// (H-VIS-1), as pictures where the game has them. Sized in vh (board.css).

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

function VoteResult(props: { v: HeksView }) {
  const { v } = props;
  const r = v.vote_result;
  if (!r) return null;
  // the count per player, as the phones show it: a room reads the vote off the TV without
  // counting the arrows below (a play-test)
  const tally = Object.entries(r.tally).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <p class={`big-text ${r.was_witch ? "witchy" : ""}`}>{outcomeText(v, r)}</p>
      {tally.length > 0 && (
        <p class="board-vote-tally" data-testid="vote-tally">
          {tally.map(([seat, n], i) => (
            <span key={seat}>
              {i > 0 && " · "}
              {nameOf(v, Number(seat))} <strong>{n}</strong>
            </span>
          ))}
        </p>
      )}
      <ul class="chips">
        {r.ballot.map((b) => (
          <li key={b.voter} class={b.auto ? "auto" : ""}>
            {nameOf(v, b.voter)} → {b.target == null ? t("voteres.blank") : nameOf(v, b.target)}
            {b.auto ? ` ${t("voteres.auto")}` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}

function Morning(props: { v: HeksView }) {
  const { v } = props;
  return (
    <div class="board-morning">
      <div class="board-duck" aria-hidden="true">
        <Duck />
      </div>
      <h3>{t("morning.recipe")}</h3>
      <RecipeCards view={v} />
      <h3>{t("board.recipe.places")}</h3>
      <PlaceRow view={v} />
      {v.places.filter((p) => !p.open).map((p) => (
        <p key={p.id} class="mist">{t("morning.closed", { place: placeName(p.id) })}</p>
      ))}
      {v.is_knights_day && <p class="knights">{t("morning.knights")}</p>}
      {v.phase === "WITCH_C" && <p class="big-text">{t("say.WITCH_C")}</p>}
      {v.phase === "WITCH_C" && <Meter deadline={v.deadline} total={v.deadline_total ?? 15_000} label={t("gather.meter")} />}
    </div>
  );
}

/** The duck's evening news: who was found at the pond, who is a cat again. ``recalled``:
 * the same news under the discussion's lead, smaller and without the duck, so the table
 * argues with it in view (a play-test: the board was empty while everyone talked). */
function Evening(props: { v: HeksView; recalled?: boolean }) {
  const { v } = props;
  const a = v.announcement;
  if (!a) return null;
  return (
    <div class={`board-evening${props.recalled ? " recalled" : ""}`} data-testid={props.recalled ? "news-recalled" : undefined}>
      {props.recalled ? (
        <h3>{t("board.news")}</h3>
      ) : (
        <div class="board-evening-duck" aria-hidden="true">
          <Duck />
        </div>
      )}
      <AnnouncementText view={v} a={a} />
      {a.new_frogs.length + a.turned_back.length > 0 && (
        <ul class="pond">
          {a.new_frogs.map((s) => (
            <li key={`f${s}`}>
              <Frog />
              <span>{nameOf(v, s)}</span>
            </li>
          ))}
          {a.turned_back.map((s) => (
            <li key={`c${s}`} class="cat-again">
              <Cat />
              <span>{nameOf(v, s)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Approval(props: { v: HeksView }) {
  const { v } = props;
  const r = v.phase === "APPROVAL_VOTE" ? null : v.approval_result;
  return (
    <>
      {v.proposal_auto && <p class="notice">{t(v.mode === "timed" ? "notice.team.timer" : "notice.team.absent")}</p>}
      <p class="big-text">{t("ritual.members", { names: joinNames((r?.members ?? v.proposal ?? []).map((s) => nameOf(v, s))) })}</p>
      {r && (
        <div class="board-votes">
          <div class="votes-for">
            <h3>
              {t("votes.for")} ({r.for.length})
            </h3>
            <Chips v={v} seats={r.for} auto={r.auto} />
          </div>
          <div class="votes-against">
            <h3>
              {t("votes.against")} ({r.against.length})
            </h3>
            <Chips v={v} seats={r.against} auto={r.auto} />
          </div>
        </div>
      )}
      {r && r.auto.length > 0 && <p class="small muted">{t("board.auto")}</p>}
      {v.phase === "REJECT_SCENE" && (
        <div class="curse-big" role="img" aria-label={`${t("hdr.curse")} ${v.curse}/${v.curse_max}`}>
          {Array.from({ length: v.curse_max }, (_, i) => (
            <CurseArt key={i} on={i < v.curse} />
          ))}
        </div>
      )}
      {v.phase === "REJECT_SCENE" && (
        <p class={v.curse >= v.curse_max ? "big-text witchy" : ""}>
          {v.curse >= v.curse_max ? t("reject.full") : t(r && r.for.length === r.against.length ? "reject.tie" : "reject.next")}
        </p>
      )}
    </>
  );
}

/** The knights' day's vote: a scene of its own (issue 31 §3), the knights riding in. */
function Knights() {
  return (
    <div class="board-knights" aria-hidden="true">
      {[0, 1, 2].map((k) => (
        <KnightShield key={k} />
      ))}
    </div>
  );
}

function GameEnd(props: { v: HeksView; next?: ComponentChildren; nextKey?: string }) {
  const { v } = props;
  const res = v.result;
  if (!res) return null;
  const w = res.winner === "witch" ? "witches" : res.winner === "solo" ? "jester" : res.winner;
  const first = (
    <div class={`board-end end-${w}`}>
      <p class="huge">{t(`end.winner.${w}` as "end.winner.village")}</p>
      <p class="big-text">{t(`reason.${res.reason}` as "reason.TAKEOVER")}</p>
      <p class="big-text end-winners">{t("end.winners", { names: joinNames(res.winners.map((s) => nameOf(v, s))) })}</p>
      <p>{res.score === 1 ? t("end.score.one") : t("end.score", { n: res.score })}</p>
      {/* A game decided at the end of a day has no evening scene: the duck's news comes here (H-ERR-4), as on the phones. */}
      {res.announcement && <AnnouncementText view={v} a={res.announcement} />}
      <ul class="chips roles">
        {v.players.map((p) => (
          <li key={p.seat} class={`role-${res.roles[String(p.seat)]?.toLowerCase()}`}>
            {p.status === "FROG" && <Frog size={20} />}
            {p.name}: {t(`role.${res.roles[String(p.seat)]}` as "role.SEER")}
          </li>
        ))}
      </ul>
      {props.next}
    </div>
  );
  return <RecapSlides view={v} first={first} home={props.nextKey} />;
}

/** ``next``: what the end screen says of the next game (board/NextGame.tsx), between games. */
export function BoardPhase(props: { v: HeksView; next?: ComponentChildren; nextKey?: string }) {
  const v = props.v;
  const names = (seats: number[]) => joinNames(seats.map((s) => nameOf(v, s)));
  let body = null;
  switch (v.phase) {
    case "VOTE_RESULT_SCENE":
      body = <VoteResult v={v} />;
      break;
    case "DEPART_A":
    case "WITCH_C":
      body = <Morning v={v} />;
      break;
    case "EVENING_ANNOUNCE":
      body = <Evening v={v} />;
      break;
    case "PROPOSAL":
      body = (
        <div class="board-chief">
          <Crown size={96} />
          <p class="big-text">{t("proposal.wait", { name: nameOf(v, v.chief), k: v.recipe.length })}</p>
        </div>
      );
      break;
    case "APPROVAL_VOTE":
    case "ACCEPT_SCENE":
    case "REJECT_SCENE":
      body = <Approval v={v} />;
      break;
    case "RITUAL":
      body = (
        <>
          <p class="big-text">{t("ritual.members", { names: names(v.proposal ?? []) })}</p>
          <RecipeCards view={v} />
        </>
      );
      break;
    case "RITUAL_RESULT":
      body = (
        <div class={`board-ritual ${v.last_ritual === "SUCCESS" ? "success" : "failure"}`}>
          <p class="huge">{t(`result.${v.last_ritual ?? "FAILURE"}` as "result.SUCCESS")}</p>
          {v.last_ritual !== "SUCCESS" && v.unlocked_spells.length > 0 && (
            <p class="witchy big-text">{t("result.spells", { spells: joinNames(v.unlocked_spells.map(spellName)) })}</p>
          )}
        </div>
      );
      break;
    case "QUARREL":
      // The header already shouts "Who was it?!": the body says what the pause is for.
      body = <p class="big-text">{t("quarrel.text")}</p>;
      break;
    case "GAME_END":
      body = <GameEnd v={v} next={props.next} nextKey={props.nextKey} />;
      break;
    default:
      // Scenes that happen on the phones (the reveal, the discussion, the vote): what to do.
      body = (
        <div class="board-lead">
          {sceneLines(v).map((line) => (
            <p key={line} class="big-text">
              {line}
            </p>
          ))}
          {/* H-EXC-8: shown, not read out; the narrator says what an exile needs. */}
          {v.phase === "EXILE_VOTE" && v.is_knights_day && <Knights />}
          {v.phase === "EXILE_VOTE" && v.exile_needed != null && <p class="muted">{t("exile.quorum.hint")}</p>}
          {v.phase === "EXILE_VOTE" && !v.is_knights_day && <p class="muted exile-rule">{t("exile.rule")}</p>}
          {v.phase === "DISCUSSION" && <Evening v={v} recalled />}
        </div>
      );
      break;
  }
  const waiting = v.waiting ?? [];
  const knightsVote = v.phase === "EXILE_VOTE" && v.is_knights_day;
  return (
    <div class={`board-phase fade-in${knightsVote ? " knights-vote" : ""}`} key={`${v.phase}-${v.day}`}>
      <div class="board-phase-head">
        <h2 class="board-phase-title">{knightsVote ? t("knights.scene.title") : t(`phase.${v.phase}` as "phase.DEPART_A")}</h2>
        <Countdown deadline={v.deadline} big />
      </div>
      <StallNotice view={v} />
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


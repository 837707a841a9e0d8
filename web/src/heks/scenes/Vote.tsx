import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { t } from "../i18n";
import type { HeksView, Send, VoteResult } from "../types";
import { Choice, choiceOf, Countdown, DoneLine, nameOf, PrimaryButton, Progress, SceneTitle, Section, useOnce } from "../ui/common";
import { outcomeText, quorumLine } from "../ui/exile";
import { KnightShield } from "../ui/icons";
import { AnnouncementText } from "./Evening";

/** Full ballot, tally and outcome (H-EXC-5). */
export function VoteResultBody(props: { view: HeksView; r: VoteResult }) {
  const v = props.view;
  const r = props.r;
  const outcome = outcomeText(v, r);
  const tally = Object.entries(r.tally).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <p class={`big-text outcome ${r.was_witch ? "witchy" : ""} outcome-${r.outcome.toLowerCase()}`}>{outcome}</p>
      {tally.length > 0 && (
        // All blank: no cat got a vote, and a "Tally" heading over nothing read as a list that failed to load.
        <>
          <h3>{t("voteres.tally")}</h3>
          <ul class="tally">
            {tally.map(([seat, n]) => (
              <li key={seat}>
                <span>{nameOf(v, Number(seat))}</span>
                <strong>{n}</strong>
              </li>
            ))}
          </ul>
          {/* H-EXC-8: at a table with a quorum, what an exile needed (NO_QUORUM's outcome already says it). */}
          {r.needed != null && r.outcome !== "NO_QUORUM" && <p class="muted small">{t("voteres.needed", { needed: r.needed, total: r.ballot.length })}</p>}
        </>
      )}
      <h3>{t("voteres.ballot")}</h3>
      {r.ballot.some((b) => b.auto) && <p class="muted small">{t("voteres.auto.rule")}</p>}
      <ul class="ballot">
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

export function VoteResultScene(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  return (
    <div class="scene">
      <SceneTitle title={t("voteres.title", { n: v.vote_result?.day ?? v.day - 1 })} view={v} />
      <Section>{v.vote_result && <VoteResultBody view={v} r={v.vote_result} />}</Section>
      {me?.owes && <PrimaryButton label={t("btn.confirm")} onClick={() => props.send("confirm")} />}
      {me && !me.owes && <DoneLine view={v} text={t("wait.others")} />}
      <Progress view={v} />
    </div>
  );
}

/** The knights' day's banner (issue 31 §3, H-TBL-7): the board's three shields, the title and
 * what the vote decides. Public facts only (the day), so every phone shows the same (H-VIS-6). */
function KnightsBanner(props: { view: HeksView }) {
  return (
    <header class="knights-banner pop">
      <div class="knights-shields" aria-hidden="true">
        {[0, 1, 2].map((k) => (
          <KnightShield key={k} size={34} />
        ))}
      </div>
      <h1>{t("knights.scene.title")}</h1>
      <Countdown deadline={props.view.deadline} />
      <p class="knights-scene">{t("knights.scene.text")}</p>
    </header>
  );
}

/** Exile vote with switching and Blank (H-EXV-1/2). */
export function ExileVote(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const voted = v.me?.choice != null && "vote" in (v.me.choice as object);
  const target = choiceOf<number | null>(v, "vote") ?? null;
  const canVote = me?.status === "CAT";
  const quorum = quorumLine(v); // H-EXC-8: null on the knights' day and at tables without one
  return (
    <div class="scene">
      {/* The knights' day's vote is a scene of its own (H-TBL-7): it decides the game. */}
      {v.is_knights_day ? <KnightsBanner view={v} /> : <SceneTitle title={t("exile.title")} view={v} />}
      {quorum && (
        <div class="notice quorum">
          <p class="center">
            <strong>{quorum}</strong>
          </p>
          <p class="muted small center">{t("exile.quorum.hint")}</p>
        </div>
      )}
      {/* how the count decides, for every phone alike (a play-test table argued why 3 of 11 exiled) */}
      {!v.is_knights_day && <p class="muted small exile-rule">{t("exile.rule")}</p>}
      {canVote && (
        <>
          <p class="muted small">{t("exile.hint")}</p>
          <div class="choices grid2">
            {v.players.filter((p) => p.status === "CAT" && p.seat !== me!.seat).map((p) => (
              <Choice
                key={p.seat}
                label={p.name}
                ariaLabel={t("exile.vote", { name: p.name })}
                pressed={voted && target === p.seat}
                onClick={() => props.send("exile_vote", { target: p.seat })}
              />
            ))}
          </div>
          <Choice label={t("exile.blank")} pressed={voted && target === null} onClick={() => props.send("exile_vote", { target: null })} class="blank" />
          {voted && (
            <p class="center">{t("exile.yourvote", { name: target == null ? t("exile.blank") : nameOf(v, target) })}</p>
          )}
          <DoneLine view={v} />
        </>
      )}
      <Progress view={v} keyName="exile.count" />
    </div>
  );
}

/** "Play again" with a second tap: a new game starts for the whole table at once. While the
 * next game cannot start (``blocked``: why), the button waits with the reason under it. */
function PlayAgain(props: { playAgain: () => Promise<unknown>; blocked: string | null }) {
  const [asking, setAsking] = useState(false);
  const again = useOnce(props.playAgain);
  if (props.blocked !== null) {
    return (
      <>
        <PrimaryButton label={t("end.again")} onClick={() => undefined} disabled />
        <p class="small deck-problem" role="status">
          {props.blocked}
        </p>
      </>
    );
  }
  if (!asking) return <PrimaryButton label={t("end.again")} onClick={() => setAsking(true)} />;
  return (
    <div class="card host-confirm" role="group" aria-label={t("end.again.confirm")}>
      <p>{t("end.again.confirm")}</p>
      <PrimaryButton label={t("end.again")} onClick={again.run} disabled={again.busy} />
      <button type="button" class="link-btn" onClick={() => setAsking(false)}>
        {t("host.cancel")}
      </button>
    </div>
  );
}

const VOTE_ENDINGS = ["JESTER_EXILED", "KNIGHTS_VOTE_WITCH", "KNIGHTS_VOTE_FAILED", "ALL_WITCHES_EXILED"];
/** A game that ends at the end of a day carries that day's announcement (H-ERR-4); one that ends at a vote shows the vote. */
function endedByVote(reason: string, hasAnnouncement: boolean): boolean {
  if (VOTE_ENDINGS.includes(reason)) return true;
  return (reason === "ALL_WITCHES_FROGS" || reason === "TAKEOVER") && !hasAnnouncement;
}

/** Results: winner, reason, score, every role (H-VIS-2); "Play again" for the host. */
export function Results(props: {
  view: HeksView;
  isHost: boolean;
  canPlayAgain: boolean;
  playAgain: () => Promise<unknown>;
  blocked: string | null;
  /** Between games, the host's table and deck for the next game, right under Play again. */
  next?: ComponentChildren;
}) {
  const v = props.view;
  const r = v.result;
  if (!r) return null;
  const w = r.winner === "witch" ? "witches" : r.winner === "solo" ? "jester" : r.winner;
  return (
    <div class="scene">
      <SceneTitle title={t("end.title")} />
      <Section class={`winner winner-${w} pop`}>
        <p class="huge">{t(`end.winner.${w}` as "end.winner.village")}</p>
        {v.me && <p class={`big-text center ${v.me.side === r.winner ? "won" : "lost"}`}>{t(v.me.side === r.winner ? "end.you.won" : "end.you.lost")}</p>}
        <p>{t(`reason.${r.reason}` as "reason.TAKEOVER")}</p>
        <p>{r.score === 1 ? t("end.score.one") : t("end.score", { n: r.score })}</p>
      </Section>
      {/* the host's next step comes before the details, where he meets it without scrolling */}
      {props.isHost && props.canPlayAgain ? (
        <PlayAgain playAgain={props.playAgain} blocked={props.blocked} />
      ) : (
        <p class="waiting">{t("end.again.wait")}</p>
      )}
      {props.next}
      {r.announcement && (
        <Section>
          <AnnouncementText view={v} a={r.announcement} />
        </Section>
      )}
      {v.vote_result && endedByVote(r.reason, r.announcement != null) && (
        <Section>
          <VoteResultBody view={v} r={v.vote_result} />
        </Section>
      )}
      <Section title={t("end.roles")}>
        <ul class="roles">
          {v.players.map((p) => {
            const role = r.roles[String(p.seat)];
            return (
              <li key={p.seat} class={`side-${role === "WITCH" || role === "CROW" ? "witch" : role === "JESTER" ? "solo" : "village"}`}>
                <span>
                  {p.name}
                  {p.seat === v.me?.seat ? ` (${t("you")})` : ""}
                </span>
                <span>
                  {role ? t(`role.${role}` as "role.SEER") : "?"} · {t(`status.${p.status}` as "status.CAT")}
                </span>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}

import { useState } from "preact/hooks";
import { Deadline, ErrorLine, isDeskView, nickOf, PhaseTitle, type AndorraConn, type AndorraView, type Ctx } from "../common";
import { Chat } from "../Chat";
import type { ServerError } from "../i18n";
import { Posts, VoteLog } from "../Posts";
import { Articles } from "./Articles";
import { Audit } from "./Audit";
import { Confirm } from "./Confirm";
import { DayHeader, FirstPost } from "./CopyBlock";
import { Correct } from "./Corrections";
import { DeadlineEdit } from "./DeadlineEdit";
import { HostPrompts } from "./HostPrompts";
import { Inactive } from "./Inactive";
import { Messages } from "./Messages";
import { PlayersTable } from "./PlayersTable";
import { Preview } from "./Preview";
import { DeskLink } from "./DeskLink";
import { MailSettings } from "./MailSettings";
import { Links, Relink } from "./Relink";
import { Review } from "./Review";
import { missingMoves, Submissions } from "./Submissions";
import { HostLog } from "./HostLog";
import { PmMove, PmVote } from "./PmEntry";
import "./desk.css";
import { seatPresence } from "./Presence";
import { RunningCount } from "./RunningCount";
import { StartPms } from "./StartPms";
import { StateEditor } from "./StateEditor";
import { ThreadImport } from "./ThreadImport";
import type { RoomJson, YouJson } from "../../generated/protocol";
import { command } from "../send";
import type { Run } from "./run";

interface Props {
  ctx: Ctx;
  conn: AndorraConn;
  view: AndorraView;
  code: string;
  room: RoomJson | null;
  you: YouJson | null;
}

export function DeskPage({ ctx, conn, view, code, room, you }: Props) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isDeskView(view)) return <p role="alert">{ctx.t("not_host")}</p>;
  const host = view.host;
  const run: Run = async (type, ...payload) => {
    if (busy) return;
    setBusy(true);
    setErr(await command(conn, type, ...payload));
    setBusy(false);
  };
  const phase = view.phase as string;
  // the close buttons name who is still missing (those lists are far down the desk): a day or a
  // night closed too early costs a player his vote or his move
  const notVoted = (host.inactive_today ?? []).map((s) => nickOf(view, s));
  const closeQuestion = (ask: string, missing: string, nicks: string[]) =>
    nicks.length ? `${ctx.t(ask)} ${ctx.t(missing, { nicks: nicks.join(", ") })}` : ctx.t(ask);
  return (
    <div class="desk">
      <h1>
        {ctx.t("desk")} · {code}
      </h1>
      <PhaseTitle ctx={ctx} view={view} />
      {view.phase !== "OVER" && <Deadline ctx={ctx} deadline={view.deadline} />}
      {(phase === "DAY" || phase === "NIGHT" || phase === "RESOLVING") && (
        <DeadlineEdit ctx={ctx} deadline={view.deadline} busy={busy} run={run} />
      )}
      {view.result && <p class="result">{ctx.t("result", { winner: view.result.winner_name?.[ctx.lang] ?? "—" })}</p>}
      <div class="actions">
        {phase === "DAY" && (
          <Confirm ctx={ctx} disabled={busy} label={ctx.t("end_day")} question={closeQuestion("confirm_end_day", "confirm_missing_votes", notVoted)} onConfirm={() => run("end_day")} />
        )}
        {phase === "NIGHT" && (
          <Confirm ctx={ctx} disabled={busy} label={ctx.t("end_night")} question={closeQuestion("confirm_end_night", "confirm_missing_moves", missingMoves(view))} onConfirm={() => run("end_night")} />
        )}
        {phase === "RESOLVING" && (
          <Confirm ctx={ctx} disabled={busy} label={ctx.t("close_prompts")} question={ctx.t("confirm_close_prompts")} onConfirm={() => run("close_prompts")} />
        )}
      </div>
      <ErrorLine ctx={ctx} err={err} />
      {host.warnings.length > 0 && (
        <p class="warnings">
          {ctx.t("warnings")}: {host.warnings.join(", ")}
        </p>
      )}
      <div class="desk-grid">
        {/* in REVIEW the night's check, the publish button and the post's preview come first */}
        {phase === "REVIEW" && (
          <div class="publish">
            <Review ctx={ctx} view={view} />
            <Confirm ctx={ctx} disabled={busy} label={ctx.t("publish")} question={ctx.t("confirm_publish")} onConfirm={() => run("publish")} />
          </div>
        )}
        {phase === "REVIEW" && <Preview ctx={ctx} view={view} run={run} />}
        <PlayersTable ctx={ctx} view={view} presence={seatPresence(room, you)} />
        {phase === "DAY" && <RunningCount ctx={ctx} view={view} />}
        {phase === "DAY" && <PmVote ctx={ctx} conn={conn} view={view} />}
        {(phase === "DAY" || phase === "NIGHT") && <ThreadImport ctx={ctx} view={view} code={code} run={run} />}
        {phase === "NIGHT" && <PmMove ctx={ctx} conn={conn} view={view} />}
        {(phase === "DAY" || phase === "NIGHT") && <StateEditor ctx={ctx} conn={conn} view={view} />}
        <StartPms ctx={ctx} view={view} code={code} />
        <Relink ctx={ctx} view={view} code={code} run={run} />
        <Links ctx={ctx} code={code} />
        <DeskLink ctx={ctx} code={code} />
        <MailSettings ctx={ctx} view={view} run={run} busy={busy} />
        <VoteLog
          ctx={ctx}
          view={view}
          undo={phase === "DAY" ? (voter) => void run("pm_vote_undo", { from: voter }) : undefined}
        />
        {phase === "DAY" && <Inactive ctx={ctx} view={view} run={run} />}
        {phase === "DAY" && <Articles ctx={ctx} view={view} run={run} />}
        <Submissions ctx={ctx} view={view} />
        {phase === "RESOLVING" && <HostPrompts ctx={ctx} view={view} run={run} />}
        {(phase === "REVIEW" || phase === "RESOLVING") && <Correct ctx={ctx} view={view} run={run} busy={busy} />}
        <FirstPost ctx={ctx} view={view} />
        <DayHeader ctx={ctx} view={view} />
        <Posts ctx={ctx} view={view} bbcode />
        <Chat ctx={ctx} view={view} conn={conn} />
        <Messages ctx={ctx} view={view} />
        <HostLog ctx={ctx} view={view} />
        <Audit ctx={ctx} view={view} />
      </div>
    </div>
  );
}

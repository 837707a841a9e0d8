import { Deadline, isPlayerView, nickOf, PhaseTitle, type AndorraConn, type Ctx, type AndorraView } from "../common";
import { BBText } from "../bbcode";
import { Chat } from "../Chat";
import { Posts, VoteLog } from "../Posts";
import { Article } from "./Article";
import { ClanPoll } from "./ClanPoll";
import { Inbox } from "./Inbox";
import { MailAddress } from "./MailAddress";
import { freshResults, Latest } from "./Latest";
import { MoveForm } from "./MoveForm";
import { OutBanner } from "./OutBanner";
import { Prompts } from "./Prompts";
import { RoleCard } from "./RoleCard";
import { VoteForm } from "./VoteForm";
import { command } from "../send";

interface Props {
  ctx: Ctx;
  conn: AndorraConn;
  view: AndorraView;
}

/** A player's page, read on a phone: first what he must do now (the host's questions, the
 * vote, the night move) and the latest morning, then his role card, then the history. The
 * role card on top pushed the day's vote ~1050 px down and the morning to the page's foot. */
export function PlayerPage({ ctx, conn, view }: Props) {
  if (!isPlayerView(view)) return <p role="alert">{ctx.t("not_player")}</p>;
  const me = view.me;
  const fresh = freshResults(view);
  return (
    <div class="player">
      <h1>{ctx.t("you_are", { nick: nickOf(view, me.seat) })}</h1>
      <OutBanner ctx={ctx} view={view} />
      <PhaseTitle ctx={ctx} view={view} />
      {/* A-SEC-7: RESOLVING here means a question of his own, and its deadline is the one shown */}
      {view.phase !== "OVER" && <Deadline ctx={ctx} deadline={view.deadline} answer={view.phase === "RESOLVING"} />}
      {view.result && <p class="result">{ctx.t("result", { winner: view.result.winner_name?.[ctx.lang] ?? "—" })}</p>}
      {/* an open question first, then a morning that brought him results (issue 32 §3) */}
      {me.prompts.length > 0 && <Prompts ctx={ctx} conn={conn} view={view} />}
      {fresh && <Latest ctx={ctx} view={view} />}
      {view.phase === "NIGHT" && <MoveForm ctx={ctx} conn={conn} view={view} />}
      {view.phase === "DAY" && <VoteForm ctx={ctx} conn={conn} view={view} />}
      {view.phase === "DAY" && <Article ctx={ctx} conn={conn} view={view} />}
      <ClanPoll ctx={ctx} conn={conn} view={view} />
      {!fresh && <Latest ctx={ctx} view={view} />}
      <RoleCard ctx={ctx} view={view} />
      <VoteLog ctx={ctx} view={view} />
      {me.chat_clan && (
        <Chat
          ctx={ctx}
          view={view}
          clan={me.chat_clan_name?.[ctx.lang] ?? null}
          own
          only={me.chat_clan}
          conn={conn}
          onSend={me.status === "ALIVE" ? (text) => command(conn, "chat", { text, id: messageId() }) : undefined}
        />
      )}
      <Inbox ctx={ctx} view={view} />
      <MailAddress ctx={ctx} conn={conn} view={view} />
      <Posts ctx={ctx} view={view} />
      <details>
        <summary>{ctx.t("first_post")}</summary>
        <pre class="post-text">
          <BBText text={view.first_post} />
        </pre>
      </details>
    </div>
  );
}

/** The client's id for a chat message: a resend after a lost connection is not posted twice. */
function messageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

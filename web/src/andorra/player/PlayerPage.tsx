import { Deadline, isPlayerView, nickOf, PhaseTitle, type AndorraConn, type Ctx, type AndorraView } from "../common";
import { Chat } from "../Chat";
import { Posts, VoteLog } from "../Posts";
import { Article } from "./Article";
import { ClanPoll } from "./ClanPoll";
import { Inbox } from "./Inbox";
import { MoveForm } from "./MoveForm";
import { Prompts } from "./Prompts";
import { RoleCard } from "./RoleCard";
import { VoteForm } from "./VoteForm";

interface Props {
  ctx: Ctx;
  conn: AndorraConn;
  view: AndorraView;
}

export function PlayerPage({ ctx, conn, view }: Props) {
  if (!isPlayerView(view)) return <p role="alert">{ctx.t("not_player")}</p>;
  const me = view.me;
  return (
    <div class="player">
      <h1>{ctx.t("you_are", { nick: nickOf(view, me.seat) })}</h1>
      <PhaseTitle ctx={ctx} view={view} />
      {view.phase !== "OVER" && <Deadline ctx={ctx} deadline={view.deadline} />}
      {view.result && <p class="result">{ctx.t("result", { winner: view.result.winner_name?.[ctx.lang] ?? "—" })}</p>}
      {/* a question waits on his answer: above the long role card, in sight on a phone */}
      {me.prompts.length > 0 && <Prompts ctx={ctx} conn={conn} view={view} />}
      <RoleCard ctx={ctx} view={view} />
      <ClanPoll ctx={ctx} conn={conn} view={view} />
      {view.phase === "NIGHT" && <MoveForm ctx={ctx} conn={conn} view={view} />}
      {view.phase === "DAY" && <VoteForm ctx={ctx} conn={conn} view={view} />}
      {view.phase === "DAY" && <Article ctx={ctx} conn={conn} view={view} />}
      <VoteLog ctx={ctx} view={view} />
      <Inbox ctx={ctx} view={view} />
      {me.chat_clan && (
        <Chat
          ctx={ctx}
          view={view}
          clan={me.chat_clan_name?.[ctx.lang] ?? null}
          own
          messages={me.chat ?? []}
          onSend={me.status === "ALIVE" ? (text) => conn.command("chat", { text, id: messageId() }) : undefined}
        />
      )}
      <Posts ctx={ctx} view={view} />
      <details>
        <summary>{ctx.t("first_post")}</summary>
        <pre class="post-text">{view.first_post}</pre>
      </details>
    </div>
  );
}

/** The client's id for a chat message: a resend after a lost connection is not posted twice. */
function messageId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

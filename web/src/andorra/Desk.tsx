import { useState } from "preact/hooks";
import { ACTION_CODES, actionName } from "./actions";
import { Chat, copyText, Deadline, ErrorLine, nickOf, PhaseTitle, Posts, VoteLog, type Ctx } from "./common";
import type { Conn } from "./conn";
import type { ServerError } from "./i18n";

interface Props {
  ctx: Ctx;
  conn: Conn;
  view: any;
  offset: number;
  code: string;
}

export function DeskPage({ ctx, conn, view, offset, code }: Props) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const host = view.host;
  if (!host) return <p role="alert">{ctx.t("not_host")}</p>;
  const run = async (type: string, payload: Record<string, unknown> = {}) => {
    if (busy) return;
    setBusy(true);
    setErr(await conn.command(type, payload));
    setBusy(false);
  };
  const phase = view.phase as string;
  return (
    <div class="desk">
      <h1>
        {ctx.t("desk")} · {code}
      </h1>
      <PhaseTitle ctx={ctx} view={view} />
      <Deadline ctx={ctx} deadline={view.deadline} offset={offset} />
      {(phase === "DAY" || phase === "NIGHT" || phase === "RESOLVING") && (
        <DeadlineEdit ctx={ctx} deadline={view.deadline} offset={offset} busy={busy} run={run} />
      )}
      {view.result && <p class="result">{ctx.t("result", { winner: view.result.winner })}</p>}
      <div class="actions">
        {phase === "DAY" && (
          <button type="button" disabled={busy} onClick={() => run("end_day")}>
            {ctx.t("end_day")}
          </button>
        )}
        {phase === "NIGHT" && (
          <button type="button" disabled={busy} onClick={() => run("end_night")}>
            {ctx.t("end_night")}
          </button>
        )}
        {phase === "RESOLVING" && (
          <button type="button" disabled={busy} onClick={() => run("close_prompts")}>
            {ctx.t("close_prompts")}
          </button>
        )}
        {phase === "REVIEW" && (
          <button type="button" disabled={busy} onClick={() => run("publish")}>
            {ctx.t("publish")}
          </button>
        )}
      </div>
      <ErrorLine ctx={ctx} err={err} />
      {host.warnings.length > 0 && (
        <p class="warnings">
          {ctx.t("warnings")}: {(host.warnings as string[]).join(", ")}
        </p>
      )}
      <div class="desk-grid">
        <PlayersTable ctx={ctx} view={view} />
        <Relink ctx={ctx} view={view} code={code} run={run} />
        <Links ctx={ctx} code={code} />
        <VoteLog ctx={ctx} view={view} />
        {phase === "DAY" && <Inactive ctx={ctx} view={view} run={run} />}
        <Submissions ctx={ctx} view={view} />
        {phase === "RESOLVING" && <HostPrompts ctx={ctx} view={view} run={run} offset={offset} />}
        {phase === "REVIEW" && <Preview ctx={ctx} view={view} run={run} />}
        {(phase === "REVIEW" || phase === "RESOLVING") && <Correct ctx={ctx} view={view} run={run} />}
        <FirstPost ctx={ctx} view={view} />
        <CopyBlock ctx={ctx} title={ctx.t("day_header")} text={view.header} button={ctx.t("copy_day_header")} />
        <Posts ctx={ctx} view={view} bbcode />
        <Chat ctx={ctx} view={view} messages={view.chat ?? []} />
        <Messages ctx={ctx} view={view} />
        <Audit ctx={ctx} view={view} />
      </div>
    </div>
  );
}

const HOUR = 3_600_000;

/** H-01a: give the running phase more time, set its end, or close it by hand. */
function DeadlineEdit(props: { ctx: Ctx; deadline: number | null; offset: number; busy: boolean; run: Run }) {
  const { ctx, deadline, offset, busy, run } = props;
  const [when, setWhen] = useState("");
  const serverNow = () => Date.now() + offset;
  const later = (ms: number) => run("set_deadline", { at: Math.max(deadline ?? 0, serverNow()) + ms });
  const setAt = () => {
    const local = new Date(when).getTime(); // the host's own clock and time zone
    if (!Number.isNaN(local)) run("set_deadline", { at: local + offset });
  };
  return (
    <details class="deadline-edit">
      <summary>{ctx.t("deadline_change")}</summary>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => later(HOUR)}>
          {ctx.t("deadline_plus_hour")}
        </button>
        <button type="button" disabled={busy} onClick={() => later(12 * HOUR)}>
          {ctx.t("deadline_plus_12h")}
        </button>
        {deadline != null && (
          <button type="button" disabled={busy} onClick={() => run("set_deadline", { at: null })}>
            {ctx.t("deadline_remove")}
          </button>
        )}
      </div>
      <label>
        {ctx.t("deadline_at")}{" "}
        <input type="datetime-local" value={when} onInput={(e) => setWhen((e.target as HTMLInputElement).value)} />
      </label>{" "}
      <button type="button" disabled={busy || !when} onClick={setAt}>
        {ctx.t("deadline_set")}
      </button>
    </details>
  );
}

function PlayersTable({ ctx, view }: { ctx: Ctx; view: any }) {
  return (
    <section aria-label={ctx.t("players")}>
      <h3>{ctx.t("players")}</h3>
      <table>
        <thead>
          <tr>
            <th>{ctx.t("seat")}</th>
            <th>{ctx.t("nick")}</th>
            <th>{ctx.t("role")}</th>
            <th>{ctx.t("clan")}</th>
            <th>{ctx.t("items")}</th>
          </tr>
        </thead>
        <tbody>
          {(view.host.players as any[]).map((p) => (
            <tr key={p.seat} class={p.status === "ALIVE" ? "" : "gone"}>
              <td>{p.seat}</td>
              <td>{p.nick}</td>
              <td>
                {p.role_name} {p.status !== "ALIVE" ? `(${ctx.t(`status.${p.status}`)})` : ""}
              </td>
              <td>{p.clan ?? ""}</td>
              <td>
                {Object.entries(p.items as Record<string, number>)
                  .map(([k, v]) => `${k}×${v}`)
                  .join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Relink({ ctx, view, code, run }: { ctx: Ctx; view: any; code: string; run: Run }) {
  const players = view.host.players as any[];
  const [seat, setSeat] = useState<string>(String(players[0]?.seat ?? 1));
  const [nick, setNick] = useState("");
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const [err, setErr] = useState<ServerError | null>(null);
  const relink = async () => {
    setErr(null);
    if (nick.trim()) await run("replace", { seat: Number(seat), nick: nick.trim() });
    const res = await fetch(`/api/andorra/${encodeURIComponent(code)}/relink`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: localStorage.getItem(`andorra:${code}:desk`), seat: Number(seat) }),
    });
    const data = await res.json();
    if (!res.ok) {
      setErr(data.error);
      return;
    }
    const name = nick.trim() || nickOf(view, Number(seat));
    const key = `andorra:${code}:links`;
    const links: { name: string; url: string }[] = JSON.parse(localStorage.getItem(key) ?? "[]");
    links[Number(seat) - 1] = { name, url: data.url };
    localStorage.setItem(key, JSON.stringify(links));
    setMade({ name, url: data.url });
    setNick("");
  };
  return (
    <details>
      <summary>{ctx.t("relink")}</summary>
      <p>{ctx.t("relink_help")}</p>
      <label>
        {ctx.t("nick")}
        <select aria-label={ctx.t("nick")} value={seat} onChange={(e) => setSeat((e.target as HTMLSelectElement).value)}>
          {players.map((p) => (
            <option key={p.seat} value={String(p.seat)}>
              {p.nick}
            </option>
          ))}
        </select>
      </label>
      <label>
        {ctx.t("relink_nick")}
        <input aria-label={ctx.t("relink_nick")} value={nick} onInput={(e) => setNick((e.target as HTMLInputElement).value)} />
      </label>
      <button type="button" onClick={relink}>
        {ctx.t("relink_submit")}
      </button>
      {made && (
        <p role="status">
          {made.name}: <input readOnly value={made.url} aria-label={ctx.t("relink_new")} />{" "}
          <button type="button" onClick={() => copyText(made.url)}>
            {ctx.t("copy_link", { name: made.name })}
          </button>
        </p>
      )}
      <ErrorLine ctx={ctx} err={err} />
    </details>
  );
}

function Links({ ctx, code }: { ctx: Ctx; code: string }) {
  const raw = localStorage.getItem(`andorra:${code}:links`);
  const links: { name: string; url: string }[] = raw ? JSON.parse(raw) : [];
  if (links.length === 0) return null;
  return (
    <details>
      <summary>{ctx.t("links")}</summary>
      <ul>
        {links.map((l) => (
          <li key={l.url}>
            {l.name}{" "}
            <button type="button" onClick={() => copyText(l.url)}>
              {ctx.t("copy_link", { name: l.name })}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Submissions({ ctx, view }: { ctx: Ctx; view: any }) {
  const subs = Object.entries(view.host.submissions as Record<string, any>);
  return (
    <section aria-label={ctx.t("submissions")}>
      <h3>{ctx.t("submissions")}</h3>
      {subs.length === 0 ? (
        <p>{ctx.t("submissions_none")}</p>
      ) : (
        <ul class="submissions">
          {subs.map(([seat, mv]) => (
            <li key={seat}>
              {nickOf(view, Number(seat))}: {actionName(mv.action, ctx.lang)}
              {mv.target != null ? ` → ${nickOf(view, mv.target)}` : ""}
              {mv.params && Object.keys(mv.params).length ? ` ${JSON.stringify(mv.params)}` : ""}
              {mv.by !== Number(seat) ? ` (${ctx.t("submitted_by", { by: mv.by === "host" ? "host" : nickOf(view, mv.by) })})` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Run = (type: string, payload?: Record<string, unknown>) => Promise<void>;

function HostPrompts({ ctx, view, run, offset }: { ctx: Ctx; view: any; run: Run; offset: number }) {
  const prompts = ((view.host.pending ?? {}).prompts ?? []) as any[];
  return (
    <section aria-label={ctx.t("host_prompts")}>
      <h3>{ctx.t("host_prompts")}</h3>
      <Deadline ctx={ctx} deadline={view.deadline} offset={offset} />
      {prompts.map((p) => (
        <div key={p.id} class="prompt">
          <p>
            {p.seat === 0 ? ctx.t("host_self") : nickOf(view, p.seat)}: {ctx.lang === "en" ? p.en : p.ru}{p.default != null ? ` — ${ctx.t("prompt_default", { default: p.default })}` : ""}
          </p>
          {(p.options as string[]).map((o) => (
            <button type="button" key={o} onClick={() => run("answer", { prompt: p.id, answer: o })}>
              {p.seat === 0 ? ctx.t("answer", { option: o }) : ctx.t("answer_for", { nick: nickOf(view, p.seat), option: o })}
            </button>
          ))}
        </div>
      ))}
    </section>
  );
}

function Inactive({ ctx, view, run }: { ctx: Ctx; view: any; run: Run }) {
  const seats = (view.host.inactive_today as number[]) ?? [];
  return (
    <section aria-label={ctx.t("inactive")}>
      <h3>{ctx.t("inactive")}</h3>
      <p>{seats.length ? seats.map((s) => nickOf(view, s)).join(", ") : "—"}</p>
      <details>
        <summary>{ctx.t("penalty")}</summary>
        {(view.host.players as any[])
          .filter((p) => p.status === "ALIVE")
          .map((p) => (
            <button type="button" key={p.seat} onClick={() => run("penalty", { seat: p.seat })}>
              {ctx.t("penalty_for", { nick: p.nick })}
            </button>
          ))}
      </details>
    </section>
  );
}

function CopyBlock({ ctx, title, text, button }: { ctx: Ctx; title: string; text: string; button: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <pre class="post-text">{text}</pre>
      <button
        type="button"
        onClick={async () => {
          await copyText(text);
          setCopied(true);
        }}
      >
        {button}
      </button>
      {copied && <span role="status"> {ctx.t("copied")}</span>}
    </section>
  );
}

function FirstPost({ ctx, view }: { ctx: Ctx; view: any }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-label={ctx.t("first_post")}>
      <h3>{ctx.t("first_post")}</h3>
      <pre class="post-text">{view.first_post}</pre>
      <button
        type="button"
        onClick={async () => {
          await copyText(view.first_post);
          setCopied(true);
        }}
      >
        {ctx.t("copy_first_post")}
      </button>
      {copied && <span role="status"> {ctx.t("copied")}</span>}
    </section>
  );
}

function Preview({ ctx, view, run }: { ctx: Ctx; view: any; run: Run }) {
  const pending = view.host.pending ?? {};
  const [text, setText] = useState<string>(pending.post?.narrative ?? "");
  return (
    <section aria-label={ctx.t("preview")}>
      <h3>{ctx.t("preview")}</h3>
      <pre class="post-text" aria-label="preview-text">
        {pending.post_text}
      </pre>
      <label>
        {ctx.t("narrative")}
        <textarea aria-label={ctx.t("narrative")} rows={3} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
      </label>
      <button type="button" onClick={() => run("narrative", { text })}>
        {ctx.t("narrative_save")}
      </button>
    </section>
  );
}

function Correct({ ctx, view, run }: { ctx: Ctx; view: any; run: Run }) {
  const alive = (view.host.players as any[]).filter((p) => p.status === "ALIVE");
  const subs = view.host.submissions as Record<string, any>;
  const [player, setPlayer] = useState<string>(String(alive[0]?.seat ?? 1));
  const [action, setAction] = useState<string>(subs[String(alive[0]?.seat)]?.action ?? "STAY_HOME");
  const [target, setTarget] = useState<string>(String(subs[String(alive[0]?.seat)]?.target ?? ""));
  const pick = (seat: string) => {
    setPlayer(seat);
    setAction(subs[seat]?.action ?? "STAY_HOME");
    setTarget(subs[seat]?.target != null ? String(subs[seat].target) : "");
  };
  return (
    <section aria-label={ctx.t("correct")}>
      <h3>{ctx.t("correct")}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const params = subs[player]?.action === action ? subs[player]?.params : undefined;
          run("correct", {
            player: Number(player),
            action,
            target: target ? Number(target) : null,
            ...(params && Object.keys(params).length ? { params } : {}),
          });
        }}
      >
        <label>
          {ctx.t("nick")}
          <select aria-label={ctx.t("nick")} value={player} onChange={(e) => pick((e.target as HTMLSelectElement).value)}>
            {alive.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
        <label>
          {ctx.t("move_action")}
          <select aria-label={ctx.t("move_action")} value={action} onChange={(e) => setAction((e.target as HTMLSelectElement).value)}>
            {ACTION_CODES.map((code) => (
              <option key={code} value={code}>
                {actionName(code, ctx.lang)} ({code})
              </option>
            ))}
          </select>
        </label>
        <label>
          {ctx.t("move_target")}
          <select aria-label={ctx.t("move_target")} value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
            <option value="">—</option>
            {alive.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{ctx.t("correct_submit")}</button>
      </form>
    </section>
  );
}

function Messages({ ctx, view }: { ctx: Ctx; view: any }) {
  const msgs = (view.host.messages as any[]) ?? [];
  return (
    <details>
      <summary>{ctx.t("messages_all")}</summary>
      <ul>
        {msgs.map((m, i) => (
          <li key={i}>
            [{m.day}] {m.channel ? `[${m.channel}]` : `[${nickOf(view, m.to)}]`} {ctx.lang === "en" ? m.en : m.ru}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Audit({ ctx, view }: { ctx: Ctx; view: any }) {
  const audits = (view.host.audits as any[]) ?? [];
  return (
    <section aria-label={ctx.t("audit")}>
      <h3>{ctx.t("audit")}</h3>
      {audits.map((a) => (
        <details key={a.night}>
          <summary>{ctx.t("audit_night", { n: a.night })}</summary>
          <h4>{ctx.t("audit_acts")}</h4>
          <table>
            <thead>
              <tr>
                <th>{ctx.t("nick")}</th>
                <th>{ctx.t("move_action")}</th>
                <th>{ctx.t("move_target")}</th>
                <th>{ctx.t("audit_result")}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(a.acts as Record<string, any>).map(([seat, act]) => (
                <tr key={seat}>
                  <td>{nickOf(view, Number(seat))}</td>
                  <td>{actionName(act.code, ctx.lang)}</td>
                  <td>
                    {act.target != null ? nickOf(view, act.target) : "—"}
                    {act.orig !== act.target && act.orig != null ? ` (${nickOf(view, act.orig)})` : ""}
                  </td>
                  <td>
                    {act.state} {act.result ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4>{ctx.t("audit_steps")}</h4>
          <ol class="audit-steps">
            {(a.events as any[]).map((e) => (
              <li key={e.seq}>
                [{e.step}] {e.actor != null ? nickOf(view, e.actor) : ""} {actionName(e.code, ctx.lang)}
                {e.target != null ? ` → ${nickOf(view, e.target)}` : ""}: {e.result} {e.hit && e.hit !== "NONE" ? e.hit : ""}
                {e.note ? ` (${e.note})` : ""}
              </li>
            ))}
          </ol>
          <details>
            <summary>{ctx.t("audit_raw")}</summary>
            <pre class="audit">{JSON.stringify(a, null, 1)}</pre>
          </details>
        </details>
      ))}
    </section>
  );
}

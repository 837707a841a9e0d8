import { useState } from "preact/hooks";
import { actionName, itemName } from "./actions";
import { Chat, Deadline, ErrorLine, nickOf, PhaseTitle, Posts, VoteLog, type Ctx } from "./common";
import type { Conn } from "./conn";
import type { ServerError } from "./i18n";

interface Props {
  ctx: Ctx;
  conn: Conn;
  view: any;
  offset: number;
}

export function PlayerPage({ ctx, conn, view, offset }: Props) {
  const me = view.me;
  if (!me) return <p role="alert">{ctx.t("not_player")}</p>;
  return (
    <div class="player">
      <h1>{ctx.t("you_are", { nick: nickOf(view, me.seat) })}</h1>
      <PhaseTitle ctx={ctx} view={view} />
      <Deadline ctx={ctx} deadline={view.deadline} offset={offset} />
      {view.result && <p class="result">{ctx.t("result", { winner: view.result.winner })}</p>}
      <RoleCard ctx={ctx} view={view} />
      <ClanPoll ctx={ctx} conn={conn} view={view} />
      {me.prompts.length > 0 && <Prompts ctx={ctx} conn={conn} view={view} offset={offset} />}
      {view.phase === "NIGHT" && <MoveForm ctx={ctx} conn={conn} view={view} />}
      {view.phase === "DAY" && <VoteForm ctx={ctx} conn={conn} view={view} />}
      <VoteLog ctx={ctx} view={view} />
      <Inbox ctx={ctx} view={view} />
      {me.chat_clan && (
        <Chat
          ctx={ctx}
          view={view}
          clan={me.chat_clan}
          own
          messages={me.chat}
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

function ClanPoll({ ctx, conn, view }: { ctx: Ctx; conn: Conn; view: any }) {
  const me = view.me;
  const [err, setErr] = useState<ServerError | null>(null);
  if (!me.clan_poll) return null;
  const mates = [{ seat: me.seat, nick: nickOf(view, me.seat) }, ...(me.knows as any[]).filter((k) => k.clan)];
  const alive = mates.filter((m) => (view.players as any[]).some((p) => p.seat === m.seat && p.status === "ALIVE"));
  const mine = (me.clan_poll as Record<string, number>)[String(me.seat)];
  return (
    <section aria-label={ctx.t("clan_poll")}>
      <h3>{ctx.t("clan_poll")}</h3>
      {mine != null && <p role="status">{ctx.t("clan_poll_voted", { nick: nickOf(view, mine) })}</p>}
      {alive.map((m) => (
        <button
          type="button"
          key={m.seat}
          onClick={async () => setErr(await conn.command("clan_poll", { candidate: m.seat }))}
        >
          {ctx.t("clan_poll_for", { nick: m.nick })}
        </button>
      ))}
      <ErrorLine ctx={ctx} err={err} />
    </section>
  );
}

function RoleCard({ ctx, view }: { ctx: Ctx; view: any }) {
  const me = view.me;
  const items = Object.entries(me.items as Record<string, number>);
  return (
    <section class="card" aria-label={ctx.t("role_card")}>
      <h3>{ctx.t("role_card")}</h3>
      <p class="role-name">{me.role_name}</p>
      <p>{ctx.t("faction", { faction: ctx.t(`faction.${me.faction}`) })}</p>
      <p>{ctx.t("status", { status: ctx.t(`status.${me.status}`) })}</p>
      <h4>{ctx.t("items")}</h4>
      {items.length === 0 ? (
        <p>{ctx.t("no_items")}</p>
      ) : (
        <ul aria-label={ctx.t("items")}>
          {items.map(([name, count]) => (
            <li key={name}>
              {name} × {count}
            </li>
          ))}
        </ul>
      )}
      {me.clan_items && <p>{ctx.t("clan_items", me.clan_items)}</p>}
      {me.item_manager != null && <p>{ctx.t("item_manager", { nick: nickOf(view, me.item_manager) })}</p>}
      <h4>{ctx.t("knows")}</h4>
      {me.knows.length === 0 ? (
        <p>{ctx.t("knows_none")}</p>
      ) : (
        <ul aria-label={ctx.t("knows")}>
          {(me.knows as any[]).map((k) => (
            <li key={k.seat}>
              {k.nick}
              {k.clan ? ` (${k.clan})` : ""}
              {k.ghoul ? ` (${ctx.t("ghoul")})` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function isChanges(spec: unknown): spec is { voters: number[]; max: number } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "voters" in spec;
}

/** An ordered preference list of up to `max` (A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5). */
type Ranked = { ranked: "seat" | string[]; max: number };
function isRanked(spec: unknown): spec is Ranked {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "ranked" in spec;
}

/** Voter → candidate, any number (A-ROLE-REBEL-9). */
function isPerVoter(spec: unknown): spec is { per_voter: "seat" } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "per_voter" in spec;
}

function isOptional(spec: unknown): spec is { optional: "seat" } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "optional" in spec;
}

/** What the form sends for one optional-shaped field, or undefined to leave it out. */
function collect(name: string, spec: unknown, fields: Record<string, string>): unknown {
  if (isRanked(spec)) {
    const picked: string[] = [];
    for (let i = 0; i < spec.max; i++) {
      const v = fields[`${name}.${i}`];
      if (v && !picked.includes(v)) picked.push(v);
    }
    if (!picked.length) return undefined;
    return spec.ranked === "seat" ? picked.map(Number) : picked;
  }
  if (isPerVoter(spec)) {
    const mapping: Record<string, number> = {};
    for (const [key, v] of Object.entries(fields))
      if (key.startsWith(`${name}@`) && v) mapping[key.slice(name.length + 1)] = Number(v);
    return Object.keys(mapping).length ? mapping : undefined;
  }
  const v = fields[name];
  return v ? Number(v) : undefined;
}

/** A preference list, a voter → candidate mapping, or a player that may be left out. */
function OptionalField(props: {
  ctx: Ctx;
  view: any;
  name: string;
  spec: Ranked | { per_voter: "seat" } | { optional: "seat" };
  fields: Record<string, string>;
  setFields: (f: Record<string, string>) => void;
}) {
  const { ctx, view, name, spec, fields, setFields } = props;
  const alive: [string, string][] = (view.players as any[])
    .filter((x) => x.status === "ALIVE")
    .map((x) => [String(x.seat), x.nick]);
  const choice = (key: string, label: string, values: [string, string][]) => (
    <label key={key}>
      {label}
      <select aria-label={label} value={fields[key] ?? ""} onChange={(e) => setFields({ ...fields, [key]: (e.target as HTMLSelectElement).value })}>
        <option value="">{ctx.t("param_none")}</option>
        {values.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const legend = ctx.t(`param_${name}`);
  if (isOptional(spec)) return choice(name, legend, alive);
  if (isPerVoter(spec))
    return (
      <details class="param-group">
        <summary>{legend}</summary>
        {alive.map(([seat, nick]) => choice(`${name}@${seat}`, ctx.t("swindler_vote_of", { nick }), alive))}
      </details>
    );
  const values: [string, string][] = spec.ranked === "seat" ? alive : spec.ranked.map((v) => [v, itemName(v, ctx.lang)]);
  return (
    <fieldset class="param-group">
      <legend>{legend}</legend>
      {Array.from({ length: spec.max }, (_, i) => choice(`${name}.${i}`, ctx.t("param_rank", { n: i + 1, what: legend }), values))}
    </fieldset>
  );
}

function describeMove(ctx: Ctx, view: any, move: any): { action: string; target: string } {
  return {
    action: actionName(move.action, ctx.lang),
    target: move.target != null ? ` → ${nickOf(view, move.target)}` : "",
  };
}

function MoveForm({ ctx, conn, view }: { ctx: Ctx; conn: Conn; view: any }) {
  const me = view.me;
  const options: any[] = me.options ?? [];
  const players = [...new Set(options.map((o) => o.player as number))];
  const [player, setPlayer] = useState<number>(me.seat);
  const forPlayer = options.filter((o) => o.player === (players.includes(player) ? player : me.seat));
  const [action, setAction] = useState<string>("");
  const chosen = forPlayer.find((o) => o.action === action) ?? forPlayer[0];
  const [target, setTarget] = useState<string>("");
  const [params, setParams] = useState<Record<string, string>>({});
  const [changes, setChanges] = useState<Record<string, string>>({});
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const sheet = (me.clan_sheet ?? {}) as Record<string, any>;
  const mine = me.submission;
  if (options.length === 0) {
    return (
      <section aria-label={ctx.t("night_move")}>
        <h3>{ctx.t("night_move")}</h3>
        <p>{ctx.t("move_no_options")}</p>
      </section>
    );
  }
  const targets: number[] | null = chosen?.targets ?? null;
  const tgt = targets && targets.includes(Number(target)) ? Number(target) : targets ? targets[0] : null;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!chosen || busy) return;
    const p: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(chosen.params as Record<string, any>)) {
      if (isChanges(spec)) {
        p[name] = Object.entries(changes)
          .filter(([, v]) => v !== "keep")
          .map(([voter, v]) => ({ voter: Number(voter), target: v === "blank" ? null : Number(v) }));
        continue;
      }
      if (isRanked(spec) || isPerVoter(spec) || isOptional(spec)) {
        const value = collect(name, spec, params);
        if (value !== undefined) p[name] = value;
        continue;
      }
      const raw = params[name] ?? (spec === "seat" ? String(view.players.find((x: any) => x.status === "ALIVE")?.seat) : spec[0]);
      p[name] = spec === "seat" ? Number(raw) : raw;
    }
    const payload: Record<string, unknown> = { player: chosen.player, action: chosen.action, target: tgt };
    if (Object.keys(p).length) payload.params = p;
    setBusy(true);
    setErr(await conn.command("move", payload));
    setBusy(false);
  };
  return (
    <section aria-label={ctx.t("night_move")} class="move">
      <h3>{ctx.t("night_move")}</h3>
      <p class="move-status" role="status">
        {mine ? ctx.t("move_sent", describeMove(ctx, view, mine)) : ctx.t("move_none_yet")}
      </p>
      <form onSubmit={submit}>
        {players.length > 1 && (
          <label>
            {ctx.t("move_for")}
            <select aria-label={ctx.t("move_for")} value={String(player)} onChange={(e) => setPlayer(Number((e.target as HTMLSelectElement).value))}>
              {players.map((s) => (
                <option key={s} value={String(s)}>
                  {nickOf(view, s)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {ctx.t("move_action")}
          <select aria-label={ctx.t("move_action")} value={chosen?.action} onChange={(e) => setAction((e.target as HTMLSelectElement).value)}>
            {forPlayer.map((o) => (
              <option key={o.action} value={o.action}>
                {actionName(o.action, ctx.lang)}
              </option>
            ))}
          </select>
        </label>
        {targets && (
          <label>
            {ctx.t("move_target")}
            <select aria-label={ctx.t("move_target")} value={String(tgt)} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
              {targets.map((s) => (
                <option key={s} value={String(s)}>
                  {nickOf(view, s)}
                </option>
              ))}
            </select>
          </label>
        )}
        {chosen &&
          Object.entries(chosen.params as Record<string, any>).map(([name, spec]) =>
            isRanked(spec) || isPerVoter(spec) || isOptional(spec) ? (
              <OptionalField key={`${chosen.action}:${name}`} ctx={ctx} view={view} name={name} spec={spec} fields={params} setFields={setParams} />
            ) : isChanges(spec) ? (
              <fieldset key={name}>
                <legend>{ctx.t("swindler_changes", { max: spec.max })}</legend>
                {spec.voters.map((voter) => (
                  <label key={voter}>
                    {ctx.t("swindler_vote_of", { nick: nickOf(view, voter) })}
                    <select
                      aria-label={ctx.t("swindler_vote_of", { nick: nickOf(view, voter) })}
                      value={changes[String(voter)] ?? "keep"}
                      onChange={(e) => setChanges({ ...changes, [String(voter)]: (e.target as HTMLSelectElement).value })}
                    >
                      <option value="keep">{ctx.t("swindler_keep")}</option>
                      <option value="blank">{ctx.t("vote_blank")}</option>
                      {(view.players as any[])
                        .filter((x) => x.status === "ALIVE")
                        .map((x) => (
                          <option key={x.seat} value={String(x.seat)}>
                            {x.nick}
                          </option>
                        ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            ) : (
            <label key={name}>
              {ctx.t("move_param", { name })}
              <select
                value={params[name]}
                onChange={(e) => setParams({ ...params, [name]: (e.target as HTMLSelectElement).value })}
              >
                {(spec === "seat"
                  ? (view.players as any[]).filter((x) => x.status === "ALIVE").map((x) => [String(x.seat), x.nick])
                  : (spec as string[]).map((v) => [v, itemName(v, ctx.lang)])
                ).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            ),
          )}
        <button type="submit" disabled={busy}>
          {ctx.t("move_submit")}
        </button>
        <ErrorLine ctx={ctx} err={err} />
      </form>
      {Object.keys(sheet).length > 0 && (
        <div>
          <h4>{ctx.t("clan_sheet")}</h4>
          <ul>
            {Object.entries(sheet).map(([seat, mv]) => {
              const d = describeMove(ctx, view, mv);
              return (
                <li key={seat}>
                  {nickOf(view, Number(seat))}: {d.action}
                  {d.target}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

function VoteForm({ ctx, conn, view }: { ctx: Ctx; conn: Conn; view: any }) {
  const me = view.me;
  const voted = (view.vote_log as any[]).some((v) => v.voter === me.seat);
  const candidates = (view.players as any[]).filter((p) => p.status === "ALIVE" && p.seat !== me.seat);
  const [choice, setChoice] = useState<string>("");
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  if (me.status !== "ALIVE") return null;
  if (voted) {
    return (
      <section aria-label={ctx.t("day_vote")}>
        <h3>{ctx.t("day_vote")}</h3>
        <p role="status">{ctx.t("vote_done")}</p>
      </section>
    );
  }
  const value = choice || String(candidates[0]?.seat ?? "blank");
  return (
    <section aria-label={ctx.t("day_vote")}>
      <h3>{ctx.t("day_vote")}</h3>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (busy) return;
          if (!window.confirm(ctx.t("vote_confirm"))) return;
          setBusy(true);
          setErr(await conn.command("vote", { target: value === "blank" ? null : Number(value) }));
          setBusy(false);
        }}
      >
        <label>
          {ctx.t("vote_for")}
          <select aria-label={ctx.t("vote_for")} value={value} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
            {candidates.map((p) => (
              <option key={p.seat} value={String(p.seat)}>
                {p.nick}
              </option>
            ))}
            <option value="blank">{ctx.t("vote_blank")}</option>
          </select>
        </label>
        <button type="submit" disabled={busy}>
          {ctx.t("vote_submit")}
        </button>
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

function Prompts({ ctx, conn, view, offset }: { ctx: Ctx; conn: Conn; view: any; offset: number }) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section aria-label={ctx.t("prompts")} class="prompts">
      <h3>{ctx.t("prompts")}</h3>
      <Deadline ctx={ctx} deadline={view.deadline} offset={offset} />
      {(view.me.prompts as any[]).map((p) => (
        <div key={p.id} class="prompt">
          <p>{ctx.lang === "en" ? p.en : p.ru}</p>
          {p.default != null && <p>{ctx.t("prompt_default", { default: itemName(String(p.default), ctx.lang) })}</p>}
          {(p.options as string[]).map((o) => (
            <button
              type="button"
              key={o}
              onClick={async () => {
                const error = await conn.command("answer", { prompt: p.id, answer: o });
                setErr(error);
                if (!error) setSent(o);
              }}
            >
              {ctx.t("answer", { option: itemName(o, ctx.lang) })}
            </button>
          ))}
        </div>
      ))}
      {sent && <p role="status">{ctx.t("answered", { answer: itemName(sent, ctx.lang) })}</p>}
      <ErrorLine ctx={ctx} err={err} />
    </section>
  );
}

function Inbox({ ctx, view }: { ctx: Ctx; view: any }) {
  const inbox = (view.me.inbox as any[]) ?? [];
  return (
    <section aria-label={ctx.t("inbox")}>
      <h3>{ctx.t("inbox")}</h3>
      {inbox.length === 0 ? (
        <p>{ctx.t("inbox_empty")}</p>
      ) : (
        <ul class="inbox">
          {inbox.map((m, i) => (
            <li key={i}>
              <span class="day">[{m.day}]</span> {m.channel ? `[${m.channel}] ` : ""}
              {ctx.lang === "en" ? m.en : m.ru}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useState } from "preact/hooks";
import { CopyButton, ErrorLine, type Ctx } from "./common";
import { call, HttpError, storage } from "../core/api";
import type { AndorraCreated, AndorraRoleInfo as RoleInfo } from "../generated/protocol";
import type { ServerError } from "./i18n";

// A length's unit as the host writes it; a bare number is minutes.
const UNIT_S: Record<string, number> = {
  "": 60, м: 60, мин: 60, m: 60, min: 60,
  ч: 3600, час: 3600, часа: 3600, часов: 3600, h: 3600,
  д: 86400, дн: 86400, день: 86400, дня: 86400, дней: 86400, сут: 86400, d: 86400,
};

/** A phase length as seconds: «90» (minutes), «12ч», «1,5 h», «1д», «2 дня»; empty = no deadline
 * (null); anything else («abc», «-5», «0», «3 недели») is refused (undefined). */
export function minutes(raw: string): number | null | undefined {
  if (!raw.trim()) return null;
  const m = raw.trim().toLowerCase().match(/^(\d+(?:[.,]\d+)?)\s*([a-zа-яё]*)\.?$/);
  const unit = m ? UNIT_S[m[2]] : undefined;
  if (!m || unit === undefined) return undefined;
  const n = Number(m[1].replace(",", "."));
  return n > 0 ? Math.max(1, Math.round(n * unit)) : undefined;
}

const fold = (s: string) => s.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();
// «Босс мафии (красные)», «BOSS:red»: the clan colour after the role (A-SETUP-1a)
const CLAN = /(\s*\([^)]*\)|:[a-zа-яё]+)$/i;

/** «Ник роль», «Ник — роль» or «Ник: роль»; the role by code or Russian name, a clan colour
 * as «(красные)» or «:red» (the engine reads them, A-SETUP-1a). A nick may have spaces
 * («Серый Кардинал Мирный житель», «agent 51 Доктор»): the line's end is matched against the
 * known role names first (``roles``), the longest that fits. */
export function parseLine(line: string, roles: string[] = []): { name: string; role: string } | null {
  const clan = line.match(CLAN)?.[0] ?? "";
  const body = line.slice(0, line.length - clan.length);
  // the longest known role name the line ends with, after a space, a dash, a colon or a tab
  const fits = roles.filter(Boolean).sort((a, b) => b.length - a.length);
  for (const r of fits) {
    const pattern = r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[её]/gi, "[её]").replace(/\s+/g, "\\s+");
    const m = body.match(new RegExp(`^(.*?\\S)(?:\\s*[—–:\\t]\\s*|\\s+)(${pattern})\\s*$`, "i"));
    if (m) return { name: m[1].trim(), role: m[2] + clan };
  }
  const sep = body.match(/^(.+?)\s*(?:—|–|:|\t)\s*(.+)$/);
  if (sep) return { name: sep[1].trim(), role: sep[2].trim() + clan };
  // without a known role, the role is the last word («МЖ», «BOSS:red»), the nick the rest
  const space = body.trim().lastIndexOf(" ");
  if (space >= 0) return { name: body.trim().slice(0, space).trim(), role: body.trim().slice(space + 1) + clan };
  const whole = line.match(/^(.+?)\s*(?:—|–|:|\t)\s*(.+)$/); // «Anna:BOSS»
  return whole ? { name: whole[1].trim(), role: whole[2].trim() } : null;
}

/** Edit distance, for the role a typo meant («Доктр» → «Доктор»). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length];
}

/** The role a word that names none most likely meant (its Russian name), if one is close. */
export function closestRole(word: string, roles: RoleInfo[]): string | null {
  let best: { name: string; d: number } | null = null;
  for (const r of roles) {
    for (const w of [r.ru, r.en, ...r.aliases]) {
      const d = distance(fold(word), fold(w));
      if (!best || d < best.d) best = { name: r.ru, d };
    }
  }
  return best && best.d <= Math.max(2, Math.floor(fold(word).length / 3)) ? best.name : null;
}

/** Every problem of the list at once, each naming its line (a host fixed one, sent, and met
 * the next): lines that are not «Ник роль», nicks repeated in any case (as the server
 * compares them), roles by no name the game knows, with the closest one. */
export function listProblems(all: string[], roles: RoleInfo[], ctx: Ctx): { players: { name: string; role: string }[]; lineOf: number[]; problems: string[] } {
  const players: { name: string; role: string }[] = [];
  const lineOf: number[] = []; // a player's line in the list as the host sees it (blank lines count)
  const problems: string[] = [];
  const names = roles.flatMap((r) => [r.ru, r.en, r.code, ...r.aliases]);
  const known = new Set(names.map(fold));
  const seen = new Map<string, number>();
  for (let i = 0; i < all.length; i++) {
    if (!all[i].trim()) continue;
    const row = parseLine(all[i].trim(), names);
    if (!row || !row.role) {
      problems.push(ctx.t("bad_line", { line: i + 1 }));
      continue;
    }
    players.push(row);
    lineOf.push(i + 1);
    const first = seen.get(fold(row.name));
    if (first !== undefined) problems.push(ctx.t("dup_line", { line: i + 1, first, name: row.name }));
    else seen.set(fold(row.name), i + 1);
    const bare = row.role.replace(CLAN, "");
    if (roles.length > 0 && !known.has(fold(bare))) {
      const suggest = closestRole(bare, roles);
      problems.push(suggest ? ctx.t("role_line_suggest", { line: i + 1, role: bare, suggest }) : ctx.t("role_line", { line: i + 1, role: bare }));
    }
  }
  return { players, lineOf, problems };
}

/** A refusal about one player (an unknown role, a bad field ``players[i]``) names its line. */
function withLine(err: ServerError, players: { name: string; role: string }[], lineOf: number[], ctx: Ctx): ServerError {
  const field = String(err.params?.field ?? "");
  let k = Number(field.match(/^players\[(\d+)\]/)?.[1] ?? -1);
  if (k < 0 && typeof err.params?.role === "string") {
    const bad = fold(err.params.role as string);
    k = players.findIndex((p) => fold(p.role) === bad || fold(p.role).startsWith(`${bad}:`) || fold(p.role).startsWith(`${bad} (`));
  }
  if (k < 0 || lineOf[k] === undefined) return err;
  const where = ctx.t("line_prefix", { line: lineOf[k] });
  const text = err.text ? Object.fromEntries(Object.entries(err.text).map(([l, t]) => [l, `${where} ${t}`])) : undefined;
  return { ...err, text, message: err.message ? `${where} ${err.message}` : err.message };
}

function useRoles(): RoleInfo[] {
  const [roles, setRoles] = useState<RoleInfo[]>([]);
  useEffect(() => {
    fetch("/api/games")
      .then((r) => r.json())
      .then((d) => setRoles(d.games?.find((g: any) => g.name === "andorra")?.settings?.roles ?? []))
      .catch(() => setRoles([]));
  }, []);
  return roles;
}

export function Create({ ctx }: { ctx: Ctx }) {
  const [lines, setLines] = useState("");
  const [twoClans, setTwoClans] = useState(false);
  const [shuffle, setShuffle] = useState(false);
  const [fullTally, setFullTally] = useState(false);
  const [revealAll, setRevealAll] = useState(false);
  const roles = useRoles();
  const [day, setDay] = useState("");
  const [night, setNight] = useState("");
  const [prompt, setPrompt] = useState("");
  const [scheduleText, setScheduleText] = useState("");
  const [err, setErr] = useState<ServerError | null>(null);
  const [local, setLocal] = useState<string[] | null>(null);
  const [created, setCreated] = useState<AndorraCreated | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setLocal(null);
    setErr(null);
    const { players, lineOf, problems } = listProblems(lines.split("\n"), roles, ctx);
    if (problems.length > 0) {
      setLocal(problems);
      return;
    }
    const lengths = { day_seconds: minutes(day), night_seconds: minutes(night), prompt_seconds: minutes(prompt) };
    for (const [key, label] of [["day_seconds", "create_day"], ["night_seconds", "create_night"], ["prompt_seconds", "create_prompt"]] as const) {
      if (lengths[key] === undefined) {
        setLocal([ctx.t("bad_minutes", { field: ctx.t(label) })]);
        return;
      }
    }
    setBusy(true);
    const body = {
      players,
      two_clans: twoClans,
      shuffle,
      ...lengths,
      // A-SETUP-18: the schedule as text; the server reads it and names a wrong line
      ...(scheduleText.trim() ? { schedule_text: scheduleText } : {}),
      options: { show_full_tally: fullTally, reveal_all_at_end: revealAll },
    };
    let made: AndorraCreated;
    try {
      made = await call<AndorraCreated>("POST", "/api/andorra", body);
    } catch (e) {
      setErr(e instanceof HttpError ? withLine(e.error, players, lineOf, ctx) : { code: "network" });
      return;
    } finally {
      setBusy(false);
    }
    storage.set(`andorra:${made.code}:desk`, made.host_token);
    storage.set(`andorra:${made.code}:links`, JSON.stringify(made.players.map((p) => ({ name: p.name, url: p.url }))));
    setCreated(made);
  };

  if (created) {
    return (
      <section aria-label={ctx.t("create_done", { code: created.code })}>
        <h1>{ctx.t("create_done", { code: created.code })}</h1>
        <p>
          <a href={created.desk_url}>{ctx.t("create_desk")}</a>
        </p>
        {/* the desk link is the host's only key on another device or after clearing the browser */}
        <p class="muted">{ctx.t("create_desk_keep")}</p>
        <p class="desk-link">
          <input readOnly value={created.desk_url} aria-label={ctx.t("create_desk_link")} size={40} />{" "}
          <CopyButton ctx={ctx} text={created.desk_url} label={ctx.t("create_desk_copy")} />
        </p>
        <h2>{ctx.t("create_links")}</h2>
        <ul class="links" aria-label={ctx.t("create_links")}>
          {created.players.map((p) => (
            <li key={p.seat}>
              <span class="link-name">{p.name}</span>{" "}
              <input readOnly value={p.url} aria-label={p.name} size={40} />{" "}
              <CopyButton ctx={ctx} text={p.url} label={ctx.t("copy_link", { name: p.name })} />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section>
      <h1>{ctx.t("create_title")}</h1>
      <form onSubmit={submit} class="create">
        <label>
          {ctx.t("create_players")}
          <textarea aria-label={ctx.t("create_players")} placeholder={ctx.t("create_placeholder")} rows={12} value={lines} onInput={(e) => setLines((e.target as HTMLTextAreaElement).value)} />
        </label>
        {roles.length > 0 && (
          <details class="role-names">
            <summary>{ctx.t("create_roles")}</summary>
            <ul>
              {roles.map((r) => (
                <li key={r.code}>
                  {ctx.lang === "en" ? r.en : r.ru} <span class="muted">({ctx.lang === "en" ? `${r.side.en}; ${r.code}` : r.side.ru})</span>
                </li>
              ))}
            </ul>
          </details>
        )}
        <label>
          <input type="checkbox" checked={twoClans} onChange={(e) => setTwoClans((e.target as HTMLInputElement).checked)} />
          {ctx.t("create_two_clans")}
        </label>
        <label>
          <input type="checkbox" checked={shuffle} onChange={(e) => setShuffle((e.target as HTMLInputElement).checked)} />
          {ctx.t("create_shuffle")}
        </label>
        <label>
          <input type="checkbox" checked={fullTally} onChange={(e) => setFullTally((e.target as HTMLInputElement).checked)} />
          {ctx.t("create_full_tally")}
        </label>
        <label>
          <input type="checkbox" checked={revealAll} onChange={(e) => setRevealAll((e.target as HTMLInputElement).checked)} />
          {ctx.t("create_reveal_all")}
        </label>
        <label>
          {ctx.t("create_day")}
          <input aria-label={ctx.t("create_day")} inputMode="decimal" value={day} onInput={(e) => setDay((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {ctx.t("create_night")}
          <input aria-label={ctx.t("create_night")} inputMode="decimal" value={night} onInput={(e) => setNight((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {ctx.t("create_prompt")}
          <input aria-label={ctx.t("create_prompt")} inputMode="decimal" value={prompt} onInput={(e) => setPrompt((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {ctx.t("create_schedule_text")}
          <textarea
            aria-label={ctx.t("create_schedule_text")}
            placeholder={ctx.t("create_schedule_placeholder")}
            rows={3}
            value={scheduleText}
            onInput={(e) => setScheduleText((e.target as HTMLTextAreaElement).value)}
          />
        </label>
        <button type="submit" disabled={busy}>
          {ctx.t("create_submit")}
        </button>
        {local &&
          (local.length === 1 ? (
            <p class="error" role="alert">
              {local[0]}
            </p>
          ) : (
            <ul class="error" role="alert">
              {local.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ))}
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

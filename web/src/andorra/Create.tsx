import { useEffect, useState } from "preact/hooks";
import { CopyButton, ErrorLine, type Ctx } from "./common";
import { call, HttpError, storage } from "../core/api";
import type { AndorraCreated, AndorraRoleInfo as RoleInfo } from "../generated/protocol";
import type { ServerError } from "./i18n";

/** A phase length in minutes as seconds: empty = no deadline (null); anything but a positive
 * number («abc», «-5», «0») is refused (undefined). */
export function minutes(raw: string): number | null | undefined {
  if (!raw.trim()) return null;
  const n = Number(raw.trim().replace(",", "."));
  return Number.isFinite(n) && n > 0 ? Math.max(1, Math.round(n * 60)) : undefined;
}

/** «Ник роль», «Ник — роль» or «Ник: роль»; the role by code or Russian name, a clan colour
 * as «(красные)» or «:red» (the engine reads them, A-SETUP-1a). */
export function parseLine(line: string): { name: string; role: string } | null {
  const sep = line.match(/^(.+?)\s*(?:—|–|:|\t)\s*(.+)$/);
  if (sep) return { name: sep[1].trim(), role: sep[2].trim() };
  const space = line.indexOf(" ");
  if (space < 0) return null;
  return { name: line.slice(0, space).trim(), role: line.slice(space + 1).trim() };
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
  const [err, setErr] = useState<ServerError | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [created, setCreated] = useState<AndorraCreated | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setLocal(null);
    setErr(null);
    const players = [];
    const rows = lines.split("\n").map((l) => l.trim()).filter(Boolean);
    for (let i = 0; i < rows.length; i++) {
      const row = parseLine(rows[i]);
      if (!row || !row.role) {
        setLocal(ctx.t("bad_line", { line: i + 1 }));
        return;
      }
      players.push(row);
    }
    const lengths = { day_seconds: minutes(day), night_seconds: minutes(night), prompt_seconds: minutes(prompt) };
    for (const [key, label] of [["day_seconds", "create_day"], ["night_seconds", "create_night"], ["prompt_seconds", "create_prompt"]] as const) {
      if (lengths[key] === undefined) {
        setLocal(ctx.t("bad_minutes", { field: ctx.t(label) }));
        return;
      }
    }
    setBusy(true);
    const body = {
      players,
      two_clans: twoClans,
      shuffle,
      ...lengths,
      options: { show_full_tally: fullTally, reveal_all_at_end: revealAll },
    };
    let made: AndorraCreated;
    try {
      made = await call<AndorraCreated>("POST", "/api/andorra", body);
    } catch (e) {
      setErr(e instanceof HttpError ? e.error : { code: "network" });
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
        <button type="submit" disabled={busy}>
          {ctx.t("create_submit")}
        </button>
        {local && (
          <p class="error" role="alert">
            {local}
          </p>
        )}
        <ErrorLine ctx={ctx} err={err} />
      </form>
    </section>
  );
}

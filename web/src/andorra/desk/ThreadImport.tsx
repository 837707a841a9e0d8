import { useState } from "preact/hooks";
import { ErrorLine, type Ctx, type DeskView } from "../common";
import { call, HttpError, storage } from "../../core/api";
import type { ServerError } from "../i18n";
import type { Run } from "./run";
import type { AndorraThreadVote } from "../../generated/protocol";
import { PostLink } from "../PostLink";

/** One vote line of the server's preview (site/thread_tool.py). */
interface Line {
  voter: string;
  target: string | null;
  time: string;
  time_ms: number;
  post: string;
  void: string | null;
  void_ru: string | null;
  unmatched: boolean;
  author: string;
  target_text: string | null;
  ignored: string | null;
  ignored_ru: string | null;
  logged: boolean;
}
interface Confirmable {
  name: string;
  suggest: string | null;
  candidates: string[];
  optional: boolean; // a name the server found no player for: the host may map it, or leave it
}
/** A vote already in the log that recording would void (a repeat of it, A-VOTE-3). */
interface Cancel {
  voter: string;
  target: string | null;
  by: string | null;
  void: string | null;
  void_ru: string | null;
}
interface ThreadPreview {
  day: number;
  posts: number;
  votes: Line[];
  confirm: Confirmable[];
  rows: AndorraThreadVote[];
  cancels: Cancel[];
  blue: { author: string; text: string; post: string }[];
}

const when = (ms: number) =>
  new Date(ms).toLocaleString("ru-RU", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });

/** A-THREAD-1..8: the day's red votes read from the forum thread (page addresses the server
 * fetches, saved pages, pasted multi-quote BBCode); the host sees each vote with its post,
 * confirms the names the server only guessed, and records the votes with their post times. */
export function ThreadImport({ ctx, view, code, run }: { ctx: Ctx; view: DeskView; code: string; run: Run }) {
  const [urls, setUrls] = useState("");
  const [pasted, setPasted] = useState("");
  const [files, setFiles] = useState<{ url: string; text: string }[]>([]);
  const [fileNames, setFileNames] = useState<string[]>([]);
  // A-THREAD-5a: the confirmed names are kept with the game on the server (the desk's view)
  const aliases = view.host.aliases ?? {};
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [got, setGot] = useState<ThreadPreview | null>(null);
  const [recorded, setRecorded] = useState<number | null>(null);
  const [err, setErr] = useState<ServerError | null>(null);
  const nicks = view.host.players.map((p) => p.nick);

  const read = async (with_aliases: Record<string, string> = aliases) => {
    setErr(null);
    setRecorded(null);
    const pages = [...files, ...(pasted.trim() ? [{ url: "", text: pasted }] : [])];
    try {
      const answer = await call<ThreadPreview>(
        "POST",
        `/api/rooms/${encodeURIComponent(code)}/host/thread`,
        { urls: urls.split("\n").map((u) => u.trim()).filter(Boolean), pages, aliases: with_aliases },
        storage.get(`andorra:${code}:desk`),
      );
      setGot(answer);
    } catch (e) {
      setErr(e instanceof HttpError ? e.error : { code: "network" });
    }
  };
  const onFiles = async (list: FileList | null) => {
    const read_ = await Promise.all(Array.from(list ?? []).map(async (f) => ({ url: "", text: await f.text() })));
    setFiles(read_);
    setFileNames(Array.from(list ?? []).map((f) => f.name));
  };
  const confirm = async (name: string, nick: string) => {
    const seat = view.host.players.find((p) => p.nick === nick)?.seat;
    if (seat === undefined) return;
    await run("thread_alias", { name, seat });
    void read({ ...aliases, [name]: nick });
  };
  const record = async () => {
    if (!got) return;
    // a client frame is at most 8 KB (docs/protocol.md §4.4): 20 rows a command, in thread order
    for (let i = 0; i < got.rows.length; i += 20) await run("thread_votes", { votes: got.rows.slice(i, i + 20) });
    setRecorded(fresh); // said, not left to be guessed from the vote log
    setGot(null);
  };
  const fresh = got ? got.votes.filter((v) => !v.ignored && !v.logged).length : 0;
  return (
    <section aria-label={ctx.t("thread")} class="thread-import">
      {/* folded until the host wants it: a 30-player desk stays a few screens long on a phone */}
      <details>
      <summary>
        <h3>{ctx.t("thread")}</h3>
      </summary>
      <p class="hint">{ctx.t("thread_help")}</p>
      <label>
        {ctx.t("thread_urls")}
        <textarea rows={2} aria-label={ctx.t("thread_urls")} value={urls} onInput={(e) => setUrls((e.target as HTMLTextAreaElement).value)} />
      </label>
      {/* the browser's own file button speaks the browser's language («Choose Files»), not the
          desk's: the input stays (the label opens it, keyboards reach it), drawn as our button */}
      <label class="file-pick">
        {ctx.t("thread_files")}
        <input type="file" multiple aria-label={ctx.t("thread_files")} onChange={(e) => void onFiles((e.target as HTMLInputElement).files)} />
        <span class="file-pick-row">
          <span class="file-pick-button" aria-hidden="true">
            {ctx.t("thread_files_pick")}
          </span>
          <span class="muted">{fileNames.length ? fileNames.join(", ") : ctx.t("thread_files_none")}</span>
        </span>
      </label>
      <label>
        {ctx.t("thread_paste")}
        <textarea rows={3} aria-label={ctx.t("thread_paste")} value={pasted} onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
      </label>
      <button type="button" onClick={() => void read()}>
        {ctx.t("thread_read")}
      </button>
      <ErrorLine ctx={ctx} err={err} />
      {recorded !== null && !got && (
        <p role="status" class="thread-recorded">
          {ctx.t("thread_recorded", { n: recorded })}
        </p>
      )}
      {got && (
        <div>
          <p role="status">{ctx.t("thread_summary", { posts: got.posts, votes: fresh, day: got.day })}</p>
          {got.confirm.length > 0 && (
            <ul aria-label={ctx.t("thread_confirm")} class="thread-confirm">
              {got.confirm.map((c) => {
                const nick = picked[c.name] ?? c.suggest ?? "";
                return (
                  <li key={c.name}>
                    «{c.name}»{c.optional ? ` (${ctx.t("thread_not_player")})` : ""} →{" "}
                    <select aria-label={ctx.t("thread_who", { name: c.name })} value={nick} onChange={(e) => setPicked({ ...picked, [c.name]: (e.target as HTMLSelectElement).value })}>
                      <option value="">—</option>
                      {nicks.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>{" "}
                    <button type="button" disabled={!nick} onClick={() => confirm(c.name, nick)}>
                      {ctx.t("thread_yes", { name: c.name })}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <table aria-label={ctx.t("thread_votes")}>
            <thead>
              <tr>
                <th>{ctx.t("thread_time")}</th>
                <th>{ctx.t("thread_vote")}</th>
                <th>{ctx.t("thread_note")}</th>
              </tr>
            </thead>
            <tbody>
              {got.votes.map((v) => (
                <tr key={v.post} class={v.ignored ? "ignored" : v.void ? "void" : v.unmatched ? "unmatched" : ""}>
                  <td>
                    <PostLink ctx={ctx} post={v.post}>
                      {when(v.time_ms)}
                    </PostLink>
                  </td>
                  <td>
                    {v.voter}: {v.target ?? ctx.t("thread_blank")}
                  </td>
                  <td>
                    {[
                      v.void_ru && `${ctx.t("thread_void")}: ${v.void_ru}`,
                      v.ignored_ru && `${ctx.t("thread_ignored")}: ${v.ignored_ru}`,
                      v.unmatched && !v.ignored && ctx.t("thread_waits"),
                      v.logged && ctx.t("thread_logged"),
                    ]
                      .filter(Boolean)
                      .join("; ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {got.blue.length > 0 && (
            <ul aria-label={ctx.t("thread_blue")} class="thread-blue">
              {got.blue.map((b) => (
                <li key={b.post + b.text}>
                  {b.author}: <span class="blue">{b.text}</span>
                </li>
              ))}
            </ul>
          )}
          {got.cancels.length > 0 && (
            <div class="thread-cancels" role="alert">
              <p>{ctx.t("thread_cancels")}</p>
              <ul>
                {got.cancels.map((c, i) => (
                  <li key={i}>
                    {c.voter} → {c.target ?? ctx.t("thread_blank")}
                    {c.void_ru ? `: ${ctx.lang === "ru" ? c.void_ru : (c.void ?? "")}` : ""}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <button type="button" disabled={got.confirm.some((c) => !c.optional) || fresh === 0} onClick={() => void record()}>
            {ctx.t("thread_record", { n: fresh })}
          </button>
        </div>
      )}
      </details>
    </section>
  );
}

import { useState } from "preact/hooks";
import { CopyButton, ErrorLine, nickOf, type Ctx, type DeskView } from "../common";
import { call, HttpError, storage } from "../../core/api";
import type { RelinkAnswer } from "../../generated/protocol";
import type { ServerError } from "../i18n";
import { Confirm } from "./Confirm";
import { PlayerSelect } from "./PlayerSelect";
import type { Run } from "./run";

export function Relink({ ctx, view, code, run }: { ctx: Ctx; view: DeskView; code: string; run: Run }) {
  const players = view.host.players;
  const [seat, setSeat] = useState<string>(String(players[0]?.seat ?? 1));
  const [nick, setNick] = useState("");
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const [err, setErr] = useState<ServerError | null>(null);
  const relink = async () => {
    setErr(null);
    if (nick.trim()) await run("replace", { seat: Number(seat), nick: nick.trim() });
    let data: RelinkAnswer;
    try {
      data = await call<RelinkAnswer>("POST", `/api/andorra/${encodeURIComponent(code)}/relink`, {
        token: storage.get(`andorra:${code}:desk`),
        seat: Number(seat),
      });
    } catch (e) {
      setErr(e instanceof HttpError ? e.error : { code: "network" });
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
      <PlayerSelect label={ctx.t("nick")} value={seat} set={setSeat} players={players} />
      <label>
        {ctx.t("relink_nick")}
        <input aria-label={ctx.t("relink_nick")} value={nick} onInput={(e) => setNick((e.target as HTMLInputElement).value)} />
      </label>
      {/* asked once more, naming the player: the old link stops at once, mid-night too, and a
          slip in the list locked an innocent player out with one click (a play-test) */}
      <Confirm
        ctx={ctx}
        label={ctx.t("relink_submit")}
        question={
          nick.trim()
            ? ctx.t("relink_replace_confirm", { name: nickOf(view, Number(seat)), nick: nick.trim() })
            : ctx.t("relink_confirm", { name: nickOf(view, Number(seat)) })
        }
        onConfirm={() => void relink()}
      />
      {made && (
        <p role="status">
          {made.name}: <input readOnly value={made.url} aria-label={ctx.t("relink_new")} />{" "}
          <CopyButton ctx={ctx} text={made.url} label={ctx.t("copy_link", { name: made.name })} />
        </p>
      )}
      <ErrorLine ctx={ctx} err={err} />
    </details>
  );
}

export function Links({ ctx, code }: { ctx: Ctx; code: string }) {
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
            <CopyButton ctx={ctx} text={l.url} label={ctx.t("copy_link", { name: l.name })} />
          </li>
        ))}
      </ul>
    </details>
  );
}

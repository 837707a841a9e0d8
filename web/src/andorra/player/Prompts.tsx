import { useState } from "preact/hooks";
import { itemName } from "../actions";
import { Deadline, ErrorLine, type AndorraConn, type Ctx, type PlayerView } from "../common";
import type { ServerError } from "../i18n";

export function Prompts({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section aria-label={ctx.t("prompts")} class="prompts">
      <h3>{ctx.t("prompts")}</h3>
      <Deadline ctx={ctx} deadline={view.deadline} />
      {view.me.prompts.map((p) => (
        <div key={p.id} class="prompt">
          <p>{ctx.lang === "en" ? p.en : p.ru}</p>
          {p.default != null && <p>{ctx.t("prompt_default", { default: itemName(String(p.default), ctx.lang) })}</p>}
          {p.options.map((o) => (
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

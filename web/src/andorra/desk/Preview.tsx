import { useState } from "preact/hooks";
import type { Ctx, DeskView } from "../common";
import type { Run } from "./run";

export function Preview({ ctx, view, run }: { ctx: Ctx; view: DeskView; run: Run }) {
  const pending = view.host.pending ?? {};
  const narrative = pending.post?.narrative;
  const [text, setText] = useState<string>(typeof narrative === "string" ? narrative : "");
  return (
    <section aria-label={ctx.t("preview")}>
      <h3>{ctx.t("preview")}</h3>
      <pre class="post-text" aria-label="preview-text">
        {pending.post_text}
      </pre>
      {pending.post_bbcode && (
        <details>
          <summary>{ctx.t("preview_bbcode")}</summary>
          <pre class="post-text" aria-label="preview-bbcode">
            {pending.post_bbcode}
          </pre>
        </details>
      )}
      <label>
        {ctx.t("narrative")}
        <textarea
          aria-label={ctx.t("narrative")}
          aria-describedby="narrative-tags"
          rows={3}
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        />
      </label>
      {/* A-SEC-4: what the post keeps of BBCode, said before the host types a [url] that will not work */}
      <p class="hint" id="narrative-tags">
        {ctx.t("narrative_tags")}
      </p>
      <button type="button" onClick={() => run("narrative", { text })}>
        {ctx.t("narrative_save")}
      </button>
    </section>
  );
}

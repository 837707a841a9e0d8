import { useState } from "preact/hooks";
import { copyText, type Ctx, type DeskView } from "../common";

export function CopyBlock({ ctx, title, text, button }: { ctx: Ctx; title: string; text: string; button: string }) {
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

export function FirstPost({ ctx, view }: { ctx: Ctx; view: DeskView }) {
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

import { useState } from "preact/hooks";
import { copyText, type Ctx, type DeskView } from "../common";

interface Props {
  ctx: Ctx;
  title: string;
  text: string;
  button: string;
  /** The same text with the forum's BBCode (bold labels), for pasting into the thread. */
  bbcode?: string;
  bbcodeButton?: string;
  /** A long text (thirty starting PMs) scrolls in its own box: the copy button copies it whole. */
  long?: boolean;
}

/** A text for the forum: shown as plain text, copied as plain text or as BBCode. */
export function CopyBlock({ ctx, title, text, button, bbcode, bbcodeButton, long }: Props) {
  // whether the last copy worked: on plain http without a Clipboard API it may not, and a host
  // told «Скопировано» then pastes whatever was on his clipboard into the thread
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async (what: string) => setCopied(await copyText(what));
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <pre class={long ? "post-text long-text" : "post-text"} tabIndex={long ? 0 : undefined}>
        {text}
      </pre>
      <div class="copy-buttons">
        {bbcode && bbcodeButton && (
          <button type="button" onClick={() => copy(bbcode)}>
            {bbcodeButton}
          </button>
        )}
        <button type="button" onClick={() => copy(text)}>
          {button}
        </button>
        {copied !== null && <span role="status"> {ctx.t(copied ? "copied" : "copy_failed_text")}</span>}
      </div>
    </section>
  );
}

export function FirstPost({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  return (
    <CopyBlock
      ctx={ctx}
      title={ctx.t("first_post")}
      text={view.first_post}
      button={ctx.t("copy_first_post")}
      bbcode={view.first_post_bbcode}
      bbcodeButton={ctx.t("copy_first_post_bbcode")}
    />
  );
}

export function DayHeader({ ctx, view }: { ctx: Ctx; view: DeskView }) {
  return (
    <CopyBlock
      ctx={ctx}
      title={ctx.t("day_header")}
      text={view.header}
      button={ctx.t("copy_day_header")}
      bbcode={view.header_bbcode}
      bbcodeButton={ctx.t("copy_day_header_bbcode")}
    />
  );
}

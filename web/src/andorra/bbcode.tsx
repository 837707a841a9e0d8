import type { ComponentChildren } from "preact";

/** The host's story text (H-09) is written in forum BBCode; the site shows it formatted as the
 * forum would (issue 32 §4). Only formatting tags are read: [b] [i] [u] [s] and
 * [color=red|#f00|#ff0000]; anything else (links, images, quotes, a tag left open) stays
 * text as typed. Elements are built, never HTML strings, so nothing the host types can
 * become markup. */
const SIMPLE: Record<string, string> = { b: "strong", i: "em", u: "u", s: "s" };
const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/i;
const TAG = /\[(\/?)(b|i|u|s|color)(?:=([^\]\s]{1,24}))?\]/gi;

type Frame = { tag: string; colour?: string; open: string; children: ComponentChildren[] };

function element(f: Frame, key: number): ComponentChildren {
  if (f.tag === "color") {
    return (
      <span key={key} style={{ color: f.colour }}>
        {f.children}
      </span>
    );
  }
  const El = SIMPLE[f.tag] as "strong";
  return <El key={key}>{f.children}</El>;
}

export function BBText({ text }: { text: string }) {
  const root: Frame = { tag: "", open: "", children: [] };
  const stack: Frame[] = [root];
  let at = 0;
  let key = 0;
  const top = () => stack[stack.length - 1];
  for (const m of text.matchAll(TAG)) {
    const [raw, closing, name, value] = m;
    const tag = name.toLowerCase();
    const start = m.index ?? 0;
    if (start > at) top().children.push(text.slice(at, start));
    at = start + raw.length;
    if (!closing) {
      if (tag === "color" && !(value && COLOUR.test(value))) {
        top().children.push(raw); // an unreadable colour stays text
        continue;
      }
      if (tag !== "color" && value !== undefined) {
        top().children.push(raw);
        continue;
      }
      stack.push({ tag, colour: value, open: raw, children: [] });
      continue;
    }
    if (stack.length > 1 && top().tag === tag) {
      const done = stack.pop() as Frame;
      top().children.push(element(done, key++));
    } else {
      top().children.push(raw); // a closing tag with nothing open: text
    }
  }
  if (at < text.length) top().children.push(text.slice(at));
  // tags left open are text as typed, their content kept
  while (stack.length > 1) {
    const open = stack.pop() as Frame;
    top().children.push(open.open, ...open.children);
  }
  return <>{root.children}</>;
}

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/**
 * The frame of every open secret (H-VIS-6a): a title, a prompt of at most two lines, the
 * choices, and a status line that is always there. Every role's task in a scene is drawn in
 * this one frame with the same number of choices, so that the open sheet has one height,
 * one set of colours and one arrangement of buttons whatever the role; the slots keep their
 * room when empty (CSS `.task-*`), so a one-line prompt is as tall as a two-line one.
 */
export function Task(props: {
  title: string;
  prompt: string;
  children: ComponentChildren;
  status?: string | null;
  head?: ComponentChildren;
}) {
  return (
    <section class="card private task">
      <h2>{props.title}</h2>
      {props.head}
      <p class="task-prompt">{props.prompt}</p>
      {props.children}
      {/* the line keeps its room when empty; it is a status only when it says something */}
      <p class="task-status" role={props.status ? "status" : undefined}>
        {props.status ?? ""}
      </p>
    </section>
  );
}

// A decoy's taps live in this page only and are never sent (H-VIS-6b): no other phone can
// tell them from a real tap, by what it receives or when. They outlive the sheet (which
// closes at every scene) for as long as the page lives, keyed by what they belong to.
const decoys = new Map<string, string>();

/** A decoy choice kept across the sheet's openings, e.g. `day-3` → the suspect's seat. */
export function useDecoy(key: string): [string | null, (value: string) => void] {
  const [, render] = useState(0);
  const set = (value: string) => {
    decoys.set(key, value);
    render((n) => n + 1);
  };
  return [decoys.get(key) ?? null, set];
}

import type { ComponentChildren } from "preact";
import type { PlaceId } from "../types";
import { Countdown, placeName } from "../ui/common";

/**
 * The frame of step C's secret (H-VIS-6a), the witches' window and every cat's sheet alike: a
 * line per open place, one notice, the current step of three (place, spell, target), what was
 * chosen so far, and the clock. The Witch's steps are real; a cat's are decoys (`CatWindow`).
 */
export function GatherFrame(props: {
  title: string;
  countsTitle: string;
  counts: { id: PlaceId; value: string }[];
  notice: string;
  step: ComponentChildren;
  summary: string[];
  deadline: number | null | undefined;
  done: boolean;
  auto: string;
}) {
  return (
    <section class="card private task window">
      <h2>{props.title}</h2>
      <h3>{props.countsTitle}</h3>
      <ul class="counts">
        {props.counts.map((c) => (
          <li key={c.id}>
            <span>{placeName(c.id)}</span> <strong>{c.value}</strong>
          </li>
        ))}
      </ul>
      <p class="notice">{props.notice}</p>
      {props.step}
      <ul class="summary small">
        {props.summary.map((line, n) => (
          <li key={n}>{line}</li>
        ))}
      </ul>
      {!props.done && <Countdown deadline={props.deadline} />}
      {!props.done && <p class="muted small task-auto">{props.auto}</p>}
    </section>
  );
}

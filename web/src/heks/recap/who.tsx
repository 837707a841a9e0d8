import { createContext, Fragment, type ComponentChildren } from "preact";
import { useContext } from "preact/hooks";
import type { Member } from "../../core/connection";
import { t, type MsgKey } from "../i18n";
import type { HeksView, Seat } from "../types";
import { nameOf } from "../ui/common";
import { Badge, lookAt } from "../ui/Looks";

// The recap's players as pictures (issue 31 §3): each named player with his colour and sign,
// a voter by colour and sign alone. The looks are the room's, not the game's (server/looks.py),
// so the screen that shows the recap provides them.

/** The room's members, for their colours and signs; none (a grey circle each) if not given. */
export const RecapLooks = createContext<Member[]>([]);

/** A player named in the story: his colour and sign, then his name. */
export function Who(props: { view: HeksView; seat: Seat; class?: string; children?: ComponentChildren }) {
  const members = useContext(RecapLooks);
  return (
    <span class={`recap-who ${props.class ?? ""}`}>
      <Badge look={lookAt(members, props.seat)} />
      {nameOf(props.view, props.seat)}
      {props.children}
    </span>
  );
}

/** A voter by colour and sign alone; his name (and his vote, ``label``) is the picture's label. */
export function Voter(props: { seat: Seat; label: string; children?: ComponentChildren }) {
  const members = useContext(RecapLooks);
  return (
    <span class="recap-voter" role="img" aria-label={props.label} title={props.label}>
      <Badge look={lookAt(members, props.seat)} />
      {props.children}
    </span>
  );
}

/** A catalog text with pictures in its slots: "{witch} attacked {target}" with ``Who``s, so the
 * sentence keeps each language's word order. */
export function Said(props: { k: MsgKey; slots: Record<string, ComponentChildren> }) {
  const parts = t(props.k).split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((p, i) => (i % 2 === 1 ? <Fragment key={i}>{props.slots[p] ?? `{${p}}`}</Fragment> : p))}
    </>
  );
}

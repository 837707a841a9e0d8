// The move form's entries and what it sends: pure functions over the engine's form data
// (AndorraMoveOption from the site's view, built from the engine's tables in
// games/andorra/site/form.py). An entry is a choice's value as ``keyOf`` writes it, "" for
// none: not its place in the list, which moves when the form data changes while the form is
// open (a player leaves the game at night, H-03c), so the move sent is the one shown.
import type { AndorraMove, AndorraMoveOption, AndorraMovePayload, AndorraParamField } from "../../generated/protocol";

export type Entries = Record<string, string>;
export type Value = AndorraParamField["choices"][number]["value"];

/** The words of a record in the page's language. */
export const word = (lang: string, w: { ru: string; en: string }): string => (lang === "en" ? w.en : w.ru);

/** The entry key of one part of a field: a rank, a voter, or the field itself. */
export const partKey = (field: AndorraParamField, part?: string | number): string =>
  part === undefined ? field.name : `${field.name}:${part}`;

/** The swindler's special entries: leave the vote as it is, or make it blank. */
export const KEEP = "keep";
export const BLANK = "blank";

/** A choice's entry: its value as JSON (a seat, an item or role code, a flag). */
export const keyOf = (value: Value): string => JSON.stringify(value);

/** The field's first choice, which a required single choice starts with. */
export const firstKey = (field: AndorraParamField): string => (field.choices.length ? keyOf(field.choices[0].value) : "");

/** The choice an entry names, or undefined (none, or a choice the field no longer offers). */
function pick(field: AndorraParamField, raw: string | undefined): Value | undefined {
  if (raw === undefined || raw === "" || raw === KEEP || raw === BLANK) return undefined;
  return field.choices.find((c) => keyOf(c.value) === raw)?.value;
}

function valueOf(field: AndorraParamField, entries: Entries): unknown {
  if (field.kind === "one") return pick(field, entries[field.name] ?? (field.required ? firstKey(field) : ""));
  if (field.kind === "ranked") {
    const picked: Value[] = [];
    for (let i = 0; i < field.max; i++) {
      const v = pick(field, entries[partKey(field, i)]);
      if (v !== undefined && !picked.includes(v)) picked.push(v);
    }
    return picked.length ? picked : undefined;
  }
  if (field.kind === "per_voter") {
    const mapping: Record<string, Value> = {};
    for (const voter of field.voters) {
      const v = pick(field, entries[partKey(field, String(voter.value))]);
      if (v !== undefined) mapping[String(voter.value)] = v;
    }
    return Object.keys(mapping).length ? mapping : undefined;
  }
  const changes: { voter: Value; target: Value | null }[] = [];
  for (const voter of field.voters) {
    const raw = entries[partKey(field, String(voter.value))];
    if (!raw || raw === KEEP) continue;
    const target = raw === BLANK ? null : pick(field, raw);
    if (target !== undefined) changes.push({ voter: voter.value, target }); // a gone choice changes nothing
  }
  return changes;
}

/** The move's ``params`` as the engine reads them (docs/andorra-commands.md). */
export function collectParams(option: AndorraMoveOption, entries: Entries): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of option.fields) {
    const v = valueOf(field, entries);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}

/** What the form sends for ``option``: the player, the move, the target and its fields. */
export function movePayload(option: AndorraMoveOption, target: number | null, entries: Entries): AndorraMovePayload {
  const params = collectParams(option, entries);
  const payload: AndorraMovePayload = { player: option.player, action: option.action, target };
  if (Object.keys(params).length) payload.params = params;
  return payload;
}

/** The entries that show a submitted move again (the correction form starts from it). */
export function entriesOf(option: AndorraMoveOption, move: AndorraMove | null | undefined): Entries {
  const out: Entries = {};
  if (!move || move.action !== option.action) return out;
  const at = (field: AndorraParamField, v: unknown): string => {
    const found = field.choices.find((c) => c.value === v);
    return found === undefined ? "" : keyOf(found.value);
  };
  for (const field of option.fields) {
    const v = move.params[field.name];
    if (v === undefined || v === null) continue;
    if (field.kind === "one") out[field.name] = at(field, v);
    else if (field.kind === "ranked" && Array.isArray(v)) v.forEach((x, i) => (out[partKey(field, i)] = at(field, x)));
    else if (field.kind === "per_voter" && typeof v === "object")
      for (const [voter, c] of Object.entries(v as Record<string, unknown>)) out[partKey(field, voter)] = at(field, c);
    else if (field.kind === "changes" && Array.isArray(v))
      for (const c of v as { voter: number; target: number | null }[])
        out[partKey(field, String(c.voter))] = c.target === null ? BLANK : at(field, c.target);
  }
  return out;
}

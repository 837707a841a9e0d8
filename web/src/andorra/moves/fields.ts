// The move form's entries and what it sends: pure functions over the engine's form data
// (AndorraMoveOption from the site's view, built from the engine's tables in
// games/andorra/site/form.py). An entry is the index of a choice in its field, "" for none.
import type { AndorraMove, AndorraMoveOption, AndorraParamField } from "../../generated/protocol";

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

function pick(field: AndorraParamField, raw: string | undefined): Value | undefined {
  if (raw === undefined || raw === "" || raw === KEEP || raw === BLANK) return undefined;
  return field.choices[Number(raw)]?.value;
}

function valueOf(field: AndorraParamField, entries: Entries): unknown {
  if (field.kind === "one") return pick(field, entries[field.name] ?? (field.required ? "0" : ""));
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
    changes.push({ voter: voter.value, target: raw === BLANK ? null : (pick(field, raw) ?? null) });
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
export function movePayload(option: AndorraMoveOption, target: number | null, entries: Entries): Record<string, unknown> {
  const params = collectParams(option, entries);
  const payload: Record<string, unknown> = { player: option.player, action: option.action, target };
  if (Object.keys(params).length) payload.params = params;
  return payload;
}

/** The entries that show a submitted move again (the correction form starts from it). */
export function entriesOf(option: AndorraMoveOption, move: AndorraMove | null | undefined): Entries {
  const out: Entries = {};
  if (!move || move.action !== option.action) return out;
  const at = (field: AndorraParamField, v: unknown): string => {
    const i = field.choices.findIndex((c) => c.value === v);
    return i < 0 ? "" : String(i);
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

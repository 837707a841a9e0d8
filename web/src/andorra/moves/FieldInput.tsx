import type { Ctx, AndorraView } from "../common";
import { nickOf } from "../common";
import type { AndorraParamField } from "../../generated/protocol";
import { BLANK, firstKey, KEEP, keyOf, partKey, word, type Entries } from "./fields";

interface Props {
  ctx: Ctx;
  view: AndorraView;
  field: AndorraParamField;
  entries: Entries;
  setEntries: (e: Entries) => void;
}

/** One field of a move, as the engine's form data describes it: a single choice, a ranked
 * preference list, a choice per voter (the Rebel), or the Swindler's vote changes. */
export function FieldInput({ ctx, view, field, entries, setEntries }: Props) {
  const label = word(ctx.lang, field);
  const select = (key: string, text: string, required: boolean, extra: [string, string][] = []) => (
    <label key={key}>
      {text}
      <select
        aria-label={text}
        value={entries[key] ?? (required ? firstKey(field) : extra[0]?.[0] ?? "")}
        onChange={(e) => setEntries({ ...entries, [key]: (e.target as HTMLSelectElement).value })}
      >
        {!required && extra.length === 0 && <option value="">{ctx.t("param_none")}</option>}
        {extra.map(([value, t]) => (
          <option key={value} value={value}>
            {t}
          </option>
        ))}
        {field.choices.map((c) => (
          <option key={keyOf(c.value)} value={keyOf(c.value)}>
            {word(ctx.lang, c)}
          </option>
        ))}
      </select>
    </label>
  );
  if (field.kind === "one") return select(field.name, label, field.required);
  if (field.kind === "ranked")
    return (
      <fieldset class="param-group">
        <legend>{label}</legend>
        {Array.from({ length: field.max }, (_, i) => select(partKey(field, i), ctx.t("param_rank", { n: i + 1 }), false))}
      </fieldset>
    );
  const voterOf = (v: AndorraParamField["voters"][number]) => ctx.t("vote_of", { nick: nickOf(view, Number(v.value)) });
  if (field.kind === "per_voter")
    return (
      <details class="param-group" open>
        <summary>{label}</summary>
        {field.voters.map((v) => select(partKey(field, String(v.value)), voterOf(v), false))}
      </details>
    );
  const keep: [string, string][] = [
    [KEEP, ctx.t("swindler_keep")],
    [BLANK, ctx.t("vote_blank")],
  ];
  return (
    <fieldset class="param-group">
      <legend>{ctx.t("field_at_most", { what: label, max: field.max })}</legend>
      {field.voters.map((v) => select(partKey(field, String(v.value)), voterOf(v), false, keep))}
    </fieldset>
  );
}

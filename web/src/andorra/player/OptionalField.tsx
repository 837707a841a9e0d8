import { itemName } from "../actions";
import type { Ctx, PlayerView } from "../common";
import type { AndorraOptionalSpec, AndorraPerVoterSpec, AndorraRankedSpec } from "../../generated/protocol";
import { isOptional, isPerVoter } from "./params";

/** A preference list, a voter → candidate mapping, or a player that may be left out. */
export function OptionalField(props: {
  ctx: Ctx;
  view: PlayerView;
  name: string;
  spec: AndorraRankedSpec | AndorraPerVoterSpec | AndorraOptionalSpec;
  fields: Record<string, string>;
  setFields: (f: Record<string, string>) => void;
}) {
  const { ctx, view, name, spec, fields, setFields } = props;
  const alive: [string, string][] = view.players
    .filter((x) => x.status === "ALIVE")
    .map((x) => [String(x.seat), x.nick]);
  const choice = (key: string, label: string, values: [string, string][]) => (
    <label key={key}>
      {label}
      <select aria-label={label} value={fields[key] ?? ""} onChange={(e) => setFields({ ...fields, [key]: (e.target as HTMLSelectElement).value })}>
        <option value="">{ctx.t("param_none")}</option>
        {values.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const legend = ctx.t(`param_${name}`);
  if (isOptional(spec)) return choice(name, legend, alive);
  if (isPerVoter(spec))
    return (
      <details class="param-group">
        <summary>{legend}</summary>
        {alive.map(([seat, nick]) => choice(`${name}@${seat}`, ctx.t("swindler_vote_of", { nick }), alive))}
      </details>
    );
  const values: [string, string][] = spec.ranked === "seat" ? alive : spec.ranked.map((v) => [v, itemName(v, ctx.lang)]);
  return (
    <fieldset class="param-group">
      <legend>{legend}</legend>
      {Array.from({ length: spec.max }, (_, i) => choice(`${name}.${i}`, ctx.t("param_rank", { n: i + 1, what: legend }), values))}
    </fieldset>
  );
}

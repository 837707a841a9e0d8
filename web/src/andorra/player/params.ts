// The shapes of a move's parameters in the view's options (docs/andorra-commands.md), and
// what the move form sends for each. The shapes are the server's (AndorraParamSpec).
import type {
  AndorraChangesSpec,
  AndorraOptionalSpec,
  AndorraParamSpec,
  AndorraPerVoterSpec,
  AndorraRankedSpec,
} from "../../generated/protocol";

const isShape = (spec: AndorraParamSpec, key: string): boolean =>
  typeof spec === "object" && spec !== null && !Array.isArray(spec) && key in spec;

/** Whose votes the Swindler may change, and how many (A-TALLY-7). */
export function isChanges(spec: AndorraParamSpec): spec is AndorraChangesSpec {
  return isShape(spec, "voters");
}

/** An ordered preference list of up to `max` (A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5). */
export function isRanked(spec: AndorraParamSpec): spec is AndorraRankedSpec {
  return isShape(spec, "ranked");
}

/** Voter → candidate, any number (A-ROLE-REBEL-9). */
export function isPerVoter(spec: AndorraParamSpec): spec is AndorraPerVoterSpec {
  return isShape(spec, "per_voter");
}

/** A player that may be left out. */
export function isOptional(spec: AndorraParamSpec): spec is AndorraOptionalSpec {
  return isShape(spec, "optional");
}

/** What the form sends for one optional-shaped field, or undefined to leave it out. */
export function collect(name: string, spec: AndorraParamSpec, fields: Record<string, string>): unknown {
  if (isRanked(spec)) {
    const picked: string[] = [];
    for (let i = 0; i < spec.max; i++) {
      const v = fields[`${name}.${i}`];
      if (v && !picked.includes(v)) picked.push(v);
    }
    if (!picked.length) return undefined;
    return spec.ranked === "seat" ? picked.map(Number) : picked;
  }
  if (isPerVoter(spec)) {
    const mapping: Record<string, number> = {};
    for (const [key, v] of Object.entries(fields))
      if (key.startsWith(`${name}@`) && v) mapping[key.slice(name.length + 1)] = Number(v);
    return Object.keys(mapping).length ? mapping : undefined;
  }
  const v = fields[name];
  return v ? Number(v) : undefined;
}

// The shapes of a move's parameters in the view's options (docs/andorra-commands.md), and
// what the move form sends for each.

export function isChanges(spec: unknown): spec is { voters: number[]; max: number } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "voters" in spec;
}

/** An ordered preference list of up to `max` (A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5). */
export type Ranked = { ranked: "seat" | string[]; max: number };
export function isRanked(spec: unknown): spec is Ranked {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "ranked" in spec;
}

/** Voter → candidate, any number (A-ROLE-REBEL-9). */
export function isPerVoter(spec: unknown): spec is { per_voter: "seat" } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "per_voter" in spec;
}

export function isOptional(spec: unknown): spec is { optional: "seat" } {
  return typeof spec === "object" && spec !== null && !Array.isArray(spec) && "optional" in spec;
}

/** What the form sends for one optional-shaped field, or undefined to leave it out. */
export function collect(name: string, spec: unknown, fields: Record<string, string>): unknown {
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

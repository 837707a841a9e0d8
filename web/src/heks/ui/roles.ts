import type { Role } from "../../generated/protocol";
import type { HeksView } from "../types";

// H-TBL-7: the view's roles_in_play are Table 2.1's counts in the table's column order
// (games/heks/tables.py ROLE_COLUMNS; tests/games/heks/test_rules_table.py checks they agree).
// Counts, not names: no view names a role but the seat's own.
export const ROLE_COLUMNS: readonly Role[] = ["WITCH", "CROW", "JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET", "VILLAGER"];

/** Table 2.1's counts as roles with how many hold each, in the table's order. */
export function rolesOf(counts: readonly number[]): { role: Role; count: number }[] {
  return ROLE_COLUMNS.map((role, i) => ({ role, count: counts[i] ?? 0 })).filter((r) => r.count > 0);
}

/** The roles of this game with how many hold each, in the table's order. */
export function rolesInPlay(v: HeksView): { role: Role; count: number }[] {
  return rolesOf(v.roles_in_play);
}

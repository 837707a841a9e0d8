import { t } from "../i18n";
import type { HeksView, VoteResult } from "../types";
import { nameOf } from "./common";

// The exile vote's words shared by the phones, the board, its narrator and the recap:
// the quorum a table may set (H-EXC-8, Table 2.2's Q) and the outcome of a count.

/** Ballots in today's vote: every cat has one, and an absent or blank one counts (H-EXC-1). */
export function ballots(v: HeksView): number {
  return v.players.filter((p) => p.status === "CAT").length;
}

/** "Exile needs 4 of 5 votes tonight", or null where the most votes exile (no Q, or the knights' day). */
export function quorumLine(v: HeksView): string | null {
  return v.exile_needed == null ? null : t("exile.quorum", { n: v.exile_needed, total: ballots(v) });
}

/** This table's rule, for the rules and the role reveal: null at a table without a quorum. */
export function quorumRule(v: HeksView, key: "help.def.quorum" | "reveal.quorum"): string | null {
  const q = v.exile_quorum;
  if (!q || q.length !== 2) return null;
  const total = ballots(v);
  // In words where the rules have one (the narrator would read "3/4" as a date).
  const share = q[0] === 3 && q[1] === 4 ? t("quorum.threequarters") : `${q[0]}/${q[1]}`;
  return t(key, { share, total, n: Math.ceil((q[0] * total) / q[1]) });
}

/** The single candidate with the most votes and those votes; null when none or shared. */
export function leader(r: VoteResult): { seat: number; votes: number } | null {
  const tally = Object.entries(r.tally);
  if (tally.length === 0) return null;
  const top = Math.max(...tally.map(([, n]) => n));
  const leaders = tally.filter(([, n]) => n === top);
  return leaders.length === 1 ? { seat: Number(leaders[0][0]), votes: top } : null;
}

/** Who had the most votes, out of how many, and what an exile needed (a NO_QUORUM result). */
export function quorumParams(v: HeksView, r: VoteResult): Record<string, string | number> {
  const top = leader(r);
  return { name: nameOf(v, top?.seat), n: top?.votes ?? 0, total: r.ballot.length, needed: r.needed ?? "?" };
}

/** The vote's outcome in one sentence (H-EXC-5, H-EXC-8). */
export function outcomeText(v: HeksView, r: VoteResult): string {
  switch (r.outcome) {
    case "EXILED":
      if (r.exiled != null) return t(r.was_witch ? "voteres.exiled.witch" : "voteres.exiled.notwitch", { name: nameOf(v, r.exiled) });
      break;
    case "TIE":
      return t("voteres.tie");
    case "NO_QUORUM":
      return t("voteres.noquorum", quorumParams(v, r));
  }
  return t("voteres.allblank");
}

// Andorra's commands, typed from the server's (src/nightfall/games/andorra/command_types.py →
// generated/protocol.ts, `make types`): a page sends only a command the rules know, with its
// fields, so a renamed command or field fails the typecheck. Every page sends through here.
import type { Outcome } from "../core/connection";
import type { AndorraCommandPayloads } from "../generated/protocol";
import type { AndorraConn } from "./common";

export type AndorraCommand = keyof AndorraCommandPayloads;

/** A command's payload argument: optional for a button (no fields), required otherwise. */
export type PayloadArg<K extends AndorraCommand> = keyof AndorraCommandPayloads[K] extends never
  ? [payload?: AndorraCommandPayloads[K]]
  : [payload: AndorraCommandPayloads[K]];

/** Sends an Andorra command on the connection; resolves with its refusal, or null. */
export function command<K extends AndorraCommand>(conn: AndorraConn, type: K, ...payload: PayloadArg<K>): Promise<Outcome> {
  return conn.command(type, { ...payload[0] });
}

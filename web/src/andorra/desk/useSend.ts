import { useState } from "preact/hooks";
import type { AndorraConn } from "../common";
import type { ServerError } from "../i18n";
import { command, type AndorraCommand, type PayloadArg } from "../send";

/** A form's own command: its error shown next to it, double sends blocked. */
export function useSend(conn: AndorraConn) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async <K extends AndorraCommand>(type: K, ...payload: PayloadArg<K>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    const got = await command(conn, type, ...payload);
    setErr(got);
    setBusy(false);
    return got == null;
  };
  return { err, busy, send };
}

import { useEffect, useRef, useState } from "preact/hooks";
import type { RoomState, You } from "../../core/connection";
import { t } from "../i18n";

const SHOW_MS = 8000;

/**
 * Says so when the host role moves (H-HST-7a: the host passed it on; H-HST-7b: the
 * server passed it on because the host was away). Without this a phone would grow
 * host controls, or lose them, with no word why. Not shown for the first state a
 * phone sees: only a change while it watches.
 */
export function useHostNotice(room: RoomState | null, you: You | null): string | null {
  const hostPid = room?.members.find((m) => m.host)?.pid ?? null;
  const last = useRef<number | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = hostPid;
    if (before === undefined || before === null || hostPid === null || before === hostPid) return;
    const name = room?.members.find((m) => m.pid === hostPid)?.name ?? "";
    setNotice(you?.pid === hostPid ? t("host.nowYou") : t("host.nowOther", { name }));
    const id = setTimeout(() => setNotice(null), SHOW_MS);
    return () => clearTimeout(id);
  }, [hostPid]);
  return notice;
}

export function HostNotice(props: { text: string | null }) {
  if (!props.text) return null;
  return (
    <div class="host-notice" role="status" key={props.text}>
      {props.text}
    </div>
  );
}

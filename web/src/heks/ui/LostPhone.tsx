import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { call, HttpError } from "../../core/api";
import type { RelinkAnswer } from "../../generated/protocol";
import { forgetToken, loadToken } from "../api";
import { navigate } from "../screens/Landing";
import { errorText, t } from "../i18n";
import type { HeksView } from "../types";
import { nameOf } from "./common";
import { Disclosure } from "./Disclosure";

export type NewLink = { name: string; url: string; qr: string };

// The host's own seat moved to a new phone (H-HST-7c). Kept outside the components: this
// phone's link stops working at once, so the page that shows the QR code is the one after
// the connection's bad_token, which may come before the answer with the new link.
let moved: NewLink | "pending" | null = null;
const listeners = new Set<() => void>();
function setMoved(link: NewLink | "pending" | null): void {
  moved = link;
  listeners.forEach((f) => f());
}

/**
 * A player whose phone died or got lost takes their seat back on another phone: the host
 * makes a new private link for that seat (POST /api/rooms/{code}/relink); the old link stops
 * working. Two taps, as every host control (issue 18 §4).
 */
export function LostPhone(props: { view: HeksView; code: string; made: (link: NewLink) => void }) {
  const [picked, setPicked] = useState<number | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const v = props.view;
  const mine = v.me?.seat ?? null;
  const relink = async (seat: number) => {
    setErr(null);
    if (seat === mine) setMoved("pending");
    try {
      const a = await call<RelinkAnswer>("POST", `/api/rooms/${encodeURIComponent(props.code)}/relink`, {
        token: loadToken(props.code),
        seat,
      });
      setPicked(null);
      const link = { name: nameOf(v, seat), url: a.url, qr: a.qr };
      if (seat === mine) setMoved(link);
      else props.made(link);
    } catch (e) {
      if (seat === mine) setMoved(null);
      setErr(e instanceof HttpError ? errorText(e.error.code, e.error.params) : errorText("network"));
    }
  };
  const own = picked !== null && picked === mine;
  // Folded: rarely needed, and the host panel is already long at 12 players.
  return (
    <Disclosure label={t("host.lost")}>
      {picked === null ? (
        <>
          <p class="small muted">{t("host.lostHelp")}</p>
          {/* H-HST-7c: the host's own seat, and the host role with it, on the host's word alone */}
          {mine !== null && (
            <button type="button" class="small-btn" onClick={() => setPicked(mine)}>
              {t("host.moveMine")}
            </button>
          )}
          <div class="host-list">
            {v.players
              .filter((p) => p.seat !== mine)
              .map((p) => (
                <button key={p.seat} type="button" class="small-btn" onClick={() => setPicked(p.seat)}>
                  {t("host.lostFor", { name: p.name })}
                </button>
              ))}
          </div>
        </>
      ) : (
        <div class="host-confirm" role="group" aria-label={own ? t("host.moveConfirm") : t("host.lostConfirm", { name: nameOf(v, picked) })}>
          <p>{own ? t("host.moveConfirm") : t("host.lostConfirm", { name: nameOf(v, picked) })}</p>
          <div class="host-list">
            <button type="button" class="primary" onClick={() => void relink(picked)}>
              {own ? t("host.moveMine") : t("host.lostFor", { name: nameOf(v, picked) })}
            </button>
            <button type="button" class="small-btn" onClick={() => setPicked(null)}>
              {t("host.cancel")}
            </button>
          </div>
        </div>
      )}
      {err && (
        <p class="error" role="alert">
          {err}
        </p>
      )}
    </Disclosure>
  );
}

/** The new link as a QR code for the new phone to scan; it stays up until the host closes it,
 * whatever the scene (the host panel itself closes on a scene change). */
export function NewLinkSheet(props: { link: NewLink; close: () => void; own?: boolean }) {
  const { link } = props;
  const title = props.own ? t("host.moveScan") : t("host.lostScan", { name: link.name });
  return (
    <div class="help-screen newlink" role="dialog" aria-modal="true" aria-label={title}>
      <h2>{title}</h2>
      {/* the SVG comes from our own server (qr.svg of the link it just made) */}
      <div class="qr newlink-qr" dangerouslySetInnerHTML={{ __html: link.qr }} />
      <p class="small">{props.own ? t("host.moveOld") : t("host.lostOld")}</p>
      {/* for a phone that cannot scan: the link itself, to send or type (no clipboard on a LAN's http) */}
      <p class="small muted">{t("host.lostNoScan")}</p>
      <p class="newlink-url">{link.url}</p>
      <button type="button" class="primary" onClick={props.close}>
        {t("host.lostDone")}
      </button>
    </div>
  );
}

/** On the host's old phone once the seat has moved (H-HST-7c): the new link's QR code in
 * place of the fatal screen ("your link no longer works"); done, this phone forgets the room. */
export function MovedSeat(props: { code: string; children: ComponentChildren }) {
  const [, rerender] = useState(0);
  useEffect(() => {
    const f = () => rerender((n) => n + 1);
    listeners.add(f);
    return () => void listeners.delete(f);
  }, []);
  if (moved === null) return <>{props.children}</>;
  if (moved === "pending") return <p class="waiting">{t("conn.sending")}</p>;
  return (
    <NewLinkSheet
      link={moved}
      own
      close={() => {
        setMoved(null);
        forgetToken(props.code);
        navigate("/");
      }}
    />
  );
}

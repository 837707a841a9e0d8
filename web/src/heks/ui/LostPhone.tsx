import { useState } from "preact/hooks";
import { call, HttpError } from "../../core/api";
import type { RelinkAnswer } from "../../generated/protocol";
import { loadToken } from "../api";
import { errorText, t } from "../i18n";
import type { HeksView } from "../types";
import { nameOf } from "./common";
import { Disclosure } from "./Disclosure";

export type NewLink = { name: string; url: string; qr: string };

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
    try {
      const a = await call<RelinkAnswer>("POST", `/api/rooms/${encodeURIComponent(props.code)}/relink`, {
        token: loadToken(props.code),
        seat,
      });
      setPicked(null);
      props.made({ name: nameOf(v, seat), url: a.url, qr: a.qr });
    } catch (e) {
      setErr(e instanceof HttpError ? errorText(e.error.code, e.error.params) : errorText("network"));
    }
  };
  // Folded: rarely needed, and the host panel is already long at 12 players.
  return (
    <Disclosure label={t("host.lost")}>
      {picked === null ? (
        <>
          <p class="small muted">{t("host.lostHelp")}</p>
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
        <div class="host-confirm" role="group" aria-label={t("host.lostConfirm", { name: nameOf(v, picked) })}>
          <p>{t("host.lostConfirm", { name: nameOf(v, picked) })}</p>
          <div class="host-list">
            <button type="button" class="primary" onClick={() => void relink(picked)}>
              {t("host.lostFor", { name: nameOf(v, picked) })}
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
export function NewLinkSheet(props: { link: NewLink; close: () => void }) {
  const { link } = props;
  return (
    <div class="help-screen newlink" role="dialog" aria-modal="true" aria-label={t("host.lostScan", { name: link.name })}>
      <h2>{t("host.lostScan", { name: link.name })}</h2>
      {/* the SVG comes from our own server (qr.svg of the link it just made) */}
      <div class="qr newlink-qr" dangerouslySetInnerHTML={{ __html: link.qr }} />
      <p class="small">{t("host.lostOld")}</p>
      <button type="button" class="primary" onClick={props.close}>
        {t("host.lostDone")}
      </button>
    </div>
  );
}

import { useState } from "preact/hooks";
import type { Member } from "../../core/connection";
import { t } from "../i18n";
import type { HeksView, Send } from "../types";
import { nameOf } from "../ui/common";

const SECRET_STEPS = ["DEPART_A", "GUARD_B"];
const NO_HOST_STEPS = ["WITCH_C", "QUARREL", "GAME_END"];

/**
 * Host controls (H-HST-1..6): in public steps the names of pending players with "mark absent";
 * in departure no names, just "mark any cat absent" and "Force continue"; who is connected.
 */
export function HostPanel(props: { view: HeksView; members: Member[]; send: Send }) {
  const [open, setOpen] = useState(false);
  const v = props.view;
  const h = v.host;
  const pending = h?.pending ?? [];
  const secret = SECRET_STEPS.includes(v.phase);
  const attention = !secret && pending.length > 0;
  return (
    <div class={`hostpanel ${open ? "open" : ""}`}>
      <button type="button" class={`host-toggle ${attention ? "attention" : ""}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("host.close") : t("host.open")}
        {attention && !open ? ` (${pending.length})` : ""}
      </button>
      {open && (
        <div class="host-body" role="region" aria-label={t("host.title")}>
          {NO_HOST_STEPS.includes(v.phase) || h?.can_mark_absent === false ? (
            <p class="muted">{t("host.cannot")}</p>
          ) : secret ? (
            <>
              <p class="small">{t("host.secret")}</p>
              <div class="host-list">
                {v.players.filter((p) => p.status === "CAT").map((p) => (
                  <button key={p.seat} type="button" class="small-btn" onClick={() => props.send("mark_absent", { seat: p.seat })}>
                    {t("host.absent", { name: p.name })}
                  </button>
                ))}
              </div>
              <button type="button" class="primary danger" disabled={h ? !h.can_force_continue : false} onClick={() => props.send("force_continue")}>
                {t("host.force")}
              </button>
            </>
          ) : pending.length === 0 ? (
            <p class="muted">{t("host.nopending")}</p>
          ) : (
            <>
              <p>{t("host.pending")}</p>
              <div class="host-list">
                {pending.map((s) => (
                  <button key={s} type="button" class="small-btn" onClick={() => props.send("mark_absent", { seat: s })}>
                    {t("host.absent", { name: nameOf(v, s) })}
                  </button>
                ))}
              </div>
            </>
          )}
          <h3>{t("host.presence")}</h3>
          <PresenceList members={props.members} />
          <Handover view={v} send={props.send} />
        </div>
      )}
    </div>
  );
}

/**
 * H-HST-7a: give the host role to another player (`pass_host`), with a second tap to
 * confirm, since the controls leave this phone at once. Allowed in every step.
 */
function Handover(props: { view: HeksView; send: Send }) {
  const [picked, setPicked] = useState<number | null>(null);
  const v = props.view;
  const mine = v.me?.seat ?? null;
  const others = v.players.filter((p) => p.seat !== mine);
  return (
    <>
      <h3>{t("host.handover")}</h3>
      {picked === null ? (
        <>
          <p class="small muted">{t("host.handoverHelp")}</p>
          <div class="host-list">
            {others.map((p) => (
              <button key={p.seat} type="button" class="small-btn" onClick={() => setPicked(p.seat)}>
                {t("host.makeHost", { name: p.name })}
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <p>{t("host.confirmHandover", { name: nameOf(v, picked) })}</p>
          <div class="host-list">
            <button
              type="button"
              class="primary"
              onClick={() => {
                props.send("pass_host", { seat: picked });
                setPicked(null);
              }}
            >
              {t("host.makeHost", { name: nameOf(v, picked) })}
            </button>
            <button type="button" class="small-btn" onClick={() => setPicked(null)}>
              {t("host.cancel")}
            </button>
          </div>
        </>
      )}
    </>
  );
}

export function PresenceList(props: { members: Member[] }) {
  return (
    <ul class="presence">
      {props.members.map((m) => (
        <li key={m.pid}>
          <span class={`dot ${m.presence}`} aria-hidden="true" />
          <span>{m.name}</span>
          <span class="muted small">
            {t(m.presence === "connected" ? "host.connected" : m.presence === "grace" ? "host.grace" : "host.disconnected")}
          </span>
        </li>
      ))}
    </ul>
  );
}

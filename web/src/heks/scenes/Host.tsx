import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Member } from "../../core/connection";
import { t } from "../i18n";
import type { HeksView, Send } from "../types";
import { nameOf } from "../ui/common";
import { lookAt } from "../ui/Looks";
import { LostPhone, NewLinkSheet, type NewLink } from "../ui/LostPhone";

const SECRET_STEPS = ["DEPART_A", "GUARD_B"];
const NO_HOST_STEPS = ["WITCH_C", "QUARREL", "GAME_END"];

/**
 * Host controls (H-HST-1..6): in public steps the names of pending players with "mark absent";
 * in departure no names, just "mark any cat absent" and "Force continue"; who is connected.
 */
export function HostPanel(props: { view: HeksView; members: Member[]; send: Send; code?: string }) {
  const [open, setOpen] = useState(false);
  const [newLink, setNewLink] = useState<NewLink | null>(null);
  const [confirm, setConfirm] = useState<Confirmable | null>(null);
  const v = props.view;
  const h = v.host;
  const pending = h?.pending ?? [];
  const secret = SECRET_STEPS.includes(v.phase);
  const attention = !secret && pending.length > 0;
  // A new scene closes the panel: its buttons were for the old one (issue 18 §4). Step B is
  // step A for the table (H-DEP-13): a guarding host's panel stays as it is.
  const tablePhase = v.phase === "GUARD_B" ? "DEPART_A" : v.phase;
  useEffect(() => {
    setOpen(false);
    setConfirm(null);
  }, [v.step, tablePhase]);
  // Every player keeps one place in seat order, so a button never moves under a finger
  // when someone else acts; whoever is done is greyed out.
  // who has no phone on the room now, beside the name: the likely absentee (play-test: the
  // list said nothing, and who was connected stood further down)
  // (the presence list's dot, before the name: the button's words stay "Mark X absent")
  const away = (seat: number) => {
    const presence = lookAt(props.members, seat)?.presence;
    return presence && presence !== "connected" ? (
      <span class={`dot ${presence}`} title={t(presence === "grace" ? "host.grace" : "host.disconnected")} aria-hidden="true" />
    ) : null;
  };
  const absentButton = (seat: number, enabled: boolean) => (
    <button
      key={seat}
      type="button"
      class="small-btn"
      disabled={!enabled}
      onClick={() => setConfirm({ kind: "absent", seat })}
    >
      {away(seat)}
      {t("host.absent", { name: nameOf(v, seat) })}
    </button>
  );
  return (
    <div class={`hostpanel ${open ? "open" : ""}`}>
      <button type="button" class={`host-toggle ${attention ? "attention" : ""}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("host.close") : t("host.open")}
        {/* say what the number counts: a bare "(3)" read as a badge nobody understood (UX review) */}
        {attention && !open ? ` · ${t("host.notReady", { n: pending.length })}` : ""}
      </button>
      {open && (
        <div class="host-body" role="region" aria-label={t("host.title")}>
          {confirm ? (
            <ConfirmRow view={v} what={confirm} send={props.send} done={() => setConfirm(null)} />
          ) : NO_HOST_STEPS.includes(v.phase) || h?.can_mark_absent === false ? (
            <p class="muted">{t("host.cannot")}</p>
          ) : secret ? (
            <>
              <p class="small">{t("host.secret")}</p>
              <div class="host-list">{v.players.filter((p) => p.status === "CAT").map((p) => absentButton(p.seat, true))}</div>
              <button
                type="button"
                class="primary danger"
                disabled={h ? !h.can_force_continue : false}
                onClick={() => setConfirm({ kind: "force" })}
              >
                {t("host.force")}
              </button>
            </>
          ) : pending.length === 0 ? (
            <p class="muted">{t("host.nopending")}</p>
          ) : (
            <>
              <p>{t("host.pending")}</p>
              <div class="host-list">{v.players.map((p) => absentButton(p.seat, pending.includes(p.seat)))}</div>
            </>
          )}
          <h3>{t("host.presence")}</h3>
          <PresenceList members={props.members} />
          <Handover view={v} send={props.send} away={away} />
          {props.code && <LostPhone view={v} code={props.code} made={setNewLink} />}
        </div>
      )}
      {newLink && <NewLinkSheet link={newLink} close={() => setNewLink(null)} />}
    </div>
  );
}

type Confirmable = { kind: "absent"; seat: number } | { kind: "force" };

/** The second tap of a host control: nothing happens by accident. */
function ConfirmRow(props: { view: HeksView; what: Confirmable; send: Send; done: () => void }) {
  const w = props.what;
  const question =
    w.kind === "absent" ? t("host.confirmAbsent", { name: nameOf(props.view, w.seat) }) : t("host.confirmForce");
  return (
    <div class="host-confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <div class="host-list">
        <button
          type="button"
          class="primary danger"
          onClick={() => {
            if (w.kind === "absent") props.send("mark_absent", { seat: w.seat });
            else props.send("force_continue");
            props.done();
          }}
        >
          {w.kind === "absent" ? t("host.absent", { name: nameOf(props.view, w.seat) }) : t("host.force")}
        </button>
        <button type="button" class="small-btn" onClick={props.done}>
          {t("host.cancel")}
        </button>
      </div>
    </div>
  );
}

/**
 * H-HST-7a: give the host role to another player (`pass_host`), with a second tap to
 * confirm, since the controls leave this phone at once. Allowed in every step.
 */
function Handover(props: { view: HeksView; send: Send; away: (seat: number) => JSX.Element | null }) {
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
                {props.away(p.seat)}
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

/** The host's bar is fixed at the foot of the screen: when a scene begins with its main button
 * (Confirm, Submit) under the closed bar, the page scrolls just enough to show it. Every phone
 * of the scene has that button where the host has it (the scenes are public); only the host's
 * page has the bar, as the table can see. A scene after one it scrolled (and he did not scroll
 * since) starts from the top again, as it would have without that scroll. */
export function useClearOfHostBar(scene: string, on: boolean): void {
  const scrolled = useRef<number | null>(null); // where the last scroll of ours left the page
  useEffect(() => {
    if (!on) return;
    const frame = requestAnimationFrame(() => {
      if (scrolled.current !== null && Math.abs(scrollY - scrolled.current) < 2) scrollTo({ top: 0, behavior: "instant" });
      scrolled.current = null;
      const button = document.querySelector<HTMLElement>(".scene-wrap button.primary");
      const bar = document.querySelector<HTMLElement>(".hostpanel");
      if (!button || !bar) return;
      const b = button.getBoundingClientRect();
      const top = bar.getBoundingClientRect().top;
      if (b.bottom > top && b.top < innerHeight) {
        scrollBy({ top: b.bottom - top + 12, behavior: "instant" });
        scrolled.current = scrollY;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [scene, on]);
}

import { useState } from "preact/hooks";
import { joinNames, t } from "../i18n";
import type { HeksView, Send } from "../types";
import { DoneLine, nameOf, PrimaryButton, Progress, SceneTitle } from "../ui/common";
import { quorumRule } from "../ui/exile";

/** Press-and-hold role card (H-START-1/2). Shows nothing until held. */
export function RoleCard(props: { view: HeksView; compact?: boolean }) {
  const [held, setHeld] = useState(false);
  const me = props.view.me;
  if (!me) return null;
  const others = me.known_witches.filter((s) => s !== me.seat).map((s) => nameOf(props.view, s));
  const teamLine =
    me.role === "WITCH"
      ? others.length === 1
        ? t("role.witches.other.one", { names: others[0] })
        : others.length
          ? t("role.witches.other", { names: joinNames(others) })
          : t("role.witches.none")
      : me.role === "CROW"
        ? t("role.witches.crow", { names: joinNames(others) })
        : t("role.team.none");
  const on = () => setHeld(true);
  const off = () => setHeld(false);
  return (
    <div class={`rolecard ${held ? "held" : ""} ${props.compact ? "compact" : ""}`}>
      <button
        type="button"
        class="rolecard-btn"
        aria-label={t("reveal.hold")}
        aria-pressed={held}
        onPointerDown={(e) => {
          (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
          on();
        }}
        onPointerUp={off}
        onPointerCancel={off}
        onPointerLeave={off}
        onKeyDown={(e) => (e.key === " " || e.key === "Enter") && on()}
        onKeyUp={off}
        onBlur={off}
        onContextMenu={(e) => e.preventDefault()}
      >
        {held ? (
          <span class="role-face" data-testid="role-face">
            <span class="role-name">{t(`role.${me.role}` as "role.SEER")}</span>
            <span class="role-side">{t(`side.${me.side}` as "side.village")}</span>
            <span class="role-ability">
              {/* No Jester at this table (under 9 players): the Crow is not told she knows one. */}
              {me.role === "CROW" && me.known_jester == null ? t("ability.CROW.nojester") : t(`ability.${me.role}` as "ability.SEER")}
            </span>
            {/* H-VIS-6d: every card has the same four lines, in one colour: what this role
                knows of others (or that it knows nobody), then the table's public facts. */}
            <span class="role-team">{teamLine}</span>
            <span class="role-team">
              {me.known_jester != null ? t("role.jester.known", { name: nameOf(props.view, me.known_jester) }) : t("role.jester.none")}
            </span>
            <span class="role-team">{t("role.attacks.from", { n: props.view.attacks_from })}</span>
            <span class="role-team">{t("role.fact.seer", { n: props.view.seer_from })}</span>
          </span>
        ) : (
          <span class="role-back">
            <span class="moon" aria-hidden="true" />
            <span>{t("reveal.hold")}</span>
          </span>
        )}
      </button>
    </div>
  );
}

export function RoleReveal(props: { view: HeksView; send: Send }) {
  const me = props.view.me;
  const rule = quorumRule(props.view, "reveal.quorum"); // H-EXC-8: a table rule for everyone, not a secret
  return (
    <div class="scene">
      <SceneTitle title={t("reveal.title")} />
      <p class="muted center">{t("reveal.hint")}</p>
      <RoleCard view={props.view} />
      {rule && <p class="notice small">{rule}</p>}
      {me && me.owes ? (
        <PrimaryButton label={t("btn.ready")} onClick={() => props.send("ready")} />
      ) : (
        <DoneLine view={props.view} class="center" text={t("reveal.ready.done")} />
      )}
      <Progress view={props.view} />
    </div>
  );
}

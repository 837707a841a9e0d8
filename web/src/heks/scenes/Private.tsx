import { t } from "../i18n";
import type { HeksView, Send } from "../types";
import { Hand } from "../ui/common";
import { Disclosure } from "../ui/Disclosure";
import { PrivateNotice } from "../ui/Notices";
import { AbilityPanels } from "./Ability";
import { DepartSecret, GatheringSecret, GuardPlace } from "./Day";
import { EveningSecret, Inbox } from "./Evening";
import { RitualSecret } from "./Night";

/** "A pickpocket took your X", told to the victim for the rest of the day (H-PP-5). */
function Robbed(props: { view: HeksView }) {
  const v = props.view;
  const items = (v.me?.inbox ?? []).filter((i) => i.day === v.day && i.kind === "ROBBED");
  return (
    <>
      {items.map((i, n) => (
        <p key={n} class="notice" role="status">
          {t("inbox.stolen", { ingredient: t(`ing.${String(i.ingredient)}` as "ing.MUSHROOM") })}
        </p>
      ))}
    </>
  );
}

/** This scene's task for my role, or null: every cat's in the same frame (H-VIS-6a). */
function SceneSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  if (!me || me.status !== "CAT") return null;
  switch (v.phase) {
    case "DEPART_A":
      return <DepartSecret view={v} send={props.send} />;
    case "GUARD_B":
      return <GuardPlace view={v} send={props.send} />;
    case "WITCH_C":
      return <GatheringSecret view={v} send={props.send} />;
    case "EVENING_ANNOUNCE":
      return <EveningSecret view={v} />;
    case "RITUAL":
      return (
        <>
          <RitualSecret view={v} send={props.send} />
          <AbilityPanels view={v} send={props.send} />
        </>
      );
    default:
      return <AbilityPanels view={v} send={props.send} />;
  }
}

/**
 * Everything only this player may see in the current scene (H-VIS-6): the scene's task (a real
 * one or a decoy, H-VIS-6a) and what the engine chose for me. A player with nothing secret in
 * this scene is told so. The hand, a theft from me and the messages are one tap further, behind
 * a button every sheet has (H-VIS-6c): their length is a player's own, not a role's.
 */
export function PrivatePart(props: { view: HeksView; send: Send }) {
  const v = props.view;
  return (
    <>
      <div class="secret-scene">
        <PrivateNotice view={v} />
        <SceneSecret view={v} send={props.send} />
        <p class="secret-none muted">{t("secret.nothing")}</p>
      </div>
      <Disclosure label={t("secret.more")} class="secret-more">
        <Robbed view={v} />
        <Hand view={v} />
        <Inbox view={v} />
      </Disclosure>
    </>
  );
}

import { t } from "../i18n";
import type { HeksView, Send } from "../types";
import { Hand, Section } from "../ui/common";
import { PrivateNotice } from "../ui/Notices";
import { DepartSecret, GatheringSecret, GuardPlace } from "./Day";
import { AbilityPanels, EveningSecret, Inbox } from "./Evening";
import { RitualSecret } from "./Night";

/** "A pickpocket took your X", told to the victim for the rest of the day (H-PP-5). */
function Robbed(props: { view: HeksView }) {
  const v = props.view;
  const items = (v.me?.inbox ?? []).filter((i) => i.day === v.day && i.kind === "ROBBED");
  return (
    <>
      {items.map((i, n) => (
        <Section key={n} class="private">
          <p role="status">{t("inbox.stolen", { ingredient: t(`ing.${String(i.ingredient)}` as "ing.MUSHROOM") })}</p>
        </Section>
      ))}
    </>
  );
}

/** This scene's action for my role, or null: behind the secret, so that every phone's open
 * page looks the same to a neighbour (H-VIS-6). */
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
 * Everything only this player may see in the current scene (H-VIS-6): the scene's private
 * action and results, what the engine chose for me, a theft from me, my hand and messages.
 * A player with nothing secret in this scene is told so: the decoy behind the same cover.
 */
export function PrivatePart(props: { view: HeksView; send: Send }) {
  const v = props.view;
  return (
    <>
      <div class="secret-scene">
        <Robbed view={v} />
        <PrivateNotice view={v} />
        <SceneSecret view={v} send={props.send} />
        <p class="secret-none muted">{t("secret.nothing")}</p>
      </div>
      <Hand view={v} />
      <Inbox view={v} />
    </>
  );
}

import { t } from "../i18n";
import type { HeksPickpocketInfo } from "../../generated/protocol";
import type { HeksView, InboxItem, Ingredient, Send } from "../types";
import { Cards, Choice, nameOf } from "../ui/common";
import { Task, useDecoy } from "../ui/Task";

// The day's secret, from the discussion until the ritual's result (H-VIS-6a): the Seer's
// check, the Pickpocket's theft, and for every other cat a decoy in the same frame ("whom do
// you suspect?"), so that every cat's sheet holds the same grid of names.
export const ABILITY_PHASES = new Set(["DISCUSSION", "PROPOSAL", "APPROVAL_VOTE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL", "RITUAL_RESULT", "QUARREL"]);
const ingText = (x: unknown) => t(`ing.${String(x)}` as "ing.MUSHROOM");
const todays = (v: HeksView, kind: string): InboxItem | undefined =>
  (v.me?.inbox ?? []).filter((i) => i.day === v.day && i.kind === kind).pop();

/** Every cat's task of the day: the Seer's, the Pickpocket's or the decoy, in one frame. */
export function AbilityPanels(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  if (!me || me.status !== "CAT" || !ABILITY_PHASES.has(v.phase)) return null;
  if (me.role === "SEER" && (todays(v, "SEER_RESULT") || (!me.seer?.used && v.day >= v.seer_from))) {
    return <SeerTask view={v} send={props.send} />;
  }
  const pp: Partial<HeksPickpocketInfo> = me.pickpocket ?? {};
  if (me.role === "PICKPOCKET" && (todays(v, "PICKPOCKET_TOOK") || pp.target != null || pp.window_open)) {
    return <PickpocketTask view={v} send={props.send} />;
  }
  return <SuspectTask view={v} />;
}

/** The same grid of names for every cat: everyone else who is not exiled, each with his public
 * status under the name (a sub on some buttons only would make rows of other heights). */
function NameGrid(props: { view: HeksView; pressed: number | null; aria: (name: string) => string; enabled: (seat: number) => boolean; onPick: (seat: number) => void }) {
  const v = props.view;
  const done = props.pressed !== null;
  return (
    <div class="choices grid2">
      {v.players
        .filter((p) => p.seat !== v.me?.seat && p.status !== "EXILED")
        .map((p) => (
          <Choice
            key={p.seat}
            label={p.name}
            sub={t(p.status === "FROG" ? "status.FROG" : "status.CAT")}
            ariaLabel={props.aria(p.name)}
            pressed={props.pressed === p.seat}
            disabled={done || !props.enabled(p.seat)}
            onClick={() => props.onPick(p.seat)}
          />
        ))}
    </div>
  );
}

function SeerTask(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const result = todays(v, "SEER_RESULT");
  const target = result ? Number(result.target) : null;
  const status = result
    ? t(result.result === "WITCH" ? "seer.result.witch" : "seer.result.notwitch", { name: nameOf(v, Number(result.target)) })
    : null;
  return (
    <Task title={t("seer.title")} prompt={t("seer.prompt")} status={status}>
      <NameGrid view={v} pressed={target} aria={(name) => t("seer.check", { name })} enabled={() => true} onPick={(seat) => props.send("seer_check", { target: seat })} />
    </Task>
  );
}

/** The theft in two steps (H-ERR-7): a cat (his hand shows), then the card type to take. */
function PickpocketTask(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const pp: Partial<HeksPickpocketInfo> = v.me?.pickpocket ?? {};
  const took = todays(v, "PICKPOCKET_TOOK");
  const cat = (seat: number) => v.players.find((p) => p.seat === seat)?.status === "CAT";
  if (!took && pp.target != null && !pp.done && (pp.seen ?? []).length > 0) {
    const hand = pp.seen ?? [];
    const types = Array.from(new Set(hand)) as Ingredient[];
    return (
      <Task title={t("pp.hand", { name: nameOf(v, pp.target) })} prompt={t("pp.prompt.take")} head={<Cards cards={hand} />}>
        {pp.window_open !== false && (
          <div class="choices grid2">
            {types.map((c) => (
              <Choice key={c} label={t("pp.take", { ingredient: ingText(c) })} onClick={() => props.send("pickpocket_take", { ingredient: c })} />
            ))}
          </div>
        )}
      </Task>
    );
  }
  const target = took ? Number(took.target) : (pp.target ?? null);
  const status = took
    ? t("pp.took", { ingredient: ingText(took.ingredient), name: nameOf(v, Number(took.target)) })
    : pp.target != null
      ? t("pp.emptypouch", { name: nameOf(v, pp.target) })
      : null;
  return (
    <Task title={t("pp.title")} prompt={t("pp.prompt")} status={status}>
      <NameGrid view={v} pressed={target} aria={(name) => t("pp.target", { name })} enabled={cat} onPick={(seat) => props.send("pickpocket_target", { target: seat })} />
    </Task>
  );
}

/** The decoy: pick whom you suspect today; kept on this phone only (H-VIS-6b). */
function SuspectTask(props: { view: HeksView }) {
  const v = props.view;
  const [pick, setPick] = useDecoy(`suspect-${v.day}`);
  const seat = pick === null ? null : Number(pick);
  return (
    <Task title={t("suspect.title")} prompt={t("suspect.prompt")} status={seat === null ? null : t("suspect.done", { name: nameOf(v, seat) })}>
      <NameGrid view={v} pressed={seat} aria={(name) => t("suspect.pick", { name })} enabled={() => true} onPick={(s) => setPick(String(s))} />
    </Task>
  );
}

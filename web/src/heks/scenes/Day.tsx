import { t } from "../i18n";
import type { HeksView, PlaceId, Send } from "../types";
import { Choice, choiceOf, Countdown, ingName, Meter, placeName, SceneTitle, Section } from "../ui/common";
import { Task, useDecoy } from "../ui/Task";
import { Cat, Frog } from "../ui/icons";
import { MorningInfo } from "./Status";
import { CatWindow } from "./CatWindow";
import { WitchWindow } from "./Witch";

/**
 * Steps A and B, the public part: the same for every cat whatever their role (H-VIS-6). The
 * choices themselves are in the secret (DepartSecret); everyone else sees step A during step B
 * (H-DEP-13), and so does the guarding Protector's public part.
 */
export function Depart(props: { view: HeksView }) {
  const v = props.view;
  // The guarding Protector's view carries his own clock (H-DEP-12); his page shows the
  // table's, as every other page does (H-DEP-13, H-VIS-6).
  const deadline = v.phase === "GUARD_B" ? v.me?.guard?.table_deadline : v.deadline;
  return (
    <div class="scene">
      <MorningInfo view={v} />
      <Section title={t("depart.title")}>
        <Countdown deadline={deadline} />
        <p class="muted small">{t("depart.secret")}</p>
      </Section>
    </div>
  );
}

/**
 * Step A for a frog, an exiled player or a watcher: nothing to choose, but the step and its
 * clock, as in every other scene. The public deadline is step A's even during the guard's
 * step B (H-DEP-13), so it tells nobody that a Protector is guarding.
 */
export function DepartWatch(props: { view: HeksView }) {
  const v = props.view;
  return (
    <div class="scene">
      <MorningInfo view={v} />
      <Section title={t("depart.watch.title")}>
        <Countdown deadline={v.deadline} />
      </Section>
    </div>
  );
}

/**
 * Step A in the secret, one frame for every cat (H-VIS-6a): the places with their
 * ingredients, then one more button whose meaning is the role's: the Protector's Guard, the
 * Herb Doctor's frog (each tap names the next frog), and for everyone else a decoy. A Witch's
 * places are decoys too: she chooses her place in step C (H-GAT-2). Decoys send nothing and
 * answer as a real tap does, with "Waiting until everyone has chosen…" (H-VIS-6b).
 */
export function DepartSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const witch = me.role === "WITCH";
  const real = choiceOf<PlaceId | null>(v, "place") ?? null;
  const guard = choiceOf<boolean>(v, "guard") === true;
  const [decoyPlace, setDecoyPlace] = useDecoy(`depart-${v.day}`);
  const place = witch ? decoyPlace : real;
  const submitted = place !== null || guard;
  const pick = (id: PlaceId) => (witch ? setDecoyPlace(id) : guard ? undefined : props.send("depart", { place: id }));
  const prompt = witch ? "depart.witch.prompt" : me.role === "PROTECTOR" ? "depart.protector.prompt" : "depart.hint";
  return (
    <Task
      title={t("depart.title")}
      head={<Countdown deadline={v.deadline} />}
      prompt={t(prompt)}
      status={guard ? t("depart.guarding") : submitted ? t("depart.waiting") : null}
    >
      <div class="choices grid2">
        {v.places.map((p) => (
          <Choice
            key={p.id}
            label={placeName(p.id)}
            ariaLabel={placeName(p.id)}
            sub={p.open ? ingName(p.ingredient) : t("depart.closed")}
            disabled={!p.open}
            pressed={place === p.id}
            onClick={() => pick(p.id)}
          />
        ))}
      </div>
      <DepartExtra view={v} send={props.send} />
    </Task>
  );
}

/** The one extra button of step A: Guard, the Herb Doctor's frog, or a decoy (H-VIS-6a). */
function DepartExtra(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const [decoy, setDecoy] = useDecoy(`depart-extra-${v.day}`);
  if (me.role === "PROTECTOR") {
    const guard = choiceOf<boolean>(v, "guard") === true;
    return (
      <div class="choices task-extra">
        <Choice label={t("depart.guard")} ariaLabel={t("depart.guard")} sub={t("depart.guard.sub")} pressed={guard} onClick={() => guard || props.send("depart", { guard: true })} />
      </div>
    );
  }
  if (me.role === "HERB_DOCTOR") {
    const frogs = v.players.filter((p) => p.status === "FROG");
    const turnBack = choiceOf<number | null>(v, "turn_back") ?? null;
    const at = frogs.findIndex((f) => f.seat === turnBack);
    const next = frogs.length === 0 ? null : at + 1 < frogs.length ? frogs[at + 1].seat : null;
    const name = at >= 0 ? frogs[at].name : t(frogs.length ? "depart.turnback.nobody" : "depart.turnback.nofrog");
    return (
      <div class="choices task-extra">
        <Choice
          label={t("depart.turnback.cycle", { name })}
          ariaLabel={t("depart.turnback.cycle", { name })}
          sub={t("depart.turnback.sub")}
          pressed={at >= 0}
          onClick={() => frogs.length > 0 && props.send("depart", { turn_back: next })}
        />
      </div>
    );
  }
  return (
    <div class="choices task-extra">
      <Choice label={t("decoy.tap")} ariaLabel={t("decoy.tap")} sub={t("decoy.sub")} pressed={decoy !== null} onClick={() => setDecoy("1")} />
    </div>
  );
}

/** Step B for the guarding Protector: step A's frame with live counts, one final tap (H-DEP-12, H-VIS-6a). */
export function GuardPlace(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const counts = v.me?.guard?.counts ?? {};
  return (
    <Task title={t("guard.title")} head={<Countdown deadline={v.deadline} />} prompt={t("guard.final")} status={t("depart.guarding")}>
      <div class="choices grid2">
        {v.places.map((p) => (
          <Choice
            key={p.id}
            label={placeName(p.id)}
            sub={p.open ? <><Cat /> {counts[p.id] ?? 0} · {ingName(p.ingredient)}</> : t("depart.closed")}
            ariaLabel={t("guard.place", { place: placeName(p.id) })}
            disabled={!p.open}
            onClick={() => props.send("guard_place", { place: p.id })}
          />
        ))}
      </div>
      <div class="choices task-extra">
        <Choice label={t("depart.guard")} ariaLabel={t("depart.guard")} sub={t("depart.guard.sub")} pressed onClick={() => undefined} />
      </div>
    </Task>
  );
}

/**
 * Step C: every screen changes to the gathering scene with a 15 s meter (H-GAT-1..4). The
 * public part is the same for every cat; where I am, my guard and the witches' window are in
 * the secret (GatheringSecret, H-VIS-6). Frogs are at the pond, which everyone knows.
 */
export function Gathering(props: { view: HeksView }) {
  const v = props.view;
  const me = v.me;
  const total = (v as { deadline_total?: number }).deadline_total ?? 15_000; // T_WITCH
  let body;
  if (!me || me.status === "EXILED") {
    body = <p class="big-text">{t("gather.spectator")}</p>;
  } else if (me.status === "FROG") {
    body = (
      <>
        <div class="pond-art">
          <Frog size={96} />
        </div>
        <p class="big-text">{t("gather.pond")}</p>
      </>
    );
  } else {
    body = <p class="big-text">{t("gather.public")}</p>;
  }
  return (
    <div class="scene">
      <SceneTitle title={t("gather.title")} view={v} />
      <Section class="gather">
        {body}
        <Meter deadline={v.deadline} total={total} label={t("gather.meter")} />
      </Section>
    </div>
  );
}

/** Step C in the secret: the witches' window, or for a cat the same three steps as decoys
 * around where he is (H-VIS-6a). */
export function GatheringSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  if (!me || me.status !== "CAT") return null;
  if (me.role === "WITCH") return <WitchWindow view={v} send={props.send} />;
  return <CatWindow view={v} />;
}

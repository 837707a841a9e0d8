import { useState } from "preact/hooks";
import { t } from "../i18n";
import type { HeksView, PlaceId, Send } from "../types";
import { Choice, choiceOf, Countdown, ingName, Meter, placeName, SceneTitle, Section } from "../ui/common";
import { Cat, Frog } from "../ui/icons";
import { MorningInfo } from "./Status";
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
 * Step A in the secret: choose a place, switch until step C (H-DEP-10), the Herb Doctor's
 * frog, the Protector's mode. A Witch gets places to tap that do nothing,
 * so that her hands move like everyone's; she chooses her place in step C (H-GAT-2).
 */
export function DepartSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const place = choiceOf<PlaceId | null>(v, "place") ?? null;
  const guard = choiceOf<boolean>(v, "guard") === true;
  const turnBack = choiceOf<number | null>(v, "turn_back") ?? null;
  const frogs = v.players.filter((p) => p.status === "FROG");
  const submitted = place !== null || guard;
  const [decoy, setDecoy] = useState<string | null>(null);

  if (me.role === "WITCH") {
    return (
      <Section title={t("depart.witch.title")}>
        <p>{t("depart.witch")}</p>
        <p class="muted small">{t("depart.witch.decoy")}</p>
        <div class="choices grid2">
          {v.places.map((p) => (
            <Choice key={p.id} label={placeName(p.id)} ariaLabel={placeName(p.id)} disabled={!p.open} pressed={decoy === p.id} onClick={() => setDecoy(p.id)} />
          ))}
        </div>
        <Countdown deadline={v.deadline} />
      </Section>
    );
  }

  return (
    <>
      <Section title={t("depart.title")}>
        <Countdown deadline={v.deadline} />
        {guard ? (
          <p class="notice">{t("depart.guarding")}</p>
        ) : (
          <>
            <p class="muted small">{t("depart.hint")}</p>
            {me.role === "PROTECTOR" && <h3>{t("depart.gather.hint")}</h3>}
            <div class="choices grid2">
              {v.places.map((p) => (
                <Choice
                  key={p.id}
                  label={placeName(p.id)}
                  ariaLabel={placeName(p.id)}
                  sub={p.open ? ingName(p.ingredient) : t("depart.closed")}
                  disabled={!p.open}
                  pressed={place === p.id}
                  onClick={() => props.send("depart", { place: p.id })}
                />
              ))}
            </div>
            {me.role === "PROTECTOR" && (
              <div class="subchoice">
                <h3>{t("depart.guard")}</h3>
                <p class="muted small">{t("depart.guard.hint")}</p>
                <Choice label={t("depart.guard")} pressed={false} onClick={() => props.send("depart", { guard: true })} />
              </div>
            )}
          </>
        )}
        {submitted && <p class="waiting">{t("depart.waiting")}</p>}
      </Section>

      {me.role === "HERB_DOCTOR" && (
        <Section title={t("depart.turnback")}>
          {frogs.length === 0 ? (
            <p class="muted">{t("depart.turnback.nofrogs")}</p>
          ) : (
            <div class="choices">
              {frogs.map((f) => (
                <Choice
                  key={f.seat}
                  label={f.name}
                  ariaLabel={t("depart.turnback.pick", { name: f.name })}
                  pressed={turnBack === f.seat}
                  onClick={() => props.send("depart", { turn_back: f.seat })}
                />
              ))}
              <Choice
                label={t("depart.turnback.none")}
                pressed={turnBack === null}
                onClick={() => props.send("depart", { turn_back: null })}
              />
            </div>
          )}
        </Section>
      )}
    </>
  );
}

/** Step B for the guarding Protector: live counts, one final tap (H-DEP-12). */
export function GuardPlace(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const counts = v.me?.guard?.counts ?? {};
  return (
    <section class="card">
      <SceneTitle title={t("guard.title")} view={v} />
      <p class="muted small">{t("guard.final")}</p>
      <h3>{t("guard.counts")}</h3>
      <div class="choices grid2">
        {v.places.map((p) => (
          <Choice
            key={p.id}
            label={placeName(p.id)}
            sub={p.open ? <><Cat /> {counts[p.id] ?? 0}</> : t("depart.closed")}
            ariaLabel={t("guard.place", { place: placeName(p.id) })}
            disabled={!p.open}
            onClick={() => props.send("guard_place", { place: p.id })}
          />
        ))}
      </div>
    </section>
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

/** Step C in the secret: my place and ingredient, my guard, or the witches' window. */
export function GatheringSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  if (!me || me.status !== "CAT") return null;
  if (me.role === "WITCH") return <WitchWindow view={v} send={props.send} />;
  const myPlace = (choiceOf<PlaceId>(v, "place") ?? null) as PlaceId | null;
  const myIngredient = choiceOf<string>(v, "ingredient") ?? (v.places.find((p) => p.id === myPlace)?.ingredient ?? null);
  const guardPlace = choiceOf<boolean>(v, "guard") ? (choiceOf<PlaceId>(v, "guard_place") ?? null) : null;
  return (
    <Section class="gather">
      {guardPlace ? (
        <p class="big-text">{t("gather.guarding", { place: placeName(guardPlace) })}</p>
      ) : myPlace ? (
        <>
          <p class="big-text">{t("gather.at", { place: placeName(myPlace) })}</p>
          {myIngredient && <p>{t("gather.ingredient", { ingredient: ingName(myIngredient) })}</p>}
        </>
      ) : (
        <p class="big-text">{t("gather.title")}</p>
      )}
    </Section>
  );
}

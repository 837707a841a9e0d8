import { useState } from "preact/hooks";
import { t } from "../i18n";
import type { HeksWitchWindow } from "../../generated/protocol";
import type { Outcome } from "../../core/connection";
import type { HeksView, PlaceId, Send, Spell } from "../types";
import { Cat } from "../ui/icons";
import { Choice, nameOf, placeName, spellName } from "../ui/common";
import { GatherFrame } from "./GatherFrame";

/**
 * The witches' window in step C (H-GAT-2, H-WAT-2/3, H-SPL-3): counts per place, then
 * place → spell → target, each tap final. Spells reserved by another witch show unavailable.
 */
export function WitchWindow(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const w: Partial<HeksWitchWindow> = me.witch ?? {};
  // "No spell"/"No attack" are null in the view; remember locally that we tapped them
  // in case the view has no explicit *_done flag.
  const [local, setLocal] = useState<{ step: number; spell?: boolean; target?: boolean; second?: boolean }>({ step: v.step });
  const mine = local.step === v.step ? local : { step: v.step };
  // A tap moves on at once; one the server never took (a lost link, a refusal) gives its step
  // back, so "locked in" is never shown for a choice the server does not hold (H-WAT-4).
  const tapped = (flag: "spell" | "target" | "second", sent: Promise<Outcome>) => {
    setLocal({ ...mine, [flag]: true });
    void sent.then((outcome) => {
      if (outcome) setLocal((l) => (l.step === v.step ? { ...l, [flag]: false } : l));
    });
  };
  const [mistPick, setMistPick] = useState(false);

  const place = (w.place ?? null) as PlaceId | null;
  const spellDone = w.spell_chosen === true || w.spell != null || mine.spell === true;
  const spell = (w.spell ?? null) as Spell | null;
  const targetDone = w.target_chosen === true || w.target != null || mine.target === true;
  const target = w.target ?? null;
  const secondDone = w.second_chosen === true || w.second != null || mine.second === true;
  const counts = w.counts ?? {};

  const reservedByOther = (s: Spell): boolean => {
    const who = w.reserved?.[s];
    return who != null && who !== me.seat;
  };
  const available = (s: Spell): boolean => {
    if (w.available_spells) return w.available_spells.includes(s);
    if (me.spells_cast?.includes(s)) return false;
    return !reservedByOther(s);
  };
  const cats = v.players.filter((p) => p.status === "CAT" && p.seat !== me.seat);

  const sendSpell = (s: Spell | null, mist?: PlaceId) => {
    setMistPick(false);
    tapped("spell", props.send("witch_spell", mist ? { spell: s, mist_place: mist } : { spell: s }));
  };

  let step;
  if (!place) {
    step = (
      <>
        <h3>{t("witch.step.place")}</h3>
        <div class="choices grid2">
          {v.places.filter((p) => p.open).map((p) => (
            <Choice key={p.id} label={placeName(p.id)} ariaLabel={placeName(p.id)} sub={<><Cat /> {counts[p.id] ?? 0}</>} onClick={() => props.send("witch_place", { place: p.id })} />
          ))}
        </div>
      </>
    );
  } else if (!spellDone && mistPick) {
    step = (
      <>
        <h3>{t("witch.step.mist")}</h3>
        <div class="choices grid2">
          {v.places.filter((p) => p.open).map((p) => (
            <Choice key={p.id} label={placeName(p.id)} ariaLabel={`${spellName("MIST")}: ${placeName(p.id)}`} onClick={() => sendSpell("MIST", p.id)} />
          ))}
        </div>
        <Choice label={t("btn.back")} onClick={() => setMistPick(false)} class="secondary" />
      </>
    );
  } else if (!spellDone) {
    step = (
      <>
        <h3>{t("witch.step.spell")}</h3>
        <div class="choices">
          <Choice label={t("witch.nospell")} onClick={() => sendSpell(null)} />
          {v.unlocked_spells.map((s) => {
            const ok = available(s);
            return (
              <Choice
                key={s}
                label={reservedByOther(s) ? t("witch.reserved", { spell: spellName(s) }) : spellName(s)}
                sub={ok ? t(`spell.${s}.desc` as "spell.MIST.desc") : t("witch.unavailable")}
                disabled={!ok}
                onClick={() => (s === "MIST" ? setMistPick(true) : sendSpell(s))}
              />
            );
          })}
        </div>
      </>
    );
  } else if (!targetDone) {
    step = (
      <>
        <h3>{t("witch.step.target")}</h3>
        <div class="choices grid2">
          {cats.map((p) => (
            <Choice
              key={p.seat}
              label={p.name}
              onClick={() => {
                tapped("target", props.send("witch_target", { target: p.seat }));
              }}
            />
          ))}
        </div>
        <Choice
          label={t("witch.noattack")}
          onClick={() => {
            tapped("target", props.send("witch_target", { target: null }));
          }}
        />
      </>
    );
  } else if (spell === "TWIN_HEX" && target != null && !secondDone) {
    step = (
      <>
        <h3>{t("witch.step.second")}</h3>
        <div class="choices grid2">
          {cats.filter((p) => p.seat !== target).map((p) => (
            <Choice
              key={p.seat}
              label={p.name}
              onClick={() => {
                tapped("second", props.send("witch_second", { target: p.seat }));
              }}
            />
          ))}
        </div>
        <Choice
          label={t("witch.nosecond")}
          onClick={() => {
            tapped("second", props.send("witch_second", { target: null }));
          }}
        />
      </>
    );
  } else {
    step = <p class="task-status">{t("witch.done")}</p>;
  }
  // H-WAT-9 (B-11): before day A the spell closes the target step with "No attack".
  const notice = v.day < v.attacks_from ? t("witch.noattack.yet", { n: v.attacks_from }) : t("witch.notice");
  const summary = [
    ...(place ? [t("witch.summary.place", { place: placeName(place) })] : []),
    ...(spellDone
      ? [t("witch.summary.spell", { spell: spell ? spellName(spell) : t("witch.nospell") }) + (spell === "MIST" && w.mist_place ? ` → ${placeName(w.mist_place)}` : "")]
      : []),
    ...(targetDone ? [t("witch.summary.target", { name: target != null ? nameOf(v, target) : t("witch.noattack") })] : []),
    ...(w.second != null ? [t("witch.summary.second", { name: nameOf(v, w.second) })] : []),
  ];
  return (
    <GatherFrame
      title={t("witch.title")}
      countsTitle={t("witch.counts")}
      counts={v.places.filter((p) => p.open).map((p) => ({ id: p.id, value: String(counts[p.id] ?? 0) }))}
      notice={notice}
      step={step}
      summary={summary}
      deadline={v.deadline}
      done={Boolean(place && spellDone && targetDone)}
      auto={t("witch.auto", { n: Math.round((v.deadline_total ?? 15_000) / 1000) })}
    />
  );
}

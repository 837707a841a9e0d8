import { t } from "../i18n";
import type { HeksView, PlaceId, Spell } from "../types";
import { Choice, choiceOf, ingName, nameOf, placeName, spellName } from "../ui/common";
import { Cat } from "../ui/icons";
import { useDecoy } from "../ui/Task";
import { GatherFrame } from "./GatherFrame";

/**
 * Step C's secret for a cat (H-VIS-6a): where he is and what he gathers, and the witches'
 * three steps as decoys (where will they strike, which spell, whom), with the same buttons
 * in the same places as the witches' window. The taps stay on this phone (H-VIS-6b).
 */
export function CatWindow(props: { view: HeksView }) {
  const v = props.view;
  const me = v.me!;
  const [raw, setRaw] = useDecoy(`gather-${v.day}`);
  const picks = (raw ? JSON.parse(raw) : {}) as { place?: string; spell?: string; target?: string };
  const pick = (key: "place" | "spell" | "target", value: string) => setRaw(JSON.stringify({ ...picks, [key]: value }));

  const myPlace = choiceOf<PlaceId>(v, "place") ?? null;
  const guardPlace = choiceOf<boolean>(v, "guard") ? (choiceOf<PlaceId>(v, "guard_place") ?? null) : null;
  const ingredient = choiceOf<string>(v, "ingredient") ?? v.places.find((p) => p.id === myPlace)?.ingredient ?? null;
  const notice = guardPlace
    ? t("gather.guarding.full", { place: placeName(guardPlace) })
    : myPlace && ingredient
      ? t("gather.at.full", { place: placeName(myPlace), ingredient: ingName(ingredient) })
      : t("gather.public");
  const here = guardPlace ?? myPlace;
  const open = v.places.filter((p) => p.open);
  const cats = v.players.filter((p) => p.status === "CAT" && p.seat !== me.seat);

  let step;
  if (!picks.place) {
    step = (
      <>
        <h3>{t("cat.step.place")}</h3>
        <div class="choices grid2">
          {open.map((p) => (
            <Choice key={p.id} label={placeName(p.id)} ariaLabel={t("cat.place", { place: placeName(p.id) })} sub={<><Cat /> ?</>} onClick={() => pick("place", p.id)} />
          ))}
        </div>
      </>
    );
  } else if (!picks.spell) {
    step = (
      <>
        <h3>{t("cat.step.spell")}</h3>
        <div class="choices">
          <Choice label={t("witch.nospell")} onClick={() => pick("spell", "-")} />
          {v.unlocked_spells.map((s) => (
            <Choice key={s} label={spellName(s)} sub={t(`spell.${s}.desc` as "spell.MIST.desc")} onClick={() => pick("spell", s)} />
          ))}
        </div>
      </>
    );
  } else if (!picks.target) {
    step = (
      <>
        <h3>{t("cat.step.target")}</h3>
        <div class="choices grid2">
          {cats.map((p) => (
            <Choice key={p.seat} label={p.name} ariaLabel={t("cat.suspect", { name: p.name })} onClick={() => pick("target", String(p.seat))} />
          ))}
        </div>
        <Choice label={t("cat.nobody")} onClick={() => pick("target", "-")} />
      </>
    );
  } else {
    step = <p class="task-status">{t("cat.done")}</p>;
  }
  const summary = [
    ...(picks.place ? [t("cat.summary.place", { place: placeName(picks.place) })] : []),
    ...(picks.spell ? [t("cat.summary.spell", { spell: picks.spell === "-" ? t("witch.nospell") : spellName(picks.spell as Spell) })] : []),
    ...(picks.target ? [t("cat.summary.target", { name: picks.target === "-" ? t("cat.nobody") : nameOf(v, Number(picks.target)) })] : []),
  ];
  return (
    <GatherFrame
      title={t("cat.title")}
      countsTitle={t("cat.counts")}
      counts={open.map((p) => ({ id: p.id, value: p.id === here ? t("cat.here") : "·" }))}
      notice={notice}
      step={step}
      summary={summary}
      deadline={v.deadline}
      done={Boolean(picks.target)}
      auto={t("cat.auto", { n: Math.round((v.deadline_total ?? 15_000) / 1000) })}
    />
  );
}

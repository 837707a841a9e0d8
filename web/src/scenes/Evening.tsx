import { joinNames, t } from "../i18n";
import type { Announcement, HeksView, InboxItem, Ingredient, PlaceId, Send } from "../types";
import { Choice, Countdown, IngredientChip, nameOf, placeName, PrimaryButton, Progress, SceneTitle, Section } from "../ui/common";

function isRepelled(i: InboxItem): boolean {
  return /REPEL|BLOCK/i.test(i.kind);
}
function isStolen(i: InboxItem): boolean {
  return /STOLEN|ROBBED|VICTIM/i.test(i.kind);
}
function isSeer(i: InboxItem): boolean {
  return /SEER/i.test(i.kind);
}

/** The duck's lines: new frogs in seat order, or "everyone came back", and turned-back cats (H-EVE-3). */
export function AnnouncementText(props: { view: HeksView; a: Announcement }) {
  const v = props.view;
  const frogs = props.a.new_frogs.map((s) => nameOf(v, s));
  return (
    <div class="announcement">
      {frogs.length === 0 ? (
        <p class="big-text">{t("evening.safe")}</p>
      ) : (
        <p class="big-text">{t(frogs.length === 1 ? "evening.frog.one" : "evening.frog.many", { names: joinNames(frogs) })}</p>
      )}
      {props.a.turned_back.map((s) => (
        <p key={s}>{t("evening.turned", { name: nameOf(v, s) })}</p>
      ))}
    </div>
  );
}

export function EveningAnnounce(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const repelled = (me?.inbox ?? []).filter((i) => i.day === v.day && isRepelled(i));
  return (
    <div class="scene">
      <SceneTitle title={t("evening.title")} />
      <Section class="evening">
        <div class="duck waddle" aria-hidden="true">🦆</div>
        {v.announcement && <AnnouncementText view={v} a={v.announcement} />}
      </Section>
      {repelled.map((i, n) => (
        <Section key={n} class="private">
          <p>{t("evening.repelled", { place: placeName(String(i.place ?? "")) })}</p>
        </Section>
      ))}
      {me?.owes && <PrimaryButton label={t("btn.confirm")} onClick={() => props.send("confirm")} />}
      {me && !me.owes && <p class="waiting">{t("wait.others")}</p>}
      <Progress view={v} />
    </div>
  );
}

export function Discussion(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const cat = me?.status === "CAT";
  return (
    <div class="scene">
      <SceneTitle title={t("discuss.title")} />
      <Countdown deadline={v.deadline} big />
      {v.mode === "unlimited" && <p class="muted small center">{t("discuss.unlimited")}</p>}
      {cat && me?.owes && <PrimaryButton label={t("discuss.end")} onClick={() => props.send("end_discussion")} />}
      {cat && !me?.owes && <p class="waiting">{t("discuss.ended")}</p>}
      <Progress view={v} />
      <AbilityPanels view={v} send={props.send} />
    </div>
  );
}

/** Seer check and Pickpocket theft, shown in every phase where their window is open. */
export function AbilityPanels(props: { view: HeksView; send: Send }) {
  const me = props.view.me;
  if (!me || me.status !== "CAT") return null;
  return (
    <>
      {me.role === "SEER" && <SeerPanel view={props.view} send={props.send} />}
      {me.role === "PICKPOCKET" && <PickpocketPanel view={props.view} send={props.send} />}
    </>
  );
}

function SeerPanel(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const s = me.seer ?? {};
  const todays = (me.inbox ?? []).filter((i) => i.day === v.day && isSeer(i));
  const result = s.result ?? (todays.length ? { target: Number(todays[0].target), witch: Boolean(todays[0].witch) } : null);
  if (result) {
    const name = nameOf(v, result.target);
    return (
      <Section title={t("seer.title")} class="private reveal-pop">
        <p class={`big-text ${result.witch ? "witchy" : ""}`}>
          {result.witch ? t("seer.result.witch", { name }) : t("seer.result.notwitch", { name })}
        </p>
      </Section>
    );
  }
  if (s.available === false || s.used) return null;
  const targets = v.players.filter((p) => p.seat !== me.seat && p.status !== "EXILED");
  return (
    <Section title={t("seer.title")} class="private">
      <div class="choices grid2">
        {targets.map((p) => (
          <Choice key={p.seat} label={p.name} ariaLabel={t("seer.check", { name: p.name })} onClick={() => props.send("seer_check", { target: p.seat })} />
        ))}
      </div>
    </Section>
  );
}

function PickpocketPanel(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const pp = me.pickpocket ?? {};
  if (pp.taken && pp.target != null) {
    return (
      <Section title={t("pp.title")} class="private">
        <p>{t("pp.took", { ingredient: t(`ing.${pp.taken}` as "ing.MUSHROOM"), name: nameOf(v, pp.target) })}</p>
      </Section>
    );
  }
  if (pp.target != null && pp.hand) {
    const name = nameOf(v, pp.target);
    const types = Array.from(new Set(pp.hand)) as Ingredient[];
    return (
      <Section title={t("pp.hand", { name })} class="private reveal-pop">
        {pp.hand.length === 0 ? (
          <p>{t("pp.emptypouch", { name })}</p>
        ) : (
          <>
            <ul class="recipe">
              {pp.hand.map((c, i) => (
                <li key={i}>
                  <IngredientChip id={c} small />
                </li>
              ))}
            </ul>
            <div class="choices grid2">
              {types.map((c) => (
                <Choice key={c} label={t("pp.take", { ingredient: t(`ing.${c}` as "ing.MUSHROOM") })} onClick={() => props.send("pickpocket_take", { ingredient: c })} />
              ))}
            </div>
          </>
        )}
      </Section>
    );
  }
  if (pp.available === false || pp.used) return null;
  const targets = v.players.filter((p) => p.seat !== me.seat && p.status === "CAT");
  return (
    <Section title={t("pp.title")} class="private">
      <div class="choices grid2">
        {targets.map((p) => (
          <Choice key={p.seat} label={p.name} ariaLabel={t("pp.target", { name: p.name })} onClick={() => props.send("pickpocket_target", { target: p.seat })} />
        ))}
      </div>
    </Section>
  );
}

/** Private messages (stolen cards, seer results, repelled attacks), newest first. */
export function Inbox(props: { view: HeksView }) {
  const v = props.view;
  const items = (v.me?.inbox ?? []).slice().reverse();
  if (items.length === 0) return null;
  return (
    <details class="inbox">
      <summary>{t("inbox.title")} ({items.length})</summary>
      <ul>
        {items.map((i, n) => (
          <li key={n}>{inboxText(v, i)}</li>
        ))}
      </ul>
    </details>
  );
}

function inboxText(v: HeksView, i: InboxItem): string {
  if (isStolen(i)) return t("inbox.stolen", { ingredient: t(`ing.${String(i.ingredient)}` as "ing.MUSHROOM") });
  if (isSeer(i)) {
    const name = nameOf(v, Number(i.target));
    return t("inbox.seer", { day: i.day, name, result: i.witch ? t("seer.result.witch", { name }) : t("seer.result.notwitch", { name }) });
  }
  if (isRepelled(i)) return t("inbox.repelled", { day: i.day, place: placeName(String(i.place as PlaceId)) });
  if (/THEFT|STEAL|PICK/i.test(i.kind) && i.target != null && i.ingredient)
    return t("pp.took", { ingredient: t(`ing.${String(i.ingredient)}` as "ing.MUSHROOM"), name: nameOf(v, Number(i.target)) });
  return `${t("hdr.day", { n: i.day })}: ${i.kind}`;
}

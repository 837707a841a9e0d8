import { joinNames, t } from "../i18n";
import type { Announcement, HeksView, InboxItem, Send } from "../types";
import { Task } from "../ui/Task";
import { Duck } from "../ui/icons";
import { RecipeReminder } from "./Status";
import { Countdown, DoneLine, nameOf, placeName, PrimaryButton, Progress, SceneTitle, Section } from "../ui/common";

const isRepelled = (i: InboxItem) => i.kind === "REPELLED";
const ingText = (x: unknown) => t(`ing.${String(x)}` as "ing.MUSHROOM");

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
  return (
    <div class="scene">
      <SceneTitle title={t("evening.title")} view={v} />
      <Section class="evening">
        <div class="duck waddle">
          <Duck />
        </div>
        {v.announcement && <AnnouncementText view={v} a={v.announcement} />}
      </Section>
      {me?.owes && <PrimaryButton label={t("btn.confirm")} onClick={() => props.send("confirm")} />}
      {me && !me.owes && <DoneLine view={v} text={t("wait.others")} />}
      <Progress view={v} />
    </div>
  );
}

/** The evening in the secret, the same card for every cat (H-VIS-6a): the Protector learns
 * that his guard repelled an attack, and where (H-PRO-5); everyone else that the night passed. */
export function EveningSecret(props: { view: HeksView }) {
  const v = props.view;
  const repelled = (v.me?.inbox ?? []).filter((i) => i.day === v.day && isRepelled(i)).pop();
  const text = repelled ? t("evening.repelled", { place: placeName(String(repelled.place ?? "")) }) : t("evening.quiet");
  return (
    <Task title={t("evening.secret.title")} prompt={text}>
      {null}
    </Task>
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
      <RecipeReminder view={v} />
      {cat && me?.owes && <PrimaryButton label={t("discuss.end")} onClick={() => props.send("end_discussion")} />}
      {cat && !me?.owes && <DoneLine view={v} text={t("discuss.ended")} />}
      <Progress view={v} />
    </div>
  );
}

/** Private messages (stolen cards, seer results, repelled attacks), newest first: in the secret only. */
export function Inbox(props: { view: HeksView }) {
  const v = props.view;
  const items = (v.me?.inbox ?? [])
    .map((i) => inboxText(v, i))
    .filter((x): x is string => x !== null)
    .reverse();
  return (
    <section class="inbox">
      <h3>{t("inbox.title")}</h3>
      {items.length === 0 ? (
        <p class="muted">{t("inbox.none")}</p>
      ) : (
        <ul>
          {items.map((i, n) => (
            <li key={n}>{i}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function inboxText(v: HeksView, i: InboxItem): string | null {
  switch (i.kind) {
    case "ROBBED":
      return t("inbox.stolen", { ingredient: ingText(i.ingredient) });
    case "SEER_RESULT": {
      const name = nameOf(v, Number(i.target));
      return t("inbox.seer", { day: i.day, name, result: i.result === "WITCH" ? t("seer.result.witch", { name }) : t("seer.result.notwitch", { name }) });
    }
    case "REPELLED":
      return t("inbox.repelled", { day: i.day, place: placeName(String(i.place)) });
    case "PICKPOCKET_TOOK":
      return t("pp.took", { ingredient: ingText(i.ingredient), name: nameOf(v, Number(i.target)) });
    case "CARD_PLAYED":
      return t(i.auto === true ? "ritual.played.auto" : "ritual.played", { ingredient: ingText(i.card) });
    default:
      return null; // PICKPOCKET_HAND and unknown kinds: shown in their own scene
  }
}

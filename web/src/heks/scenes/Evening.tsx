import { joinNames, t } from "../i18n";
import type { HeksPickpocketInfo } from "../../generated/protocol";
import type { Announcement, HeksView, InboxItem, Ingredient, Send } from "../types";
import { Duck } from "../ui/icons";
import { RecipeReminder } from "./Status";
import { Cards, Choice, Countdown, DoneLine, nameOf, placeName, PrimaryButton, Progress, SceneTitle, Section } from "../ui/common";

const ABILITY_PHASES = new Set(["DISCUSSION", "PROPOSAL", "APPROVAL_VOTE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL", "RITUAL_RESULT", "QUARREL"]);
const isRepelled = (i: InboxItem) => i.kind === "REPELLED";
const isSeer = (i: InboxItem) => i.kind === "SEER_RESULT";
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

/** The evening in the secret: the Protector learns that his guard repelled an attack, and where (H-PRO-5). */
export function EveningSecret(props: { view: HeksView }) {
  const v = props.view;
  const repelled = (v.me?.inbox ?? []).filter((i) => i.day === v.day && isRepelled(i));
  return (
    <>
      {repelled.map((i, n) => (
        <Section key={n} class="private">
          <p>{t("evening.repelled", { place: placeName(String(i.place ?? "")) })}</p>
        </Section>
      ))}
    </>
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

/** Seer check and Pickpocket theft, in the secret of every scene where their window is open. */
export function AbilityPanels(props: { view: HeksView; send: Send }) {
  const me = props.view.me;
  if (!me || me.status !== "CAT" || !ABILITY_PHASES.has(props.view.phase)) return null;
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
  const today = (me.inbox ?? []).filter((i) => i.day === v.day && isSeer(i));
  if (today.length) {
    const i = today[today.length - 1];
    const name = nameOf(v, Number(i.target));
    const witch = i.result === "WITCH";
    return (
      <Section title={t("seer.title")} class="private reveal-pop">
        <p class={`big-text ${witch ? "witchy" : ""}`} role="status">
          {witch ? t("seer.result.witch", { name }) : t("seer.result.notwitch", { name })}
        </p>
      </Section>
    );
  }
  if (me.seer?.used) return null;
  if (v.day < v.seer_from) {
    // H-SEE-4 (B-12): no check before day E at this table
    return (
      <Section title={t("seer.title")} class="private">
        <p class="notice">{t("seer.notyet", { n: v.seer_from })}</p>
      </Section>
    );
  }
  const targets = v.players.filter((p) => p.seat !== me.seat && p.status !== "EXILED");
  return (
    <Section title={t("seer.title")} class="private">
      <div class="choices grid2">
        {targets.map((p) => (
          <Choice key={p.seat} label={p.name} sub={p.status === "FROG" ? t("status.FROG") : undefined} ariaLabel={t("seer.check", { name: p.name })} onClick={() => props.send("seer_check", { target: p.seat })} />
        ))}
      </div>
    </Section>
  );
}

/** The theft in two steps (H-ERR-7): target (shows the hand), then the card type to take. */
function PickpocketPanel(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me!;
  const pp: Partial<HeksPickpocketInfo> = me.pickpocket ?? {};
  const took = (me.inbox ?? []).filter((i) => i.day === v.day && i.kind === "PICKPOCKET_TOOK");
  if (took.length) {
    const i = took[took.length - 1];
    return (
      <Section title={t("pp.title")} class="private">
        <p role="status">{t("pp.took", { ingredient: ingText(i.ingredient), name: nameOf(v, Number(i.target)) })}</p>
      </Section>
    );
  }
  if (pp.target != null && !pp.done) {
    const name = nameOf(v, pp.target);
    const hand = pp.seen ?? [];
    const types = Array.from(new Set(hand)) as Ingredient[];
    return (
      <Section title={t("pp.hand", { name })} class="private reveal-pop">
        {hand.length === 0 ? (
          <p>{t("pp.emptypouch", { name })}</p>
        ) : (
          <>
            <Cards cards={hand} />
            {pp.window_open !== false && (
              <div class="choices grid2">
                {types.map((c) => (
                  <Choice key={c} label={t("pp.take", { ingredient: ingText(c) })} onClick={() => props.send("pickpocket_take", { ingredient: c })} />
                ))}
              </div>
            )}
          </>
        )}
      </Section>
    );
  }
  if (pp.target != null && pp.done && (pp.seen ?? []).length === 0) {
    return (
      <Section title={t("pp.title")} class="private">
        <p>{t("pp.emptypouch", { name: nameOf(v, pp.target) })}</p>
      </Section>
    );
  }
  if (!pp.window_open || pp.target != null) return null;
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

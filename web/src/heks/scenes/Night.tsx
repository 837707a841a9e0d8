import { useState } from "preact/hooks";
import { joinNames, t } from "../i18n";
import type { Card, HeksView, Ingredient, Send } from "../types";
import { Choice, choiceOf, Countdown, DoneLine, nameOf, Names, PrimaryButton, Progress, SceneTitle, Section, spellName } from "../ui/common";
import { Task } from "../ui/Task";
import { CurseMeter, RecipeReminder } from "./Status";

const proposalSize = (v: HeksView) => (v.recipe.length > 0 ? v.recipe.length : v.recipe_size);

/** The chief selects exactly k cats; Submit is enabled only at k (H-CHF-6). */
export function Proposal(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const k = proposalSize(v);
  const [sel, setSel] = useState<{ step: number; seats: number[] }>({ step: v.step, seats: [] });
  const seats = sel.step === v.step ? sel.seats : [];
  const isChief = me != null && v.chief === me.seat && me.owes;
  const toggle = (s: number) =>
    setSel({ step: v.step, seats: seats.includes(s) ? seats.filter((x) => x !== s) : [...seats, s] });
  return (
    <div class="scene">
      <SceneTitle title={t("proposal.title")} view={v} />
      <p class="center">
        <CurseMeter view={v} big />
      </p>
      <RecipeReminder view={v} />
      {isChief ? (
        <Section>
          <p>{t("proposal.you", { k })}</p>
          <div class="choices grid2">
            {v.players.filter((p) => p.status === "CAT").map((p) => (
              <Choice
                key={p.seat}
                label={p.seat === me!.seat ? `${p.name} (${t("you")})` : p.name}
                ariaLabel={t("proposal.toggle", { name: p.name })}
                pressed={seats.includes(p.seat)}
                disabled={!seats.includes(p.seat) && seats.length >= k}
                onClick={() => toggle(p.seat)}
              />
            ))}
          </div>
          <p class="progress">{t("proposal.selected", { n: seats.length, k })}</p>
          <PrimaryButton
            label={t("proposal.submit")}
            disabled={seats.length !== k}
            onClick={() => props.send("propose", { members: v.players.filter((p) => seats.includes(p.seat)).map((p) => p.seat) })}
          />
        </Section>
      ) : (
        <Section>
          <p class="big-text">{t("proposal.wait", { name: nameOf(v, v.chief), k })}</p>
        </Section>
      )}
    </div>
  );
}

export function Approval(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const vote = choiceOf<string>(v, "vote");
  const canVote = me?.status === "CAT";
  return (
    <div class="scene">
      <SceneTitle title={t("approve.title")} view={v} />
      <Section>
        <p>{t("approve.members")}</p>
        <Names view={v} seats={v.proposal ?? []} />
        <RecipeReminder view={v} />
      </Section>
      {canVote && (
        <div class="choices vote2">
          <Choice label={t("approve.for")} pressed={vote === "for"} onClick={() => props.send("approve", { vote: "for" })} class="for" />
          <Choice label={t("approve.against")} pressed={vote === "against"} onClick={() => props.send("approve", { vote: "against" })} class="against" />
        </div>
      )}
      <DoneLine view={v} />
      {canVote && vote && <p class="muted small center">{t("approve.switch")}</p>}
      <Progress view={v} keyName="approve.count" />
    </div>
  );
}

/** For/Against with names after the close; auto votes marked (H-APR-2, H-APR-8). */
export function ApprovalNames(props: { view: HeksView }) {
  const v = props.view;
  const r = v.approval_result;
  if (!r) return null;
  const label = (s: number) => (r.auto.includes(s) ? t("approve.auto", { vote: nameOf(v, s) }) : nameOf(v, s));
  return (
    <div class="approval-names">
      {r.auto.length > 0 && <p class="muted small full-row">{t("approve.auto.rule")}</p>}
      <div>
        <h3>
          {t("votes.for")} ({r.for.length})
        </h3>
        <ul class="names">{r.for.map((s) => <li key={s}>{label(s)}</li>)}</ul>
      </div>
      <div>
        <h3>
          {t("votes.against")} ({r.against.length})
        </h3>
        <ul class="names">{r.against.map((s) => <li key={s}>{label(s)}</li>)}</ul>
      </div>
    </div>
  );
}

function ConfirmFooter(props: { view: HeksView; send: Send; label?: string }) {
  const me = props.view.me;
  return (
    <>
      {me?.owes && <PrimaryButton label={props.label ?? t("btn.confirm")} onClick={() => props.send("confirm")} />}
      {me && !me.owes && <DoneLine view={props.view} text={t("wait.others")} />}
      <Progress view={props.view} />
    </>
  );
}

export function AcceptScene(props: { view: HeksView; send: Send }) {
  const v = props.view;
  return (
    <div class="scene">
      <SceneTitle title={t("accept.title")} anim="pop" view={v} />
      <Section>
        <p class="center">
          <CurseMeter view={v} big />
        </p>
        <h3>{t("accept.members")}</h3>
        <Names view={v} seats={v.approval_result?.members ?? v.proposal ?? []} />
        <ApprovalNames view={v} />
      </Section>
      <ConfirmFooter view={v} send={props.send} />
    </div>
  );
}

export function RejectScene(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const full = v.curse >= v.curse_max;
  const r = v.approval_result;
  const tie = r != null && r.for.length === r.against.length;
  return (
    <div class="scene">
      <SceneTitle title={t("reject.title")} anim="shake" view={v} />
      <Section>
        <p class="center">
          <CurseMeter view={v} big />
        </p>
        <p class={full ? "big-text witchy" : ""}>{full ? t("reject.full") : t("reject.next")}</p>
        <p class="muted small">{t(tie ? "reject.tie" : "reject.rule")}</p>
        <h3>{t("approve.members")}</h3>
        <Names view={v} seats={v.approval_result?.members ?? v.proposal ?? []} />
        <ApprovalNames view={v} />
      </Section>
      <ConfirmFooter view={v} send={props.send} />
    </div>
  );
}

/**
 * Members play one card secretly; others see "2/3 played" (H-RIT-4, H-RIT-11). The cards to
 * play (which show the hand) and the played card are in the secret (RitualSecret, H-VIS-6).
 */
export function Ritual(props: { view: HeksView }) {
  const v = props.view;
  const members = v.proposal ?? [];
  return (
    <div class="scene">
      <SceneTitle title={t("ritual.title")} view={v} />
      <Section class="circle">
        <div class="circle-art" aria-hidden="true" />
        <p>{t("ritual.members", { names: joinNames(members.map((s) => nameOf(v, s))) })}</p>
        <p class="muted small">{t("ritual.secret")}</p>
        <Progress view={v} keyName="ritual.progress" />
        <RecipeReminder view={v} />
      </Section>
      <DoneLine view={v} />
    </div>
  );
}

/**
 * The ritual in a member's secret (H-RIT-3, H-VIS-6a): one button per ingredient of the game
 * and the Empty paw, always the same seven in the same places; only those in the hand can be
 * played (the Empty paw only with an empty hand), so the count of buttons tells nothing.
 */
export function RitualSecret(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const me = v.me;
  const member = me != null && (v.proposal ?? []).includes(me.seat);
  const played = choiceOf<Card>(v, "card");
  // The engine's card for a member who let the timer run (or was marked absent) says so.
  const playedAuto = (me?.inbox ?? []).some((i) => i.day === v.day && i.kind === "CARD_PLAYED" && i.auto === true);
  if (!member || !me) return null;
  const can = (c: Card) => me.owes && (c === "EMPTY" ? me.hand.length === 0 : me.hand.includes(c as Ingredient));
  const status = played ? t(playedAuto ? "ritual.played.auto" : "ritual.played", { ingredient: t(`ing.${played}` as "ing.MUSHROOM") }) : null;
  return (
    <Task title={t("ritual.title")} prompt={t("ritual.play")} status={status}>
      <div class="choices grid2">
        {CARDS.map((c) => (
          <Choice
            key={c}
            label={c === "EMPTY" ? t("ritual.emptypaw") : t("ritual.playcard", { ingredient: t(`ing.${c}` as "ing.MUSHROOM") })}
            pressed={played === c}
            disabled={!can(c)}
            onClick={() => props.send("play_card", { card: c })}
          />
        ))}
      </div>
    </Task>
  );
}

const CARDS: readonly Card[] = ["MUSHROOM", "MOONFLOWER", "SPRINGWATER", "OWL_FEATHER", "CRYSTAL", "COBWEB", "EMPTY"];

export function RitualResult(props: { view: HeksView; send: Send }) {
  const v = props.view;
  const r = v.last_ritual ?? "FAILURE";
  return (
    <div class="scene">
      <SceneTitle title={t("result.title")} view={v} />
      <Section class={`ritual-result ${r === "SUCCESS" ? "success" : "failure"} pop`}>
        <p class="huge">{t(`result.${r}` as "result.SUCCESS")}</p>
        <p>
          {t("hdr.seals")}: {v.seals}/{v.seals_needed} · {t("help.term.spoiled")}: {v.spoiled}
        </p>
        {r !== "SUCCESS" && (
          <p class="witchy">
            {v.unlocked_spells.length
              ? t("result.spells", { spells: joinNames(v.unlocked_spells.map(spellName)) })
              : t("result.spells.none")}
          </p>
        )}
      </Section>
      <ConfirmFooter view={v} send={props.send} label={t("btn.ok")} />
    </div>
  );
}

export function Quarrel(props: { view: HeksView; send: Send }) {
  return (
    <div class="scene">
      {/* the shake moves the title, not the box: a shaking full-width box stuck out of the
          390 px page by a pixel; the box clips it (UX review) */}
      <div class="quarrel">
        <p class="huge shake-loop" role="alert">
          {t("quarrel.title")}
        </p>
        <p class="big-text">{t("quarrel.text")}</p>
      </div>
      <Countdown deadline={props.view.deadline} />
    </div>
  );
}

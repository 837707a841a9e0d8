import { Fragment } from "preact";
import type { HeksRecapDay } from "../../generated/protocol";
import { t, type MsgKey } from "../i18n";
import type { HeksView, Seat } from "../types";
import { ingName, nameOf } from "../ui/common";
import { CurseArt, IngredientArt, SealArt, SpoiledArt, WitchHatArt } from "../ui/art";
import { Crown } from "../ui/icons";
import { leader, quorumParams } from "../ui/exile";
import { Star } from "./sections";
import { Said, Voter, Who } from "./who";

// The council of one day of the story (H-VIS-2): the chief's proposals and their votes, the
// ritual and the exile vote, each voter by colour and sign (issue 31 §3). sections.tsx puts
// them in the day.

/** How many votes, beside their marks: a room reads "(7)" off the TV, not by counting signs
 * (a play-test). Hidden from screen readers, which hear each voter's label. */
function Count(props: { n: number }) {
  return (
    <span class="recap-count" aria-hidden="true">
      ({props.n})
    </span>
  );
}

/** Voters by colour and sign, each labelled with his name and vote ("Anna: For"). */
function Voters(props: { view: HeksView; seats: Seat[]; vote: string; auto?: Seat[] }) {
  return (
    <>
      {props.seats.map((s) => (
        <Voter key={s} seat={s} label={`${nameOf(props.view, s)}: ${props.vote}`}>
          <Star on={(props.auto ?? []).includes(s)} />
        </Voter>
      ))}
    </>
  );
}

export function Team(props: { view: HeksView; team: HeksRecapDay["teams"][number] }) {
  const { view, team } = props;
  return (
    <div class={`recap-team ${team.accepted ? "recap-yes" : "recap-no"}`}>
      <p>
        <Crown />
        <Who view={view} seat={team.chief} />
        {": "}
        {team.members.map((s) => (
          <Fragment key={s}>
            {" "}
            <Who view={view} seat={s} />
          </Fragment>
        ))}
        <Star on={team.drawn} />{" "}
        <b class="recap-verdict">
          {!team.accepted && <CurseArt on />}
          {t(team.accepted ? "recap.pic.accepted" : "recap.pic.rejected")}
        </b>
      </p>
      <p class="recap-votes">
        {team.votes_for.length > 0 && (
          <span class="recap-votes-for">
            {t("recap.for")} <Count n={team.votes_for.length} />: <Voters view={view} seats={team.votes_for} vote={t("recap.for")} auto={team.auto} />
          </span>
        )}
        {team.votes_against.length > 0 && (
          <span class="recap-votes-against">
            {t("recap.against")} <Count n={team.votes_against.length} />: <Voters view={view} seats={team.votes_against} vote={t("recap.against")} />
          </span>
        )}
      </p>
    </div>
  );
}

export function Ritual(props: { view: HeksView; ritual: NonNullable<HeksRecapDay["ritual"]> }) {
  const { view, ritual } = props;
  const list = ritual.recipe.map(ingName).join(", ");
  return (
    <div class="recap-ritual">
      <p>
        {ritual.result === "SUCCESS" ? <SealArt on /> : <SpoiledArt on />}
        <b>{t(`result.${ritual.result}` as "result.SUCCESS")}</b>{" "}
        <span class="recap-recipe" role="img" aria-label={t("recap.recipe", { list })} title={list}>
          {ritual.recipe.map((id, i) => (
            <IngredientArt key={`${id}${i}`} id={id} />
          ))}
        </span>
      </p>
      <ul class="recap-cards">
        {ritual.plays.map((p) => (
          <li key={p.seat} class={(ritual.recipe as string[]).includes(p.card) ? "" : "recap-bad"}>
            <Who view={view} seat={p.seat} />
            {": "}
            <IngredientArt id={p.card} />
            {ingName(p.card)}
            <Star on={p.auto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Exile(props: { view: HeksView; exile: NonNullable<HeksRecapDay["exile"]> }) {
  const { view, exile } = props;
  // The ballot by whom it named, most votes first, blank last: "Hugo ← ●●●".
  const targets = new Map<number | null, typeof exile.ballot>();
  for (const b of exile.ballot) targets.set(b.target, [...(targets.get(b.target) ?? []), b]);
  const rows = [...targets.entries()].sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : b[1].length - a[1].length));
  const blank = t("recap.blank");
  const outcomeKey = `recap.pic.exile.${exile.outcome}`;
  const top = leader(exile); // H-EXC-8: who led a vote below the quorum
  return (
    <div class="recap-exile">
      <p>
        <b>
          {exile.exiled != null ? (
            <>
              <Who view={view} seat={exile.exiled} class="recap-exiled">
                {exile.was_witch && <WitchHatArt />}
              </Who>
              {`: ${t(exile.was_witch ? "recap.pic.exiled.witch" : "recap.pic.exiled.not")}`}
            </>
          ) : exile.outcome === "TIE" || exile.outcome === "ALL_BLANK" ? (
            t(outcomeKey as MsgKey)
          ) : exile.outcome === "NO_QUORUM" && top ? (
            <Said k="recap.pic.exile.NO_QUORUM" slots={{ name: <Who view={view} seat={top.seat} />, n: top.votes, total: exile.ballot.length, needed: exile.needed ?? "?" }} />
          ) : (
            t(`recap.exile.${exile.outcome}` as "recap.exile.TIE", quorumParams(view, exile))
          )}
        </b>
      </p>
      <ul class="recap-ballot">
        {rows.map(([target, votes]) => (
          <li key={String(target)}>
            {target != null ? <Who view={view} seat={target} /> : <span class="recap-blank">{blank}</span>}{" "}
            <Count n={votes.length} />
            {" ← "}
            {votes.map((b) => (
              <Voter key={b.voter} seat={b.voter} label={`${nameOf(view, b.voter)} → ${target != null ? nameOf(view, target) : blank}`}>
                <Star on={b.auto} />
              </Voter>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Council(props: { view: HeksView; d: HeksRecapDay }) {
  const { view, d } = props;
  return (
    <>
      {d.teams.map((team, i) => (
        <Team key={`team${i}`} view={view} team={team} />
      ))}
      {d.ritual && <Ritual view={view} ritual={d.ritual} />}
      {d.exile && <Exile view={view} exile={d.exile} />}
    </>
  );
}

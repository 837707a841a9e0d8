import type { RoomState } from "../../core/connection";
import { t } from "../i18n";
import type { HeksView } from "../types";
import { Countdown, Section } from "../ui/common";
import { Crown } from "../ui/icons";
import { Badge, lookAt } from "../ui/Looks";
import { StatusBar } from "../scenes/Status";

/**
 * A phone that watches a running game (a late joiner): what everyone at the table may see,
 * laid out for the phone. The TV board squeezed to 390 px showed its own sound switch, a
 * second language button and a seat grid meant for a sofa (UX review).
 */
export function Watch(props: { room: RoomState; view: HeksView; told?: boolean }) {
  const v = props.view;
  const day = v.phase === "VOTE_RESULT_SCENE" && v.vote_result ? v.vote_result.day : v.day;
  return (
    <div class="watch">
      <Section class="spectator">
        {/* told: the late joiner's notice above already says a game is running */}
        {!props.told && <p class="big-text">{t("watch.title")}</p>}
        <p class="small">{t("watch.text")}</p>
      </Section>
      {v.phase !== "ROLE_REVEAL" && v.phase !== "GAME_END" && <StatusBar view={v} />}
      <Section title={t(`phase.${v.phase}` as "phase.DEPART_A")}>
        {v.phase === "ROLE_REVEAL" ? <p class="muted">{t("hdr.prep")}</p> : <p class="muted">{t("hdr.day", { n: day })}</p>}
        <Countdown deadline={v.deadline} />
      </Section>
      <Section title={`${t("players.title")} (${v.players.length})`}>
        <ol class="seats">
          {v.players.map((p) => (
            <li key={p.seat} class={`st-${p.status.toLowerCase()}`}>
              <span class="seat-no">{p.seat}</span>
              <Badge look={lookAt(props.room.members, p.seat)} />
              <span class="seat-name">
                {p.name}
                {v.chief === p.seat && <Crown size={18} />}
              </span>
              <span class="muted small">{t(`status.${p.status}` as "status.CAT")}</span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

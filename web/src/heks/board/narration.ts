import { joinNames, t } from "../i18n";
import type { HeksView } from "../types";
import { ingName, nameOf, placeName, spellName } from "../ui/common";
import { outcomeText, quorumLine, quorumRule } from "../ui/exile";

// What the board's narrator says when a scene starts (issue 18 §2): the scene's title and
// the public text a game master would read out, in the board's language. Public
// information only (H-VIS-1): it is built from the public view, like the board itself.

/** A scene is narrated once: a new phase, or the same phase on another day. */
export function sceneKey(v: HeksView): string {
  return `${v.phase}:${v.day}`;
}

/** The scene's title and what is read out after it. */
export function sceneSpeech(v: HeksView): string {
  const title = t(`phase.${v.phase}` as "phase.DEPART_A");
  // The scene's name first, as a sentence of its own.
  const head = title.endsWith("!") || title.endsWith("?") || title.endsWith(".") ? title : `${title}.`;
  return [head, ...sceneLines(v)].join(" ");
}

/** What is read out after the scene's title, sentence by sentence. */
export function sceneLines(v: HeksView): string[] {
  const names = (seats: number[]) => joinNames(seats.map((s) => nameOf(v, s)));
  const lines: string[] = [];
  switch (v.phase) {
    case "ROLE_REVEAL": {
      lines.push(t("say.ROLE_REVEAL"));
      const rule = quorumRule(v, "reveal.quorum"); // H-EXC-8: the table's rule, read out once at the start
      if (rule) lines.push(rule);
      break;
    }
    case "VOTE_RESULT_SCENE": {
      const r = v.vote_result;
      if (r) lines.push(outcomeText(v, r));
      break;
    }
    case "DEPART_A":
      lines.push(t("hdr.day", { n: v.day }) + ".");
      lines.push(t("say.recipe", { list: joinNames(v.recipe.map(ingName)) }));
      for (const p of v.places) if (!p.open) lines.push(t("morning.closed", { place: placeName(p.id) }));
      if (v.is_knights_day) lines.push(t("morning.knights"));
      lines.push(t("say.DEPART_A"));
      break;
    case "WITCH_C":
      lines.push(t("say.WITCH_C"));
      break;
    case "EVENING_ANNOUNCE": {
      const a = v.announcement;
      if (a) {
        const frogs = names(a.new_frogs);
        lines.push(
          a.new_frogs.length === 0
            ? t("evening.safe")
            : t(a.new_frogs.length === 1 ? "evening.frog.one" : "evening.frog.many", { names: frogs }),
        );
        for (const s of a.turned_back) lines.push(t("evening.turned", { name: nameOf(v, s) }));
      }
      break;
    }
    case "DISCUSSION":
      lines.push(t("say.DISCUSSION"));
      break;
    case "PROPOSAL":
      if (v.chief != null) lines.push(t("proposal.wait", { name: nameOf(v, v.chief), k: v.recipe_size }));
      break;
    case "APPROVAL_VOTE":
      lines.push(t("say.APPROVAL_VOTE", { names: names(v.proposal ?? []) }));
      break;
    case "ACCEPT_SCENE":
      lines.push(t("say.ACCEPT_SCENE", { names: names(v.approval_result?.members ?? v.proposal ?? []) }));
      break;
    case "REJECT_SCENE": {
      const r = v.approval_result;
      lines.push(t("say.REJECT_SCENE"));
      if (v.curse >= v.curse_max) lines.push(t("reject.full"));
      else lines.push(t(r && r.for.length === r.against.length ? "reject.tie" : "reject.next"));
      break;
    }
    case "RITUAL":
      lines.push(t("say.RITUAL", { names: names(v.proposal ?? []) }));
      break;
    case "RITUAL_RESULT":
      lines.push(`${t("result.title")} ${t(`result.${v.last_ritual ?? "FAILURE"}` as "result.SUCCESS")}`);
      if (v.last_ritual !== "SUCCESS" && v.unlocked_spells.length > 0)
        lines.push(t("result.spells", { spells: joinNames(v.unlocked_spells.map(spellName)) }));
      break;
    case "EXILE_VOTE": {
      // The knights' day has its own scene (issue 31 §3): its vote decides the game.
      lines.push(v.is_knights_day ? t("knights.scene.text") : t("say.EXILE_VOTE"));
      const quorum = quorumLine(v); // H-EXC-8: null on the knights' day and at tables without one
      if (quorum) lines.push(quorum);
      break;
    }
    case "GAME_END":
      if (v.result) {
        const w = v.result.winner === "witch" ? "witches" : v.result.winner === "solo" ? "jester" : v.result.winner;
        lines.push(t(`end.winner.${w}` as "end.winner.village"));
        lines.push(t(`reason.${v.result.reason}` as "reason.TAKEOVER"));
      }
      break;
    default:
      break;
  }
  return lines;
}

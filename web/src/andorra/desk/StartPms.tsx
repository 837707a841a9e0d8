import type { Ctx, DeskView } from "../common";
import { CopyBlock } from "./CopyBlock";

/** Issue 32 §2: every player's starting PM (nick, role, description, items, whom he knows)
 * with his private link, as one forum-ready text and one copy button. The links live only on
 * the device that created the game (or relinked a seat), never in the server's view. */
export function StartPms({ ctx, view, code }: { ctx: Ctx; view: DeskView; code: string }) {
  const pms = view.host.start_pms;
  if (pms.length === 0) return null;
  const links: ({ name: string; url: string } | null)[] = JSON.parse(localStorage.getItem(`andorra:${code}:links`) ?? "[]");
  const text = pms
    .map((pm) => {
      const url = links[pm.seat - 1]?.url;
      return `${ctx.t("start_pm_to", { nick: pm.nick })}\n${pm.text}\n[b]${ctx.t("start_pm_link")}[/b] ${url ?? ctx.t("start_pm_no_link")}`;
    })
    .join("\n\n");
  return <CopyBlock ctx={ctx} title={ctx.t("start_pms")} text={text} button={ctx.t("copy_start_pms")} long />;
}

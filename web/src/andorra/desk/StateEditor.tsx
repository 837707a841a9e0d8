import { useState } from "preact/hooks";
import { ErrorLine, type AndorraConn, type Ctx, type DeskView } from "../common";
import { Confirm } from "./Confirm";
import { useSend } from "./useSend";
import type { AndorraHostEditPayload } from "../../generated/protocol";

const OPS = ["kill", "revive", "jail", "release", "give_item", "take_item", "set_role", "set_clan"] as const;
type Op = (typeof OPS)[number];

/** H-03c: the host's state editor for what the seed leaves to him (§02): each edit asks once
 * more, is a command in the game's log and shows in the host log below. */
export function StateEditor({ ctx, conn, view }: { ctx: Ctx; conn: AndorraConn; view: DeskView }) {
  const choices = view.host.edit_choices;
  const [op, setOp] = useState<Op>("kill");
  const [seat, setSeat] = useState(String(view.host.players[0]?.seat ?? ""));
  const [item, setItem] = useState(choices.items[0]?.code ?? "");
  const [role, setRole] = useState(choices.roles[0]?.code ?? "");
  const [clan, setClan] = useState("");
  const { err, busy, send } = useSend(conn);
  const player = view.host.players.find((p) => String(p.seat) === seat);
  const extra: Omit<AndorraHostEditPayload, "op" | "seat"> =
    op === "give_item" || op === "take_item" ? { item } : op === "set_role" ? { role } : op === "set_clan" ? { clan: clan || null } : {};
  // what the edit gives, takes or sets, named in the question (it asked «Oleg: дать вещь?»)
  const named = (options: { code: string; ru: string }[], code: string) => options.find((o) => o.code === code)?.ru ?? "";
  const what =
    op === "give_item" || op === "take_item"
      ? named(choices.items, item)
      : op === "set_role"
        ? named(choices.roles, role)
        : op === "set_clan"
          ? clan
            ? named(choices.clans, clan)
            : ctx.t("edit_no_clan")
          : "";
  const pick = (label: string, value: string, set: (v: string) => void, options: { code: string; ru: string }[]) => (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.ru}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section aria-label={ctx.t("edit")} class="editor">
      <details>
      <summary>
        <h3>{ctx.t("edit")}</h3>
      </summary>
      <p class="hint">{ctx.t("edit_hint")}</p>
      <div class="form">
        {pick(ctx.t("edit_player"), seat, setSeat, view.host.players.map((p) => ({ code: String(p.seat), ru: `${p.nick} — ${p.role_name[ctx.lang]}, ${ctx.t(`status.${p.status}`)}` })))}
        {pick(ctx.t("edit_op"), op, (v) => setOp(v as Op), OPS.map((o) => ({ code: o, ru: ctx.t(`edit.${o}`) })))}
        {(op === "give_item" || op === "take_item") && pick(ctx.t("edit_item"), item, setItem, choices.items)}
        {op === "set_role" && pick(ctx.t("role"), role, setRole, choices.roles)}
        {op === "set_clan" && pick(ctx.t("clan"), clan, setClan, [{ code: "", ru: ctx.t("edit_no_clan") }, ...choices.clans])}
        <Confirm
          ctx={ctx}
          disabled={busy || !player}
          label={ctx.t("edit_submit")}
          question={ctx.t("confirm_edit", { nick: player?.nick ?? "", op: ctx.t(`edit.${op}`), what: what ? ` «${what}»` : "" })}
          onConfirm={() => send("host_edit", { op, seat: Number(seat), ...extra })}
        />
        <ErrorLine ctx={ctx} err={err} />
      </div>
      </details>
    </section>
  );
}

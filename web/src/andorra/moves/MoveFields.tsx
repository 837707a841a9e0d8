import { useId, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { nickOf, type AndorraView, type Ctx } from "../common";
import type { AndorraMove, AndorraMoveOption, AndorraMovePayload } from "../../generated/protocol";
import { FieldInput } from "./FieldInput";
import { entriesOf, movePayload, word, type Entries } from "./fields";

interface Props {
  ctx: Ctx;
  view: AndorraView;
  /** The moves that may be submitted now for one player (the site's form data). */
  options: AndorraMoveOption[];
  /** The move submitted so far, shown again (the host's correction starts from it). */
  current?: AndorraMove | null;
  submitLabel: string;
  busy: boolean;
  onSubmit: (payload: AndorraMovePayload) => void | Promise<void>;
  children?: ComponentChildren;
}

/** One player's night move: the move, its target and every field, only the legal values, in
 * the seed's words. The player's move form, the host's correction form and the host's move
 * entered from a forum PM all use it (key it by the player so it starts afresh). */
export function MoveFields({ ctx, view, options, current, submitLabel, busy, onSubmit, children }: Props) {
  const start = options.find((o) => o.action === current?.action) ?? options[0];
  const [action, setAction] = useState<string>(start?.action ?? "");
  const [target, setTarget] = useState<string>(current?.target != null ? String(current.target) : "");
  const [entries, setEntries] = useState<Entries>(() => (start ? entriesOf(start, current) : {}));
  const hintId = useId();
  const chosen = options.find((o) => o.action === action) ?? options[0];
  if (!chosen) return null;
  const targets = chosen.targets;
  // no preselected player, as on the vote form: a quick tap must not send a shot or a recruitment
  // at whoever heads the list, and a chosen player who leaves the list is not silently replaced
  const tgt = targets && target !== "" && targets.includes(Number(target)) ? Number(target) : null;
  const incomplete = targets != null && tgt == null;
  const pickAction = (code: string) => {
    setAction(code);
    const next = options.find((o) => o.action === code);
    setEntries(next ? entriesOf(next, current) : {});
  };
  return (
    <form
      class="move-fields"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !incomplete) void onSubmit(movePayload(chosen, tgt, entries));
      }}
    >
      <label>
        {ctx.t("move_action")}
        <select aria-label={ctx.t("move_action")} value={chosen.action} onChange={(e) => pickAction((e.target as HTMLSelectElement).value)}>
          {options.map((o) => (
            <option key={o.action} value={o.action}>
              {word(ctx.lang, o)}
            </option>
          ))}
        </select>
      </label>
      {targets && (
        <label>
          {ctx.t("move_target")}
          <select aria-label={ctx.t("move_target")} value={tgt == null ? "" : String(tgt)} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
            <option value="" disabled>
              {ctx.t("vote_pick")}
            </option>
            {targets.map((s) => (
              <option key={s} value={String(s)}>
                {nickOf(view, s)}
              </option>
            ))}
          </select>
        </label>
      )}
      {chosen.fields.map((field) => (
        <FieldInput key={`${chosen.action}:${field.name}`} ctx={ctx} view={view} field={field} entries={entries} setEntries={setEntries} />
      ))}
      <button type="submit" disabled={busy || incomplete} aria-describedby={incomplete ? hintId : undefined}>
        {submitLabel}
      </button>
      {/* why the button is disabled, until it is not (the only field a move can miss is its target) */}
      {incomplete && (
        <p class="hint" id={hintId}>
          {ctx.t("move_need_target")}
        </p>
      )}
      {children}
    </form>
  );
}

/** A submitted move in words: «подарок → Boris (Подарок: визитка шерифа)». */
export function moveText(ctx: Ctx, view: AndorraView, move: AndorraMove): { action: string; target: string } {
  const details = word(ctx.lang, move.details);
  return {
    action: word(ctx.lang, move.name),
    target: `${move.target != null ? ` → ${nickOf(view, move.target)}` : ""}${details ? ` (${details})` : ""}`,
  };
}

import { useState } from "preact/hooks";
import { CopyButton, ErrorLine, type Ctx } from "../common";
import { call, HttpError, storage } from "../../core/api";
import type { RelinkAnswer } from "../../generated/protocol";
import type { ServerError } from "../i18n";
import { Confirm } from "./Confirm";

const fresh = (code: string) => `andorra:${code}:new_desk_url`;

/** A-SEC-6: the host replaces a leaked desk link. The old one dies at once (every tab that used
 * it, this one too, is told and closed); this tab keeps the new token and reloads with it, and
 * then shows the new link once, to copy to the host's other devices. */
export function DeskLink({ ctx, code }: { ctx: Ctx; code: string }) {
  const [err, setErr] = useState<ServerError | null>(null);
  const [shown, setShown] = useState<string | null>(() => sessionStorage.getItem(fresh(code)));
  const replace = async () => {
    setErr(null);
    let data: RelinkAnswer;
    try {
      data = await call<RelinkAnswer>("POST", `/api/andorra/${encodeURIComponent(code)}/relink`, {
        token: storage.get(`andorra:${code}:desk`),
        seat: "desk",
      });
    } catch (e) {
      setErr(e instanceof HttpError ? e.error : { code: "network" });
      return;
    }
    storage.set(`andorra:${code}:desk`, data.token);
    sessionStorage.setItem(fresh(code), data.url);
    location.reload();
  };
  return (
    <details open={shown !== null}>
      <summary>{ctx.t("desk_link")}</summary>
      <p>{ctx.t("desk_link_help")}</p>
      <Confirm ctx={ctx} label={ctx.t("desk_link_replace")} question={ctx.t("desk_link_confirm")} onConfirm={replace} />
      {shown && (
        <p role="status">
          {ctx.t("desk_link_new")}: <input readOnly value={shown} aria-label={ctx.t("desk_link_new")} />{" "}
          <CopyButton ctx={ctx} text={shown} label={ctx.t("desk_link_copy")} />{" "}
          <button
            type="button"
            onClick={() => {
              sessionStorage.removeItem(fresh(code));
              setShown(null);
            }}
          >
            {ctx.t("desk_link_hide")}
          </button>
        </p>
      )}
      <ErrorLine ctx={ctx} err={err} />
    </details>
  );
}

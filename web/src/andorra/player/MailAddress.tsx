import { useState } from "preact/hooks";
import { ErrorLine, type AndorraConn, type Ctx, type PlayerView } from "../common";
import { useSend } from "../desk/useSend";

/** A-MAIL-3: the player's own address for e-mail notices (opt-in; only he and the server see it). */
export function MailAddress(props: { ctx: Ctx; conn: AndorraConn; view: PlayerView }) {
  const { ctx, conn, view } = props;
  const current = view.me.mail ?? null;
  const [address, setAddress] = useState(current ?? "");
  const { err, busy, send } = useSend(conn);
  return (
    <details class="mail-address">
      <summary>{current ? ctx.t("mail_me_on", { address: current }) : ctx.t("mail_me")}</summary>
      <p class="hint">{ctx.t("mail_me_help")}</p>
      <input type="email" value={address} autocomplete="email" onInput={(e) => setAddress((e.target as HTMLInputElement).value)} />{" "}
      <button type="button" disabled={busy || !address} onClick={() => send("mail_address", { address })}>
        {ctx.t("mail_save")}
      </button>
      {current && (
        <button type="button" disabled={busy} onClick={() => send("mail_address", { address: "" }).then(() => setAddress(""))}>
          {ctx.t("mail_me_off")}
        </button>
      )}
      <ErrorLine ctx={ctx} err={err} />
    </details>
  );
}

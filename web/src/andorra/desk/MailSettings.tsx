import { useState } from "preact/hooks";
import type { Ctx, DeskView } from "../common";
import type { Run } from "./run";
import type { AndorraMailSettingsPayload } from "../../generated/protocol";

/** A-MAIL-1/2/5: the host's SMTP server for the players' e-mail notices. The password is
 * write-only: the view says only whether one is set, and a save with the field empty keeps it. */
export function MailSettings(props: { ctx: Ctx; view: DeskView; run: Run; busy: boolean }) {
  const { ctx, view, run, busy } = props;
  const mail = view.host.mail;
  const smtp = mail?.smtp ?? null;
  const [host, setHost] = useState(smtp?.host ?? "");
  const [port, setPort] = useState(String(smtp?.port ?? 587));
  const [security, setSecurity] = useState(smtp?.security ?? "starttls");
  const [user, setUser] = useState(smtp?.user ?? "");
  const [password, setPassword] = useState("");
  const [sender, setSender] = useState(smtp?.sender ?? "");
  const save = async () => {
    const payload: AndorraMailSettingsPayload = { host, port: Number(port), security, user, sender };
    if (password) payload.password = password;
    await run("mail_settings", payload);
    setPassword("");
  };
  const input = (label: string, value: string, set: (v: string) => void, type: "text" | "number" | "password" | "email" = "text") => (
    <label>
      {label}{" "}
      <input type={type as "text"} value={value} autocomplete="off" onInput={(e) => set((e.target as HTMLInputElement).value)} />
    </label>
  );
  return (
    <details class="mail-settings">
      <summary>{ctx.t("mail_title")}</summary>
      <p class="hint">{ctx.t("mail_help")}</p>
      <div class="mail-fields">
        {input(ctx.t("mail_host"), host, setHost)}
        {input(ctx.t("mail_port"), port, setPort, "number")}
        <label>
          {ctx.t("mail_security")}{" "}
          <select value={security} onChange={(e) => setSecurity((e.target as HTMLSelectElement).value)}>
            <option value="starttls">STARTTLS</option>
            <option value="ssl">SSL/TLS</option>
            <option value="none">{ctx.t("mail_security_none")}</option>
          </select>
        </label>
        {input(ctx.t("mail_user"), user, setUser)}
        {input(smtp?.password_set ? ctx.t("mail_password_set") : ctx.t("mail_password"), password, setPassword, "password")}
        {input(ctx.t("mail_sender"), sender, setSender, "email")}
      </div>
      <div class="actions">
        <button type="button" disabled={busy || !host || !sender} onClick={save}>
          {ctx.t("mail_save")}
        </button>
        {smtp && (
          <button type="button" disabled={busy} onClick={() => run("mail_settings", { clear: true })}>
            {ctx.t("mail_clear")}
          </button>
        )}
      </div>
      {mail && <p>{ctx.t("mail_subscribers", { n: String(mail.subscribers) })}</p>}
      {mail?.last_error && (
        <p role="alert" class="error">
          {ctx.t("mail_failed", { error: mail.last_error })}
        </p>
      )}
    </details>
  );
}

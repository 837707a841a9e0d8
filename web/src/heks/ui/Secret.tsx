import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { t } from "../i18n";
import type { HeksView } from "../types";

/**
 * The cover over a phone's private part (H-VIS-6, issue 18 §1). Every phone with a seat shows
 * the same cover in every scene: the same size, colours and words, which depend only on the
 * public scene and the player's public status, never on the role. Whatever only this player
 * may see (a place choice, the Seer's check and its result, a theft, a repelled attack, the
 * witches' window, the hand and the messages) is rendered only inside the opened sheet.
 */
export function SecretCover(props: { view: HeksView; onOpen: () => void }) {
  return (
    <button type="button" class="secret-cover" aria-label={t("secret.open")} aria-expanded={false} onClick={props.onOpen}>
      <span class="moon" aria-hidden="true" />
      <span class="secret-cover-text">
        <span class="secret-cover-title">{t("secret.open")}</span>
        <span class="secret-cover-hint">{t(coverHint(props.view))}</span>
      </span>
    </button>
  );
}

/** The hint under the cover: public facts only (the scene, a frog or exiled player's status). */
function coverHint(v: HeksView): "secret.hint" | "secret.hint.depart" | "secret.hint.gather" | "secret.hint.ritual" {
  if (v.me?.status !== "CAT") return "secret.hint";
  if (v.phase === "DEPART_A" || v.phase === "GUARD_B") return "secret.hint.depart";
  if (v.phase === "WITCH_C") return "secret.hint.gather";
  if (v.phase === "RITUAL") return "secret.hint.ritual";
  return "secret.hint";
}

/**
 * The opened secret: a sheet over the whole screen, so that the page under it never changes
 * shape. It closes with its button, when the scene changes (the caller keys it per scene)
 * and when the phone is put away (the page is hidden).
 */
export function SecretSheet(props: { onClose: () => void; children: ComponentChildren }) {
  const close = useRef<HTMLButtonElement>(null);
  const { onClose } = props;
  useEffect(() => {
    close.current?.focus({ preventScroll: true });
    const hidden = () => document.visibilityState === "hidden" && onClose();
    document.addEventListener("visibilitychange", hidden);
    return () => document.removeEventListener("visibilitychange", hidden);
  }, [onClose]);
  return (
    <div class="secret-sheet" role="dialog" aria-modal="true" aria-label={t("secret.title")}>
      <header class="secret-head">
        <h2>{t("secret.title")}</h2>
        <button type="button" ref={close} class="secret-close" onClick={onClose}>
          {t("secret.close")}
        </button>
      </header>
      <div class="secret-body">{props.children}</div>
    </div>
  );
}

import { t } from "../i18n";
import { useTurnSignalSwitch } from "./turnSignal";

/** Sound and vibration on "your turn", on or off (remembered on this phone). */
export function SignalSwitch() {
  const [on, toggle] = useTurnSignalSwitch();
  return (
    // Off is the same note struck through (a bare "–" said nothing), and a long press or a
    // mouse shows what it is for.
    <button type="button" class="help-btn signal-btn" aria-pressed={on} aria-label={t("signal.label")} title={t("signal.label")} onClick={toggle}>
      ♪
    </button>
  );
}

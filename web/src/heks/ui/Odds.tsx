import type { RoomState } from "../../core/connection";
import type { OddsJson, SideOdds } from "../../generated/protocol";
import { decimal, t } from "../i18n";
import { Phrases } from "./common";
import { RealTables } from "./RealTables";

// The odds of the lobby's deck (room.odds, issue 34 §2): each side's share of the games the
// strongest bots played with it, with its 95 % interval (the pale band around the bar's end),
// narrowing as the server's games come in. Shown in the lobby on the phones and the board.

/** Games before the first numbers: after four, a side read "4–70 %" and the next second
 * "3–38 %" (a play-test: "confusing"); by 30 the interval is about ± 15 and settles. */
export const FIRST_SHOWN = 30;

function sideName(side: string): string {
  return side === "village" ? t("odds.side.village") : side === "witch" ? t("odds.side.witch") : t("odds.side.solo");
}

/** Whole percents that add up to their total, 100 (largest remainder): rounded one by one, 92.6 % and
 * 7.6 % would read "93 %" and "8 %". */
export function wholePercents(percents: number[]): number[] {
  const floors = percents.map(Math.floor);
  let left = Math.round(percents.reduce((a, b) => a + b, 0)) - floors.reduce((a, b) => a + b, 0);
  const order = percents.map((p, i) => [p - Math.floor(p), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** One side's share as the room reads it: "52 % ± 6" while that stays inside 0..100 and says
 * something, else the interval itself, "0–1 %" (a play-test read "0 % ± 25" after four games
 * and "0 % ± 0", which sounds certain, after 621): the Wilson interval is not symmetric there.
 * ``whole`` is the share as ``wholePercents`` rounded it. */
export function shareText(s: SideOdds, whole: number): { share: string; pm: string | null } {
  const pm = Math.round(s.plus_minus);
  // no-break spaces: "50 %" must not wrap into "50 / %" (a play-test, in Dutch)
  if (pm >= 1 && whole - pm >= 0 && whole + pm <= 100) return { share: `${whole}\u00a0%`, pm: `±\u00a0${pm}` };
  return { share: `${Math.floor(s.low)}–${Math.ceil(s.high)}\u00a0%`, pm: null };
}

/** The odds in one line, for the deck's card where the host edits it (a play-test: on a phone
 * the odds' own card is below the fold while the host taps + and −). */
export function OddsLine(props: { room: RoomState }) {
  const odds = props.room.odds;
  if (!odds) return null;
  const whole = wholePercents(odds.sides.map((s) => s.percent));
  return (
    <p class="small odds-line" aria-live="polite" data-testid="odds-line" data-games={odds.games}>
      {odds.games < FIRST_SHOWN
        ? t("odds.simulating")
        : [...odds.sides.map((s, i) => `${sideName(s.side)} ${Object.values(shareText(s, whole[i])).filter(Boolean).join(" ")}`), t("odds.line.games", { n: odds.games })].join(" · ")}
    </p>
  );
}

export function Odds(props: { room: RoomState; class?: string }) {
  const odds: OddsJson | undefined = props.room.odds;
  if (!odds) {
    // no simulated odds here (a server run with --odds-workers 0): what real tables did, alone
    return props.room.real_tables ? (
      <section class={`card odds ${props.class ?? ""}`}>
        <RealTables room={props.room} />
      </section>
    ) : null;
  }
  const shown = wholePercents(odds.sides.map((s) => s.percent));
  return (
    <section class={`card odds ${props.class ?? ""}`} data-testid="odds" data-games={odds.games} data-done={odds.done}>
      <h2>{t("odds.title")}</h2>
      {odds.games < FIRST_SHOWN ? (
        <p class="small muted" role="status">
          {t("odds.simulating")}
        </p>
      ) : (
        <>
          <ul class="odds-sides">
            {odds.sides.map((s, i) => {
              const low = s.low;
              const high = s.high;
              const text = shareText(s, shown[i]);
              return (
                <li key={s.side} class={`odds-${s.side}`} data-side={s.side} data-percent={s.percent} data-pm={s.plus_minus}>
                  <span class="odds-name">{sideName(s.side)}</span>
                  <span class="odds-bar" aria-hidden="true">
                    <span class="odds-fill" style={{ width: `${s.percent}%` }} />
                    <span class="odds-band" style={{ left: `${low}%`, width: `${high - low}%` }} />
                  </span>
                  <strong class="odds-value">
                    {text.share} {text.pm && <span class="odds-pm">{text.pm}</span>}
                  </strong>
                </li>
              );
            })}
          </ul>
          <p class="small muted odds-games" aria-live="polite">
            <Phrases text={t("odds.games", { n: odds.games, days: decimal(odds.days, true) })} />
          </p>
        </>
      )}
      {/* beside the simulation: what real tables on this server did with the same deck (§3) */}
      <RealTables room={props.room} />
    </section>
  );
}

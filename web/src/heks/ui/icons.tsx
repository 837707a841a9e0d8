// Small inline SVG art (no emoji fonts needed, nothing fetched).

export function Duck(props: { class?: string }) {
  return (
    <svg class={`icon-duck ${props.class ?? ""}`} viewBox="0 0 64 48" width="72" height="54" aria-hidden="true">
      <ellipse cx="30" cy="32" rx="22" ry="13" fill="#f4d06f" />
      <path d="M10 30 q-6 -8 2 -10 q4 4 6 8z" fill="#e9bf4f" />
      <circle cx="44" cy="16" r="10" fill="#f4d06f" />
      <path d="M52 15 l10 3 l-10 4z" fill="#f08a2c" />
      <circle cx="46" cy="13" r="2" fill="#241a00" />
      <path d="M24 30 q8 8 16 0" stroke="#e0b040" stroke-width="2.5" fill="none" />
      <rect x="26" y="22" width="14" height="9" rx="2" fill="#fff" opacity="0.85" transform="rotate(-8 33 26)" />
    </svg>
  );
}

export function Frog(props: { class?: string; size?: number }) {
  const s = props.size ?? 64;
  return (
    <svg class={`icon-frog ${props.class ?? ""}`} viewBox="0 0 64 52" width={s} height={(s * 52) / 64} aria-hidden="true">
      <ellipse cx="32" cy="34" rx="26" ry="16" fill="#5fd39a" />
      <circle cx="18" cy="16" r="9" fill="#5fd39a" />
      <circle cx="46" cy="16" r="9" fill="#5fd39a" />
      <circle cx="18" cy="16" r="4" fill="#14261c" />
      <circle cx="46" cy="16" r="4" fill="#14261c" />
      <path d="M20 38 q12 8 24 0" stroke="#14261c" stroke-width="2.5" fill="none" stroke-linecap="round" />
    </svg>
  );
}

export function Cat(props: { size?: number }) {
  const s = props.size ?? 16;
  return (
    <svg class="icon-cat" viewBox="0 0 24 24" width={s} height={s} aria-hidden="true">
      <path d="M3 4 l5 5 h8 l5 -5 v11 a9 7 0 0 1 -18 0z" fill="currentColor" />
      <circle cx="9" cy="14" r="1.4" fill="#15112a" />
      <circle cx="15" cy="14" r="1.4" fill="#15112a" />
    </svg>
  );
}

export function Crown(props: { size?: number }) {
  const s = props.size ?? 18;
  return (
    <svg class="icon-crown" viewBox="0 0 24 18" width={s} height={(s * 18) / 24} aria-hidden="true">
      <path d="M2 16 l2 -12 l5 6 l3 -8 l3 8 l5 -6 l2 12z" fill="#f4d06f" />
    </svg>
  );
}

/** A knight's shield (the knights' day, issue 31 §3): the board's scene and the phones' banner. */
export function KnightShield(props: { size?: number | string }) {
  const s = props.size ?? "1em";
  return (
    <svg class="knight-shield" viewBox="0 0 40 48" width={s} height={typeof s === "number" ? s * 1.2 : "1.2em"} aria-hidden="true">
      <path d="M20 2 L37 8 V22 C37 34 29 42 20 46 C11 42 3 34 3 22 V8 Z" fill="#3a2f6b" stroke="#f4d06f" stroke-width="3" />
      <path d="M20 10 V38 M10 20 H30" stroke="#f4d06f" stroke-width="4" stroke-linecap="round" />
    </svg>
  );
}

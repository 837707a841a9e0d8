import type { ComponentChildren, JSX } from "preact";
import type { Card } from "../types";

// The game's pictures as inline SVG (nothing fetched, no emoji font): the six ingredients
// and the empty paw, the seals, the spoiled rituals and the curse meter. Flat shapes with a
// dark outline, so they read at a glance on a phone and from the sofa on a TV.
// Every picture is aria-hidden: the text next to it (or its container's label) says it.

const INK = "#1a1430";

type ArtProps = { size?: number | string; class?: string };

function Svg(props: ArtProps & { name: string; view?: string; children: ComponentChildren }) {
  const s = props.size ?? 24;
  return (
    <svg
      class={`art art-${props.name} ${props.class ?? ""}`}
      viewBox={props.view ?? "0 0 48 48"}
      width={s}
      height={s}
      aria-hidden="true"
      focusable="false"
    >
      {props.children}
    </svg>
  );
}

const INGREDIENT_ART: Record<Card, () => JSX.Element> = {
  MUSHROOM: () => (
    <>
      <path d="M19 26h10l2 15a3 3 0 0 1-3 3h-8a3 3 0 0 1-3-3z" fill="#f5ead2" stroke={INK} stroke-width="2" />
      <path d="M5 26C5 14 13 6 24 6s19 8 19 20z" fill="#e2483a" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <circle cx="16" cy="17" r="3.2" fill="#fff6e8" />
      <circle cx="28" cy="12" r="2.4" fill="#fff6e8" />
      <circle cx="33" cy="20" r="3" fill="#fff6e8" />
      <circle cx="22" cy="22" r="1.8" fill="#fff6e8" />
    </>
  ),
  MOONFLOWER: () => (
    <>
      <path d="M24 30c0 6-1 10-4 14" stroke="#4f9a5c" stroke-width="3" fill="none" stroke-linecap="round" />
      <g fill="#f6f0b4" stroke={INK} stroke-width="1.8">
        {[0, 72, 144, 216, 288].map((a) => (
          <ellipse key={a} cx="24" cy="11" rx="6" ry="9" transform={`rotate(${a} 24 21)`} />
        ))}
      </g>
      <circle cx="24" cy="21" r="6" fill="#f2b84b" stroke={INK} stroke-width="1.8" />
      <path d="M26.5 17.5a4 4 0 1 0 0 7a3.2 3.2 0 1 1 0-7z" fill="#fff7d6" />
    </>
  ),
  SPRINGWATER: () => (
    <>
      <path d="M24 4C17 15 11 22 11 30a13 13 0 0 0 26 0c0-8-6-15-13-26z" fill="#4fb3ff" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M17 30a7 7 0 0 0 6 7" stroke="#d6f0ff" stroke-width="3" fill="none" stroke-linecap="round" />
      <circle cx="29" cy="24" r="2" fill="#d6f0ff" />
    </>
  ),
  OWL_FEATHER: () => (
    <>
      <path d="M36 5C22 8 12 20 13 35l4 3c13-3 21-16 19-33z" fill="#c08a55" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M17 38C22 28 28 17 36 5" stroke="#f3dcb8" stroke-width="2" fill="none" />
      <path d="M15 29l8-2M17 22l10-3M21 15l9-2" stroke="#7a5230" stroke-width="2.4" stroke-linecap="round" />
      <path d="M17 38l-7 7" stroke={INK} stroke-width="2.6" stroke-linecap="round" />
    </>
  ),
  CRYSTAL: () => (
    <>
      <path d="M24 3l11 12-11 30L13 15z" fill="#8ff0ea" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M13 15h22M24 3l-4 12 4 30 4-30z" stroke="#2f8f9b" stroke-width="1.6" fill="none" stroke-linejoin="round" />
      <path d="M20 15l4 30-11-30z" fill="#c9fffb" opacity="0.8" />
      <path d="M38 6l1.5 3.5L43 11l-3.5 1.5L38 16l-1.5-3.5L33 11l3.5-1.5z" fill="#fff" />
    </>
  ),
  COBWEB: () => (
    <>
      <g stroke="#e4e4ee" stroke-width="1.8" fill="none" stroke-linejoin="round">
        <path d="M24 4v40M4 24h40M10 10l28 28M38 10L10 38" />
        <path d="M24 10l7 7 7 7-7 7-7 7-7-7-7-7 7-7z" />
        <path d="M24 17l3.5 3.5L31 24l-3.5 3.5L24 31l-3.5-3.5L17 24l3.5-3.5z" />
      </g>
      <path d="M35 34v6" stroke="#e4e4ee" stroke-width="1.2" />
      <circle cx="35" cy="42" r="3.2" fill={INK} stroke="#e4e4ee" stroke-width="1.4" />
    </>
  ),
  EMPTY: () => (
    <g fill="none" stroke="#b5acd9" stroke-width="2.2" stroke-dasharray="4 3">
      <ellipse cx="24" cy="31" rx="10" ry="8.5" />
      <circle cx="12" cy="18" r="4.2" />
      <circle cx="20" cy="11" r="4.2" />
      <circle cx="28" cy="11" r="4.2" />
      <circle cx="36" cy="18" r="4.2" />
    </g>
  ),
};

/** One ingredient card (or the empty paw) as a picture. */
export function IngredientArt(props: ArtProps & { id: Card }) {
  const draw = INGREDIENT_ART[props.id];
  return (
    <Svg name={`ing art-ing-${props.id.toLowerCase()}`} size={props.size} class={props.class}>
      {draw ? draw() : null}
    </Svg>
  );
}

/** A wax seal: pressed (won) or an empty place for one. */
export function SealArt(props: ArtProps & { on: boolean }) {
  const scallops = Array.from({ length: 12 }, (_, i) => (i * Math.PI) / 6);
  return (
    <Svg name={`seal ${props.on ? "on" : "off"}`} size={props.size} class={props.class}>
      {props.on ? (
        <>
          <g fill="#c0392b" stroke={INK} stroke-width="2">
            {scallops.map((a) => (
              <circle key={a} cx={24 + 19 * Math.cos(a)} cy={24 + 19 * Math.sin(a)} r="5" />
            ))}
          </g>
          <circle cx="24" cy="24" r="19" fill="#c0392b" />
          <circle cx="24" cy="24" r="13" fill="#a52a1f" stroke="#e8705f" stroke-width="1.6" />
          <path d="M24 14l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L24 29l-6 3.4 1.5-6.8-5.2-4.6 6.9-.7z" fill="#f4d06f" />
          <path d="M12 15a14 14 0 0 1 8-6" stroke="#ff9d8c" stroke-width="2.4" fill="none" stroke-linecap="round" />
        </>
      ) : (
        <circle cx="24" cy="24" r="18" fill="none" stroke="#6c62a0" stroke-width="2.6" stroke-dasharray="5 4" />
      )}
    </Svg>
  );
}

/** A spoiled ritual: a cracked cauldron with a sickly brew (or an empty place for one). */
export function SpoiledArt(props: ArtProps & { on: boolean }) {
  if (!props.on)
    return (
      <Svg name="spoiled off" size={props.size} class={props.class}>
        <path d="M8 20h32l-3 16a8 8 0 0 1-8 6H19a8 8 0 0 1-8-6z" fill="none" stroke="#6c62a0" stroke-width="2.6" stroke-dasharray="5 4" />
      </Svg>
    );
  return (
    <Svg name="spoiled on" size={props.size} class={props.class}>
      <circle cx="18" cy="10" r="3.5" fill="#9be36a" stroke={INK} stroke-width="1.5" />
      <circle cx="28" cy="6" r="2.5" fill="#9be36a" stroke={INK} stroke-width="1.5" />
      <circle cx="31" cy="14" r="2" fill="#9be36a" stroke={INK} stroke-width="1.2" />
      <path d="M8 20h32l-3 16a8 8 0 0 1-8 6H19a8 8 0 0 1-8-6z" fill="#3a3357" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <ellipse cx="24" cy="20" rx="17" ry="4" fill="#6fc24a" stroke={INK} stroke-width="2" />
      <path d="M26 24l-3 5 4 3-3 6" stroke="#ff7a8a" stroke-width="2.4" fill="none" stroke-linejoin="round" stroke-linecap="round" />
      <path d="M11 42l-2 3M37 42l2 3" stroke={INK} stroke-width="3" stroke-linecap="round" />
    </Svg>
  );
}

/** One mark of the curse meter: a glowing witch's skull, or a dark one not yet lit. */
export function CurseArt(props: ArtProps & { on: boolean }) {
  const on = props.on;
  return (
    <Svg name={`curse ${on ? "on" : "off"}`} size={props.size} class={props.class}>
      {on && <circle cx="24" cy="22" r="21" fill="#c77dff" opacity="0.35" />}
      <path
        d="M24 5c-10 0-17 7-17 16 0 6 3 10 7 12v6a3 3 0 0 0 3 3h14a3 3 0 0 0 3-3v-6c4-2 7-6 7-12 0-9-7-16-17-16z"
        fill={on ? "#e6d4ff" : "none"}
        stroke={on ? INK : "#6c62a0"}
        stroke-width={on ? 2 : 2.6}
        stroke-dasharray={on ? undefined : "5 4"}
      />
      {on && (
        <>
          <ellipse cx="17" cy="22" rx="4.5" ry="5" fill="#7b2cbf" />
          <ellipse cx="31" cy="22" rx="4.5" ry="5" fill="#7b2cbf" />
          <path d="M24 28l-2.5 4h5z" fill="#7b2cbf" />
          <path d="M19 37v4M24 37v4M29 37v4" stroke={INK} stroke-width="1.8" />
        </>
      )}
    </Svg>
  );
}

/** A witch's hat: a witch's place in the recap (instead of the word "witch"). */
export function WitchHatArt(props: ArtProps) {
  return (
    <Svg name="hat" size={props.size} class={props.class}>
      <path d="M6 38c8-3 28-3 36 0l-2 4c-9-2-23-2-32 0z" fill="#7b2cbf" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M14 37L26 5c2 0 4 2 4 5l-4 4 8 23c-6-1-14-1-20 0z" fill="#9d4edd" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M15.5 33c6-1 11-1 17 0l-1-4c-5-1-10-1-15 0z" fill="#f4d06f" />
    </Svg>
  );
}

/** The Seer's eye: a check in the recap. */
export function EyeArt(props: ArtProps) {
  return (
    <Svg name="eye" size={props.size} class={props.class}>
      <path d="M3 24C10 13 17 9 24 9s14 4 21 15c-7 11-14 15-21 15S10 35 3 24z" fill="#f5ead2" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <circle cx="24" cy="24" r="9" fill="#4fb3ff" stroke={INK} stroke-width="2" />
      <circle cx="24" cy="24" r="4" fill={INK} />
      <circle cx="27" cy="21" r="2" fill="#fff" />
    </Svg>
  );
}

/** A guard's shield: the Protector guarding a place, or an attack he drove off. */
export function ShieldArt(props: ArtProps) {
  return (
    <Svg name="shield" size={props.size} class={props.class}>
      <path d="M24 3l18 6v14c0 12-8 19-18 22C14 42 6 35 6 23V9z" fill="#4c6ef5" stroke={INK} stroke-width="2" stroke-linejoin="round" />
      <path d="M24 8v32M12 20h24" stroke="#f4d06f" stroke-width="4" stroke-linecap="round" />
    </Svg>
  );
}

/** An attack that found nobody: a target ring with the shot beside it. */
export function MissArt(props: ArtProps) {
  return (
    <Svg name="miss" size={props.size} class={props.class}>
      <circle cx="22" cy="26" r="15" fill="none" stroke="#b5acd9" stroke-width="3" stroke-dasharray="5 4" />
      <circle cx="22" cy="26" r="5" fill="none" stroke="#b5acd9" stroke-width="3" />
      <path d="M30 4l12 12M42 4L30 16" stroke="#e5484d" stroke-width="4" stroke-linecap="round" />
    </Svg>
  );
}

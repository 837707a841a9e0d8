import { useEffect, useState } from "preact/hooks";
import type { Connection, RoomState, You } from "../../core/connection";
import { errorText, t } from "../i18n";
import { AVATAR_IDS, Badge, COLOUR_IDS, COLOURS } from "../ui/Looks";

type Field = "name" | "colour" | "avatar";
const NAME_MAX = 20;

/** Your name, colour and avatar in the lobby (the `profile` lobby action). A refusal is shown
 * next to the field it concerns, and what was typed stays in the field to be corrected. */
export function ProfileCard(props: { room: RoomState; you: You; conn: Connection }) {
  const { room, you, conn } = props;
  const me = room.members.find((m) => m.pid === you.pid);
  const [name, setName] = useState(me?.name ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  // The server tidies a name (spaces): the field shows the name as it was stored.
  const stored = me?.name;
  useEffect(() => {
    if (stored !== undefined && saved) setName(stored);
  }, [stored, saved]);
  if (!me) return null;

  const change = async (field: Field, value: string) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    const outcome = await conn.lobby("profile", { [field]: value });
    if (outcome) {
      const where = (outcome.params?.field as Field | undefined) ?? field;
      setErrors((e) => ({ ...e, [where]: errorText(outcome.code, outcome.params) }));
      if (outcome.params?.field) conn.clearError(); // shown here, by its field, not as a toast
    } else if (field === "name") setSaved(true);
  };
  const takenBy = (colour: string) => room.members.find((m) => m.colour === colour && m.pid !== me.pid);

  return (
    <section class="card profile" data-testid="profile">
      <h2>
        <Badge look={me} size={28} /> {t("profile.title")}
      </h2>
      <form
        class="profile-name"
        onSubmit={(e) => {
          e.preventDefault();
          void change("name", name);
        }}
      >
        <label for="profile-name">{t("profile.name")}</label>
        <div class="row">
          <input
            id="profile-name"
            data-testid="profile-name"
            value={name}
            maxLength={NAME_MAX + 10 /* a longer paste is refused with a reason, not cut silently */}
            autocomplete="nickname"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "profile-name-error" : undefined}
            onInput={(e) => {
              setName((e.target as HTMLInputElement).value);
              setSaved(false);
            }}
          />
          <button type="submit" class="small-btn" data-action="profile-save" disabled={name === me.name}>
            {saved && name === me.name ? t("profile.saved") : t("profile.save")}
          </button>
        </div>
        {errors.name && (
          <p class="error field-error" id="profile-name-error" role="alert">
            {errors.name}
          </p>
        )}
      </form>
      <fieldset class="profile-colours">
        <legend>{t("profile.colour")}</legend>
        <div class="swatches">
          {COLOUR_IDS.map((c) => {
            const other = takenBy(c);
            const mine = me.colour === c;
            return (
              <button
                key={c}
                type="button"
                class={`swatch ${mine ? "pressed" : ""} ${other ? "taken" : ""}`}
                style={{ background: COLOURS[c] }}
                data-colour={c}
                aria-pressed={mine}
                aria-label={other ? t("profile.colour.taken", { name: other.name }) : t(`colour.${c}` as "colour.red")}
                title={other ? t("profile.colour.taken", { name: other.name }) : t(`colour.${c}` as "colour.red")}
                onClick={() => !mine && void change("colour", c)}
              >
                {other ? <Badge look={other} size={20} /> : null}
              </button>
            );
          })}
        </div>
        {errors.colour && (
          <p class="error field-error" role="alert">
            {errors.colour}
          </p>
        )}
      </fieldset>
      <fieldset class="profile-avatars">
        <legend>{t("profile.avatar")}</legend>
        <div class="swatches">
          {AVATAR_IDS.map((a) => (
            <button
              key={a}
              type="button"
              class={`swatch avatar ${me.avatar === a ? "pressed" : ""}`}
              data-avatar={a}
              aria-pressed={me.avatar === a}
              aria-label={t(`avatar.${a}` as "avatar.circle")}
              onClick={() => me.avatar !== a && void change("avatar", a)}
            >
              <Badge look={{ colour: me.colour, avatar: a }} size={28} />
            </button>
          ))}
        </div>
        {errors.avatar && (
          <p class="error field-error" role="alert">
            {errors.avatar}
          </p>
        )}
      </fieldset>
    </section>
  );
}

type Props = {
  label: string;
  value: string;
  set: (v: string) => void;
  players: { seat: number; nick: string }[];
  /** an option before the players (the PM vote's «воздержаться») */
  first?: { value: string; label: string };
  /** a «— choose —» line, chosen while ``value`` is empty: nothing is preselected */
  placeholder?: string;
};

/** A drop-down of players by nick (the desk's forms: correction, PM entry, relink). */
export function PlayerSelect({ label, value, set, players, first, placeholder }: Props) {
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {first && <option value={first.value}>{first.label}</option>}
        {players.map((p) => (
          <option key={p.seat} value={String(p.seat)}>
            {p.nick}
          </option>
        ))}
      </select>
    </label>
  );
}

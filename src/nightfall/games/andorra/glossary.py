"""The glossary (docs/andorra-glossary.md): every code the engine uses, with the seed's
Russian word. Built from the engine's own tables; a test keeps the document equal to it."""

from __future__ import annotations

from .day import VOID_REASONS
from .items import ITEM_NAMES
from .roles.actions import ACTIONS
from .roles.catalogue import CLAN_COLOURS, FACTIONS, GHOUL_EN, GHOUL_RU, ROLES
from .roles.move_names import MOVE_NAMES, MOVE_TYPES
from .roles.move_params import FIELDS, VOUCHER_KINDS
from .state import ALIVE, DEAD, JAILED_JAILER, JAILED_LYNCH
from .win import WIN_EN, WIN_RU

STATUSES = {
    ALIVE: ("жив", "alive"),
    DEAD: ("убит", "killed"),
    JAILED_LYNCH: ("сел (посажен голосованием)", "jailed by the vote"),
    JAILED_JAILER: ("посажен Тюремщиком", "jailed by the Jailer"),
}


def _table(title: str, rows: list[tuple[str, str, str]]) -> list[str]:
    out = [f"## {title}", "", "| Код | По-русски | English |", "|---|---|---|"]
    out += [f"| `{code}` | {ru} | {en} |" for code, ru, en in rows]
    return [*out, ""]


def glossary() -> str:
    lines = [
        "# Andorra Mafia: glossary of codes",
        "",
        "Every code the engine, the API and the CLI use, with the word the seed (the forum rules)",
        "uses for it. Pages and posts show only the Russian words; codes appear in the API, in",
        "SETUP.yaml/NIGHT.yaml files of the CLI and in the rulebook. Generated from the engine's",
        "tables by `python -m nightfall.games.andorra.glossary`; a test keeps this file equal to them.",
        "",
    ]
    lines += _table("Стороны (sides)", [(f, WIN_RU[f], WIN_EN[f]) for f in FACTIONS])
    roles = [(c, r.ru, r.en) for c, r in ROLES.items()] + [("GHOUL", GHOUL_RU, GHOUL_EN)]
    lines += _table("Роли (roles)", roles)
    lines += _table("Цвета кланов (two-clan colours)", [(c, ru, en) for c, (ru, en) in CLAN_COLOURS.items()])
    lines += _table("Ночные ходы (night moves, Appendix C)", [(c, *MOVE_NAMES[c]) for c in ACTIONS])
    lines += _table(
        "Виды ходов клана (clan move kinds, A-CLAN-6)", [(c, ru, en) for c, (ru, en) in MOVE_TYPES.items()]
    )
    lines += _table(
        "Поля ходов (move fields, `params` of a move)", [(n, p.ru, p.en) for n, p in FIELDS.items()]
    )
    lines += _table(
        "Виды турпутевки (voucher `kind`)", [(c, ru, en) for c, (ru, en) in VOUCHER_KINDS.items()]
    )
    lines += _table("Вещи (items)", [(c, ru, en) for c, (ru, en) in ITEM_NAMES.items()])
    lines += _table(
        "Нарушения голосования (void votes, A-VOTE-3)", [(c, ru, en) for c, (ru, en) in VOID_REASONS.items()]
    )
    lines += _table("Статусы (statuses)", [(c, ru, en) for c, (ru, en) in STATUSES.items()])
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(glossary(), end="")

"""Roles, one module per role (``role_modules.OWN``); the night's table (``night.steps.NIGHT``)
holds their step functions in the order of §11. ``ROLE_MODULES`` says where each role lives."""

from __future__ import annotations

ROLE_MODULES: dict[str, str] = {
    # Mafia (§9.1) and Cops: what their clan shares (recruitment, searches, shots, poisonings)
    # is in ``clans``; what one of them does alone, in his module
    "BOSS": "boss",
    "SOLDIER": "soldier",
    "RECRUITER": "recruiter",
    # the Journalist recruited into a clan: his watch is the Journalist's, his other moves the
    # clan's (``clans``), his card in ``descriptions``
    "JOURNALIST_SOLDIER": "journalist",
    "SHERIFF": "sheriff",
    "INVESTIGATOR": "investigator",
    "REBEL": "rebel",
    "GODFATHER": "godfather",
    "MAYOR": "mayor",
    "DOCTOR": "doctor",
    "NURSE": "nurse",
    "REANIMATOR": "reanimator",
    "PRIEST": "priest",
    "EXECUTIONER": "executioner",
    "JOURNALIST": "journalist",
    "PV": "pv",
    "BODYGUARD": "bodyguard",
    "PROSECUTOR": "prosecutor",
    "JAILER": "jailer",
    "VH": "van_helsing",
    "FAIRY": "fairy",
    "TOUROP": "tour_operator",
    "MANIAC": "maniac",
    "TELEPATH": "telepath",
    "SHMARA": "shmara",
    "PSYCHO": "psycho",
    "SWINDLER": "swindler",
    "VAMPIRE": "vampire",
    "DOMOVOI": "domovoi",
    "HORSEMAN": "horseman",
}
# Item uses (the diploma at 1 among them) live in ``item_uses``; stake hunts in ``hunters``;
# the engine steps 39a/42/43 in ``night.engine_steps``.

"""Roles, one module per role family; the night's table (``night.steps.NIGHT``) holds
their step functions in the order of §11. ``ROLE_MODULES`` says where each role lives."""

from __future__ import annotations

ROLE_MODULES: dict[str, str] = {
    # Mafia (§9.1) and Cops: the clans' recruitment, searches, shots and poisonings
    "BOSS": "clans",
    "SOLDIER": "clans",
    "RECRUITER": "clans",
    "JOURNALIST_SOLDIER": "clans",
    "SHERIFF": "clans",
    "INVESTIGATOR": "clans",
    "REBEL": "clans",
    "GODFATHER": "godfather",
    "MAYOR": "mayor",
    "DOCTOR": "doctor",  # a module of its own (roles/role_modules.py OWN)
    "NURSE": "nurse",  # so do the Nurse, the Reanimator, the Priest and the Undead
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
    "TELEPATH": "loners",
    "SHMARA": "shmara",
    "PSYCHO": "psycho",
    "SWINDLER": "swindler",
    "VAMPIRE": "vampire",
    "DOMOVOI": "domovoi",
    "HORSEMAN": "horseman",
}
# Vote-altering moves of steps 1-6 (any role) live in ``votes``; item uses in ``item_uses``;
# stake hunts in ``hunters``; the engine steps 39a/42/43 in ``night.engine_steps``.

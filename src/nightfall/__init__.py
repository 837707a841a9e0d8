"""Nightfall: hidden-role social-deduction games with an authoritative rules engine."""

__version__ = "0.1.0"

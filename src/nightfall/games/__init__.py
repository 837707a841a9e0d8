"""Game rules. Each game is a pure package on top of ``nightfall.engine``."""

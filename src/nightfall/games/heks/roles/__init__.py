"""Role abilities, one module per role that has behaviour (§6). The Witch lives in ``witches``."""

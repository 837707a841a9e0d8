"""An atheris (libFuzzer) target for the server's pure input parsing: frames,
request ids, names, room codes, origins. Run by test_atheris.py in a child
process (atheris ends the process when it is done):

    .venv/bin/python tests/fuzz/atheris_protocol.py -runs=20000
"""

from __future__ import annotations

import sys
import unicodedata

import atheris

with atheris.instrument_imports():
    from nightfall.engine import Rejected
    from nightfall.server import codes, lobby, protocol
    from nightfall.server.browser_edge import origin_allowed


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    text = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 9000))
    try:
        message = protocol.decode(text)
    except Rejected as rejected:
        assert rejected.code in ("bad_json", "too_large"), rejected
    else:
        assert isinstance(message, dict)
        rid = protocol.peek_id(message)
        assert rid is None or (isinstance(rid, int | str) and not isinstance(rid, bool))
        try:
            protocol.object_field(message, "payload")
        except Rejected as rejected:
            assert rejected.code == "bad_message"
    name = fdp.ConsumeUnicode(40)
    try:
        clean = lobby.clean_name(name)
    except Rejected as rejected:
        assert rejected.code == "bad_name"
    else:
        assert 1 <= len(clean) <= lobby.NAME_MAX and clean == clean.strip()
        assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in clean)
    code = codes.normalise(fdp.ConsumeUnicode(8))
    assert code is None or (len(code) == codes.LENGTH and set(code) <= set(codes.ALPHABET))
    origin_allowed(fdp.ConsumeUnicode(40) or None, fdp.ConsumeUnicode(20) or None)


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()

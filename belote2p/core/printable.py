"""Text from a file or the database made safe to print (issue #44): a name
in a run file or an edited database may hold ESC, CR or the C1 CSI, and a
terminal acts on them (a forged file drew its own "Valid").  Every command
prints such text through ``escaped`` (words) or ``printable_json`` (JSON).

Core module: the standard library only.
"""

from __future__ import annotations

# joiners that are part of a visible character (emoji sequences, Indic and
# Persian joining): printed as they are (``store.names`` keeps them too)
_JOINERS = {"\u200c", "\u200d"}


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def escaped(text: str) -> str:
    """``text`` as a terminal may print it: every character that is not
    printable (controls such as ESC, CR and the C1 CSI, bidi overrides,
    line separators, lone surrogates) written as its visible escape
    (``\\x1b``, ``\\u202e``), so that a name from a run file or an edited
    database can neither move the cursor nor draw text of its own (issue #44)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in _JOINERS else _escape(ch) for ch in text)


def printable_json(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with every character
    that is not printable written as a JSON escape: the same value, and
    nothing a terminal acts on (JSON escapes C0 controls itself, not C1's CSI)."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch in _JOINERS:
            out.append(ch)
        else:
            data = ch.encode("utf-16-be", "surrogatepass")
            out += [f"\\u{int.from_bytes(data[i:i + 2], 'big'):04x}"
                    for i in range(0, len(data), 2)]
    return "".join(out)

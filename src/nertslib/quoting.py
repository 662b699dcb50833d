"""Quoting user input in error messages, bounded.

Every parser's error message quotes what it was given, so that a user sees what was wrong; but
a message must stay readable (and cheap) when the input is a megabyte. :func:`excerpt` quotes
short input whole, exactly as ``repr`` does, and long input as a window around the fault.

>>> from nertslib.quoting import excerpt
>>> excerpt("0:trun")
"'0:trun'"
>>> excerpt("x" * 10_000 + "BAD" + "y" * 10_000, around="BAD")[37:51]
'xxxxxBADyyyyyy'
>>> excerpt("x" * 10_000 + "BAD" + "y" * 10_000, around="BAD")[-22:]
"y…' (20003 characters)"
"""

from __future__ import annotations

from typing import Final

__all__ = ["QUOTE_LIMIT", "EvalRepr", "clipped", "excerpt"]

QUOTE_LIMIT: Final = 1000
"""Input up to this many characters (or items) is quoted whole: a position of four seats
in NFEN is about 800 characters."""

_SIDE: Final = 40


def excerpt(value: object, around: str | None = None) -> str:
    """``repr(value)`` if it is short, else a window of it and its length.

    For a long ``str`` the window is centred on the first occurrence of ``around`` (the part
    the parser refused), or is the start of the text; any other long value is cut after
    :data:`QUOTE_LIMIT` characters of its ``repr`` (a long container is only named).

    >>> from nertslib.quoting import excerpt
    >>> excerpt(None), excerpt(b"ab")
    ('None', "b'ab'")
    >>> len(excerpt("z" * 1_000_000)) < 120
    True
    >>> excerpt(list(range(5000)))
    '<a list of 5000 items>'
    >>> len(excerpt(chr(0) * 999)) < 400  # each repr'd as four characters
    True
    """
    if isinstance(value, str):
        # the repr, not the text, is bounded: an escape such as \x00 is four characters
        if len(value) <= QUOTE_LIMIT and len(text := repr(value)) <= QUOTE_LIMIT:
            return text
        at = value.find(around) if around else -1
        if at < 0:
            start, end = 0, 2 * _SIDE
        else:
            start = max(0, at - _SIDE)
            end = min(len(value), at + min(len(around or ""), _SIDE) + _SIDE)
        head = "…" if start else ""
        tail = "…" if end < len(value) else ""
        return f"{head + value[start:end] + tail!r} ({len(value)} characters)"
    try:
        size = len(value)  # type: ignore[arg-type]
    except TypeError:
        size = 0
    if size > QUOTE_LIMIT:
        if isinstance(value, bytes | bytearray):
            return f"{value[: QUOTE_LIMIT // 4]!r}… ({size} bytes)"  # \xNN: 4 characters
        return f"<a {type(value).__name__} of {size} items>"
    try:
        text = repr(value)
    except RecursionError:
        return f"<a deeply nested {type(value).__name__}>"
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}… ({type(value).__name__})"


def clipped(message: str) -> str:
    """``message`` cut to :data:`QUOTE_LIMIT` characters.

    An explanation built from parts of a huge input, such as a long pile, stays readable.

    >>> from nertslib.quoting import clipped
    >>> clipped("short"), len(clipped("K♦ " * 10_000)) <= 1002
    ('short', True)
    """
    return message if len(message) <= QUOTE_LIMIT else message[: QUOTE_LIMIT - 1] + "…"


class EvalRepr:
    """Mixin for enums: ``repr`` is ``Name.MEMBER``, an expression that rebuilds the member."""

    __slots__ = ()

    name: str

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

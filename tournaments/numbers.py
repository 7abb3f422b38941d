"""Whole numbers from requests — URL parts, query strings, form fields — in a range, or None.

``str.isdigit()`` accepts digits ``int()`` refuses ("²"), and ``int()`` accepts numbers no
database column holds (``/api/matches/99999999999999999999/``): either ended as a 500 before.
Ids are the databases' 64-bit integers; a number past that names nothing (404, not 500).
"""

from typing import Any

ID_MAX = 2**63 - 1  # PostgreSQL's bigint, SQLite's INTEGER
SMALL_MAX = 32767  # a PositiveSmallIntegerField (round and game numbers) on PostgreSQL


def whole_number(raw: Any, *, low: int = 0, high: int = ID_MAX) -> int | None:
    """``raw`` as an int when it is written as one (ASCII digits) and lies in [low, high]."""
    text = str(raw if raw is not None else "").strip()
    if not text or len(text) > len(str(high)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if low <= value <= high else None


class IdConverter:
    """The ``<id:...>`` URL part: a row's id, as ``<int:...>`` but only what an id can be (a
    larger number matches no URL: 404)."""

    regex = "[0-9]+"
    high = ID_MAX

    def to_python(self, value: str) -> int:
        number = whole_number(value, high=self.high)
        if number is None:
            raise ValueError(value)  # Django: this URL does not match
        return number

    def to_url(self, value: Any) -> str:
        return str(int(value))


class NumberConverter(IdConverter):
    """The ``<number:...>`` URL part: a round's or a game's number."""

    high = SMALL_MAX

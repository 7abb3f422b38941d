"""A limited event's card pool: the cards one player opened (sealed) or drafted (draft).

A pool is a plain mapping of card name → copies. It reads from the same text lines as a
decklist's counted zone («3 Name», «Name x3», «Name»), from a JSON object of name → copies
(optionally under ``"pool"``), or from a JSON list of names, one copy each (what a booster
import gives). A game's validator takes it as ``options["pool"]``.
"""

import json
from collections.abc import Mapping
from typing import Any

from engine.decklist import (
    MAX_ENTRIES,
    _add_copies,
    _clean_lines,
    _header_of,
    _json_counts,
    _quoted,
    _read_line,
    _refuse,
)
from engine.problems import DeckParseError, Problem

MAX_POOL_CARDS = 1000  # sealed is six boosters, draft four: a few hundred cards at the very most
# Header lines a pasted pool may carry, ignored: "Pool:", "Sealed pool (90):", "Пул:".
_POOL_HEADERS: frozenset[str] = frozenset({"pool", "sealed pool", "draft pool", "cards", "пул", "карты"})

__all__ = ["MAX_POOL_CARDS", "parse_pool", "pool_size"]


def pool_size(pool: Mapping[str, int]) -> int:
    """Return the number of cards in the pool (every copy)."""
    return sum(pool.values())


def parse_pool(source: str | Mapping[str, Any] | list[Any], *, where: str = "pool") -> dict[str, int]:
    """Return the pool as name → copies (spellings equal under R1.5 merged, first one kept).

    Raises :class:`DeckParseError` with every problem found: an unreadable line, a bad
    count, an empty pool, more than :data:`MAX_POOL_CARDS` cards.
    """
    problems: list[Problem] = []
    data: Any = source
    if isinstance(source, str):
        text = source.strip().lstrip("\ufeff")
        if text[:1] in ("{", "["):
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                raise DeckParseError(Problem(where, "is not valid JSON"), source="pool") from None
        else:
            data = None
            pool = _pool_text(source, problems)
    if data is not None:
        pool = _pool_json(data, where, problems)
    if not problems and not pool:
        problems.append(Problem(where, "names no cards"))
    if not problems and pool_size(pool) > MAX_POOL_CARDS:
        problems.append(
            Problem(where, f"holds {pool_size(pool)} cards; a pool holds at most {MAX_POOL_CARDS}")
        )
    if problems:
        raise _refuse(problems, "pool")
    return pool


def _pool_json(data: Any, where: str, problems: list[Problem]) -> dict[str, int]:
    if isinstance(data, Mapping) and set(data) == {"pool"}:
        data = data["pool"]
    if isinstance(data, list):
        if len(data) > MAX_POOL_CARDS:
            problems.append(Problem(where, f"lists {len(data)} cards; a pool holds at most {MAX_POOL_CARDS}"))
            return {}
        counts: dict[str, int] = {}
        keys: dict[str, str] = {}
        for index, name in enumerate(data):
            if not isinstance(name, str) or not name.strip():
                problems.append(Problem(f"{where}[{index}]", "must be a card name"))
            else:
                _add_copies(counts, keys, " ".join(name.split()), 1)
        return counts
    if isinstance(data, Mapping):
        if len(data) > MAX_ENTRIES:
            problems.append(Problem(where, f"names {len(data)} cards; at most {MAX_ENTRIES} different names"))
            return {}
        return _json_counts(where, data, problems)
    problems.append(Problem(where, "must be a list of card names or an object of card name → copies"))
    return {}


def _pool_text(text: str, problems: list[Problem]) -> dict[str, int]:
    lines = _clean_lines(text)
    if len(lines) > MAX_POOL_CARDS:
        problems.append(
            Problem("pool", f"has {len(lines)} lines; a pool holds at most {MAX_POOL_CARDS} cards")
        )
        return {}
    counts: dict[str, int] = {}
    keys: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line or line.startswith(("#", "//")):
            continue
        header = _header_of(line)
        if header is not None and header[0] in _POOL_HEADERS and not header[1]:
            continue
        read = _read_line(line)
        if isinstance(read, str):
            problems.append(Problem(f"line {number}", f"{_quoted(line)}: {read}"))
            continue
        copies, name = read
        _add_copies(counts, keys, name, copies)
    return counts

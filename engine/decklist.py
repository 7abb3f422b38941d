"""Decklists as every game sees them: named zones of three kinds.

A game declares its zones once (:class:`ZoneSpec`); the JSON and text readers in
this module turn what a player pastes into a :class:`Decklist` of raw names. Names
are resolved against the catalog by the game's validator, which reports unknown
cards as violations (``unknown_card``), so a deck with a typo still gets every
other problem reported.
"""

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from engine.files import MAX_JSON_DEPTH, json_depth, read_text
from engine.names import normalize_name
from engine.problems import DeckParseError, Problem


class ZoneKind(Enum):
    ONE = "one"  # a single card name: a hero, a ruler
    ORDERED = "ordered"  # names in a fixed order: RESPONSE orders, left to right
    COUNTS = "counts"  # name -> number of copies: main deck, side deck


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of a game's decklist.

    ``key`` is the JSON key (formats.md); ``headers`` are the text-format section
    headers that select it, lower-case, without the colon, in every language.
    """

    key: str
    kind: ZoneKind
    headers: tuple[str, ...]
    required: bool = False


ZoneValue = str | tuple[str, ...] | dict[str, int] | None

# The words every game reads for its main and side deck (formats.md: `Main:`/`Колода:`,
# `Side:`/`Дополнительная колода:`), so a list pasted for one game reads in another; a game adds
# its own words (Chronomagia's hero deck, FoW's stones) beside these.
MAIN_HEADERS: tuple[str, ...] = (
    "main",
    "main deck",
    "maindeck",
    "deck",
    "колода",
    "основная колода",
    "основная",
)
SIDE_HEADERS: tuple[str, ...] = (
    "side",
    "side deck",
    "sidedeck",
    "sideboard",
    "дополнительная колода",
    "доп. колода",
    "доп колода",
    "сайд-колода",
    "сайд колода",
    "сайдборд",
    "сайд-дек",
    "сайд",
)


@dataclass(frozen=True, slots=True)
class Decklist:
    """A parsed, unresolved decklist: ``zones`` maps each zone key to its value.

    ONE zones hold a name or None, ORDERED zones a tuple of names, COUNTS zones a
    dict name -> copies (duplicated lines already summed, in first-seen order).
    """

    game: str
    zones: Mapping[str, ZoneValue] = field(default_factory=dict)

    def one(self, key: str) -> str | None:
        value = self.zones.get(key)
        return value if isinstance(value, str) else None

    def ordered(self, key: str) -> tuple[str, ...]:
        value = self.zones.get(key)
        return value if isinstance(value, tuple) else ()

    def counts(self, key: str) -> dict[str, int]:
        value = self.zones.get(key)
        return value if isinstance(value, dict) else {}


DEFAULT_GAME = "respons"

# "2 Name", "2x Name", "2 x Name", "2× Name" (also the Cyrillic х a Russian keyboard types).
_COUNT_FIRST = re.compile(r"^(\d+)\s*(?:[xXхХ×*]\s*)?\s(.+)$|^(\d+)\s*[xXхХ×*]\s*(\S.*)$")
# "Name x2", "Name x 2", "Name ×2", "Name×2".
_COUNT_LAST = re.compile(r"^(.+?)(?:\s+[xXхХ]\s*|\s*[×*]\s*)(\d+)$")
# "2x" or "x2" alone: a count with no name.
_COUNT_ONLY = re.compile(r"^\d+\s*[xXхХ×*]$|^[xXхХ×*]\s*\d+$")
# "Header: rest" where the header may carry a count in brackets: "Main (30):".
_HEADER = re.compile(r"^([^:]+?)\s*(?:\(\s*\d+\s*\))?\s*:\s*(.*)$")
_GAME_HEADERS: frozenset[str] = frozenset({"game", "игра"})
# Counts are small; a longer run of digits is a mistake, and an ordered zone repeats names.
_MAX_COUNT_DIGITS = 2
# What one decklist may hold (a list is read, resolved and answered per request, and
# anyone may post one). The largest real list is a few dozen lines; past these bounds it is
# refused whole, at once, before any name is looked up.
MAX_LINES = 1000  # lines of the text format
MAX_ENTRIES = 500  # names in the JSON zones (a counted zone's keys, an ordered zone's items)
MAX_PROBLEMS = 50  # problems listed; the rest are counted ("and N more problems")
_QUOTE_MAX = 80  # a line or a name quoted in a message, at most (the rest is "…")


def _quoted(text: str) -> str:
    """Return ``repr(text)``, cut at :data:`_QUOTE_MAX` characters (messages echo what was sent)."""
    return repr(text if len(text) <= _QUOTE_MAX else text[: _QUOTE_MAX - 1] + "…")


def _refuse(problems: list[Problem], source: str) -> DeckParseError:
    """Return the error listing the first :data:`MAX_PROBLEMS` problems (the rest counted)."""
    return DeckParseError(
        problems[:MAX_PROBLEMS], source=source, omitted=max(len(problems) - MAX_PROBLEMS, 0)
    )


def _zones_of(game: str, where: str, source: str) -> tuple[ZoneSpec, ...]:
    """Return the decklist zones of ``game``; raise DeckParseError for an unknown game."""
    from engine.registry import game_keys, get_game  # the registry imports this module

    if game not in game_keys():
        message = f"unknown game {_quoted(game)} (known: {', '.join(game_keys())})"
        params = {"game": game, "known": ", ".join(game_keys())}
        raise DeckParseError(Problem(where, message, "unknown_game", params), source=source)
    try:
        return tuple(get_game(game).zones)
    except ImportError:
        raise DeckParseError(
            Problem(where, f"the game {_quoted(game)} is not installed", "not_installed", {"game": game}),
            source=source,
        ) from None


def _empty_zones(zones: Sequence[ZoneSpec]) -> dict[str, ZoneValue]:
    """Return every zone of a game, empty: None, () or {} by kind."""
    empty: dict[str, ZoneValue] = {}
    for zone in zones:
        empty[zone.key] = None if zone.kind is ZoneKind.ONE else () if zone.kind is ZoneKind.ORDERED else {}
    return empty


def _add_copies(counts: dict[str, int], keys: dict[str, str], name: str, copies: int) -> None:
    """Add copies of ``name``, summing spellings that match under R1.5 (first spelling kept)."""
    key = normalize_name(name)
    spelling = keys.setdefault(key, name)
    counts[spelling] = counts.get(spelling, 0) + copies


def parse_decklist(
    source: str | Mapping[str, Any] | None, *, game: str | None = None, where: str = ""
) -> Decklist:
    """Return the :class:`Decklist` of a JSON object, JSON text, or the text format (None: no deck).

    ``game`` is the game when the source does not name one (default ``respons``);
    ``where`` names the source (a file) in messages. Raises :class:`DeckParseError`
    with the key path (JSON) or ``line N`` and its text (text format) of every
    problem. Names are not checked against any catalog here: unknown cards are the
    validator's ``unknown_card`` violations. JSON keys that are no zone of the game
    are ignored (formats.md: formats grow by new optional keys).
    """
    if isinstance(source, Mapping):
        return _parse_mapping(source, game or DEFAULT_GAME, where)
    if not isinstance(source, str):
        raise DeckParseError(
            Problem("", "a decklist must be a JSON object or text", "not_a_decklist"), source=where
        )
    body = source[1:] if source.startswith("\ufeff") else source
    if body.lstrip().startswith("{"):
        too_deep = DeckParseError(
            Problem("", f"nested deeper than {MAX_JSON_DEPTH} levels", "too_deep", {"most": MAX_JSON_DEPTH}),
            source=where,
        )
        try:
            data = json.loads(body)  # leading blank lines kept, so error line numbers are the file's
        except json.JSONDecodeError as error:
            place = f"line {error.lineno} column {error.colno}"
            problem = Problem(place, f"not valid JSON: {error.msg}", "bad_json", {"why": error.msg})
            raise DeckParseError(problem, source=where) from None
        except RecursionError:
            raise too_deep from None
        if json_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise too_deep
        return _parse_mapping(data, game or DEFAULT_GAME, where)
    return _parse_text(source, game or DEFAULT_GAME, where)


def load_decklist(path: str | Path, *, game: str | None = None) -> Decklist:
    """Return the decklist in a file (JSON or text, see :func:`parse_decklist`).

    Raises :class:`DeckParseError` when the file cannot be read, is not UTF-8, or
    cannot be parsed.
    """
    text = read_text(path, error=DeckParseError)
    return parse_decklist(text, game=game, where=str(path))


def _parse_mapping(data: Any, default_game: str, source: str) -> Decklist:
    if not isinstance(data, Mapping):
        raise DeckParseError(Problem("", "a decklist must be a JSON object", "not_an_object"), source=source)
    game = data.get("game", default_game)
    if not isinstance(game, str):
        raise DeckParseError(Problem("game", "must be a string", "not_a_string"), source=source)
    specs = _zones_of(game, "game", source)
    entries = sum(len(value) for spec in specs if isinstance(value := data.get(spec.key), list | Mapping))
    if entries > MAX_ENTRIES:
        message = f"the list names {entries} cards; a decklist names at most {MAX_ENTRIES}"
        params = {"entries": entries, "most": MAX_ENTRIES}
        raise DeckParseError(Problem("", message, "too_many_cards", params), source=source)
    zones = _empty_zones(specs)
    problems: list[Problem] = []
    for spec in specs:
        value = data.get(spec.key)
        if value is None:
            continue
        if spec.kind is ZoneKind.ONE:
            if not isinstance(value, str) or not value.strip():
                problems.append(Problem(spec.key, "must be a card name (a non-empty string)", "not_a_name"))
            else:
                zones[spec.key] = value.strip()
        elif spec.kind is ZoneKind.ORDERED:
            if not isinstance(value, list):
                problems.append(Problem(spec.key, "must be a list of card names", "not_a_list"))
                continue
            names: list[str] = []
            for i, name in enumerate(value):
                if not isinstance(name, str) or not name.strip():
                    problems.append(
                        Problem(f"{spec.key}[{i}]", "must be a card name (a non-empty string)", "not_a_name")
                    )
                else:
                    names.append(name.strip())
            zones[spec.key] = tuple(names)
        else:
            zones[spec.key] = _json_counts(spec.key, value, problems)
    if problems:
        raise _refuse(problems, source)
    return Decklist(game=game, zones=zones)


def _place(key: str, name: Any) -> str:
    # Only built for a problem: a replay parses both decks of every log it reads.
    return f"{key}[{json.dumps(name, ensure_ascii=False)}]"


def _json_counts(key: str, value: Any, problems: list[Problem]) -> dict[str, int]:
    if not isinstance(value, Mapping):
        problems.append(Problem(key, "must be an object of card name → number of copies", "not_counts"))
        return {}
    counts: dict[str, int] = {}
    keys: dict[str, str] = {}
    for name, copies in value.items():
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(_place(key, name), "card name must not be empty", "empty_name"))
        elif not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            problems.append(Problem(_place(key, name), "count must be a whole number ≥ 1", "bad_count"))
        else:
            _add_copies(counts, keys, name.strip(), copies)
    return counts


def _split_count(line: str) -> tuple[str, str]:
    """Return (count digits, name) of ``2 Name``/``2x Name``/``Name x2``; ("1", line) without."""
    match = _COUNT_FIRST.match(line)
    if match:
        if match.group(1):
            return match.group(1), match.group(2).strip()
        return match.group(3), match.group(4).strip()
    match = _COUNT_LAST.match(line)
    if match:
        return match.group(2), match.group(1).strip()
    return "1", line


# Why a card line cannot be read: its code (a Problem's ``params["why"]``) and English.
_UNREADABLE: dict[str, str] = {
    "no_name": "no card name",
    "count_too_large": "the count is too large",
    "count_below_one": "the count must be at least 1",
}


def _read_line(line: str) -> tuple[int, str] | str:
    """Return (copies, name) of a card line, or why it cannot be read (a key of _UNREADABLE)."""
    digits, name = _split_count(line)
    if _COUNT_ONLY.match(line) or not any(char.isalpha() for char in name):
        return "no_name"
    if len(digits) > _MAX_COUNT_DIGITS:
        return "count_too_large"
    copies = int(digits)
    if copies < 1:
        return "count_below_one"
    return copies, name


def _header_of(line: str) -> tuple[str, str] | None:
    """Return (normalized header, rest of the line) of a ``Header: rest`` line, or None."""
    match = _HEADER.match(line)
    if not match:
        return None
    return normalize_name(match.group(1)), match.group(2).strip()


def _game_named(name: str, where: str, source: str) -> str:
    """Return the key of the game named by ``name`` (its key or either title)."""
    from engine.registry import game_keys, get_game

    wanted = normalize_name(name)
    for key in game_keys():
        if wanted == key:
            return key
        try:
            rules = get_game(key)
        except ImportError:
            continue
        if wanted in (normalize_name(rules.title), normalize_name(rules.title_ru)):
            return key
    message = f"unknown game {_quoted(name)} (known: {', '.join(game_keys())})"
    params = {"game": name, "known": ", ".join(game_keys())}
    raise DeckParseError(Problem(where, message, "unknown_game", params), source=source)


def _text_game(lines: Sequence[str], default_game: str, source: str) -> str:
    """Return the game named by a ``Game: key`` line, else ``default_game``."""
    for number, line in enumerate(lines, start=1):
        header = _header_of(line)
        if header and header[0] in _GAME_HEADERS:
            return _game_named(header[1], f"line {number}", source)
    return default_game


def _expected_headers(specs: Sequence[ZoneSpec]) -> str:
    """Return the first header of each zone, as a list to quote: ``Hero:, Main:, Side:``."""
    return ", ".join(f"{spec.headers[0].capitalize()}:" for spec in specs if spec.headers)


def _any_game_headers() -> frozenset[str]:
    """Return the section headers of every game, normalized (a header of another game is a
    section, never a card name)."""
    from engine.registry import game_keys, get_game

    words = {normalize_name(word) for word in (*MAIN_HEADERS, *SIDE_HEADERS)}
    for key in game_keys():
        try:
            words.update(normalize_name(word) for spec in get_game(key).zones for word in spec.headers)
        except ImportError:
            continue
    return frozenset(words)


def _unknown_header(line: str, specs: Sequence[ZoneSpec], place: str) -> Problem:
    """Return the problem of a ``Header:`` line that names no section of the game."""
    expected = _expected_headers(specs)
    message = f"{_quoted(line)} is not a section of this game's decklist ({expected})"
    return Problem(place, message, "unknown_header", {"text": line, "expected": expected})


def _clean_lines(text: str) -> list[str]:
    """Return the lines without BOM, line-end, tab, surplus or trailing spaces (pasting adds them)."""
    return [" ".join(line.split()) for line in text.replace("\ufeff", "").splitlines()]


def _parse_text(text: str, default_game: str, source: str) -> Decklist:
    lines = _clean_lines(text)
    if len(lines) > MAX_LINES:
        message = f"the list has {len(lines)} lines; a decklist has at most {MAX_LINES}"
        params: dict[str, object] = {"lines": len(lines), "most": MAX_LINES}
        raise DeckParseError(Problem("", message, "too_many_lines", params), source=source)
    game = _text_game(lines, default_game, source)
    specs = _zones_of(game, "game", source)
    by_header = {normalize_name(header): spec for spec in specs for header in spec.headers}
    zones = _empty_zones(specs)
    spellings: dict[str, dict[str, str]] = {spec.key: {} for spec in specs}
    ordered: dict[str, list[str]] = {spec.key: [] for spec in specs if spec.kind is ZoneKind.ORDERED}
    problems: list[Problem] = []
    current: ZoneSpec | None = None
    in_unknown = False  # after a header the game does not know, until a header it knows
    for number, line in enumerate(lines, start=1):
        if not line or line.startswith("#"):
            continue
        header = _header_of(line)
        if header and header[0] in _GAME_HEADERS:
            continue
        place = f"line {number}"
        if header and header[0] in by_header:
            current, in_unknown = by_header[header[0]], False
            if not header[1]:
                continue
            line = header[1]  # "Hero: Name" — the section's first line is on the header line
        elif header and (not header[1] or header[0] in _any_game_headers()):
            # A section this game has not (or a word it does not know): its cards must never
            # land in the section above it, so the list is refused and the line named.
            problems.append(_unknown_header(line, specs, place))
            in_unknown = True
            continue
        if in_unknown:
            continue  # the cards of an unknown section: its header's problem says it all
        if current is None:
            expected = _expected_headers(specs)
            message = f"{_quoted(line)} comes before any section header ({expected})"
            params = {"text": line, "expected": expected}
            problems.append(Problem(place, message, "before_header", params))
            continue
        read = _read_line(line)
        if isinstance(read, str):
            message = f"cannot read {_quoted(line)}: {_UNREADABLE[read]}"
            problems.append(Problem(place, message, "unreadable_line", {"text": line, "why": read}))
            continue
        copies, name = read
        if current.kind is ZoneKind.ONE:
            held = zones[current.key]
            if copies != 1 or (isinstance(held, str) and normalize_name(held) != normalize_name(name)):
                message = f"cannot read {_quoted(line)}: the {current.key} section holds one card"
                params = {"text": line, "why": "one_card", "zone": current.key}
                problems.append(Problem(place, message, "unreadable_line", params))
            elif held is None:
                zones[current.key] = name  # the same card written twice keeps its first spelling
        elif current.kind is ZoneKind.ORDERED:
            ordered[current.key].extend([name] * copies)
        else:
            counts = zones[current.key]
            assert isinstance(counts, dict)
            _add_copies(counts, spellings[current.key], name, copies)
    if problems:
        raise _refuse(problems, source)
    for key, names in ordered.items():
        zones[key] = tuple(names)
    return Decklist(game=game, zones=zones)


def decklist_to_json(deck: Decklist) -> dict[str, Any]:
    """Return the decklist as the JSON object of formats.md (empty zones left out)."""
    out: dict[str, Any] = {"game": deck.game}
    for key, value in deck.zones.items():
        if isinstance(value, tuple):
            out[key] = list(value)
        elif isinstance(value, dict):
            if value:
                out[key] = dict(value)
        elif value is not None:
            out[key] = value
    return out

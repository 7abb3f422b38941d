"""Positions for rules tests: a game's match set up directly from a JSON-able spec.

A rules test states a position — the cards in each zone of each seat, life or influence,
resources, whose turn, which phase or step, whose decision — and plays the one action the
rule is about, as XMage's card tests do (``addCard(Zone.BATTLEFIELD, playerA, …)``), instead
of playing into the position from an unshuffled deck. A game offers it through its match
engine's ``scenario`` (:class:`ScenarioBuilder`, None for a game without one)::

    builder = get_game("respons").match_engine.scenario
    match = builder.build(catalog, {
        "phase": "actions", "turn": 1, "initiative": 0,
        "seats": [
            {"hero": "Tester", "orders": ["Order 1"], "hand": ["Soldier"],
             "field": [{"card": "Soldier", "line": 1, "row": 1}]},
            {"hero": "Tester", "orders": ["Order 1"]},
        ],
    })
    match.apply(0, {"type": "play", "card": "Soldier", "cell": {"line": 2, "row": 1}})

A spec is one JSON object; each game documents its keys (``games/<key>/README.md``,
"Positions for rules tests"). What every game's spec shares:

- ``seats``: a list of two objects, one per seat, each holding the seat's zones (the game's
  zone words: ``hand``, ``deck`` top card first, ``graveyard``, …) and counters;
- a zone is a list of card entries: a card's name (any spelling the card set accepts), or an
  object ``{"card": name, …}`` with what the card carries in play (damage, exhausted, a cell);
- the game's own keys say whose turn it is, the phase or step, and whose decision;
- ``seq`` (the decision number, default 0) and ``seed`` (the match's generator from there on,
  default 0);
- every key is checked: an unknown key, zone or card, a card where the rules cannot put it, is
  an :class:`~engine.problems.InputError` naming each problem's key path
  (``seats[0].hnad: unknown key; expected one of …``, ``seats[1].hand[2]: unknown card
  'Soldeir' (did you mean 'Soldier'?)``).

:meth:`ScenarioBuilder.describe` is the inverse: the spec of a position reached in play, when
the builder can start from it (else None). The test kit (``tests/engine/test_scenario_kit.py``)
plays random games and rebuilds their positions from their specs, so a builder is checked on
every position a game reaches. :class:`SpecReader` holds the checks every builder makes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NoReturn, Protocol, TypeVar

from engine.actions import is_int
from engine.catalog import Catalog
from engine.problems import InputError, Problem

S = TypeVar("S")  # the game's match state (engine.match.MatchState)
C = TypeVar("C")

Spec = dict[str, Any]


class ScenarioBuilder(Protocol[S]):
    """A game's positions for rules tests (its engine's ``scenario``)."""

    def build(self, catalog: Catalog[Any], spec: Any) -> S:
        """Return a match in the position ``spec`` describes, run to its first decision (what
        the game does on its own from there, such as a phase's start-of-phase abilities, has
        happened; its events are the match's ``initial_events``). Raises
        :class:`~engine.problems.InputError` naming every bad key, zone, card and value.

        A built match plays on like any other; it has no match log (``to_log`` raises
        :class:`NoMatchLog`): its setup is the spec, not decks and a seed."""
        ...

    def describe(self, state: S) -> Spec | None:
        """Return the spec of ``state``'s position, from which :meth:`build` makes the same
        position, or None when the builder cannot start from it (a decision in the middle of a
        resolution, a game over)."""
        ...


class ModuleScenario(Generic[S]):
    """The :class:`ScenarioBuilder` of a game's ``match/scenario.py`` (its module functions
    ``build(catalog, spec)`` and ``describe(state)``), imported when first used."""

    def __init__(self, module: str) -> None:
        self.module = module

    def build(self, catalog: Catalog[Any], spec: Any) -> S:
        """Return the match of ``spec`` (:meth:`ScenarioBuilder.build`)."""
        match: S = importlib.import_module(self.module).build(catalog, spec)
        return match

    def describe(self, state: S) -> Spec | None:
        """Return the spec of ``state`` or None (:meth:`ScenarioBuilder.describe`)."""
        spec: Spec | None = importlib.import_module(self.module).describe(state)
        return spec


class NoMatchLog(Exception):
    """``to_log`` of a match built from a spec: its setup is the spec, which no log holds."""


@dataclass(frozen=True)
class Entry(Generic[C]):
    """A card entry of a zone: the card, the entry's key path, and its object's other keys
    (``{}`` for an entry given by name alone)."""

    card: C
    where: str
    extra: Mapping[str, Any]


class Placed(Protocol):
    """A card instance as :class:`Stock` sees it: its card's ``name`` and its ``zone``."""

    zone: int

    @property
    def name(self) -> str: ...


P = TypeVar("P", bound=Placed)


def counted(entries: Iterable[Entry[Any]]) -> dict[str, int]:
    """Return the decklist counts of ``entries``: each card's name, as many as entries name it
    (the decklist a position's cards make, which the match makes before they are put in place)."""
    counts: dict[str, int] = {}
    for entry in entries:
        name = entry.card.name
        counts[name] = counts.get(name, 0) + 1
    return counts


class Stock(Generic[P]):
    """The card instances a match made for a position's cards, by name: a position builder
    fills each zone by taking the instances its entries name, in the spec's order; of a card's
    instances, the one given first is taken first."""

    def __init__(self, made: Iterable[P]) -> None:
        self.by_name: dict[str, list[P]] = {}
        for inst in made:
            self.by_name.setdefault(inst.name, []).append(inst)
        for pile in self.by_name.values():
            pile.reverse()  # taken from the end

    def take(self, entry: Entry[Any], zone: int) -> P:
        """Return an instance of the entry's card not taken yet, put in ``zone``."""
        inst = self.by_name[entry.card.name].pop()
        inst.zone = zone
        return inst

    def fill(self, entries: Iterable[Entry[Any]], zone: int) -> list[P]:
        """Return an instance for each of ``entries``, in their order, each put in ``zone``."""
        return [self.take(entry, zone) for entry in entries]


class SpecReader(Generic[C]):
    """Reads a spec against a game's catalog, collecting every problem with its key path;
    :meth:`done` raises them all at once (as a card set's loader does)."""

    def __init__(self, catalog: Catalog[Any]) -> None:
        self.catalog = catalog
        self.problems: list[Problem] = []

    def problem(self, where: str, message: str) -> None:
        """Record one problem at ``where``."""
        self.problems.append(Problem(where, message))

    def done(self) -> None:
        """Raise :class:`InputError` with every problem recorded, if any."""
        if self.problems:
            raise InputError(list(self.problems), source="scenario")

    def fail(self) -> NoReturn:
        """Raise :class:`InputError` with every problem recorded: the spec cannot be read on."""
        raise InputError(list(self.problems) or [Problem("", "the spec cannot be read")], source="scenario")

    def object(
        self, raw: Any, where: str, allowed: Iterable[str], required: Iterable[str] = ()
    ) -> Mapping[str, Any]:
        """Return ``raw`` when it is a JSON object whose keys are all ``allowed`` and hold every
        ``required`` one; else record each problem (and return what can be read, or {})."""
        label = where or "the spec"
        if not isinstance(raw, Mapping):
            self.problem(where, f"{label} must be an object")
            return {}
        known = tuple(allowed)
        for key in raw:
            if key not in known:
                self.problem(_join(where, str(key)), f"unknown key; expected one of {', '.join(known)}")
        for key in required:
            if key not in raw:
                self.problem(_join(where, key), "is missing")
        return raw

    def whole(
        self,
        raw: Mapping[str, Any],
        key: str,
        where: str,
        *,
        default: int,
        low: int = 0,
        high: int | None = None,
    ) -> int:
        """Return the whole number ``raw[key]`` in ``low``…``high`` (``default`` when absent; a
        bad one is recorded, and ``default`` returned)."""
        value = raw.get(key, default)
        if not is_int(value) or value < low or (high is not None and value > high):
            upper = f" to {high}" if high is not None else " or more"
            self.problem(_join(where, key), f"must be a whole number from {low}{upper}")
            return default
        return int(value)

    def flag(self, raw: Mapping[str, Any], key: str, where: str, *, default: bool = False) -> bool:
        """Return the boolean ``raw[key]`` (``default`` when absent; a bad one is recorded)."""
        value = raw.get(key, default)
        if not isinstance(value, bool):
            self.problem(_join(where, key), "must be true or false")
            return default
        return value

    def choice(
        self, raw: Mapping[str, Any], key: str, where: str, choices: Iterable[str], *, default: str
    ) -> str:
        """Return ``raw[key]`` when it is one of ``choices`` (``default`` when absent)."""
        allowed = tuple(choices)
        value = raw.get(key, default)
        if value not in allowed:
            self.problem(_join(where, key), f"must be one of {', '.join(allowed)}")
            return default
        return str(value)

    def card(self, name: Any, where: str) -> C | None:
        """Return the catalog's card named ``name`` (any spelling it accepts), else record
        ``unknown card`` with the closest names, and return None."""
        if not isinstance(name, str) or not name.strip():
            self.problem(where, "must be a card's name")
            return None
        card: C | None = self.catalog.get(name)
        if card is None:
            close = self.catalog.suggest(name)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            self.problem(where, f"unknown card {name!r}{hint}")
        return card

    def entry(self, raw: Any, where: str, extra: Iterable[str] = ()) -> Entry[C] | None:
        """Return one card entry: a name, or an object with a ``card`` and the ``extra`` keys
        the zone allows; a bad one is recorded, and None returned."""
        if isinstance(raw, str):
            card = self.card(raw, where)
            return Entry(card, where, {}) if card is not None else None
        fields = self.object(raw, where, ("card", *extra), required=("card",))
        if "card" not in fields:
            return None
        card = self.card(fields["card"], where)
        if card is None:
            return None
        return Entry(card, where, {key: value for key, value in fields.items() if key != "card"})

    def entries(self, raw: Any, where: str, extra: Iterable[str] = ()) -> list[Entry[C]]:
        """Return the card entries of a zone, a list (absent or null: empty); each bad entry is
        recorded and left out."""
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.problem(where, "must be a list of cards")
            return []
        allowed = tuple(extra)
        found = (self.entry(item, f"{where}[{index}]", allowed) for index, item in enumerate(raw))
        return [entry for entry in found if entry is not None]

    def seats(self, raw: Mapping[str, Any], players: int = 2) -> list[Any] | None:
        """Return ``raw["seats"]``, a list of one object per seat (each checked by the game); else
        record the problem and return None (the seats are then not read at all)."""
        seats = raw.get("seats")
        if not isinstance(seats, list) or len(seats) != players:
            if "seats" in raw:  # else "is missing" (or "must be an object") says it already
                self.problem("seats", f"must be a list of {players} objects, one per seat")
            return None
        return seats


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key

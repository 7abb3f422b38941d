"""The types one play of any game is made of, declared once for every game's match engine.

A game's match package builds its rules out of these (``engine/README.md``, "Shape of a game
package"); the site and the test kit read them only through the protocols of
:mod:`engine.match` (``Refusal``, ``PendingRequest``, ``MatchEvent``, ``MatchResult``):

- :class:`IllegalAction`: the refusal ``apply`` raises, with the ``rule`` broken, an English
  ``message``, a stable ``code`` and the message's ``params``;
- :class:`GameOver`: raised inside a game's rules when the game ends, to unwind them;
- :class:`Result`: how a game ended (``winner``, ``reason``);
- :class:`Decision`: the pending request (``kind``, ``seat``, ``seq``); a game adds what its
  requests say in ``info`` (shown as is by :meth:`Decision.as_dict`), or in fields of a small
  subclass that says how it shows them (RESPONSE's, ``games/respons/match/decisions.py``), and
  says the rule of each kind (:attr:`Decision.rule`);
- :class:`Event`: something that happened, a public part and a private part for one seat
  (:data:`JUDGES`: for no seat at the table);
- :class:`Opening`: what a play starts from (catalog, decks, seed and the one ``random.Random``,
  shuffle, who goes first, names, turn limit), with the decks' piles read from it;
- :class:`Ids`: the ids of the cards in sight, minted from one counter.

This module is not compiled (``build_engine.py`` compiles the games' own modules): a compiled
game subclasses these as plain Python classes (``@mypyc_attr(native_class=False)``), and builds
and reads them about as fast as its own native classes (``bench/bench_engine.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.problems import InputError, Problem

# The "seat" of an event's private part that no seat sees: for judges and full logs only (the
# match seed, which rebuilds both decks' order).
JUDGES = -1


class IllegalAction(Exception):
    """An action the rules refuse: the ``rule`` it breaks (``"R7.1"``), an English ``message``,
    a stable ``code`` (one of the engine's ``refusal_codes``: one code may come with different
    rules) and the message's values in ``params`` (JSON text and whole numbers), so that a
    front end can say the same in another language. Raised by a match's ``apply`` before
    anything changes."""

    def __init__(
        self, rule: str, message: str, *, code: str = "", params: dict[str, str | int] | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.code = code
        self.params: dict[str, str | int] = params if params is not None else {}
        super().__init__(f"{rule}: {message}")


class GameOver(Exception):
    """Unwinds a game's rules when the game ends (its ``end`` sets the :class:`Result`, then
    raises this); caught inside the game's package, never seen by its callers."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winner`` 0, 1 or None (a draw), and the reason word (each game's
    own, and the site's ``concede``, ``timeout``, ``no_show``, ``penalty``)."""

    winner: int | None
    reason: str

    def as_dict(self) -> dict[str, Any]:
        """Return ``{"winner": ..., "reason": ...}``."""
        return {"winner": self.winner, "reason": self.reason}


@dataclass(slots=True)
class Decision:
    """A pending request for input: its ``kind`` (the game's words, and ``wait`` for the seat
    not asked), the ``seat`` asked and ``seq``, the number of the decision an answer quotes;
    ``info`` says more, JSON shown as is (a choice's options, the chain's size). Never mutate
    one (it is not frozen: a frozen dataclass is slow to build, and one is built per decision).

    A game subclasses it to say the rule of each kind (:attr:`rule`, cited when a seat answers
    out of turn), and may add typed fields with an :meth:`as_dict` that shows them (they are
    then the game's to keep out of ``info``).
    """

    kind: str
    seat: int
    seq: int
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        """Return the rule the request belongs to (``"R6.3"``): the game's subclass says it. (A
        property rather than a class variable: compiled, a subclass's class variable would read
        as a dataclass field.)"""
        return ""

    def as_dict(self) -> dict[str, Any]:
        """Return the request as JSON: ``kind``, ``seat``, ``seq`` and the keys of ``info``
        (never a card hidden from anyone who may read it)."""
        return {"kind": self.kind, "seat": self.seat, "seq": self.seq, **self.info}


class Event(tuple[dict[str, Any], dict[str, Any] | None, int]):
    """Something that happened, split for the views: ``Event((public, private, seat))``.

    ``public`` is what everyone may see (it carries ``type``); ``private`` is added for
    ``seat`` only (a drawn card, a face-down card's name), or for nobody at the table when
    ``seat`` is :data:`JUDGES`. A judge sees both. A tuple because a game builds one for every
    event of every action (built in C, no ``__init__``).
    """

    __slots__ = ()

    @classmethod
    def of(cls, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = JUDGES) -> Event:
        """Return the event of these parts (the same as ``Event((public, private, seat))``)."""
        return cls((public, private, seat))

    @property
    def public(self) -> dict[str, Any]:
        return self[0]

    @property
    def private(self) -> dict[str, Any] | None:
        return self[1]

    @property
    def seat(self) -> int:
        return self[2]

    @property
    def type(self) -> str:
        return str(self[0]["type"])

    def for_seat(self, seat: int) -> dict[str, Any]:
        """Return the event as ``seat`` may see it (its private part only if it is theirs)."""
        public, private, owner = self
        if private is not None and seat == owner:
            return {**public, **private}
        return dict(public)

    def public_dict(self) -> dict[str, Any]:
        """Return the event as a spectator sees it."""
        return dict(self[0])

    def judge_dict(self) -> dict[str, Any]:
        """Return the whole event (public and private parts) for judges and logs;
        ``private_to`` names the seat the private part is for, or ``"judges"``."""
        public, private, owner = self
        if private is None:
            return dict(public)
        return {**public, **private, "private_to": owner if owner != JUDGES else "judges"}

    def __repr__(self) -> str:
        return f"Event({self.judge_dict()!r})"


C = TypeVar("C")


@dataclass(slots=True)
class Opening:
    """What one play of any game starts from, its match's constructor's arguments: the card
    ``catalog``, both ``decks`` (``engine.decklist.Decklist``), the ``seed`` of the match's one
    generator (:attr:`rng`, made here), whether the decks are ``shuffle``d, who goes ``first``
    (None: the seed picks, :meth:`first_player`), the seats' ``names`` and the ``turn_limit``.

    A game builds its seats from :meth:`pile` and :meth:`shuffled`, in the order its rules say,
    and keeps the values it reads as its match's attributes (``seed``, ``names``, ``rng`` …:
    the match log reads them there)."""

    catalog: Any
    decks: tuple[Any, Any]
    seed: int
    shuffle: bool = True
    first: int | None = None
    names: tuple[str, str] = ("A", "B")
    turn_limit: int = 0
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def card(self, name: Any, seat: int, kind: type[C]) -> C:
        """Return the catalog's card ``name`` (one of the game's ``kind``), or raise
        :class:`~engine.problems.InputError` naming the seat's deck."""
        card = self.catalog.get(name) if isinstance(name, str) else None
        if not isinstance(card, kind):
            raise InputError(Problem(f"decks[{seat}]", f"unknown card {name!r}"))
        return card

    def pile(self, seat: int, zone: str, kind: type[C]) -> list[C]:
        """Return the cards of the zone ``zone`` of the seat's deck, each as many times as the
        deck counts it, in the deck's order (unshuffled); an absent zone is empty."""
        counts = self.decks[seat].zones.get(zone) or {}
        if not isinstance(counts, dict):
            raise InputError(Problem(f"decks[{seat}].{zone}", "must map card names to counts"))
        cards: list[C] = []
        for name, count in counts.items():
            cards.extend([self.card(name, seat, kind)] * int(count))
        return cards

    def shuffled(self, *piles: list[Any]) -> None:
        """Shuffle each pile in place with the match's generator, in the order given (unless the
        match is built unshuffled, for tests)."""
        if self.shuffle:
            for pile in piles:
                self.rng.shuffle(pile)

    def first_player(self) -> int:
        """Return the seat that goes first: the site's choice (the previous game's loser), else
        the seed's (the generator's next draw)."""
        return self.first if self.first is not None else self.rng.randrange(2)


class Identified(Protocol):
    """A card instance as :class:`Ids` sees it: its ``id`` (−1: none)."""

    id: int


class Ids:
    """The ids of a play's cards in sight: each minted from one counter as a card comes into a
    zone a seat sees, a new object each time (never from a list's order), none in a hidden
    pile. ``by_id``: the cards in sight now (what an action may name); ``minted``: every id ever
    minted (what the rules still hold of a card that moved on); ``next_id``: the counter."""

    __slots__ = ("by_id", "minted", "next_id")

    def __init__(self) -> None:
        self.by_id: dict[int, Any] = {}
        self.minted: dict[int, Any] = {}
        self.next_id = 0

    def mint(self, card: Identified) -> int:
        """Give ``card`` the next id (its old one names nothing in sight any more); return it."""
        if card.id >= 0:
            self.by_id.pop(card.id, None)
        ident = card.id = self.next_id
        self.next_id = ident + 1
        self.by_id[ident] = self.minted[ident] = card
        return ident

    def forget(self, card: Identified) -> None:
        """``card`` went out of every seat's sight (a deck, a face-down pile): no id."""
        if card.id >= 0:
            self.by_id.pop(card.id, None)
            card.id = -1

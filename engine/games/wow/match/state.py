# mypyc: compiled by build_engine.py
"""The pieces of one WoW TCG match: card instances, seats, events, requests, refusals.

The rules that move them live in ``core.py`` (setup W5, turns W6, resources W7, playing W8,
powers W9, the chain W10 through :mod:`engine.chain`, combat W11, damage W12, state checks
W12.6/W13, the end W14–W15) and ``effects.py`` (the ability vocabulary, W18).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games.wow.cards import Ability, Card

# Zones (W3.1). RESOURCE: the resource row; CHAIN: a card on the chain (W8.1); ATTACHED: an
# ongoing ability lying on its host (W3.4, W8.3); GONE: a token that left play (W3.3, W13.7).
DECK, HAND, ALLIES, HERO_ROW, RESOURCE, GRAVEYARD, REMOVED, CHAIN, ATTACHED, GONE = range(10)
ZONE_NAMES: tuple[str, ...] = (
    "deck",
    "hand",
    "allies",
    "hero_row",
    "resources",
    "graveyard",
    "removed",
    "chain",
    "attached",
    "gone",
)

OPENING_HAND = 7  # W5.3
MAX_HAND = 7  # W6.4
TURN_LIMIT = 60  # W15.1 [decision]: both players' turns counted; then a draw (turn_limit)
BOTH = 3  # ``Inst.known``: a bit per seat (1 << seat); both bits = public


class Inst:
    """One card of a match: its card, owner, zone and the state play adds (W3.2–W3.5)."""

    __slots__ = (
        "atk_bonus",
        "card",
        "combat_atk",
        "controller",
        "counters",
        "damage",
        "entered",
        "exhausted",
        "face_up",
        "flipped",
        "host",
        "id",
        "known",
        "owner",
        "shield",
        "zone",
    )  # fmt: skip

    def __init__(self, card: Card, owner: int, zone: int) -> None:
        self.id = -1  # W4.4 [decision]: none in a deck; minted as the card comes into sight
        self.card = card
        self.owner = owner
        self.controller = owner  # W3.5: who has it on their side; take_control changes it
        self.zone = zone
        self.exhausted = False
        self.damage = 0  # W3.2: damage counters; they never expire (W6.6)
        # W3.2 [decision]: the other kinds of counter, kind -> n (> 0); damage is the int above
        self.counters: dict[str, int] = {}
        self.entered = -1  # the turn it came under its controller's control (W9.2)
        self.atk_bonus = 0  # "+N ATK this turn" (W6.6)
        self.combat_atk = 0  # "+N ATK until the end of combat" (W18 atk, until combat)
        self.shield = 0  # "prevent the next N damage this turn" (W12.3, W6.6)
        self.face_up = True  # a resource placed face down is not (W4.3)
        self.known = 0  # which seats know its name (a bit per seat)
        self.host: int | None = None  # the card it is attached to (W8.3)
        self.flipped = False  # W1.7: a hero turned to its back; it stays so

    @property
    def abilities(self) -> tuple[Ability, ...]:
        """The text that works now (W1.7): a flipped hero's back, else the card's front."""
        return self.card.back if self.flipped else self.card.abilities

    @property
    def name(self) -> str:
        return self.card.name


class Seat:
    """One player's side: the hero and the zones (W3.1) and this turn's flags."""

    __slots__ = (
        "allies",
        "attached",
        "deck",
        "decked",
        "graveyard",
        "hand",
        "hero",
        "hero_row",
        "name",
        "placed",
        "removed",
        "resources",
    )  # fmt: skip

    def __init__(self, name: str, hero: Inst) -> None:
        self.name = name
        self.hero = hero
        self.deck: list[Inst] = []  # the top is index 0
        self.hand: list[Inst] = []
        self.allies: list[Inst] = []
        self.hero_row: list[Inst] = []  # equipment and ongoing abilities (totems too)
        self.resources: list[Inst] = []
        self.graveyard: list[Inst] = []
        self.removed: list[Inst] = []
        self.attached: list[Inst] = []  # attached ongoing abilities it controls (W3.4, W8.3)
        self.placed = False  # a resource this turn (W7.1)
        self.decked = False  # a draw from an empty deck (W14.2)

    def in_play(self) -> list[Inst]:
        """Return the hero, the allies, the hero row and the attachments (not the resources)."""
        return [self.hero, *self.allies, *self.hero_row, *self.attached]


# The stable codes of IllegalAction (README.md, "Refusals"); the site translates them.
REFUSAL_CODES: tuple[str, ...] = (
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "not_your_decision",
    "not_legal_now",
    "not_in_hand",
    "cannot_pay",
    "needs_empty_chain",
    "not_instant",
    "resource_placed",
    "not_ready",
    "just_arrived",
    "illegal_target",
    "elusive",
    "not_usable_by_hero",
    "weapon_used",
    "not_a_protector",
    "keep_hand",
    "not_ready_armor",
    "not_searchable",
    "bad_payment",
    "not_kept",
)


class IllegalAction(Exception):
    """An action the rules refuse; ``rule`` is the rule it breaks (e.g. ``"W7.1"``).

    ``message`` is English; ``code`` (one of :data:`REFUSAL_CODES`) names what was wrong and
    ``params`` hold the message's values. Raised by ``Match.apply`` before anything changes.
    """

    def __init__(
        self, rule: str, message: str, *, code: str = "", params: dict[str, str | int] | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.code = code
        self.params: dict[str, str | int] = params if params is not None else {}
        super().__init__(f"{rule}: {message}")


class GameOver(Exception):
    """Internal: unwinds the rules when the game ends (W14, W15); never leaves the package."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winner`` 0, 1 or None (a draw), and the reason.

    Reasons: ``hero`` (fatal damage, W14.1), ``deck`` (an empty deck, W14.2),
    ``turn_limit`` (W15.1), ``concede``, ``timeout``, ``no_show``, ``penalty``.
    """

    winner: int | None
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


# The rule each decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "mulligan": "W5.4",
    "priority": "W10.4",
    "protect": "W11.4",
    "discard": "W6.4",
    "search": "W4.1",
    "armor": "W12.5",
    "keep": "W13.4",
    "order": "W9.4",
    "target": "W9.4",
}


@dataclass(slots=True)
class Decision:
    """A request for input: ``kind`` (mulligan, priority, protect, discard,
    armor, keep, or wait), the ``seat`` asked, ``seq``; ``info`` says more (the window, the chain's size)."""

    kind: str
    seat: int
    seq: int
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "W10.4")

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "seq": self.seq, **self.info}


class Event:
    """Something that happened: a ``public`` part, a ``private`` part for ``seat`` only
    (``seat`` −1: for judges only)."""

    __slots__ = ("private", "public", "seat")

    def __init__(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = -1) -> None:
        self.public = public
        self.private = private
        self.seat = seat

    def for_seat(self, seat: int) -> dict[str, Any]:
        if self.private is not None and seat == self.seat:
            return {**self.public, **self.private}
        return dict(self.public)

    def public_dict(self) -> dict[str, Any]:
        return dict(self.public)

    def judge_dict(self) -> dict[str, Any]:
        return {**self.public, **(self.private or {})}

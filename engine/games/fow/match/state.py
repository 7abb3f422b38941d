# mypyc: compiled by build_engine.py
"""The pieces of one Force of Will match: card instances, seats, requests, refusal codes; the
shared types of a play (events, refusals, results) are the engine's (engine/play.py).

The rules that move them live in ``core.py`` (setup F5, turns F6, will F7, the chase F8,
battle F9, playing F10, winning F12) and ``effects.py`` (the ability vocabulary, F11).
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from engine.games.fow.cards import Card
from engine.play import Decision as SharedDecision
from engine.play import Event, GameOver, IllegalAction, Result

# Zones (F3). ``CHASE``: a played card waiting on the chase (F8.1, F10.1).
DECK, HAND, FIELD, GRAVEYARD, STONE_DECK, RULER_ZONE, REMOVED, CHASE = range(8)
ZONE_NAMES: tuple[str, ...] = (
    "deck", "hand", "field", "graveyard", "stone_deck", "ruler_zone", "removed", "chase",
)  # fmt: skip

START_LIFE = 4000  # F5.2 [decision] (published, CR 405)
OPENING_HAND = 5  # F5.2 [decision] (published, CR 405)
HAND_LIMIT = 7  # F6.4
TURN_LIMIT = 60  # F13.1 [decision]: both players' turns counted; then a draw (turn_limit)
BOTH = 3  # ``Inst.known``: a bit per seat (1 << seat); both bits = public


class Inst:
    """One card instance: its card, owner, zone and what the field adds (rest, damage, …)."""

    __slots__ = (
        "atk_mod", "card", "damage", "def_mod", "entered", "equipped_to", "id", "j", "known",
        "owner", "pay_order", "rested", "zone",
    )  # fmt: skip

    def __init__(self, card: Card, owner: int, zone: int) -> None:
        self.id = -1  # F4.5 [decision]: none in a deck; minted as the card comes into sight
        self.card = card
        self.owner = owner
        self.zone = zone
        self.rested = False
        self.entered = -1  # the turn it was put onto the field (F9.1)
        self.damage = 0  # F9.5: until the end phase
        self.atk_mod = 0  # pump effects until end of turn (F11)
        self.def_mod = 0
        self.equipped_to: int | None = None  # F10.2: the resonator an addition equips
        self.j = False  # F7.3: a ruler on its J-ruler side
        self.known = 0  # which seats know the card's name (a bit per seat)
        # F7.6 [decision]: a magic stone with fewer attributes is spent first, then the
        # lower id (set as the id is minted, Match.mint: sorted on at every payment).
        self.pay_order = (len(card.produces), -1)

    @property
    def name(self) -> str:
        return self.card.name


class Seat:
    """One player's side: life, the ruler, the zones and this turn's flags."""

    __slots__ = (
        "called", "deck", "field", "graveyard", "hand", "judged_turn", "judgment_lost", "life", "name",
        "removed", "ruler", "stones", "will",
    )  # fmt: skip

    def __init__(self, name: str, ruler: Inst) -> None:
        self.name = name
        self.life = START_LIFE
        self.ruler = ruler  # in the ruler zone, or on the field as the J-ruler (F7.3)
        self.deck: list[Inst] = []  # the top is index 0
        self.stones: list[Inst] = []  # the magic stone deck (F2.2), top first
        self.hand: list[Inst] = []
        self.graveyard: list[Inst] = []  # F4.3: ordered, public
        self.removed: list[Inst] = []  # F3.3
        self.field: list[Inst] = []  # what this player controls (F3.3), in the order it came
        self.called = False  # a stone called this turn (F7.2)
        self.judged_turn = False  # Judgment done this turn (F7.2: no call after it; F7.3: once a turn)
        self.judgment_lost = False  # F7.4: its J-ruler was destroyed: no Judgment again this game
        self.will: dict[str, int] = {}  # F7.5: the will pool, by attribute (unused will)


# The stable codes of IllegalAction (README.md, "Refusals"); the site translates them.
REFUSAL_CODES: tuple[str, ...] = (
    # F14 and the protocol: the game, the seat, the seq, the action's shape
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "not_your_decision",
    "not_a_choice",
    "mulligan_cards",
    "mulligan_not_in_hand",
    # F6.3, F8.2: timing
    "not_main_timing",
    # F10, F7: playing and paying
    "not_in_hand",
    "too_expensive",
    "no_action",
    "action_too_expensive",
    "rested",
    "summoning_sick",
    # F7.2, F7.3: calling and Judgment
    "action_used",
    # F7.6: a payment that names its stones
    "bad_payment",
    # F9: battle
    "cannot_attack",
    "cannot_block",
    # F6.4: discard
    "not_a_discard",
    # F8.5: ordering triggers
    "not_a_trigger",
    # F11: chosen targets
    "illegal_target",
    "target_missing",
)


# The rule each decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "mulligan": "F5.2", "priority": "F8.3", "block": "F9.2", "discard": "F6.4", "order": "F8.5",
    "target": "F8.5",
}  # fmt: skip


# A plain Python class when compiled (build_engine.py), like its base in engine/play.py.
@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Decision(SharedDecision):
    """A request for input (engine/play.py): ``kind`` (mulligan, priority, block, discard,
    order, target, or wait), the ``seat`` asked, ``seq``; ``info`` says more (the attack to
    block, the triggers to order)."""

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "F8.3")


__all__ = ["REFUSAL_CODES", "Decision", "Event", "GameOver", "IllegalAction", "Inst", "Result", "Seat"]

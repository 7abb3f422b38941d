"""The pieces of a Your War match: zones, numbers, refusal codes, requests and card instances;
the shared types of a play (refusals, results, events) are the engine's (engine/play.py).

The rules that move them are in the modules above (``board.py`` and up to ``core.py``); the
numbers (Y4.1, Y7.3, ...) are the rules digest's, as ``RULES.md`` beside the package restates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.yourwar.cards import Ability, Card
from engine.play import JUDGES, Event, GameOver, IllegalAction, Result
from engine.play import Decision as SharedDecision

# Zones (Y3.1): integers, compared in hot loops.
DECK, HAND, FIELD, SUPPORT, BASES, DESTROYED = range(6)
ZONE_NAMES: tuple[str, ...] = ("deck", "hand", "field", "support", "bases", "destroyed")

HEALTH = 22  # Y4.1
OPENING_HAND = 7  # Y4.1, Y4.3
HAND_LIMIT = 9  # Y5.6
BASES_PER_DEFENSE = 6  # Y6.3
TURN_LIMIT = 200  # Y10.1 [decision]: the default of the event's cap, both players' turns; then a draw

# The stable codes of IllegalAction (README.md, "Refusals"); the first nine are RESPONSE's too.
REFUSAL_CODES: tuple[str, ...] = (
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "not_your_decision",
    "card_name_missing",
    "not_in_hand",
    "illegal_target",
    "target_missing",
    "wrong_action",
    "no_redeal",
    "base_built",
    "not_a_base",
    "cannot_pay",
    "bad_payment",
    "not_while_intervening",
    "no_such_card",
    "not_available",
    "summoning_sick",
    "no_property",
    "property_used",
    "bad_blocks",
    "ground_blocks_air",
    "blocks_twice",
    "bad_split",
    "not_a_colonel",
    "bad_guard",
)

# The rule each decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "opening": "Y4.3",
    "initial": "Y5.1",
    "block": "Y7.2",
    "intervene": "Y7.5",
    "assign": "Y7.6",
    "final": "Y5.5",
    "discard": "Y5.6",
}

# The action types each decision takes (site actions aside).
DECISION_ACTIONS: dict[str, frozenset[str]] = {
    "opening": frozenset({"keep", "redeal"}),
    "initial": frozenset({"build", "play", "use", "attack", "guard", "end"}),
    "block": frozenset({"block"}),
    "intervene": frozenset({"play", "use", "proceed"}),
    "assign": frozenset({"assign"}),
    "final": frozenset({"build", "play", "use", "guard", "end"}),
    "discard": frozenset({"discard"}),
}


# A plain dataclass: Your War's requests say one thing more than the shared ones, the size of the
# hand a redeal would deal.
@dataclass(slots=True)
class Decision(SharedDecision):
    """A pending request (engine/play.py): ``kind`` (a key of :data:`DECISION_RULES`, or
    ``wait``), the ``seat`` asked and ``seq``. ``deal`` is the size of the hand a redeal would
    deal (opening, Y4.3)."""

    deal: int = 0

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "Y5.7")

    def as_dict(self) -> dict[str, Any]:
        """Return the public JSON shape of the request (it names no card)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "seq": self.seq}
        if self.kind == "opening":
            out["redeal_deals"] = self.deal
        return out


def refuse(rule: str, code: str, message: str, **params: str | int) -> IllegalAction:
    """Return the refusal of an action: the rule it breaks, its code (:data:`REFUSAL_CODES`), an
    English message and the message's values."""
    return IllegalAction(rule, message, code=code, params=dict(params))


class Inst:
    """One physical card in a match, wherever it is (Y3.1).

    ``used``: tapped (Y5.1, Y6.2, Y7.1); ``sick``: came into play this turn (Y5.2);
    ``damage`` wears off at the end of each turn (Y7.9); ``attack_bonus``/``defense_bonus``
    are until end of turn, ``attack_in_play``/``defense_in_play`` while it stays in play (Y8);
    ``attacking``; ``blocking`` the id of the attacker it blocks;
    ``guarding`` the id of the colonel it guards and ``linked`` when (Y8); ``icon_used``
    (Y1.5); ``entered`` orders triggers by when the card came into play (Y5.7)."""

    __slots__ = (
        "attack_bonus",
        "attack_in_play",
        "attacking",
        "blocking",
        "card",
        "damage",
        "defense_bonus",
        "defense_in_play",
        "entered",
        "guarding",
        "icon_used",
        "id",
        "linked",
        "name",
        "owner",
        "sick",
        "used",
        "zone",
    )

    def __init__(self, card: Card, owner: int) -> None:
        self.id = -1  # Y3.4 [decision]: none in a deck or a hand; minted as it comes into sight
        self.card = card
        self.name = card.name
        self.owner = owner
        self.zone = DECK
        self.reset()

    def reset(self) -> None:
        """Forget everything the card had in play (it left the field)."""
        self.used = False
        self.sick = False
        self.damage = 0
        self.attack_bonus = 0
        self.defense_bonus = 0
        self.attack_in_play = 0
        self.defense_in_play = 0
        self.attacking = False
        self.blocking: int | None = None
        self.guarding: int | None = None
        self.linked = 0
        self.icon_used = False
        self.entered = 0

    def abilities(self, trigger: str) -> list[tuple[int, Ability]]:
        """Return (index, ability) of the card's abilities with ``trigger`` (do not change it)."""
        if not self.card.abilities:
            return _NONE
        by_trigger = _BY_TRIGGER.get(id(self.card))
        if by_trigger is None or by_trigger[0] is not self.card:
            table: dict[str, list[tuple[int, Ability]]] = {}
            for index, ability in enumerate(self.card.abilities):
                table.setdefault(ability.trigger, []).append((index, ability))
            by_trigger = _BY_TRIGGER[id(self.card)] = (self.card, table)
        return by_trigger[1].get(trigger, _NONE)


_NONE: list[tuple[int, Ability]] = []
# A card's abilities by trigger, shared by its copies (keyed by the card object's id).
_BY_TRIGGER: dict[int, tuple[Card, dict[str, list[tuple[int, Ability]]]]] = {}


class Seat:
    """One player's side (Y3.1): zones as lists of instances in order, health, turn counters."""

    __slots__ = (
        "bases",
        "builds",
        "deck",
        "destroyed",
        "field",
        "hand",
        "health",
        "kept",
        "played",
        "redeals",
        "support",
    )

    def __init__(self) -> None:
        self.deck: list[Inst] = []  # the top is the end of the list
        self.hand: list[Inst] = []
        self.field: list[Inst] = []
        self.support: list[Inst] = []
        self.bases: list[Inst] = []
        self.destroyed: list[Inst] = []
        self.health = HEALTH
        self.redeals = 0
        self.kept = False
        self.builds = 1  # Y6.1: bases that may still be built this turn
        self.played: set[str] = set()  # Y8 combo: types and names played this turn

    def zone(self, zone: int) -> list[Inst]:
        return (self.deck, self.hand, self.field, self.support, self.bases, self.destroyed)[zone]


__all__ = [
    "JUDGES", "REFUSAL_CODES", "Decision", "Event", "GameOver", "IllegalAction", "Inst", "Result", "Seat",
    "refuse",
]  # fmt: skip

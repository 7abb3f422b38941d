"""The pieces of one Chronomagia match: card instances, seats, requests, queued work, refusal
codes; the shared types of a play (events, refusals, results) are the engine's (engine/play.py).

The rules that move them live in the modules above this one (README.md beside the game,
"Match engine"): the board and its moves, resources, time, the ability vocabulary, the
actions and the turn's flow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.chronomagia.cards import Card, Row
from engine.play import Decision as SharedDecision
from engine.play import Event, GameOver, IllegalAction, Result

# How a game ends (``Result.reason``): ``life`` (C14.1), ``end_of_time`` (C15.1), ``turn_limit``
# (C15.3), and the site's ``concede``, ``timeout``, ``no_show``, ``penalty``.

# Zones (C3.3). ``VOID``: a token that left play (C11.4).
DECK, HAND, FIELD, GRAVEYARD, POOL, HERO_DECK, THRONE, VOID = range(8)
ZONE_NAMES: tuple[str, ...] = ("deck", "hand", "field", "graveyard", "pool", "hero_deck", "throne", "void")

START_LIFE = 30  # C3.1
OPENING_HAND = 5  # C5.3
LAST_CENTURY = 30  # C3.2: 15 + 10 + 5
TURN_LIMIT = 100  # C15.3 [decision]: both players' turns counted
TIME_MOVES_PER_TURN = 50  # C8.6 [decision]
BOTH = 3  # ``Inst.known``: a bit per seat (1 << seat); both bits = public


def epoch_of(century: int) -> int:
    """Return the epoch of a century (C3.2): 1 for 1–15, 2 for 16–25, 3 for 26–30."""
    return 1 if century <= 15 else 2 if century <= 25 else 3


class Inst:
    """One card instance of a match: its card, owner, zone and what the battlefield adds."""

    __slots__ = (
        "card",
        "entered",
        "face_down",
        "id",
        "known",
        "lives",
        "own_epoch",
        "owner",
        "tapped",
        "trapped_by",
        "zone",
    )  # fmt: skip

    def __init__(self, card: Card, owner: int, zone: int) -> None:
        self.id = -1  # C4.4 [decision]: none in a deck or the pool; minted as it comes into sight
        self.card = card
        self.owner = owner
        self.zone = zone
        self.tapped = False
        self.entered = 0  # the turn it entered the battlefield (C7.1, C12.1)
        self.own_epoch: int | None = None  # C8.5: set by a time shift, else the global epoch
        self.lives = 0  # terrain lives (C10.2) or a phenomenon's time counter (C10.3)
        self.trapped_by: int | None = None  # C13 trap: the trapper's seat
        self.known = 0  # which seats know the card's name (a bit per seat)
        self.face_down = False  # a shadow not flipped (C10.4)

    @property
    def name(self) -> str:
        return self.card.name


class Seat:
    """One player's side: life, armor, the hero, the zones and this turn's flags."""

    __slots__ = (
        "armor",
        "collected",
        "deck",
        "field",
        "graveyard",
        "hand",
        "hero",
        "hero_deck",
        "hero_used",
        "life",
        "meditated",
        "meditating",
        "name",
        "played",
        "pool",
        "tokens",
    )  # fmt: skip

    def __init__(self, name: str, hero: Inst) -> None:
        self.name = name
        self.life = START_LIFE
        self.armor = 0  # C7.9
        self.hero = hero
        self.tokens = 0  # hero-ability tokens (C3.4, C10.5)
        self.deck: list[Inst] = []  # the top is index 0
        self.hand: list[Inst] = []
        self.pool: list[Inst] = []  # concentration (C7.2), oldest first
        self.hero_deck: list[Inst] = []
        self.graveyard: list[Inst] = []
        self.field: list[Inst] = []  # permanents and face-down shadows, in the order they came
        self.collected: set[str] = set()  # the resource kinds collected this turn (C7.1)
        self.hero_used = False  # C10.5
        self.meditated = False  # this turn (C6.3)
        self.meditating = False  # until the owner's next turn begins (C6.3)
        self.played = 0  # cards played this turn (for the views)


# The stable codes of IllegalAction (README.md, "Refusals"); the site translates them.
REFUSAL_CODES: tuple[str, ...] = (
    # C14, C16: the game, the seat, the seq, the action's shape
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "not_your_decision",
    "not_a_choice",
    "mulligan_cards",
    "mulligan_not_in_hand",
    # C10: playing cards
    "not_in_hand",
    "no_concentration",
    "terrain_taken",
    "phenomenon_taken",
    "absent_in_epoch",
    "meditated",
    "not_a_shadow",
    "not_its_event",
    # C6.3: meditation
    "cannot_meditate",
    "not_in_hero_deck",
    # C7, C9: resources and attack
    "already_collected",
    "nothing_to_collect",
    "bad_time_spend",
    "bad_assignment",
    # C10.5, C11.1, C12: hero abilities, sacrifice, tapping
    "no_action",
    "action_used",
    "not_enough_tokens",
    "summoning_sick",
    # C13: chosen targets
    "illegal_target",
    "target_missing",
    "targets_not_a_list",
    "target_count",
)


# The rule each decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "redraw": "C5.3",
    "meditation": "C6.3",
    "main": "C6.4",
    "attack": "C9.3",
    "choose": "C13",
    "flip": "C10.4",
    "order": "C6.7",
}


@dataclass(slots=True)
class Decision(SharedDecision):
    """A request for input (engine/play.py): ``kind`` (redraw, meditation, main, attack, choose,
    flip, order, or wait), the ``seat`` asked, ``seq``; ``info`` says more (a choice's effect)."""

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "C6.7")


@dataclass(slots=True)
class Work:
    """A queued piece of resolution (C6.7): an ability's effect, a shadow's flip offer, or a
    flipped shadow going to the graveyard."""

    kind: str  # "effect" | "flip" | "bury"
    seat: int  # whose it is: the controller of the effect, the shadow's owner
    source: Inst | None
    ability: Any = None  # cards.Ability for "effect"
    row: Row | None = None
    may_flip: bool = False  # "flip": its event happened (C10.4), so it may flip; else stay only


__all__ = [
    "REFUSAL_CODES", "Decision", "Event", "GameOver", "IllegalAction", "Inst", "Result", "Seat", "Work",
]  # fmt: skip

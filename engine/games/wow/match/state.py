# mypyc: compiled by build_engine.py
"""The pieces of one WoW TCG match: card instances, seats, requests, refusal codes and what play
gives a card; the shared types of a play (events, refusals, results) are the engine's
(engine/play.py).

The rules that move them live in the modules above: ``board.py`` (setup W5, the cards' moves),
``damage.py`` (damage W12, state checks W12.6/W13, the end W14), ``effects.py`` (the ability
vocabulary, W18), ``combat.py`` (W11), ``resolution.py`` (the chain W10 through
:mod:`engine.chain`, playing W8, powers W9), ``flow.py`` (turns W6) and ``core.py`` (the protocol).
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from engine.games.wow.cards import Ability, Card, Effect
from engine.play import Decision as SharedDecision
from engine.play import Event, GameOver, IllegalAction, Result

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


# A plain Python class when compiled (build_engine.py), like its base in engine/play.py.
@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Decision(SharedDecision):
    """A request for input (engine/play.py): ``kind`` (mulligan, priority, protect, discard,
    search, armor, keep, order, target, or wait), the ``seat`` asked, ``seq``; ``info`` says
    more (the window, the chain's size)."""

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "W10.4")


# --- what play gives a card, read and forgotten (W3.2, W6.6) ----------------------------------


def reset(inst: Inst) -> None:
    """A card leaving play forgets what play gave it: its counters of every kind (W3.2) and
    this turn's bonuses (W6.6)."""
    inst.exhausted = False
    inst.damage = inst.atk_bonus = inst.shield = 0
    if inst.counters:  # the common case, none, allocates nothing
        inst.counters = {}


def counters_on(inst: Inst, kind: str) -> int:
    """Return the number of ``kind`` counters on ``inst`` (W3.2): ``damage`` is one kind."""
    return inst.damage if kind == "damage" else inst.counters.get(kind, 0)


def atk_amount(effect: Effect, inst: Inst) -> int:
    """Return the ATK an ``atk`` effect gives ``inst``: its amount, or with ``per_counter`` the
    amount for each counter of that kind on ``inst`` as it is now (W3.2 [decision]). A one-time
    ``atk`` asks as it resolves; a static one every time ATK is read."""
    if effect.per_counter is None:
        return effect.amount
    return effect.amount * counters_on(inst, effect.per_counter)


__all__ = [
    "REFUSAL_CODES", "Decision", "Event", "GameOver", "IllegalAction", "Inst", "Result", "Seat", "atk_amount",
    "counters_on", "reset",
]  # fmt: skip

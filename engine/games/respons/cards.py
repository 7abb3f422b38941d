"""A RESPONSE card as rules digest R1 describes it."""

from dataclasses import dataclass, field

CARD_TYPES: tuple[str, ...] = ("hero", "unit", "spell", "trap", "enhancement", "location")
SUPERTYPES: tuple[str, ...] = ("order", "legendary")
# Types that occupy a cell of the tactical segment (R3.2).
FIELD_TYPES: frozenset[str] = frozenset({"unit", "trap", "enhancement"})


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability from the vocabulary (``vocabulary.py``)."""

    trigger: str
    effect: str
    target: str
    amount: int = 0
    cost: int = 0  # activated abilities only (R7.6)


@dataclass(frozen=True, slots=True)
class Card:
    """One RESPONSE card (R1.1–R1.4). ``name`` is the canonical spelling (R1.5)."""

    name: str
    type: str
    factions: frozenset[str]
    cost: int
    set_code: str = ""
    number: int = 0
    supertypes: frozenset[str] = frozenset()
    subtypes: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    strength: int = 0  # units (R1.4)
    influence: int = 0  # heroes (R1.4)
    durability: int = 0  # locations (R1.4)
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_order(self) -> bool:
        return "order" in self.supertypes

    @property
    def is_legendary(self) -> bool:
        return "legendary" in self.supertypes

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

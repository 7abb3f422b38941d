"""A Force of Will card (seeds/004_…): its type, attributes and whether it is basic.

Card fields (formats.md, "The other seed games"): ``type`` ∈ ruler, resonator,
addition, regalia, chant, magic_stone; ``basic`` (true for basic magic stones);
``attributes``. See ``README.md`` beside this file.
"""

from dataclasses import dataclass
from typing import Any

from engine.games._common import (
    IDENTITY_KEYS,
    check_keys,
    check_object,
    take_bool,
    take_choice,
    take_identity,
    take_int,
    take_str_list,
)
from engine.languages import Translations, translations_json
from engine.problems import Problem

# Seed «ТИПЫ КАРТ»: Правитель (Ruler), Резонаторы (Resonator), Магические камни
# (Magic Stone), Дополнения (Addition), Регалии (Regalia), Глас (Chant).
CARD_TYPES: tuple[str, ...] = ("ruler", "resonator", "addition", "regalia", "chant", "magic_stone")
# Seed «КАК ПОЛУЧИТЬ ВОЛЮ»: «Воля имеет 5 атрибутов: свет, тьму, огонь, воду и воздух».
# No attribute at all means a void (colourless) card.
ATTRIBUTES: tuple[str, ...] = ("light", "darkness", "fire", "water", "wind")

CARD_KEYS: tuple[str, ...] = (*IDENTITY_KEYS, "type", "basic", "attributes", "cost")


@dataclass(frozen=True, slots=True)
class Card:
    """One Force of Will card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    basic: bool = False  # basic magic stones only: exempt from the copy limit
    attributes: tuple[str, ...] = ()
    cost: int | None = None  # total will; rulers and magic stones have none
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""

    @property
    def is_ruler(self) -> bool:
        return self.type == "ruler"

    @property
    def is_stone(self) -> bool:
        return self.type == "magic_stone"


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``) for every bad field: ``basic``
    is true only on a magic stone; ``attributes`` come from the five of the seed.
    """
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    check_keys(raw, CARD_KEYS, where, problems)
    identity = take_identity(raw, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems)
    basic = take_bool(raw, "basic", where, problems)
    if basic and card_type is not None and card_type != "magic_stone":
        problems.append(Problem(f"{where}.basic", "must be false unless the card is a magic stone"))
    attributes = take_str_list(raw, "attributes", where, problems, choices=ATTRIBUTES, fold=True)
    cost = take_int(raw, "cost", where, problems, default=None)
    if len(problems) > before or card_type is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        basic=basic,
        attributes=attributes,
        cost=cost,
        aliases=identity.aliases,
        number=identity.number,
        text=identity.text,
        names=identity.names,
        texts=identity.texts,
    )


def card_summary(card: Card) -> dict[str, Any]:
    """Return the card as a flat JSON-able dict for the site."""
    return {
        "name": card.name,
        "aliases": list(card.aliases),
        "number": card.number,
        "type": card.type,
        "basic": card.basic,
        "attributes": list(card.attributes),
        "cost": card.cost,
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

"""A Your War card (seeds/002_…): its type and country.

Card fields (formats.md, "The other seed games"): ``type`` ∈ unit, artillery,
support, medal, base (``base`` is «Военная База») and ``country``. See ``README.md``.
"""

from dataclasses import dataclass
from typing import Any

from engine.games._common import (
    IDENTITY_KEYS,
    check_keys,
    check_object,
    take_choice,
    take_identity,
    take_int,
    take_optional_str,
)
from engine.languages import Translations, translations_json
from engine.problems import Problem

# Seed «Все карты можно разделить по следующим типам»: «Боевой Юнит», «Артиллерия»,
# «Поддержка», «Медаль», and the «Военная База» that pays for them.
CARD_TYPES: tuple[str, ...] = ("unit", "artillery", "support", "medal", "base")
# Seed «ОСОБЕННОСТИ КАРТ ПО ИХ ТИПАМ»: «Наземный Юнит», «Истребитель Танков»,
# «ВВС – Бомбардировщик», «ВВС – Истребитель», «Военный Флот».
UNIT_CLASSES: tuple[str, ...] = ("ground", "tank_destroyer", "bomber", "fighter", "navy")

CARD_KEYS: tuple[str, ...] = (*IDENTITY_KEYS, "type", "country", "cost", "unit_class", "attack", "defense")


@dataclass(frozen=True, slots=True)
class Card:
    """One Your War card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    country: str | None  # None: a card of no country, paid with any «Военная База»
    cost: int = 0  # in «Военные Базы»
    unit_class: str | None = None  # units only
    attack: int | None = None  # units only
    defense: int | None = None  # units only
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""

    @property
    def is_base(self) -> bool:
        """True for a «Военная База», the one card the four-copy limit exempts."""
        return self.type == "base"


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``) for every bad field: ``country``
    must be present: a non-empty string (lower-cased, so "USA" and "usa" are one
    country) or null for a card of no country (seed: «Иногда требуются «Военные Базы»
    определенной страны, иногда любой»);
    ``unit_class``, ``attack`` and ``defense`` belong to units only.
    """
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    check_keys(raw, CARD_KEYS, where, problems)
    identity = take_identity(raw, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems)
    if "country" not in raw:
        problems.append(
            Problem(f"{where}.country", "is missing; a country name, or null for a card of no country")
        )
    country = take_optional_str(raw, "country", where, problems)
    cost = take_int(raw, "cost", where, problems) or 0
    unit_class = take_choice(raw, "unit_class", UNIT_CLASSES, where, problems, required=False)
    attack = take_int(raw, "attack", where, problems, default=None)
    defense = take_int(raw, "defense", where, problems, default=None)
    if card_type is not None and card_type != "unit":
        for key in ("unit_class", "attack", "defense"):
            if raw.get(key) is not None:
                problems.append(Problem(f"{where}.{key}", "is only for units"))
    if len(problems) > before or card_type is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        country=country.casefold() if country else None,
        cost=cost,
        unit_class=unit_class,
        attack=attack,
        defense=defense,
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
        "country": card.country,
        "cost": card.cost,
        "unit_class": card.unit_class,
        "attack": card.attack,
        "defense": card.defense,
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

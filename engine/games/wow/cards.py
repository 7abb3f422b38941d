"""A World of Warcraft TCG card: its type, traits and keywords (seeds/001_…).

Card fields (formats.md, "The other seed games"): ``type``; ``traits`` — the five
qualities of «Качества» (faction, classes, races, talents, professions); ``keywords``;
``hero_required_talent``. See ``README.md`` beside this file for the full list.
"""

from collections.abc import Mapping
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
    take_str_list,
)
from engine.languages import Translations, translations_json
from engine.problems import Problem

# Seed «Об игре» / «Устройство карты»: hero, ally, ability, weapon, armor, item, quest.
CARD_TYPES: tuple[str, ...] = ("hero", "ally", "ability", "weapon", "armor", "item", "quest")
# Seed «Качества»: «Орда (Horde) и Союз (Alliance)».
FACTIONS: tuple[str, ...] = ("horde", "alliance")
# Seed «Качества», КЛАСС: «все девять классов из компьютерной версии».
CLASSES: tuple[str, ...] = (
    "druid",
    "hunter",
    "mage",
    "paladin",
    "priest",
    "rogue",
    "shaman",
    "warlock",
    "warrior",
)
# Seed «Свойства (Keywords)», plus «Уникальность»/«Неограничено» which deck rules read.
KEYWORDS: tuple[str, ...] = (
    "bear_form",
    "elusive",
    "ferocity",
    "instant",
    "long_range",
    "ongoing",
    "protector",
    "stealth",
    "totem",
    "unique",
    "unlimited",
)
# The list-valued trait kinds, in the order «Качества» names them (faction aside).
TRAIT_LISTS: tuple[str, ...] = ("classes", "races", "talents", "professions")

CARD_KEYS: tuple[str, ...] = (
    *IDENTITY_KEYS,
    "type",
    "traits",
    "keywords",
    "hero_required_talent",
    "cost",
)


@dataclass(frozen=True, slots=True)
class Traits:
    """A card's qualities. All empty (and no faction) means a neutral card."""

    faction: str | None = None
    classes: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    professions: tuple[str, ...] = ()

    def pairs(self) -> frozenset[tuple[str, str]]:
        """Return every trait as ``(kind, value)``, so a race never matches a class by accident."""
        pairs = {("faction", self.faction)} if self.faction else set()
        for kind in TRAIT_LISTS:
            pairs.update((kind, value) for value in getattr(self, kind))
        return frozenset(pairs)

    @property
    def is_neutral(self) -> bool:
        """True when the card has no trait at all (seed: «нейтральных карт качеств нет вообще»)."""
        return not self.pairs()


@dataclass(frozen=True, slots=True)
class Card:
    """One WoW TCG card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    traits: Traits = Traits()
    keywords: frozenset[str] = frozenset()
    hero_required_talent: str | None = None
    cost: int | None = None  # heroes have no cost
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_unlimited(self) -> bool:
        return "unlimited" in self.keywords


def parse_traits(raw: Any, where: str, problems: list[Problem]) -> Traits:
    """Return the ``traits`` object of a card; absent or null means neutral.

    Appends a problem per bad key: ``faction`` must be horde, alliance or null, the
    list kinds lists of strings (classes from the nine of the seed), nothing else.
    """
    if raw is None:
        return Traits()
    if not check_object(raw, where, problems):
        return Traits()
    check_keys(raw, ("faction", *TRAIT_LISTS), where, problems)
    faction = take_choice(raw, "faction", FACTIONS, where, problems, required=False)
    return Traits(
        faction=faction,
        classes=take_str_list(raw, "classes", where, problems, choices=CLASSES, fold=True),
        races=take_str_list(raw, "races", where, problems, fold=True),
        talents=take_str_list(raw, "talents", where, problems, fold=True),
        professions=take_str_list(raw, "professions", where, problems, fold=True),
    )


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``) for every bad field. A hero
    must carry all five qualities (seed «Качества»: «У вашего героя пять качеств»)
    and no ``hero_required_talent`` (that is a requirement on other cards).
    """
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    check_keys(raw, CARD_KEYS, where, problems)
    identity = take_identity(raw, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems)
    traits = parse_traits(raw.get("traits"), f"{where}.traits", problems)
    keywords = take_str_list(raw, "keywords", where, problems, choices=KEYWORDS, fold=True)
    required_talent = take_optional_str(raw, "hero_required_talent", where, problems)
    cost = take_int(raw, "cost", where, problems, default=None)
    if card_type == "hero":
        _check_hero(raw, traits, required_talent, where, problems)
    if len(problems) > before or card_type is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        traits=traits,
        keywords=frozenset(keywords),
        hero_required_talent=required_talent.casefold() if required_talent else None,
        cost=cost,
        aliases=identity.aliases,
        number=identity.number,
        text=identity.text,
        names=identity.names,
        texts=identity.texts,
    )


def _check_hero(
    raw: Mapping[str, Any], traits: Traits, required_talent: str | None, where: str, problems: list[Problem]
) -> None:
    """Append a problem for each quality a hero lacks, and for a talent requirement on it."""
    if not isinstance(raw.get("traits"), Mapping):
        problems.append(
            Problem(f"{where}.traits", "must be given for a hero (faction, class, race, talent, …)")
        )
        return
    if traits.faction is None:
        problems.append(Problem(f"{where}.traits.faction", "must be horde or alliance for a hero"))
    for kind in TRAIT_LISTS:
        if not getattr(traits, kind):
            problems.append(Problem(f"{where}.traits.{kind}", "must list at least one for a hero"))
    if required_talent is not None:
        problems.append(Problem(f"{where}.hero_required_talent", "must be null for a hero"))


def card_summary(card: Card) -> dict[str, Any]:
    """Return the card as a flat JSON-able dict for the site."""
    return {
        "name": card.name,
        "aliases": list(card.aliases),
        "number": card.number,
        "type": card.type,
        "cost": card.cost,
        "faction": card.traits.faction,
        "classes": list(card.traits.classes),
        "races": list(card.traits.races),
        "talents": list(card.traits.talents),
        "professions": list(card.traits.professions),
        "keywords": sorted(card.keywords),
        "hero_required_talent": card.hero_required_talent,
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

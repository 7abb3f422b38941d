"""A Chronomagia card (seeds/003_…): its type, rarity and home epoch.

Card fields (formats.md, "The other seed games"): ``type`` ∈ hero, thoughtform,
terrain, phenomenon, event, shadow and ``rarity`` ∈ common, uncommon, rare, mythic.
See ``README.md`` beside this file.
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
    take_str_list,
)
from engine.languages import Translations, translations_json
from engine.problems import Problem

# Seed «Типы карт»: «герои, мыслеобразы (существа и заклинания), местности, события и
# тени», and «Явления» (phenomena), described beside the terrains.
CARD_TYPES: tuple[str, ...] = ("hero", "thoughtform", "terrain", "phenomenon", "event", "shadow")
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare", "mythic")
# Seed «Введение»: «Игра проходит на протяжение Трех Эпох»; each card has a home epoch.
EPOCHS: tuple[int, ...] = (1, 2, 3)

CARD_KEYS: tuple[str, ...] = (*IDENTITY_KEYS, "type", "rarity", "epoch", "cost", "subtypes")


@dataclass(frozen=True, slots=True)
class Card:
    """One Chronomagia card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    rarity: str
    epoch: int | None = None  # home epoch, 1–3 («родная эпоха»)
    cost: int | None = None  # in concentration; heroes have none
    subtypes: tuple[str, ...] = ()
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
    def is_mythic(self) -> bool:
        return self.rarity == "mythic"


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``) for every bad field: ``type`` and
    ``rarity`` are required, ``epoch`` is 1, 2 or 3 when given, ``cost`` a whole number ≥ 0.
    """
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    check_keys(raw, CARD_KEYS, where, problems)
    identity = take_identity(raw, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems)
    rarity = take_choice(raw, "rarity", RARITIES, where, problems)
    epoch = take_int(raw, "epoch", where, problems, minimum=1, default=None)
    if epoch is not None and epoch not in EPOCHS:
        problems.append(Problem(f"{where}.epoch", "must be 1, 2 or 3"))
    cost = take_int(raw, "cost", where, problems, default=None)
    subtypes = take_str_list(raw, "subtypes", where, problems)
    if len(problems) > before or card_type is None or rarity is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        rarity=rarity,
        epoch=epoch,
        cost=cost,
        subtypes=subtypes,
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
        "rarity": card.rarity,
        "epoch": card.epoch,
        "cost": card.cost,
        "subtypes": list(card.subtypes),
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

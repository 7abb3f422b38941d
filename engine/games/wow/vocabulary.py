"""The words of a World of Warcraft TCG card and the parts it is made of: card types, factions,
classes, keywords, damage types, the ability vocabulary's effect, trigger and target words
(W1, W18), and the card itself with its tags, traits, abilities and quest.

``cards.py`` reads a card from its JSON; ``card_text.py`` its structured text (tags, effects,
abilities, a quest).
"""

import re
from dataclasses import dataclass

from engine.games._card_fields import IDENTITY_KEYS
from engine.games.wow.words import Requires
from engine.languages import Translations

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
    # W18: Feral abilities do not break bear form; W1.6, W13.3: weapon slots.
    "feral",
    "two_handed",
    "off_hand",
    "melee",
    "ranged",
)
# W1.5 [decision]: the published eight (the seed's list is lost); no rules effect of their own.
DAMAGE_TYPES: tuple[str, ...] = ("arcane", "fire", "frost", "holy", "melee", "nature", "ranged", "shadow")

# W18: what an ability does (``do``), when it works (``when``) and whom it picks (``target``).
EFFECTS: tuple[str, ...] = (
    "damage",  # deal N damage of the card's damage type (W12.1), preventable
    "put_damage",  # put N damage counters: not dealing damage, not preventable (W12.2)
    "heal",  # remove up to N damage counters (W12.7)
    "prevent",  # a shield: prevent the next N damage this turn (W12.3)
    "atk",  # +N ATK until end of turn; on a ``static`` ability: while the card is in play
    "draw",  # the controller draws N (W14.2)
    "ready",  # ready the target
    "exhaust",  # exhaust the target
    "destroy",  # destroy the target (to its owner's graveyard)
    "discard",  # the target player discards N, choosing them (W6.4's decision)
    "search",  # search your deck for a card matching ``filter``, reveal it, to hand, shuffle
    "reveal",  # reveal the top N of the target player's deck, or their hand (``zone``)
    "return_to_hand",  # a card in play back to its owner's hand; attachments fall off
    "remove_from_game",  # to its owner's removed zone, face up (W4.2)
    "remove_from_combat",  # a character leaves the combat: no combat damage to or from it
    "interrupt",  # counter a chain item: off the chain with no effect, a card to its graveyard
    "token",  # put N ally tokens of the token card ``card`` into play (W3.3, W13.7)
    "counters",  # put N counters of ``kind`` on a card in play (W3.2); damage: ``put_damage``
    "remove_counters",  # remove up to N counters of ``kind`` from a card in play (W3.2)
    "damage_bonus",  # static: your damage (or this card's) is N more, of ``damage_type`` only (W12.4)
    "hand_size",  # static: a player's maximum hand size is N more (negative: less) (W6.4)
    "take_control",  # gain control of a chosen enemy ally (W3.5)
)
# W3.2: the effect words that name a counter ``kind`` (``per_counter`` on ``atk`` reads them).
COUNTER_EFFECTS: frozenset[str] = frozenset({"counters", "remove_counters"})
# W3.2 [decision]: a counter kind is a short lowercase word ("charge", "rage", "soul_shard").
COUNTER_KIND = re.compile(r"[a-z]+(?:_[a-z]+)*")
COUNTER_KIND_MAX = 20
WHENS: tuple[str, ...] = (
    "play",  # an ability card's effect as it resolves (W8.3)
    "enters",  # a triggered item when the card enters play (W9.4)
    "power",  # a payment power of a card in play: cost, maybe exhaust (W9.1, W9.2)
    "static",  # while the card is in play (an ongoing ability, equipment)
    # W9.4: triggered items, fixed targets only, like ``enters``
    "leaves",  # the card leaves play
    "turn_start",  # its controller's turn begins (the ready step)
    "turn_end",  # its controller's end phase begins
    "attacks",  # the card attacks (the proposal resolved)
    "attacked",  # the card is chosen as the defender (the proposal resolved)
    "damaged",  # the card is dealt damage (not put counters, W12.2)
)
TRIGGERS: frozenset[str] = frozenset(
    {"enters", "leaves", "turn_start", "turn_end", "attacks", "attacked", "damaged"}
)
TARGETS: tuple[str, ...] = (
    "any_character",
    "enemy_character",
    "enemy_ally",
    "friendly_character",
    "friendly_ally",
    "enemy_hero",
    "your_hero",
    "self",
    "you",
    "all_enemy_allies",
    "friendly_allies",
    "opponent",  # the opposing player (discard, reveal)
    "attached",  # the card an attached ongoing ability lies on (W8.3)
    "chain_item",  # an item on the chain, chosen by its chain id (interrupt, W8.8)
)
# Targets a player picks (W8.1): the rest are fixed by the text.
CHOSEN_TARGETS: frozenset[str] = frozenset(
    {"any_character", "enemy_character", "enemy_ally", "friendly_character", "friendly_ally", "chain_item"}
)
# What the effect words that act on a player accept as their target (the rest act on cards).
PLAYER_TARGETS: frozenset[str] = frozenset({"you", "opponent"})
PLAYER_EFFECTS: frozenset[str] = frozenset({"draw", "discard", "search", "reveal", "token", "hand_size"})
REVEAL_ZONES: tuple[str, ...] = ("deck", "hand")
# The list-valued trait kinds, in the order «Качества» names them (faction aside).
TRAIT_LISTS: tuple[str, ...] = ("classes", "races", "talents", "professions")

CARD_KEYS: tuple[str, ...] = (
    *IDENTITY_KEYS,
    "type",
    "traits",
    "keywords",
    "hero_required_talent",
    "cost",
    "health",
    "atk",
    "damage_type",
    "strike_cost",
    "def",
    "tags",
    "abilities",
    "quest",
    "token",
    "attach_to",
    "back",
)
ABILITY_KEYS: tuple[str, ...] = ("when", "cost", "exhaust", "flip", "effects", "requires")
# W1.7: what the back of a flipped hero may carry (powers, and static text).
BACK_WHENS: tuple[str, ...] = ("power", "static")
EFFECT_KEYS: tuple[str, ...] = (
    "do", "amount", "target", "card", "filter", "zone", "kind", "per_counter",
    "source", "until", "damage_type",
)  # fmt: skip
FILTER_KEYS: tuple[str, ...] = ("type", "tag")


@dataclass(frozen=True, slots=True)
class Tag:
    """A type-line word (W1.1: «Питомец», «Огненный Тотем (1)»); ``limit`` is its (N), W13.2."""

    name: str
    limit: int | None = None


@dataclass(frozen=True, slots=True)
class Filter:
    """What a ``search`` looks for (W18): a card type and/or a type-line tag (both must hold)."""

    type: str | None = None
    tag: str | None = None

    def matches(self, card: "Card") -> bool:
        if self.type is not None and card.type != self.type:
            return False
        return self.tag is None or any(t.name.casefold() == self.tag.casefold() for t in card.tags)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect word of an ability (W18): what it does, how much, to whom; ``card`` names a
    token card (``token``), ``filter`` what a ``search`` finds, ``zone`` what ``reveal`` shows,
    ``kind`` the counters ``counters``/``remove_counters`` put or remove (W3.2), and
    ``per_counter`` makes an ``atk`` amount count per counter of that kind on the card that
    gains the ATK (W3.2 [decision])."""

    do: str
    amount: int = 0
    target: str = "you"
    card: str | None = None
    filter: Filter | None = None
    zone: str | None = None
    kind: str | None = None
    per_counter: str | None = None
    source: str | None = None  # W13.6: "your_hero": the hero deals it
    until: str = "turn"  # an ``atk`` bonus to the end of the turn or of the ``combat``
    damage_type: str | None = None  # W1.5: the type it deals (damage) or adds to (damage_bonus)


@dataclass(frozen=True, slots=True)
class Ability:
    """Structured card text: when it works, a payment power's ``cost`` and ``exhaust``
    (W9.1–W9.2), ``flip`` (a hero's front power that costs flipping the hero, W1.7), and its
    effects in order."""

    when: str
    effects: tuple[Effect, ...]
    cost: int = 0
    exhaust: bool = False
    flip: bool = False
    requires: Requires | None = None  # W1.4: works only while the hero has this trait

    @property
    def target(self) -> str | None:
        """Return the chosen-target word of its effects (one per ability), or None."""
        for effect in self.effects:
            if effect.target in CHOSEN_TARGETS:
                return effect.target
        return None


@dataclass(frozen=True, slots=True)
class Quest:
    """A quest's completion power (W8.7): pay ``cost`` to complete it; the ``reward`` effects."""

    cost: int
    reward: tuple[Effect, ...]


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
    health: int | None = None  # hero, ally, totem (W1.3)
    atk: int | None = None  # ally, weapon
    damage_type: str | None = None
    strike_cost: int | None = None  # weapon
    defense: int | None = None  # armor: the JSON field ``def``
    tags: tuple[Tag, ...] = ()
    abilities: tuple[Ability, ...] = ()
    quest: Quest | None = None
    token: bool = False  # W3.3: an ally token, never in a deck; gone when it leaves play (W13.7)
    attach_to: str | None = None  # W8.3: an ongoing ability attached to a chosen card
    back: tuple[Ability, ...] = ()  # W1.7: a hero's back (its powers once flipped)
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""
    # engine/playable.py: the fields a match needs that a set for paper events left out (W1.3)
    missing: tuple[str, ...] = ()

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_unlimited(self) -> bool:
        return "unlimited" in self.keywords

    @property
    def is_instant(self) -> bool:
        return "instant" in self.keywords

    @property
    def is_totem(self) -> bool:
        return "totem" in self.keywords

    @property
    def is_equipment(self) -> bool:
        """Weapons, armor and items (W1.2)."""
        return self.type in ("weapon", "armor", "item")

    def abilities_when(self, when: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.when == when)

    @property
    def play_target(self) -> str | None:
        """Return the chosen-target word of playing it (W8.1): its attach target (W8.3) or the
        one of its ``play`` ability."""
        if self.attach_to is not None:
            return self.attach_to
        play = next(iter(self.abilities_when("play")), None)
        return play.target if play is not None else None

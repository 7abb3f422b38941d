"""A World of Warcraft TCG card: its type, traits, keywords, numbers and abilities.

Card fields (formats.md, "The other seed games"): ``type``; ``traits`` — the five
qualities of «Качества» (faction, classes, races, talents, professions); ``keywords``;
``hero_required_talent``; the numbers a match needs (W1.3: ``health``, ``atk`` with
``damage_type``, ``strike_cost``, ``def``); ``tags`` (type-line words, with an optional
limit, W1.6, W13.2); ``abilities`` (the structured text the match engine plays, W18) and
``quest`` (a completion cost and its reward, W8.7). See ``README.md`` beside this file.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games._common import (
    IDENTITY_KEYS,
    check_keys,
    check_object,
    is_int,
    take_bool,
    take_choice,
    take_identity,
    take_int,
    take_optional_str,
    take_str_list,
)
from engine.games.wow.words import Requires, effect_more, effect_problems, parse_requires
from engine.languages import Translations, translations_json
from engine.playable import EngineFields
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
    health = take_int(raw, "health", where, problems, minimum=1, default=None)
    atk = take_int(raw, "atk", where, problems, default=None)
    damage_type = take_choice(raw, "damage_type", DAMAGE_TYPES, where, problems, required=False)
    strike_cost = take_int(raw, "strike_cost", where, problems, default=None)
    defense = take_int(raw, "def", where, problems, default=None)
    tags = parse_tags(raw.get("tags"), f"{where}.tags", problems)
    abilities = parse_abilities(raw.get("abilities"), f"{where}.abilities", problems)
    quest = parse_quest(raw.get("quest"), f"{where}.quest", problems)
    token = take_bool(raw, "token", where, problems)
    attach_to = take_choice(raw, "attach_to", tuple(sorted(CHOSEN_TARGETS - {"chain_item"})), where,
                            problems, required=False)  # fmt: skip
    if token and (card_type != "ally" or raw.get("cost") not in (0, None)):
        problems.append(Problem(f"{where}.token", "a token is an ally of cost 0 (W3.3)"))
    if attach_to is not None and (card_type != "ability" or "ongoing" not in keywords or "totem" in keywords):
        problems.append(
            Problem(f"{where}.attach_to", "only an ongoing ability, not a totem, is attached (W8.3)")
        )
    back = parse_abilities(raw.get("back"), f"{where}.back", problems, back=True)
    _check_flip(raw, card_type, abilities, where, problems)
    if card_type == "hero":
        _check_hero(raw, traits, required_talent, where, problems)
    fields = EngineFields(raw)
    if card_type is not None:
        _check_numbers(raw, card_type, frozenset(keywords), where, problems, fields)
    if len(problems) > before or card_type is None:
        return None
    return Card(
        missing=fields.missing,
        name=identity.name,
        type=card_type,
        traits=traits,
        keywords=frozenset(keywords),
        hero_required_talent=required_talent.casefold() if required_talent else None,
        cost=cost,
        health=health,
        atk=atk,
        damage_type=damage_type,
        strike_cost=strike_cost,
        defense=defense,
        tags=tags,
        abilities=abilities,
        quest=quest,
        token=token,
        attach_to=attach_to,
        back=back,
        aliases=identity.aliases,
        number=identity.number,
        text=identity.text,
        names=identity.names,
        texts=identity.texts,
    )


# W1.3: the numbers each type carries; (field, types that need it).
NEEDED: tuple[tuple[str, frozenset[str]], ...] = (
    ("health", frozenset({"hero", "ally"})),
    ("atk", frozenset({"ally", "weapon"})),
    ("damage_type", frozenset({"ally", "weapon"})),
    ("strike_cost", frozenset({"weapon"})),
    ("def", frozenset({"armor"})),
    ("cost", frozenset({"ally", "ability", "weapon", "armor", "item"})),
    ("quest", frozenset({"quest"})),
)


def _check_numbers(
    raw: Mapping[str, Any],
    card_type: str,
    keywords: frozenset[str],
    where: str,
    problems: list[Problem],
    fields: EngineFields,
) -> None:
    """Record in ``fields`` each number the type needs for a match but lacks (W1.3; a set for
    paper events may leave them out: the card loads, a match refuses it, engine/playable.py);
    append a problem for one it carries but has no use for. A totem (an ongoing ability) needs
    ``health`` (W12.8)."""
    for key, types in NEEDED:
        needs = card_type in types or (key == "health" and "totem" in keywords)
        may = needs or (key == "damage_type" and card_type == "ability")  # a spell's damage
        if not fields.need(key, when=needs) and needs:
            continue
        elif not may and raw.get(key) is not None and key != "cost":
            problems.append(Problem(f"{where}.{key}", f"has no meaning on a {card_type} card (W1.3)"))
    if card_type in ("hero", "quest") and raw.get("cost") is not None:
        problems.append(Problem(f"{where}.cost", f"a {card_type} has no cost (W1.3, W8.7)"))
    if "totem" in keywords and not {"ongoing"} <= keywords:
        problems.append(Problem(f"{where}.keywords", "a totem is an ongoing ability (W1.3)"))


def parse_tags(raw: Any, where: str, problems: list[Problem]) -> tuple[Tag, ...]:
    """Return the ``tags`` list: strings, or ``{"tag": ..., "limit": N}`` objects (W13.2)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(Problem(where, "must be a list of tags"))
        return ()
    tags: list[Tag] = []
    for index, item in enumerate(raw):
        here = f"{where}[{index}]"
        if isinstance(item, str) and item.strip():
            tags.append(Tag(" ".join(item.split())))
        elif isinstance(item, Mapping):
            check_keys(item, ("tag", "limit"), here, problems)
            name = take_optional_str(item, "tag", here, problems)
            limit = take_int(item, "limit", here, problems, minimum=1, default=None)
            if name is None:
                problems.append(Problem(f"{here}.tag", "is missing"))
            else:
                tags.append(Tag(name, limit))
        else:
            problems.append(Problem(here, "must be a word or an object with a tag and a limit"))
    return tuple(tags)


def parse_effects(
    raw: Any, where: str, problems: list[Problem], when: str | None = None
) -> tuple[Effect, ...]:
    """Return a list of effect words (W18): ``do`` one of :data:`EFFECTS`, ``amount`` ≥ 0,
    ``target`` one of :data:`TARGETS`; ``when`` is the ability's (None for a quest's reward)."""
    if not isinstance(raw, list) or not raw:
        problems.append(Problem(where, "must be a non-empty list of effects"))
        return ()
    effects: list[Effect] = []
    for index, item in enumerate(raw):
        here = f"{where}[{index}]"
        if not check_object(item, here, problems):
            continue
        check_keys(item, EFFECT_KEYS, here, problems)
        do = take_choice(item, "do", EFFECTS, here, problems)
        amount = _amount(item, do, here, problems)
        target = take_choice(item, "target", TARGETS, here, problems, required=False) or "you"
        extra = _effect_fields(item, do, target, here, problems)
        kind, per_counter = _counter_fields(item, do, target, here, problems)
        more = effect_more(item, do, DAMAGE_TYPES, here, problems)
        effect_problems(do, when or "play", target, item.get("amount"), here, problems)
        if do is not None:
            effects.append(
                Effect(do, amount, target, *extra, kind=kind, per_counter=per_counter, source=more.source,
                       until=more.until, damage_type=more.damage_type)
            )  # fmt: skip
    chosen = [e.target for e in effects if e.target in CHOSEN_TARGETS]
    if len(set(chosen)) > 1:
        problems.append(Problem(where, "an ability chooses one target at most (W8.1)"))
    return tuple(effects)


def _amount(item: Mapping[str, Any], do: str | None, where: str, problems: list[Problem]) -> int:
    """Return an effect's ``amount``: a whole number ≥ 0, or ≥ 1 for the counter words (W3.2)."""
    if do == "hand_size":  # W6.4: raised or lowered; effect_problems checks it
        signed: Any = item.get("amount")
        return int(signed) if is_int(signed) else 0
    if do not in COUNTER_EFFECTS:
        return take_int(item, "amount", where, problems, default=0) or 0
    amount: Any = item.get("amount")
    if not is_int(amount) or amount < 1:
        problems.append(Problem(f"{where}.amount", f"{do} needs a whole number of counters ≥ 1 (W3.2)"))
        return 0
    return int(amount)


def _effect_fields(
    item: Mapping[str, Any], do: str | None, target: str, where: str, problems: list[Problem]
) -> tuple[str | None, Filter | None, str | None]:
    """Return an effect's optional ``card``, ``filter`` and ``zone``, appending a problem for
    each one its word needs but lacks or has no use for, and for a target it cannot take."""
    card = take_optional_str(item, "card", where, problems)
    zone = take_choice(item, "zone", REVEAL_ZONES, where, problems, required=False)
    found = parse_filter(item.get("filter"), f"{where}.filter", problems)
    for key, value, owner in (("card", card, "token"), ("filter", found, "search"), ("zone", zone, "reveal")):
        if do == owner and value is None and key != "zone":
            problems.append(Problem(f"{where}.{key}", f"is required for {owner} (W18)"))
        elif do is not None and do != owner and item.get(key) is not None:
            problems.append(Problem(f"{where}.{key}", f"has no meaning for {do} (only for {owner}, W18)"))
    if do is None:
        return card, found, zone
    if (do == "interrupt") != (target == "chain_item"):
        problems.append(
            Problem(f"{where}.target", "interrupt and only interrupt targets a chain_item (W8.8)")
        )
    allowed = {"discard": PLAYER_TARGETS, "reveal": PLAYER_TARGETS, "search": {"you"}, "token": {"you"}}
    if do in allowed and target not in allowed[do]:
        problems.append(Problem(f"{where}.target", f"{do} acts on {' or '.join(sorted(allowed[do]))} (W18)"))
    elif do not in PLAYER_EFFECTS and target == "opponent":
        problems.append(Problem(f"{where}.target", f"{do} acts on cards, not on a player (W18)"))
    return card, found, zone


def counter_kind_problem(value: Any) -> str | None:
    """Return why ``value`` is no counter kind (W3.2), or None when it is one."""
    if not isinstance(value, str) or not COUNTER_KIND.fullmatch(value) or len(value) > COUNTER_KIND_MAX:
        return (
            f'must be a short lowercase word naming a kind of counter, like "charge" '
            f"(letters and _, at most {COUNTER_KIND_MAX}; W3.2)"
        )
    return None


def _counter_fields(
    item: Mapping[str, Any], do: str | None, target: str, where: str, problems: list[Problem]
) -> tuple[str | None, str | None]:
    """Return an effect's counter ``kind`` and ``per_counter`` (W3.2), appending a problem for
    a missing or bad kind, ``damage`` as a kind of ``counters`` (that is ``put_damage``), a
    target that is no card, and either field on a word that has no use for it."""
    kind = item.get("kind")
    per_counter = item.get("per_counter")
    if do in COUNTER_EFFECTS:
        if kind is None:
            problems.append(Problem(f"{where}.kind", f"is required for {do}: the kind of counter (W3.2)"))
        elif kind == "damage":
            word = "put_damage" if do == "counters" else "heal"
            problems.append(
                Problem(
                    f"{where}.kind", f"damage counters are no kind for {do}: use {word} (W3.2, W12.2, W12.7)"
                )
            )
            kind = None
        elif (why := counter_kind_problem(kind)) is not None:
            problems.append(Problem(f"{where}.kind", why))
            kind = None
        if target == "you":  # ``opponent`` is refused for every card word (_effect_fields)
            problems.append(Problem(f"{where}.target", f"{do} acts on a card in play: name it (W3.2)"))
    elif kind is not None:
        problems.append(
            Problem(f"{where}.kind", f"has no meaning for {do} (only for counters and remove_counters, W3.2)")
        )
        kind = None
    if per_counter is not None:
        if do != "atk":
            problems.append(Problem(f"{where}.per_counter", f"has no meaning for {do} (only for atk, W3.2)"))
            per_counter = None
        elif (why := counter_kind_problem(per_counter)) is not None:
            problems.append(Problem(f"{where}.per_counter", why))
            per_counter = None
    return kind, per_counter


def parse_filter(raw: Any, where: str, problems: list[Problem]) -> Filter | None:
    """Return a search ``filter`` (W18): ``{"type": card type, "tag": type-line word}``, one or both."""
    if raw is None:
        return None
    if not check_object(raw, where, problems):
        return None
    check_keys(raw, FILTER_KEYS, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems, required=False)
    tag = take_optional_str(raw, "tag", where, problems)
    if card_type is None and tag is None:
        problems.append(Problem(where, "must name a type or a tag to search for (W18)"))
        return None
    return Filter(card_type, tag)


def parse_abilities(
    raw: Any, where: str, problems: list[Problem], *, back: bool = False
) -> tuple[Ability, ...]:
    """Return the ``abilities`` list (W18): ``when``, ``effects``, a power's ``cost``/``exhaust``
    and ``flip`` (W1.7); ``back``: a hero's back, powers and static text only, none flipping."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(Problem(where, "must be a list of abilities"))
        return ()
    out: list[Ability] = []
    for index, item in enumerate(raw):
        here = f"{where}[{index}]"
        if not check_object(item, here, problems):
            continue
        check_keys(item, ABILITY_KEYS, here, problems)
        when = take_choice(item, "when", WHENS, here, problems)
        effects = parse_effects(item.get("effects"), f"{here}.effects", problems, when)
        requires = parse_requires(item.get("requires"), f"{here}.requires", problems, classes=CLASSES,
                                  factions=FACTIONS)  # fmt: skip
        cost = take_int(item, "cost", here, problems, default=0) or 0
        exhaust = take_bool(item, "exhaust", here, problems)
        flip = take_bool(item, "flip", here, problems)
        if when != "power" and (cost or exhaust):
            problems.append(Problem(here, "only a payment power has a cost or exhausts (W9.1)"))
        if when in TRIGGERS and any(e.target == "chain_item" for e in effects):
            problems.append(
                Problem(f"{here}.effects", f"a triggered ability ({when}) chooses no chain item (W9.4)")
            )
        if flip and when != "power":
            problems.append(Problem(f"{here}.flip", "only a power may cost flipping the hero (W1.7)"))
        if flip and back:
            problems.append(Problem(f"{here}.flip", "a flipped hero stays so: no back power flips (W1.7)"))
        if back and when is not None and when not in BACK_WHENS:
            problems.append(Problem(f"{here}.when", "a hero's back has powers and static text only (W1.7)"))
        if when is not None and effects:
            out.append(Ability(when, effects, cost, exhaust, flip, requires))
    return tuple(out)


def parse_quest(raw: Any, where: str, problems: list[Problem]) -> Quest | None:
    """Return a quest's completion power (W8.7): ``cost`` and ``reward`` effects."""
    if raw is None:
        return None
    if not check_object(raw, where, problems):
        return None
    check_keys(raw, ("cost", "reward"), where, problems)
    cost = take_int(raw, "cost", where, problems, required=True, default=None)
    reward = parse_effects(raw.get("reward"), f"{where}.reward", problems)
    if cost is None or not reward:
        return None
    return Quest(cost, reward)


def _check_flip(
    raw: Mapping[str, Any],
    card_type: str | None,
    abilities: tuple[Ability, ...],
    where: str,
    problems: list[Problem],
) -> None:
    """Append a problem for a back or a flipping power on a card that is not a hero (W1.7)."""
    if card_type == "hero" or card_type is None:
        return
    if raw.get("back") is not None:
        problems.append(Problem(f"{where}.back", f"only a hero has a back, not a {card_type} (W1.7)"))
    for index, ability in enumerate(abilities):
        if ability.flip:
            here = f"{where}.abilities[{index}].flip"
            problems.append(Problem(here, f"only a hero's power flips it, not a {card_type}'s (W1.7)"))


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
        "health": card.health,
        "atk": card.atk,
        "damage_type": card.damage_type,
        "strike_cost": card.strike_cost,
        "def": card.defense,
        "tags": [tag.name if tag.limit is None else f"{tag.name} ({tag.limit})" for tag in card.tags],
        "quest_cost": card.quest.cost if card.quest else None,
        "token": card.token,
        "flips": any(a.flip for a in card.abilities),
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

"""A Force of Will card: its type, attributes, costs and what it does.

Card fields (README.md, "Card fields"): ``type`` ∈ ruler, resonator, addition, regalia,
chant, magic_stone; ``basic`` (true for basic magic stones); ``attributes``; ``cost`` (the
total) and ``will_cost`` (by attribute, F1.3); ``atk``/``def`` (F1.4); a ruler's
``judgment`` cost and J-ruler side (F1.5, F7.3); ``produces`` (F7.1); ``equip`` (F10.2);
``keywords`` and ``abilities`` (the project's vocabulary, F11).
"""

from dataclasses import dataclass, field
from typing import Any

from engine.actions import is_int
from engine.games._card_fields import (
    IDENTITY_KEYS,
    a_type,
    check_keys,
    check_object,
    take_bool,
    take_choice,
    take_identity,
    take_int,
    take_str_list,
)
from engine.languages import Translations, translations_json
from engine.playable import EngineFields
from engine.problems import Problem

# Seed «ТИПЫ КАРТ»: Правитель (Ruler), Резонаторы (Resonator), Магические камни
# (Magic Stone), Дополнения (Addition), Регалии (Regalia), Глас (Chant).
CARD_TYPES: tuple[str, ...] = ("ruler", "resonator", "addition", "regalia", "chant", "magic_stone")
# Seed «КАК ПОЛУЧИТЬ ВОЛЮ»: «Воля имеет 5 атрибутов: свет, тьму, огонь, воду и воздух».
# No attribute at all means a void (colourless) card.
ATTRIBUTES: tuple[str, ...] = ("light", "darkness", "fire", "water", "wind")
# One bit per attribute: the will a magic stone may produce, as a mask (F7.1).
BIT: dict[str, int] = {attribute: 1 << index for index, attribute in enumerate(ATTRIBUTES)}

CARD_KEYS: tuple[str, ...] = (
    *IDENTITY_KEYS, "type", "basic", "attributes", "cost", "will_cost", "atk", "def", "judgment",
    "j_atk", "j_def", "j_keywords", "j_abilities", "produces", "equip", "keywords", "abilities",
)  # fmt: skip
# F1.3: a cost's symbols: one per attribute, and ``any`` (the generic number).
COST_KEYS: tuple[str, ...] = (*ATTRIBUTES, "any")
# F11 [decision]: keywords are the project's (the seed has none), after CR 1107, 1108, 1112.
KEYWORDS: tuple[str, ...] = ("swiftness", "flying", "quickcast")
# F11 [decision]: when an ability works. ``play``: a chant's effect on resolution; ``enter``,
# ``attack``, ``destroyed``: triggered (automatic) abilities (F8.5); ``activate``: an
# activated ability with a [Rest] and/or will cost (F8.2).
WHENS: tuple[str, ...] = (
    "play", "enter", "attack", "block", "destroyed", "leave", "turn_start", "turn_end", "activate",
)  # fmt: skip
TRIGGERS: tuple[str, ...] = ("enter", "attack", "block", "destroyed", "leave", "turn_start", "turn_end")
# ``turn_start``: at the start of its controller's turn (before the draw); ``turn_end``: as its
# controller's end phase begins. Both go on the chase at the phase's window (F8.4, F8.5).
TURN_WHENS: tuple[str, ...] = ("turn_start", "turn_end")
# F11 [decision]: the effects (one handler each in match/effects.py).
EFFECTS: tuple[str, ...] = (
    "damage", "pump", "destroy", "bounce", "draw", "gain_life", "call_stone", "cancel", "remove",
)  # fmt: skip
# What an effect works on. Chosen targets (picked when the card is played or the ability
# activated): ``resonator`` (any resonator or J-ruler on the field), ``enemy_resonator``,
# ``ally_resonator``, ``any`` (a resonator, a J-ruler or a player), ``chase`` (an item on the
# chase). Fixed: ``self`` (the card itself), ``you``, ``opponent``, ``enemy_resonators`` (all).
CHOSEN_TARGETS: tuple[str, ...] = ("resonator", "enemy_resonator", "ally_resonator", "any", "chase")
FIXED_TARGETS: tuple[str, ...] = ("self", "you", "opponent", "enemy_resonators")
TARGETS: tuple[str, ...] = (*CHOSEN_TARGETS, *FIXED_TARGETS)
# Which targets each effect may take.
EFFECT_TARGETS: dict[str, tuple[str, ...]] = {
    "damage": ("resonator", "enemy_resonator", "any", "self", "opponent", "enemy_resonators"),
    "pump": ("resonator", "ally_resonator", "self"),
    "destroy": ("resonator", "enemy_resonator"),
    "bounce": ("resonator", "enemy_resonator", "self"),
    "draw": ("you",),
    "gain_life": ("you",),
    "call_stone": ("you",),
    "cancel": ("chase",),
    "remove": ("resonator", "enemy_resonator", "self"),  # F3.3: to the removed zone
}
ABILITY_KEYS: tuple[str, ...] = ("when", "effect", "target", "amount", "atk", "def", "rest", "will")


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability (F11 [decision]): when it works, its effect, on what, how much; an
    activated one's cost (``rest``: [Rest] the card; ``will``: will by attribute)."""

    when: str
    effect: str
    target: str = "you"
    amount: int = 0
    atk: int = 0
    def_: int = 0
    rest: bool = False
    will: tuple[tuple[str, int], ...] = ()

    @property
    def chosen(self) -> bool:
        """Whether the player picks the target when using it."""
        return self.target in CHOSEN_TARGETS

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"when": self.when, "effect": self.effect, "target": self.target}
        if self.amount:
            out["amount"] = self.amount
        if self.atk:
            out["atk"] = self.atk
        if self.def_:
            out["def"] = self.def_
        if self.rest:
            out["rest"] = True
        if self.will:
            out["will"] = dict(self.will)
        return out


@dataclass(frozen=True, slots=True)
class Card:
    """One Force of Will card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    basic: bool = False  # basic magic stones only: exempt from the copy limit
    attributes: tuple[str, ...] = ()
    cost: int | None = None  # total will; rulers and magic stones have none
    will_cost: tuple[tuple[str, int], ...] = ()  # F1.3: by attribute and "any", sums to cost
    atk: int = 0  # F1.4: resonators
    def_: int = 0
    judgment: tuple[tuple[str, int], ...] | None = None  # F1.5: rulers
    j_atk: int = 0  # F7.3: the J-ruler side
    j_def: int = 0
    j_keywords: tuple[str, ...] = ()
    j_abilities: tuple[Ability, ...] = ()
    produces: tuple[str, ...] = ()  # F7.1: a magic stone's will attributes
    equip: tuple[int, int] | None = None  # F10.2: an addition that equips: (+ATK, +DEF)
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""
    # The engine's fields the card lacks (engine/playable.py): a set for paper events may leave
    # out everything but the minimum (formats.md); a match with such a card is refused.
    missing: tuple[str, ...] = ()
    # Derived once from the fields above (the match engine asks these at every
    # priority); out of the constructor, equality and repr, so a card is still its data.
    fast: bool = field(default=False, init=False, repr=False, compare=False)  # [Quickcast]
    activated: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    j_activated: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    will_mask: int = field(default=0, init=False, repr=False, compare=False)  # ``produces`` (BIT)
    will_options: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False)  # in order
    # Whether a side has start- or end-of-turn abilities (looked for at every turn's start and end).
    timed: bool = field(default=False, init=False, repr=False, compare=False)
    j_timed: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The indexes of the activated abilities (F8.2), on each side of the card.
        object.__setattr__(self, "fast", "quickcast" in self.keywords)
        object.__setattr__(self, "activated", _activated(self.abilities))
        object.__setattr__(self, "j_activated", _activated(self.j_abilities))
        object.__setattr__(self, "timed", any(a.when in TURN_WHENS for a in self.abilities))
        object.__setattr__(self, "j_timed", any(a.when in TURN_WHENS for a in self.j_abilities))
        object.__setattr__(self, "will_options", tuple(a for a in ATTRIBUTES if a in self.produces))
        object.__setattr__(self, "will_mask", sum(BIT[attribute] for attribute in set(self.produces)))

    @property
    def is_ruler(self) -> bool:
        return self.type == "ruler"

    @property
    def is_stone(self) -> bool:
        return self.type == "magic_stone"

    @property
    def quickcast(self) -> bool:
        return self.fast


def _activated(abilities: tuple[Ability, ...]) -> tuple[int, ...]:
    return tuple(index for index, ability in enumerate(abilities) if ability.when == "activate")


def _take_will(raw: Any, key: str, where: str, problems: list[Problem]) -> tuple[tuple[str, int], ...] | None:
    """Return a will cost object (F1.3: ``{"light": 1, "any": 2}``) as sorted pairs, or None."""
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.append(Problem(f"{where}.{key}", f"must be an object of {', '.join(COST_KEYS)} → count"))
        return None
    out = []
    for symbol, count in value.items():
        if symbol not in COST_KEYS:
            problems.append(
                Problem(f"{where}.{key}.{symbol}", f"unknown will symbol; expected one of {COST_KEYS}")
            )
        elif not is_int(count) or count < 0:
            problems.append(Problem(f"{where}.{key}.{symbol}", "must be a whole number ≥ 0"))
        elif count:
            out.append((symbol, int(count)))
    return tuple(sorted(out, key=lambda pair: COST_KEYS.index(pair[0])))


def _take_abilities(raw: Any, key: str, where: str, problems: list[Problem]) -> tuple[Ability, ...]:
    value = raw.get(key)
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append(Problem(f"{where}.{key}", "must be a list of ability objects"))
        return ()
    out = []
    for index, item in enumerate(value):
        at = f"{where}.{key}[{index}]"
        if not check_object(item, at, problems):
            continue
        before = len(problems)
        check_keys(item, ABILITY_KEYS, at, problems)
        when = take_choice(item, "when", WHENS, at, problems)
        effect = take_choice(item, "effect", EFFECTS, at, problems)
        target = item.get("target", "you")
        if target not in TARGETS:
            problems.append(Problem(f"{at}.target", f"must be one of {TARGETS}"))
        elif effect is not None and target not in EFFECT_TARGETS[effect]:
            problems.append(Problem(f"{at}.target", f"{effect} cannot take the target {target!r}"))
        amount = take_int(item, "amount", at, problems) or 0
        atk = take_int(item, "atk", at, problems) or 0
        def_ = take_int(item, "def", at, problems) or 0
        rest = take_bool(item, "rest", at, problems)
        will = _take_will(item, "will", at, problems) or ()
        if when != "activate" and (rest or will):
            problems.append(Problem(f"{at}.rest", "only an activated ability has a cost"))
        if when == "activate" and not (rest or will):
            problems.append(Problem(f"{at}.when", "an activated ability needs a cost: rest and/or will"))
        if effect in ("damage", "draw", "gain_life", "call_stone") and amount < 1:
            problems.append(Problem(f"{at}.amount", f"{effect} needs an amount ≥ 1"))
        if effect == "pump" and not (atk or def_):
            problems.append(Problem(f"{at}.atk", "pump needs atk and/or def"))
        if len(problems) > before or when is None or effect is None:
            continue
        out.append(Ability(when, effect, str(target), amount, atk, def_, rest, will))
    return tuple(out)


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
    will_cost = _take_will(raw, "will_cost", where, problems)
    if will_cost is not None:
        total = sum(count for _, count in will_cost)
        if cost is None:
            cost = total
        elif cost != total:
            problems.append(Problem(f"{where}.will_cost", f"adds up to {total}, but cost is {cost}"))
    elif cost is not None:
        # F1.3 [decision]: a cost given as a total only: one symbol of each of the card's
        # attributes (as far as the total goes), the rest generic.
        symbols = [(a, 1) for a in attributes[:cost]]
        rest = cost - len(symbols)
        will_cost = tuple(symbols + ([("any", rest)] if rest else []))
    playable = card_type in ("resonator", "addition", "regalia", "chant")
    # Paper events need none of the engine's fields: each one a match needs and the card lacks
    # is recorded (``missing``), not a problem (engine/playable.py).
    engine_fields = EngineFields(raw)
    if playable and cost is None:
        engine_fields.need("cost")  # F1.3: played for will
    if (
        not playable
        and card_type is not None
        and (raw.get("cost") is not None or raw.get("will_cost") is not None)
    ):
        problems.append(Problem(f"{where}.cost", f"{a_type(card_type)} has no cost"))
    atk = take_int(raw, "atk", where, problems, default=None)
    def_ = take_int(raw, "def", where, problems, default=None)
    if card_type == "resonator":
        engine_fields.need("atk")  # F1.4
        engine_fields.need("def")
    elif card_type not in ("resonator", None) and (atk is not None or def_ is not None):
        problems.append(Problem(f"{where}.atk", "only a resonator has atk and def"))
    judgment = _take_will(raw, "judgment", where, problems)
    j_atk = take_int(raw, "j_atk", where, problems, default=None)
    j_def = take_int(raw, "j_def", where, problems, default=None)
    j_keywords = take_str_list(raw, "j_keywords", where, problems, choices=KEYWORDS)
    j_abilities = _take_abilities(raw, "j_abilities", where, problems)
    if card_type == "ruler":
        for key in ("judgment", "j_atk", "j_def"):  # F1.5, F7.3
            engine_fields.need(key)
    elif card_type is not None and (judgment is not None or j_atk is not None or raw.get("j_abilities")):
        problems.append(Problem(f"{where}.judgment", "only a ruler has a judgment and a J-ruler side"))
    produces = take_str_list(raw, "produces", where, problems, choices=ATTRIBUTES, fold=True)
    if card_type == "magic_stone":
        produces = produces or attributes
        if not produces:
            engine_fields.need("produces")  # F7.1: will of an attribute
    elif produces and card_type is not None:
        problems.append(Problem(f"{where}.produces", "only a magic stone produces will"))
    equip: tuple[int, int] | None = None
    raw_equip = raw.get("equip")
    if raw_equip is not None:
        if card_type != "addition":
            problems.append(Problem(f"{where}.equip", "only an addition equips a resonator (F10.2)"))
        elif check_object(raw_equip, f"{where}.equip", problems):
            check_keys(raw_equip, ("atk", "def"), f"{where}.equip", problems)
            equip = (
                take_int(raw_equip, "atk", f"{where}.equip", problems) or 0,
                take_int(raw_equip, "def", f"{where}.equip", problems) or 0,
            )
    keywords = take_str_list(raw, "keywords", where, problems, choices=KEYWORDS)
    abilities = _take_abilities(raw, "abilities", where, problems)
    for ability in abilities:
        if (ability.when == "play") != (card_type == "chant"):
            problems.append(
                Problem(f"{where}.abilities", "a chant's abilities are `play`, and only a chant's")
            )
            break
    if len(problems) > before or card_type is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        basic=basic,
        attributes=attributes,
        cost=cost,
        will_cost=will_cost or (),
        atk=atk or 0,
        def_=def_ or 0,
        judgment=judgment,
        j_atk=j_atk or 0,
        j_def=j_def or 0,
        j_keywords=j_keywords,
        j_abilities=j_abilities,
        produces=produces,
        equip=equip,
        keywords=keywords,
        abilities=abilities,
        aliases=identity.aliases,
        number=identity.number,
        text=identity.text,
        names=identity.names,
        texts=identity.texts,
        missing=engine_fields.missing,
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
        "will_cost": dict(card.will_cost),
        "atk": card.atk if card.type == "resonator" else None,
        "def": card.def_ if card.type == "resonator" else None,
        "judgment": dict(card.judgment) if card.judgment is not None else None,
        "j_atk": card.j_atk if card.is_ruler else None,
        "j_def": card.j_def if card.is_ruler else None,
        "produces": list(card.produces),
        "equip": {"atk": card.equip[0], "def": card.equip[1]} if card.equip else None,
        "keywords": list(card.keywords),
        "j_keywords": list(card.j_keywords),
        "abilities": [a.as_dict() for a in card.abilities],
        "j_abilities": [a.as_dict() for a in card.j_abilities],
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

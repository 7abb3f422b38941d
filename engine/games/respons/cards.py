"""A RESPONSE card as RULES.md R1 describes it, and its reader from card-set JSON."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.actions import is_int
from engine.games.respons.vocabulary import EFFECT_TARGETS, EFFECTS, TARGETS, TRIGGERS
from engine.languages import Translations, take_translations, with_spellings
from engine.problems import Problem

CARD_TYPES: tuple[str, ...] = ("hero", "unit", "spell", "trap", "enhancement", "location")
SUPERTYPES: tuple[str, ...] = ("order", "legendary")
# Types that occupy a cell of the tactical segment (R3.2).
FIELD_TYPES: frozenset[str] = frozenset({"unit", "trap", "enhancement"})

# The card number each type carries (R1.4), and the least value it may take.
_STAT_OF_TYPE: dict[str, tuple[str, int]] = {
    "hero": ("influence", 0),
    "unit": ("strength", 0),
    "location": ("durability", 1),
}
_STATS: tuple[str, ...] = ("influence", "strength", "durability")
_KNOWN_KEYS: frozenset[str] = frozenset(
    {"name", "number", "type", "supertypes", "subtypes", "factions", "cost", "text", "flavor"}
    | {"aliases", "abilities", "names", "texts", *_STATS}
)
# Cosmetic fields kept in Card.extra for the site. Any other key is a load error: a
# misspelt "supertype" would otherwise silently drop the Order supertype.
EXTRA_KEYS: frozenset[str] = frozenset({"art", "artist", "rarity"})
_ABILITY_KEYS: frozenset[str] = frozenset({"trigger", "effect", "target", "amount", "cost"})
_ATTACK_TRIGGERS: frozenset[str] = frozenset({"ally_attacks_in_line", "enemy_attacks_in_line"})


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability from the vocabulary (``vocabulary.py``)."""

    trigger: str
    effect: str
    target: str
    amount: int = 0
    cost: int = 0  # activated abilities only (R7.6)

    def as_dict(self) -> dict[str, Any]:
        """Return the ability as the JSON object a card set holds."""
        out: dict[str, Any] = {"trigger": self.trigger, "effect": self.effect, "target": self.target}
        if "amount" in EFFECTS.get(self.effect, ()):
            out["amount"] = self.amount
        if self.trigger == "activated":
            out["cost"] = self.cost
        return out


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
    flavor: str = ""  # R1.1: no game effect
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()

    @property
    def is_order(self) -> bool:
        return "order" in self.supertypes

    @property
    def is_legendary(self) -> bool:
        return "legendary" in self.supertypes

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"


def _strings(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> tuple[str, ...]:
    """Return the optional list of non-empty strings at ``raw[key]`` (missing: empty)."""
    value = raw.get(key, [])
    if not isinstance(value, list):
        problems.append(Problem(f"{where}.{key}", "must be a list of strings"))
        return ()
    out: list[str] = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            problems.append(Problem(f"{where}.{key}[{i}]", "must be a non-empty string"))
        else:
            out.append(item.strip())
    return tuple(out)


def _number(raw: Mapping[str, Any], key: str, where: str, least: int, problems: list[Problem]) -> int:
    """Return the whole number at ``raw[key]`` (which must be present and ≥ ``least``), else 0."""
    value = raw.get(key)
    if not is_int(value) or value < least:
        problems.append(Problem(f"{where}.{key}", f"must be an integer ≥ {least}"))
        return 0
    return value


def _text(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str):
        problems.append(Problem(f"{where}.{key}", "must be a string"))
        return ""
    return value


def parse_ability(raw: Any, where: str, problems: list[Problem]) -> Ability | None:
    """Return the :class:`Ability` of one JSON object, or None after appending its problems.

    Only the kinds of ``vocabulary.py`` are accepted (formats.md: an unknown ability
    kind is a load error): the trigger, the effect, a target the effect allows, an
    ``amount`` exactly when the effect takes one, a ``cost`` only on an activated one.
    """
    if not isinstance(raw, dict):
        problems.append(Problem(where, "must be an object with trigger, effect and target"))
        return None
    before = len(problems)
    for key in sorted(set(raw) - _ABILITY_KEYS, key=str):
        problems.append(Problem(f"{where}.{key}", "unknown ability parameter"))
    trigger, effect, target = raw.get("trigger"), raw.get("effect"), raw.get("target")
    for key, value, known in (("trigger", trigger, TRIGGERS), ("effect", effect, EFFECTS)):
        if value is None:
            problems.append(Problem(f"{where}.{key}", "missing"))
        elif not isinstance(value, str) or value not in known:
            problems.append(Problem(f"{where}.{key}", f"unknown ability kind {value!r}"))
    if target is None:
        problems.append(Problem(f"{where}.target", "missing"))
    elif not isinstance(target, str) or target not in TARGETS:
        problems.append(Problem(f"{where}.target", f"unknown target {target!r}"))
    elif isinstance(effect, str) and effect in EFFECT_TARGETS and target not in EFFECT_TARGETS[effect]:
        allowed = ", ".join(EFFECT_TARGETS[effect])
        problems.append(
            Problem(f"{where}.target", f"{effect!r} cannot target {target!r} (allowed: {allowed})")
        )
    elif target == "attacker" and trigger not in _ATTACK_TRIGGERS:
        problems.append(Problem(f"{where}.target", "'attacker' needs an *_attacks_in_line trigger"))
    amount = 0
    if isinstance(effect, str) and "amount" in EFFECTS.get(effect, ()):
        amount = _number(raw, "amount", where, 1, problems)
    elif "amount" in raw:
        problems.append(Problem(f"{where}.amount", f"the effect {effect!r} takes no amount"))
    cost = 0
    if trigger == "activated":
        cost = _number(raw, "cost", where, 0, problems) if "cost" in raw else 0
    elif "cost" in raw:
        problems.append(Problem(f"{where}.cost", "only an activated ability has a cost (R7.6)"))
    if len(problems) > before:
        return None
    return Ability(trigger=str(trigger), effect=str(effect), target=str(target), amount=amount, cost=cost)


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the :class:`Card` of one card-set JSON object, or None if it has problems.

    Appends one :class:`Problem` per bad field, with its key path under ``where``
    (e.g. ``cards[12].strength: must be an integer ≥ 0``). Faction *membership* in
    the set's declared factions is checked, and ``set_code`` filled in, by
    :mod:`engine.cardset` for every game. Unknown keys are problems, except the
    cosmetic :data:`EXTRA_KEYS`, kept in ``Card.extra``.
    """
    if not isinstance(raw, dict):
        problems.append(Problem(where, "must be a JSON object"))
        return None
    before = len(problems)
    for key in sorted(set(raw) - _KNOWN_KEYS - EXTRA_KEYS, key=str):
        problems.append(Problem(f"{where}.{key}", "unknown card field"))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{where}.name", "must be a non-empty string"))
        name = ""
    names = take_translations(raw, "names", where, problems)
    number = raw.get("number", 0)
    if not is_int(number) or number < 0:
        problems.append(Problem(f"{where}.number", "must be an integer ≥ 0"))
    card_type = raw.get("type")
    if card_type not in CARD_TYPES:
        problems.append(
            Problem(f"{where}.type", f"must be one of {', '.join(CARD_TYPES)} (found {card_type!r})")
        )
    supertypes = _strings(raw, "supertypes", where, problems)
    for i, supertype in enumerate(supertypes):
        if supertype not in SUPERTYPES:
            message = f"unknown supertype {supertype!r} (allowed: {', '.join(SUPERTYPES)})"
            problems.append(Problem(f"{where}.supertypes[{i}]", message))
    factions = _strings(raw, "factions", where, problems)
    listed = raw.get("factions")
    if listed is None or (isinstance(listed, list) and not 1 <= len(set(factions)) == len(listed) <= 2):
        # R1.1: one or two factions, each named once.
        problems.append(Problem(f"{where}.factions", "must list one or two different factions"))
    # R1.4: cost is a whole number ≥ 0; a hero's may be left out (heroes are not played).
    cost = _number(raw, "cost", where, 0, problems) if card_type != "hero" or "cost" in raw else 0
    stats: dict[str, int] = {}
    own_stat = _STAT_OF_TYPE.get(card_type) if isinstance(card_type, str) else None
    for stat in _STATS:
        if own_stat is not None and stat == own_stat[0]:
            stats[stat] = _number(raw, stat, where, own_stat[1], problems)
        elif stat in raw and card_type in CARD_TYPES:
            problems.append(Problem(f"{where}.{stat}", f"a {card_type} has no {stat} (R1.4)"))
    abilities_raw = raw.get("abilities", [])
    abilities: list[Ability] = []
    if not isinstance(abilities_raw, list):
        problems.append(Problem(f"{where}.abilities", "must be a list of ability objects"))
    else:
        for i, item in enumerate(abilities_raw):
            ability = parse_ability(item, f"{where}.abilities[{i}]", problems)
            if ability is not None:
                abilities.append(ability)
    card = Card(
        name=name.strip(),
        type=str(card_type),
        factions=frozenset(factions),
        cost=cost,
        number=number if is_int(number) else 0,
        supertypes=frozenset(supertypes),
        subtypes=_strings(raw, "subtypes", where, problems),
        aliases=with_spellings(name.strip(), _strings(raw, "aliases", where, problems), names),
        text=_text(raw, "text", where, problems),
        flavor=_text(raw, "flavor", where, problems),
        names=names,
        texts=take_translations(raw, "texts", where, problems),
        abilities=tuple(abilities),
        extra={key: value for key, value in raw.items() if key in EXTRA_KEYS},
        strength=stats.get("strength", 0),
        influence=stats.get("influence", 0),
        durability=stats.get("durability", 0),
    )
    return None if len(problems) > before else card

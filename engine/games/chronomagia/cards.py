"""A Chronomagia card: its type, rarity, home epoch and its three epoch rows.

Card fields (README.md beside this file, "Card fields"): ``type`` ∈ hero, thoughtform,
terrain, phenomenon («Явление» = «Событие», C1.1), shadow; ``rarity`` ∈ common, uncommon,
rare, mythic; ``rows``, one per epoch (C1.2): ``null`` when the card does not exist in that
epoch (C1.4), else its ``resources`` (null for a thoughtform that is a spell there, C1.3), ``abilities`` and
``keywords``. Terrains have ``lives`` (C10.2), phenomena a ``time_counter`` (C10.3), shadows
a ``shadow_event`` (C10.4), tokens a ``spirit`` (C11.4), heroes their ``base`` window,
``meditation`` (C6.3) and three ``hero_abilities`` (C10.5).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.actions import is_int
from engine.games._card_fields import (
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
from engine.playable import EngineFields
from engine.problems import Problem

# Seed L35, L45: «пять типов карт»: «Местность, Событие, Тени, Герои и Мыслеобразы».
# «Событие» and «Явление» (L87–93) are one type under two names [C1.1, audit D1]: a card set may
# write either, ``event`` or ``phenomenon``, and the engine plays an ``event`` as a phenomenon.
CARD_TYPES: tuple[str, ...] = ("hero", "thoughtform", "terrain", "phenomenon", "event", "shadow")
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare", "mythic")
# Seed «Введение»: «Игра проходит на протяжение Трех Эпох»; each card has a home epoch.
EPOCHS: tuple[int, ...] = (1, 2, 3)

# C13 resources. ``self_damage`` is the seed's nameless «потеря собственных жизней» (C7.7).
RESOURCES: tuple[str, ...] = (
    "concentration",
    "time",
    "time_past",
    "time_future",
    "life",
    "attack",
    "defense",
    "damage",
    "armor",
    "self_damage",
)
# C13: when an ability works. ``spell`` = the effect of a thoughtform played (or turned,
# C8.4) as a spell in that epoch; ``static`` = while in play; ``tap`` = activated (C12.1).
TRIGGERS: tuple[str, ...] = (
    "summon",
    "manifest",
    "tap",
    "fury",
    "spell",
    "static",
    "time_moves",
    "time_forward",
    "time_back",
    "start_of_turn",
    "end_of_turn",
)
# C13 effect words; each has one handler in match/effects.py.
EFFECTS: tuple[str, ...] = (
    "damage",
    "gain_life",
    "concentration",
    "draw",
    "armor",
    "move_time",
    "time_forward",
    "time_back",
    "token",
    "unsummon",
    "return",
    "trap",
    "mass_unsummon",
    "mass_return",
    "time_shift",
    "intuition",
    "boost",
    "hero_token",
    "shield",
    "discount",
    "damage_terrain",
)
# C13 «статические» (L39): continuous effects while the card is in play, each read where it
# applies (``boost``: collection, C7.1; ``shield``: damage to the player, C13; ``discount``:
# costs, C10.1). They are the effects of ``when: static``, and only of it.
STATIC_EFFECTS: tuple[str, ...] = ("boost", "shield", "discount")
# Effects whose amount must be at least 1 (a zero would be a card that does nothing).
AT_LEAST_ONE: tuple[str, ...] = ("shield", "discount", "damage_terrain")
KEYWORDS: tuple[str, ...] = ("haste",)  # C13 «Ускорение»
# C10.4: the events a shadow may come out of the shadow on («Выйти из Тени»).
SHADOW_EVENTS: tuple[str, ...] = (
    "time_moves",
    "time_forward",
    "time_back",
    "epoch_change",
    "opponent_plays",
    "attacked",
)

CARD_KEYS: tuple[str, ...] = (
    *IDENTITY_KEYS,
    "type",
    "rarity",
    "epoch",
    "cost",
    "subtypes",
    "rows",
    "lives",
    "time_counter",
    "spirit",
    "token",
    "shadow_event",
    "base",
    "meditation",
    "hero_abilities",
)
ABILITY_KEYS: tuple[str, ...] = ("when", "effect", "amount", "card", "resource")
ROW_KEYS: tuple[str, ...] = ("resources", "abilities", "keywords")


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of an epoch row (C13): ``when`` it works, its ``effect`` word and amount.

    ``card`` names the token a ``token`` effect creates; ``resource`` the kind a ``boost``
    (static) adds to; a hero ability's ``when`` is its token cost (``"+1"``, ``"-2"``).
    """

    when: str
    effect: str
    amount: int = 0
    card: str = ""
    resource: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"when": self.when, "effect": self.effect, "amount": self.amount}
        if self.card:
            out["card"] = self.card
        if self.resource:
            out["resource"] = self.resource
        return out


@dataclass(frozen=True, slots=True)
class Row:
    """A card's row for one epoch (C1.2): resources (None: a spell there, C1.3), abilities."""

    resources: tuple[tuple[str, int], ...] | None
    abilities: tuple[Ability, ...] = ()
    keywords: tuple[str, ...] = ()
    # Read from the above when the row is made, for the engine's hot loops (one attribute, not a
    # scan): «Ускорение» (C12.1), the static boosts ``(resource, amount)`` (C13), whether it has
    # a tap ability (C11.1) and a fury one (C12.1), and every ``when`` of its abilities (C6.7).
    haste: bool = field(default=False, init=False, repr=False, compare=False)
    boosts: tuple[tuple[str, int], ...] = field(default=(), init=False, repr=False, compare=False)
    taps: bool = field(default=False, init=False, repr=False, compare=False)
    fury: bool = field(default=False, init=False, repr=False, compare=False)
    whens: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    # C13: the sum of each static effect but boost (``shield``, ``discount``) in the row.
    statics: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    discount: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        boosts = tuple(
            (a.resource, a.amount) for a in self.abilities if a.when == "static" and a.effect == "boost"
        )
        object.__setattr__(self, "haste", "haste" in self.keywords)
        object.__setattr__(self, "boosts", boosts)
        object.__setattr__(self, "taps", any(a.when == "tap" for a in self.abilities))
        object.__setattr__(self, "fury", any(a.when == "fury" for a in self.abilities))
        object.__setattr__(self, "whens", frozenset(a.when for a in self.abilities))
        statics: dict[str, int] = {}
        for ability in self.abilities:
            if ability.when == "static" and ability.effect != "boost":
                statics[ability.effect] = statics.get(ability.effect, 0) + ability.amount
        object.__setattr__(self, "statics", statics)
        object.__setattr__(self, "discount", statics.get("discount", 0))

    def resource(self, kind: str) -> int:
        for name, amount in self.resources or ():
            if name == kind:
                return amount
        return 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "resources": dict(self.resources) if self.resources is not None else None,
            "abilities": [ability.as_dict() for ability in self.abilities],
            "keywords": list(self.keywords),
        }


@dataclass(frozen=True, slots=True)
class HeroAbility:
    """One of a hero's three abilities (C10.5): ``tokens`` put (+1) or removed (−N), an effect."""

    tokens: int
    ability: Ability


EMPTY_ROW = Row(resources=None)
PERMANENT_ROW = Row(resources=())


@dataclass(frozen=True, slots=True)
class Card:
    """One Chronomagia card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    rarity: str
    epoch: int | None = None  # home epoch, 1–3 («родная эпоха», C1.2)
    cost: int | None = None  # in concentration; also the spirit (C1.5); heroes have none
    subtypes: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""
    # C1.2–C1.4: one row per epoch, None where the card does not exist.
    rows: tuple[Row | None, Row | None, Row | None] = (None, None, None)
    lives: int = 0  # terrain (C10.2)
    time_counter: int = 0  # phenomenon (C10.3)
    spirit: int | None = None  # token (C11.4)
    token: bool = False
    shadow_event: str = ""  # shadow (C10.4)
    base: tuple[tuple[str, int], ...] = ()  # hero (C7.8)
    meditation: Row | None = None  # hero (C6.3)
    hero_abilities: tuple[HeroAbility, ...] = ()  # hero (C10.5)
    # The engine's fields the card lacks (engine/playable.py): a set for paper events may leave
    # them out; a match with the card is refused, naming it and the field.
    missing: tuple[str, ...] = ()

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_mythic(self) -> bool:
        return self.rarity == "mythic"

    # The card's type as the engine reads it: ``type``, but «Событие» (``event``) is the
    # phenomenon (C1.1). Set from ``type`` when the card is made (read in the engine's hot loops).
    kind: str = ""
    # The static effects any of its rows has (C13), so that reading them skips other cards.
    statics: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", "phenomenon" if self.type == "event" else self.type)
        found = {
            a.effect for row in self.rows if row is not None for a in row.abilities if a.when == "static"
        }
        object.__setattr__(self, "statics", frozenset(found))

    def row(self, epoch: int) -> Row | None:
        """Return the card's row in ``epoch`` (1–3), None when it is absent there (C1.4)."""
        return self.rows[epoch - 1]

    @property
    def spirit_value(self) -> int:
        """Spirit («Сила духа», C1.5): a token's own, else the cost."""
        return self.spirit if self.spirit is not None else (self.cost or 0)


def _take_amounts(
    raw: Any, where: str, problems: list[Problem], *, signed: bool = False
) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        problems.append(Problem(where, "must be an object of resource → whole number"))
        return ()
    amounts: list[tuple[str, int]] = []
    for kind, amount in raw.items():
        if kind not in RESOURCES:
            problems.append(Problem(f"{where}.{kind}", f"must be one of {', '.join(RESOURCES)}"))
        elif not is_int(amount) or (amount < 0 and not signed):
            problems.append(Problem(f"{where}.{kind}", "must be a whole number ≥ 0"))
        elif amount:
            amounts.append((kind, int(amount)))
    return tuple(amounts)


def _take_ability(raw: Any, where: str, problems: list[Problem], *, hero: bool = False) -> Ability | None:
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    keys = ("tokens", "effect", "amount", "card", "resource") if hero else ABILITY_KEYS
    check_keys(raw, keys, where, problems)
    when = "hero" if hero else take_choice(raw, "when", TRIGGERS, where, problems)
    effect = take_choice(raw, "effect", EFFECTS, where, problems)
    amount = raw.get("amount", 0)
    if not is_int(amount) or (amount < 0 and effect != "move_time"):
        problems.append(Problem(f"{where}.amount", "must be a whole number (≥ 0 but for move_time)"))
    card = raw.get("card", "")
    if effect == "token" and (not isinstance(card, str) or not card):
        problems.append(Problem(f"{where}.card", "a token effect names the token card"))
    resource = raw.get("resource", "")
    if effect == "boost" and resource not in RESOURCES:
        problems.append(Problem(f"{where}.resource", f"must be one of {', '.join(RESOURCES)}"))
    elif effect != "boost" and "resource" in raw:
        problems.append(Problem(f"{where}.resource", "only a boost names a resource"))
    if effect in AT_LEAST_ONE and is_int(amount) and amount < 1:
        problems.append(Problem(f"{where}.amount", f"{effect} needs an amount ≥ 1 (C13)"))
    if effect is not None and (effect in STATIC_EFFECTS) != (when == "static"):
        problems.append(
            Problem(
                f"{where}.effect",
                f"a static ability is one of {', '.join(STATIC_EFFECTS)}, and they are static only",
            )
        )
    if len(problems) > before or when is None or effect is None:
        return None
    return Ability(when=when, effect=effect, amount=int(amount), card=str(card), resource=str(resource))


def _take_row(raw: Any, where: str, problems: list[Problem], *, card_type: str | None) -> Row | None:
    if not check_object(raw, where, problems):
        return None
    check_keys(raw, ROW_KEYS, where, problems)
    resources_raw = raw.get("resources")
    if resources_raw is None and card_type not in (None, "thoughtform"):
        resources_raw = {}  # C1.3 [decision]: terrains, phenomena and shadows are never spells
    resources = (
        None if resources_raw is None else _take_amounts(resources_raw, f"{where}.resources", problems)
    )
    abilities: list[Ability] = []
    raw_abilities = raw.get("abilities", [])
    if not isinstance(raw_abilities, list):
        problems.append(Problem(f"{where}.abilities", "must be a list of abilities"))
        raw_abilities = []
    for index, item in enumerate(raw_abilities):
        ability = _take_ability(item, f"{where}.abilities[{index}]", problems)
        if ability is not None:
            abilities.append(ability)
    keywords = take_str_list(raw, "keywords", where, problems, choices=KEYWORDS)
    return Row(resources=resources, abilities=tuple(abilities), keywords=keywords)


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``, deeper for rows and abilities:
    ``cards[3].rows[1].abilities[0].effect``) for every bad field: ``type`` and ``rarity``
    are required, ``epoch`` is 1, 2 or 3 when given, ``cost`` a whole number ≥ 0, ``rows``
    a list of three rows or nulls, ``lives`` ≥ 1 for a terrain, ``time_counter`` ≥ 1 for a
    phenomenon, ``shadow_event`` one of :data:`SHADOW_EVENTS` for a shadow.
    """
    if not check_object(raw, where, problems):
        return None
    before = len(problems)
    check_keys(raw, CARD_KEYS, where, problems)
    fields = EngineFields(raw)
    identity = take_identity(raw, where, problems)
    card_type = take_choice(raw, "type", CARD_TYPES, where, problems)
    rarity = take_choice(raw, "rarity", RARITIES, where, problems)
    epoch = take_int(raw, "epoch", where, problems, minimum=1, default=None)
    if epoch is not None and epoch not in EPOCHS:
        problems.append(Problem(f"{where}.epoch", "must be 1, 2 or 3"))
    cost = take_int(raw, "cost", where, problems, default=None)
    subtypes = take_str_list(raw, "subtypes", where, problems)
    rows: list[Row | None] = []
    raw_rows = raw.get("rows")
    if raw_rows is None:
        # No rows: present in every epoch with no resources nor abilities (deck-only data).
        default = EMPTY_ROW if card_type == "thoughtform" else PERMANENT_ROW
        rows = [default, default, default]
    elif not isinstance(raw_rows, list) or len(raw_rows) != 3:
        problems.append(Problem(f"{where}.rows", "must be a list of 3 rows (epochs 1, 2, 3), null = absent"))
    else:
        for index, item in enumerate(raw_rows):
            rows.append(
                None
                if item is None
                else _take_row(item, f"{where}.rows[{index}]", problems, card_type=card_type)
            )
        if card_type != "hero" and all(row is None for row in rows) and len(problems) == before:
            problems.append(Problem(f"{where}.rows", "a card must exist in at least one epoch (C1.4)"))
    kind = "phenomenon" if card_type == "event" else card_type  # C1.1
    # The engine's fields (README.md, "Card fields"): a paper event's set may leave them out.
    fields.need("rows", when=kind not in (None, "hero"))  # C1.2
    fields.need(
        "cost", when=kind in ("thoughtform", "terrain", "phenomenon") and raw.get("token") is not True
    )  # C10.1
    fields.need("lives", when=kind == "terrain")  # C10.2
    fields.need("time_counter", when=kind == "phenomenon")  # C10.3
    fields.need("shadow_event", when=kind == "shadow")  # C10.4
    fields.need("base", when=kind == "hero")  # C7.8
    lives = take_int(raw, "lives", where, problems, minimum=1, default=0) or 0
    time_counter = take_int(raw, "time_counter", where, problems, minimum=1, default=0) or 0
    spirit = take_int(raw, "spirit", where, problems, default=None)
    token = take_bool(raw, "token", where, problems)
    shadow_event = ""
    if kind == "shadow":
        if raw.get("shadow_event") is not None:
            shadow_event = take_choice(raw, "shadow_event", SHADOW_EVENTS, where, problems) or ""
    elif "shadow_event" in raw:
        problems.append(Problem(f"{where}.shadow_event", "only a shadow has one"))
    base: tuple[tuple[str, int], ...] = ()
    meditation: Row | None = None
    hero_abilities: list[HeroAbility] = []
    if "base" in raw:
        base = _take_amounts(raw["base"], f"{where}.base", problems)
    if "meditation" in raw:
        meditation = _take_row(raw["meditation"], f"{where}.meditation", problems, card_type="hero")
    raw_hero = raw.get("hero_abilities", [])
    if not isinstance(raw_hero, list) or len(raw_hero) > 3:
        problems.append(Problem(f"{where}.hero_abilities", "must be a list of at most 3 abilities"))
        raw_hero = []
    for index, item in enumerate(raw_hero):
        here = f"{where}.hero_abilities[{index}]"
        ability = _take_ability(item, here, problems, hero=True)
        tokens = item.get("tokens") if isinstance(item, Mapping) else None
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens == 0 or tokens > 1:
            problems.append(Problem(f"{here}.tokens", "must be +1 (put a token) or −N (remove N), C10.5"))
        elif ability is not None:
            hero_abilities.append(HeroAbility(tokens=int(tokens), ability=ability))
    if (base or meditation or hero_abilities) and card_type != "hero":
        problems.append(
            Problem(f"{where}.base", "only a hero has a base window, meditation and hero abilities")
        )
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
        rows=(rows[0], rows[1], rows[2]),
        lives=lives,
        time_counter=time_counter,
        spirit=spirit,
        token=token,
        shadow_event=shadow_event,
        base=base,
        meditation=meditation,
        hero_abilities=tuple(hero_abilities),
        missing=fields.missing,
    )


def card_summary(card: Card) -> dict[str, Any]:
    """Return the card as a flat JSON-able dict for the site."""
    summary: dict[str, Any] = {
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
        "rows": [row.as_dict() if row is not None else None for row in card.rows],
    }
    if card.kind == "terrain":
        summary["lives"] = card.lives
    if card.kind == "phenomenon":  # an event too (C1.1)
        summary["time_counter"] = card.time_counter
    if card.kind == "shadow":
        summary["shadow_event"] = card.shadow_event
    if card.token:
        summary["token"] = True
        summary["spirit"] = card.spirit_value
    if card.is_hero:
        summary["base"] = dict(card.base)
        summary["meditation"] = card.meditation.as_dict() if card.meditation is not None else None
        summary["hero_abilities"] = [
            {"tokens": ability.tokens, **ability.ability.as_dict()} for ability in card.hero_abilities
        ]
    return summary

"""A Your War card: its type, country, cost, unit stats, keywords and abilities.

Card fields (formats.md, "The other seed games"): ``type`` ∈ unit, artillery, support,
medal, base (``base`` is «Военная База») and ``country`` are the minimum; the match engine
reads the optional fields below (rules digest "Card fields"; README.md lists them all).
A set with only the minimum fields still loads and validates decks; a unit's ``attack``,
``defense`` and domain are the engine's fields, recorded in ``missing`` when left out, and a
match with such a card is refused when it is set up, naming the card and the field.
"""

from collections.abc import Mapping
from dataclasses import dataclass
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
    take_optional_str,
    take_str_list,
)
from engine.languages import Translations, translations_json
from engine.playable import EngineFields
from engine.problems import Problem

# Y1.1 [inferred: the seed's list «Все карты можно разделить по следующим типам:» is empty, L26]:
# «Боевой Юнит», «Артиллерия», «Поддержка», «Медаль», and the «Военная База» that pays for them.
CARD_TYPES: tuple[str, ...] = ("unit", "artillery", "support", "medal", "base")
# Seed «ОСОБЕННОСТИ КАРТ ПО ИХ ТИПАМ»: «Наземный Юнит», «Истребитель Танков»,
# «ВВС – Бомбардировщик», «ВВС – Истребитель», «Военный Флот». The flat word of older sets;
# Y1.2 reads each as a domain and roles (UNIT_CLASS_READING).
UNIT_CLASSES: tuple[str, ...] = ("ground", "tank_destroyer", "bomber", "fighter", "navy")
# Y1.2 [decision]: a unit has a domain and optional roles; bomber and fighter are air («ВВС»),
# a tank destroyer is ground (L32 lets ground units block it), navy is sea.
DOMAINS: tuple[str, ...] = ("ground", "air", "sea")
ROLES: dict[str, str] = {"bomber": "air", "fighter": "air", "tank_destroyer": "ground"}
UNIT_CLASS_READING: dict[str, tuple[str, tuple[str, ...]]] = {
    "ground": ("ground", ()),
    "tank_destroyer": ("ground", ("tank_destroyer",)),
    "bomber": ("air", ("bomber",)),
    "fighter": ("air", ("fighter",)),
    "navy": ("sea", ()),
}
# Y8: the keywords the seed names (L73, L101); leader and colonel take a number.
KEYWORDS: tuple[str, ...] = ("fast", "leader", "colonel")
NUMBERED_KEYWORDS: frozenset[str] = frozenset({"leader", "colonel"})

# Y8 ability vocabulary (README.md, "Ability vocabulary"): when, what, to whom.
TRIGGERS: tuple[str, ...] = (
    "play",
    "use",
    "from_destroyed",
    "start_of_turn",
    "attacks",
    "destroyed",
    "static",
)
EFFECTS: tuple[str, ...] = (
    "damage",  # deal `amount` damage to the target (unit or player); artillery modifiers Y7.8
    "damage_all",  # deal `amount` damage to every unit the target names (enemy_units, ...)
    "heal",  # the controller, the chosen player or the opponent gains `amount` health (no maximum)
    "attack",  # +amount attack to the target until end of turn
    "defense",  # +amount defense to the target until end of turn
    "attack_in_play",  # +amount attack to the target unit (none: this unit) while it stays in play
    "defense_in_play",  # +amount defense to the target unit (none: this unit) while it stays in play
    "destroy",  # destroy the target unit
    "destroy_support",  # destroy the target permanent support or medal (L48)
    "draw",  # its controller draws `amount` cards
    "extra_base",  # its controller may build `amount` more bases this turn
    "untap",  # make the target unit (or `amount` of your bases) available again
    "return",  # put this card from the destroyed pile into its owner's hand (from_destroyed)
    "aura_attack",  # static: +amount attack to your units (of `domain` when given)
    "aura_defense",  # static: +amount defense to your units (of `domain` when given)
)
TARGETS: tuple[str, ...] = (
    "none",  # no choice: the card itself, its controller, or the effect's fixed set
    "any",  # a unit or a player
    "unit",  # any unit on the field
    "enemy_unit",
    "own_unit",
    "enemy_player",
    "player",  # either player
    "enemy_support",  # an opposing permanent support or medal
    "enemy_units",  # every opposing unit (damage_all)
    "all_units",  # every unit (damage_all)
    "bases",  # your used bases (untap)
)
# Y8: whom a heal may aim at (none: its controller), and the units a lasting bonus may go to
# (none: the unit whose ability it is).
HEAL_TARGETS: tuple[str, ...] = ("none", "player", "enemy_player")
LASTING: frozenset[str] = frozenset({"attack_in_play", "defense_in_play"})
LASTING_TARGETS: tuple[str, ...] = ("none", "unit", "enemy_unit", "own_unit")
# The triggers at which a player chooses a target (the action names it, Y8); another trigger's
# ability gets no choice.
CHOSEN_AT: frozenset[str] = frozenset({"play", "use", "from_destroyed"})

ABILITY_KEYS: tuple[str, ...] = (
    "trigger",
    "effect",
    "amount",
    "target",
    "domain",
    "combo",
    "cost",
    "use_icon",
)

CARD_KEYS: tuple[str, ...] = (
    *IDENTITY_KEYS,
    "type",
    "country",
    "cost",
    "cost_country",
    "cost_any",
    "unit_class",
    "domain",
    "roles",
    "attack",
    "defense",
    "permanent",
    "keywords",
    "abilities",
)


@dataclass(frozen=True, slots=True)
class Ability:
    """One structured ability (Y8): ``trigger``, ``effect``, ``amount``, ``target``, the
    ``domain`` an aura or a mass effect keeps to, a ``combo`` (a card type or name played
    the same turn that adds ``combo_bonus``), and for ``use``/``from_destroyed`` properties a
    ``cost`` in bases of any country and ``use_icon`` (once per turn, Y1.5)."""

    trigger: str
    effect: str
    amount: int = 0
    target: str = "none"
    domain: str | None = None
    combo: str | None = None
    combo_bonus: int = 0
    cost: int = 0
    use_icon: bool = False

    def as_dict(self) -> dict[str, Any]:
        """Return the ability as its card-set JSON."""
        out: dict[str, Any] = {"trigger": self.trigger, "effect": self.effect}
        if self.amount:
            out["amount"] = self.amount
        if self.target != "none":
            out["target"] = self.target
        if self.domain:
            out["domain"] = self.domain
        if self.combo:
            out["combo"] = {"played": self.combo, "bonus": self.combo_bonus}
        if self.cost:
            out["cost"] = self.cost
        if self.use_icon:
            out["use_icon"] = True
        return out


@dataclass(frozen=True, slots=True)
class Card:
    """One Your War card. ``name`` is the canonical spelling; ``aliases`` other spellings."""

    name: str
    type: str
    country: str | None  # None: a card of no country, paid with any «Военная База»
    cost: int = 0  # in «Военные Базы»: cost_country + cost_any
    unit_class: str | None = None  # units only: the flat word, when the set gives one
    attack: int | None = None  # units only
    defense: int | None = None  # units only
    aliases: tuple[str, ...] = ()
    number: int = 0
    text: str = ""
    names: Translations = ()  # engine.languages: the name in each language
    texts: Translations = ()
    set_code: str = ""
    cost_country: int = 0  # Y1.4: bases of the card's country
    cost_any: int = 0  # Y1.4: bases of any country
    domain: str | None = None  # Y1.2: units only
    roles: tuple[str, ...] = ()  # Y1.2: bomber, fighter, tank_destroyer
    permanent: bool = False  # Y1.1: a support that stays (L48)
    keywords: tuple[tuple[str, int], ...] = ()  # Y8: ("fast", 0), ("leader", 1), ...
    abilities: tuple[Ability, ...] = ()
    missing: tuple[str, ...] = ()  # the engine's fields a paper set left out (engine/playable.py)

    @property
    def is_base(self) -> bool:
        """True for a «Военная База», the one card the four-copy limit exempts."""
        return self.type == "base"

    def keyword(self, word: str) -> int | None:
        """Return the keyword's number (0 for a plain keyword), None when the card lacks it."""
        for key, value in self.keywords:
            if key == word:
                return value
        return None


def _take_keywords(
    raw: Mapping[str, Any], where: str, problems: list[Problem]
) -> tuple[tuple[str, int], ...]:
    words = take_str_list(raw, "keywords", where, problems, fold=True)
    out: list[tuple[str, int]] = []
    for index, word in enumerate(words):
        head, _, number = word.partition(" ")
        if head not in KEYWORDS:
            problems.append(Problem(f"{where}.keywords[{index}]", f"must be one of {', '.join(KEYWORDS)}"))
        elif head in NUMBERED_KEYWORDS:
            if not number.isdigit() or int(number) < 1:
                problems.append(
                    Problem(f"{where}.keywords[{index}]", f'"{head}" takes a number ≥ 1: "{head} 1"')
                )
            else:
                out.append((head, int(number)))
        elif number:
            problems.append(Problem(f"{where}.keywords[{index}]", f'"{head}" takes no number'))
        else:
            out.append((head, 0))
    return tuple(out)


def _check_aim(name: str, card_type: str | None, at: str, ability: Ability, problems: list[Problem]) -> None:
    """Append a problem (naming the card and the field) for a heal or a lasting bonus aimed where
    its effect cannot go (Y8)."""
    effect, target, trigger = ability.effect, ability.target, ability.trigger
    if effect == "heal" and target not in HEAL_TARGETS:
        problems.append(
            Problem(f"{at}.target", f"{name}: heal aims at a player: {', '.join(HEAL_TARGETS)} (Y8)")
        )
    elif effect == "heal" and target == "player" and trigger not in CHOSEN_AT:
        problems.append(
            Problem(
                f"{at}.target",
                f"{name}: a {trigger} ability chooses no player; use enemy_player or none (Y8)",
            )
        )
    if effect not in LASTING:
        return
    if target not in LASTING_TARGETS:
        problems.append(
            Problem(f"{at}.target", f"{name}: {effect} goes to one unit: {', '.join(LASTING_TARGETS)} (Y8)")
        )
    elif target == "none" and card_type != "unit":
        problems.append(
            Problem(
                f"{at}.target",
                f"{name}: {effect} without a target goes to the unit itself; this is no unit (Y8)",
            )
        )
    elif target != "none" and trigger not in CHOSEN_AT:
        problems.append(Problem(f"{at}.target", f"{name}: a {trigger} ability chooses no unit (Y8)"))
    if trigger == "static":
        problems.append(Problem(f"{at}.trigger", f"{name}: {effect} is given once, not static (Y8)"))
    if ability.amount < 1:
        problems.append(Problem(f"{at}.amount", f"{name}: {effect} needs an amount ≥ 1 (Y8)"))


def _take_abilities(
    raw: Mapping[str, Any], where: str, problems: list[Problem], name: str = "", card_type: str | None = None
) -> tuple[Ability, ...]:
    value = raw.get("abilities")
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append(Problem(f"{where}.abilities", "must be a list of ability objects"))
        return ()
    out: list[Ability] = []
    for index, item in enumerate(value):
        at = f"{where}.abilities[{index}]"
        if not check_object(item, at, problems):
            continue
        before = len(problems)
        check_keys(item, ABILITY_KEYS, at, problems)
        trigger = take_choice(item, "trigger", TRIGGERS, at, problems)
        effect = take_choice(item, "effect", EFFECTS, at, problems)
        target = take_choice(item, "target", TARGETS, at, problems, required=False) or "none"
        domain = take_choice(item, "domain", DOMAINS, at, problems, required=False)
        amount = take_int(item, "amount", at, problems) or 0
        cost = take_int(item, "cost", at, problems) or 0
        use_icon = take_bool(item, "use_icon", at, problems)
        combo = item.get("combo")
        played: str | None = None
        bonus = 0
        if combo is not None:
            if (
                not isinstance(combo, Mapping)
                or not isinstance(combo.get("played"), str)
                or not combo["played"]
                or not is_int(combo.get("bonus"))
                or combo["bonus"] < 1
            ):
                problems.append(
                    Problem(f"{at}.combo", 'must be {"played": type or card name, "bonus": n ≥ 1}')
                )
            else:
                played, bonus = combo["played"], int(combo["bonus"])
        if trigger in ("use", "from_destroyed") and not cost and not use_icon:
            # [decision, engine] a free property without the use icon could be used forever.
            problems.append(
                Problem(f"{at}.cost", "a property costs at least 1 base or has the use icon (Y1.5)")
            )
        if len(problems) == before and trigger is not None and effect is not None:
            ability = Ability(trigger, effect, amount, target, domain, played, bonus, cost, use_icon)
            _check_aim(name or where, card_type, at, ability, problems)
            if len(problems) == before:
                out.append(ability)
    return tuple(out)


def parse_card(raw: Any, where: str, problems: list[Problem]) -> Card | None:
    """Return the card built from one JSON object of a card set, or None when it cannot be.

    Appends a :class:`Problem` (``f"{where}.field"``) for every bad field: ``country``
    must be present: a non-empty string (lower-cased, so "USA" and "usa" are one
    country) or null for a card of no country (seed: «Иногда требуются «Военные Базы»
    определенной страны, иногда любой»); ``cost_country`` + ``cost_any`` (Y1.4) must add
    up to ``cost`` when both are given; ``unit_class``, ``domain``, ``roles``, ``attack``,
    ``defense`` and ``keywords`` belong to units only, ``permanent`` to supports;
    a role must fit the domain (Y1.2).
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
    country = country.casefold() if country else None
    cost = take_int(raw, "cost", where, problems, default=None)
    cost_country = take_int(raw, "cost_country", where, problems, default=None)
    cost_any = take_int(raw, "cost_any", where, problems, default=None)
    if cost_country is None and cost_any is None:
        # Y1.4: one cost is the country's, or all `any` when the card has no country.
        total = cost or 0
        cost_country, cost_any = (total, 0) if country else (0, total)
    else:
        cost_country, cost_any = cost_country or 0, cost_any or 0
        if cost is not None and cost != cost_country + cost_any:
            problems.append(Problem(f"{where}.cost", "must equal cost_country + cost_any"))
    if cost_country and not country:
        problems.append(
            Problem(f"{where}.cost_country", "needs a country (a card of no country costs `any`)")
        )
    unit_class = take_choice(raw, "unit_class", UNIT_CLASSES, where, problems, required=False)
    domain = take_choice(raw, "domain", DOMAINS, where, problems, required=False)
    roles = take_str_list(raw, "roles", where, problems, choices=tuple(ROLES))
    if unit_class is not None:
        read_domain, read_roles = UNIT_CLASS_READING[unit_class]
        if domain is not None and domain != read_domain:
            problems.append(Problem(f"{where}.domain", f"unit_class {unit_class!r} is a {read_domain} unit"))
        domain = read_domain
        roles = tuple(dict.fromkeys((*read_roles, *roles)))
    for role in roles:
        if domain is not None and ROLES[role] != domain:
            problems.append(Problem(f"{where}.roles", f"{role} is a role of {ROLES[role]} units (Y1.2)"))
    if domain is None and roles:
        domain = ROLES[roles[0]]
    attack = take_int(raw, "attack", where, problems, default=None)
    defense = take_int(raw, "defense", where, problems, default=None)
    permanent = take_bool(raw, "permanent", where, problems)
    keywords = _take_keywords(raw, where, problems)
    abilities = _take_abilities(raw, where, problems, identity.name, card_type)
    if card_type is not None and card_type != "unit":
        for key in ("unit_class", "domain", "roles", "attack", "defense", "keywords"):
            if raw.get(key) not in (None, []):
                problems.append(Problem(f"{where}.{key}", "is only for units"))
    if card_type is not None and card_type != "support" and raw.get("permanent") is not None:
        problems.append(Problem(f"{where}.permanent", "is only for supports"))
    # A set for paper events may leave out what only a match reads (formats.md): the loader
    # records it, and a match with the card is refused at set-up, naming it (engine/playable.py).
    fields = EngineFields(raw)
    fields.need("attack", when=card_type == "unit")  # Y1.3
    fields.need("defense", when=card_type == "unit")  # Y1.3
    fields.need("domain", when=card_type == "unit" and domain is None)  # Y1.2
    if len(problems) > before or card_type is None:
        return None
    return Card(
        name=identity.name,
        type=card_type,
        country=country,
        cost=cost_country + cost_any,
        unit_class=unit_class,
        attack=attack,
        defense=defense,
        aliases=identity.aliases,
        number=identity.number,
        text=identity.text,
        names=identity.names,
        texts=identity.texts,
        cost_country=cost_country,
        cost_any=cost_any,
        domain=domain if card_type == "unit" else None,
        roles=roles,
        permanent=permanent,
        keywords=keywords,
        abilities=abilities,
        missing=fields.missing,
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
        "cost_country": card.cost_country,
        "cost_any": card.cost_any,
        "unit_class": card.unit_class,
        "domain": card.domain,
        "roles": list(card.roles),
        "attack": card.attack,
        "defense": card.defense,
        "permanent": card.permanent,
        # Not "keywords": the site labels that key's words (WoW's); these carry numbers (Y8).
        "unit_keywords": [f"{word} {n}" if n else word for word, n in card.keywords],
        "abilities": [ability.as_dict() for ability in card.abilities],
        "text": card.text,
        "names": translations_json(card.names),
        "texts": translations_json(card.texts),
    }

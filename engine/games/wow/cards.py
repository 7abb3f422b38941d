"""A World of Warcraft TCG card: its type, traits, keywords, numbers and abilities.

Card fields (formats.md, "The other seed games"): ``type``; ``traits`` — the five
qualities of «Качества» (faction, classes, races, talents, professions); ``keywords``;
``hero_required_talent``; the numbers a match needs (W1.3: ``health``, ``atk`` with
``damage_type``, ``strike_cost``, ``def``); ``tags`` (type-line words, with an optional
limit, W1.6, W13.2); ``abilities`` (the structured text the match engine plays, W18) and
``quest`` (a completion cost and its reward, W8.7). See ``README.md`` beside this file.
"""

from collections.abc import Mapping
from typing import Any

from engine.games._card_fields import (
    check_keys,
    check_object,
    take_bool,
    take_choice,
    take_identity,
    take_int,
    take_optional_str,
    take_str_list,
)
from engine.games.wow.card_text import parse_abilities, parse_quest, parse_tags
from engine.games.wow.vocabulary import (
    ABILITY_KEYS,
    BACK_WHENS,
    CARD_KEYS,
    CARD_TYPES,
    CHOSEN_TARGETS,
    CLASSES,
    COUNTER_EFFECTS,
    COUNTER_KIND,
    COUNTER_KIND_MAX,
    DAMAGE_TYPES,
    EFFECT_KEYS,
    EFFECTS,
    FACTIONS,
    FILTER_KEYS,
    KEYWORDS,
    PLAYER_EFFECTS,
    PLAYER_TARGETS,
    REVEAL_ZONES,
    TARGETS,
    TRAIT_LISTS,
    TRIGGERS,
    WHENS,
    Ability,
    Card,
    Effect,
    Filter,
    Quest,
    Tag,
    Traits,
)
from engine.languages import translations_json
from engine.playable import EngineFields
from engine.problems import Problem


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


__all__ = [
    "ABILITY_KEYS",
    "BACK_WHENS",
    "CARD_KEYS",
    "CARD_TYPES",
    "CHOSEN_TARGETS",
    "CLASSES",
    "COUNTER_EFFECTS",
    "COUNTER_KIND",
    "COUNTER_KIND_MAX",
    "DAMAGE_TYPES",
    "EFFECTS",
    "EFFECT_KEYS",
    "FACTIONS",
    "FILTER_KEYS",
    "KEYWORDS",
    "NEEDED",
    "PLAYER_EFFECTS",
    "PLAYER_TARGETS",
    "REVEAL_ZONES",
    "TARGETS",
    "TRAIT_LISTS",
    "TRIGGERS",
    "WHENS",
    "Ability",
    "Card",
    "Effect",
    "Filter",
    "Quest",
    "Tag",
    "Traits",
    "card_summary",
    "parse_abilities",
    "parse_card",
    "parse_quest",
    "parse_tags",
    "parse_traits",
]

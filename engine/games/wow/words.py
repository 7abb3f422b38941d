"""The ability vocabulary's words beyond the effect and target words of ``vocabulary.py`` (W18):
what an effect may say more (whose damage it is, until when an ATK bonus lasts, which damage
type it deals or cares about) and what an ability may require of the hero (W1.4).

Each field is read here with its loader errors, each naming the field's key path (and so the
card) and the rule: a field on a word that has no use for it, a value that is no choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games._card_fields import check_keys, check_object, take_choice
from engine.problems import Problem

# W13.6: "your hero deals N": the damage's source is the hero, not the ability card.
SOURCES: tuple[str, ...] = ("your_hero",)
# W11.5, W18: an ATK bonus lasts to the end of the turn (the default) or of the combat.
UNTILS: tuple[str, ...] = ("turn", "combat")
# W12.4: static words, read while the card is in play (``static`` abilities only).
STATIC_WORDS: frozenset[str] = frozenset({"atk", "damage_bonus", "hand_size"})
STATIC_ONLY: frozenset[str] = frozenset({"damage_bonus", "hand_size"})
# W1.4: the kinds of trait a text may require of the hero.
TRAIT_KINDS: tuple[str, ...] = ("faction", "classes", "races", "talents", "professions")


@dataclass(frozen=True, slots=True)
class Requires:
    """W1.4: the text works only while the hero has ``value`` among its ``kind`` of traits."""

    kind: str
    value: str


@dataclass(frozen=True, slots=True)
class More:
    """An effect's optional fields read here: ``source`` (W13.6), ``until`` (W11.5) and
    ``damage_type`` (W1.5: the type ``damage`` deals, or the only type ``damage_bonus`` adds to)."""

    source: str | None = None
    until: str = "turn"
    damage_type: str | None = None


def effect_more(
    item: Mapping[str, Any],
    do: str | None,
    damage_types: tuple[str, ...],
    where: str,
    problems: list[Problem],
) -> More:
    """Return an effect's ``source``, ``until`` and ``damage_type``, appending a problem for a
    bad value or one on a word that has no use for it."""
    source = take_choice(item, "source", SOURCES, where, problems, required=False)
    until = take_choice(item, "until", UNTILS, where, problems, required=False)
    damage_type = take_choice(item, "damage_type", damage_types, where, problems, required=False)
    owners = (("source", source, ("damage",)), ("until", until, ("atk",)),
              ("damage_type", damage_type, ("damage", "damage_bonus")))  # fmt: skip
    for key, value, words in owners:
        if value is not None and do is not None and do not in words:
            problems.append(
                Problem(f"{where}.{key}", f"has no meaning for {do} (only for {' and '.join(words)}, W18)")
            )
    return More(source=source, until=until or "turn", damage_type=damage_type)


def effect_problems(
    do: str | None, when: str | None, target: str, amount: Any, where: str, problems: list[Problem]
) -> None:
    """Append a problem for a static-only word outside a static ability, a static ability
    with a word it cannot hold, and the targets and amounts of ``damage_bonus`` (``you`` or
    ``self``), ``hand_size`` (``you`` or ``opponent``, a whole number, negative to lower it)
    and ``take_control`` (a chosen ally)."""
    if do is None or when is None:
        return
    if do in STATIC_ONLY and when != "static":
        problems.append(Problem(f"{where}.do", f"{do} is a static word: a static ability only (W18)"))
    if when == "static" and do not in STATIC_WORDS:
        problems.append(
            Problem(f"{where}.do", f"a static ability holds {', '.join(sorted(STATIC_WORDS))} only (W18)")
        )
    if do == "damage_bonus" and target not in ("you", "self"):
        problems.append(
            Problem(f"{where}.target", "damage_bonus adds to your damage or this card's: you or self (W12.4)")
        )
    if do == "hand_size" and target not in ("you", "opponent"):
        problems.append(Problem(f"{where}.target", "hand_size changes a player's: you or opponent (W6.4)"))
    if do == "take_control" and target not in ("enemy_ally",):
        problems.append(Problem(f"{where}.target", "take_control takes a chosen enemy_ally (W3.5)"))
    if do == "hand_size" and (not isinstance(amount, int) or isinstance(amount, bool) or amount == 0):
        problems.append(Problem(f"{where}.amount", "hand_size needs a whole number other than 0 (W6.4)"))


def parse_requires(raw: Any, where: str, problems: list[Problem], *, classes: tuple[str, ...],
                   factions: tuple[str, ...]) -> Requires | None:  # fmt: skip
    """Return an ability's ``requires`` (W1.4): ``{"kind": trait kind, "value": a trait}``."""
    if raw is None:
        return None
    if not check_object(raw, where, problems):
        return None
    check_keys(raw, ("kind", "value"), where, problems)
    kind = take_choice(raw, "kind", TRAIT_KINDS, where, problems)
    value = raw.get("value")
    choices = {"classes": classes, "faction": factions}.get(kind or "")
    if not isinstance(value, str) or not value.strip():
        problems.append(Problem(f"{where}.value", "must name a trait of the hero (W1.4)"))
        return None
    if choices is not None and value.casefold() not in choices:
        problems.append(Problem(f"{where}.value", f"must be one of {', '.join(choices)} (W1.4)"))
        return None
    return Requires(kind, value.casefold()) if kind is not None else None

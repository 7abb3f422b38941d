"""A World of Warcraft TCG card's structured text read from its JSON, each problem at its key path:
type-line tags (W1.6, W13.2), effects with their targets and counters (W18, W3.2), a search's
filter, abilities (W9, W1.4, W1.7) and a quest (W8.7).
"""

from collections.abc import Mapping
from typing import Any

from engine.actions import is_int
from engine.games._card_fields import (
    check_keys,
    check_object,
    take_bool,
    take_choice,
    take_int,
    take_optional_str,
)
from engine.games.wow.vocabulary import (
    ABILITY_KEYS,
    BACK_WHENS,
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
    PLAYER_EFFECTS,
    PLAYER_TARGETS,
    REVEAL_ZONES,
    TARGETS,
    TRIGGERS,
    WHENS,
    Ability,
    Effect,
    Filter,
    Quest,
    Tag,
)
from engine.games.wow.words import effect_more, effect_problems, parse_requires
from engine.problems import Problem


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

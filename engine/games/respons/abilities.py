# mypyc: compiled by build_engine.py
"""RESPONSE abilities: one small registered handler per vocabulary kind.

Three registries, keyed by the words of :mod:`engine.games.respons.vocabulary`:

- ``TRIGGERS[kind](state, source, moment) -> bool``: does this ability fire at this
  moment? (``static`` never fires: it is applied continuously, ``match/resolution.py``.)
- ``TARGETS[kind](state, source, moment) -> list[Target]``: what the ability acts on; for
  the ``chosen_*`` kinds, the candidates the owner chooses one from (R7.7).
- ``EFFECTS[kind](state, source, ability, target) -> None``: do it to one target.

Adding an ability kind = add the word to ``vocabulary.py``, one handler here with
``@trigger``/``@effect``/``@target``, one test in ``tests/engine/respons/test_match_abilities.py``,
and a paragraph in ``ABILITIES.md``. When abilities fire and resolve, and how the board is
settled after each (R7.8, R7.9), is ``match/resolution.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, cast

from engine.games.respons.cards import Ability, Card
from engine.games.respons.match.board import (
    ATTACK_TRIGGERS,
    CELL_LINE,
    FIELD,
    HERO,
    LINE_CELL_TUPLES,
    LOCATION,
)
from engine.games.respons.match.insts import Inst, Target, target_dict
from engine.games.respons.match.state import State
from engine.games.respons.vocabulary import EFFECTS as EFFECT_WORDS
from engine.games.respons.vocabulary import TARGETS as TARGET_WORDS
from engine.games.respons.vocabulary import TRIGGERS as TRIGGER_WORDS


class Moment:
    """A point in the game at which triggers are checked.

    ``kind`` is ``play``, ``destroyed``, ``activate`` (``card`` is the card), ``attack``
    (``card`` is the attacking unit, ``line`` its line), ``start_of_turn``,
    ``end_of_turn``, ``start_of_combat`` or ``static`` (refreshing continuous effects).
    """

    __slots__ = ("card", "kind", "line")

    def __init__(self, kind: str, card: Inst | None = None, line: int = 0) -> None:
        self.kind = kind
        self.card = card
        self.line = line


STATIC = Moment("static")
START_OF_TURN = Moment("start_of_turn")
END_OF_TURN = Moment("end_of_turn")
START_OF_COMBAT = Moment("start_of_combat")

TriggerFn = Callable[[State, Inst, Moment], bool]
TargetFn = Callable[[State, Inst, Moment], list[Target]]
EffectFn = Callable[[State, Inst, Ability, Target], None]

TRIGGERS: dict[str, TriggerFn] = {}
TARGETS: dict[str, TargetFn] = {}
EFFECTS: dict[str, EffectFn] = {}

# R7.7: targets the owner picks (sent with the action, or asked for with choose_target).
CHOSEN_TARGETS: frozenset[str] = frozenset({"chosen_unit", "chosen_own_unit", "chosen_enemy_unit"})
# R7.9: the effects and targets a static ability can apply continuously.
STATIC_EFFECTS: dict[str, int] = {"strengthen": 1, "damage": -1}
STATIC_TARGETS: frozenset[str] = frozenset(
    {
        "self",
        "enemy_front_in_line",
        "own_units_in_line",
        "enemy_units_in_line",
        "all_own_units",
        "all_enemy_units",
    }
)
TRIGGERS_OF: Callable[[Inst], frozenset[str]] = attrgetter("triggers")
ON_BOARD = (FIELD, LOCATION)  # a unit or a location in play
_IN_PLAY = (FIELD, LOCATION, HERO)


def trigger(kind: str) -> Callable[[TriggerFn], TriggerFn]:
    """Register the handler of a trigger kind; raise KeyError for a word not in the vocabulary."""

    def register(fn: TriggerFn) -> TriggerFn:
        if kind not in TRIGGER_WORDS:
            raise KeyError(f"trigger {kind!r} is not in vocabulary.TRIGGERS")
        TRIGGERS[kind] = fn
        return fn

    return register


def target(kind: str) -> Callable[[TargetFn], TargetFn]:
    """Register the handler of a target kind; raise KeyError for a word not in the vocabulary."""

    def register(fn: TargetFn) -> TargetFn:
        if kind not in TARGET_WORDS:
            raise KeyError(f"target {kind!r} is not in vocabulary.TARGETS")
        TARGETS[kind] = fn
        return fn

    return register


def effect(kind: str) -> Callable[[EffectFn], EffectFn]:
    """Register the handler of an effect kind; raise KeyError for a word not in the vocabulary."""

    def register(fn: EffectFn) -> EffectFn:
        if kind not in EFFECT_WORDS:
            raise KeyError(f"effect {kind!r} is not in vocabulary.EFFECTS")
        EFFECTS[kind] = fn
        return fn

    return register


def line_of(inst: Inst) -> int:
    """Return the line a card stands (or last stood) in, 0 for cards with no line."""
    return CELL_LINE[inst.last_cell] if inst.last_cell >= 0 else 0


# --- triggers (R6.1, R6.4, R6.5, R7.3, R7.6) ------------------------------------------------


@trigger("on_play")
def _on_play(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "play" and moment.card is source


@trigger("start_of_turn")
def _start_of_turn(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "start_of_turn" and source.zone in _IN_PLAY


@trigger("end_of_turn")
def _end_of_turn(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "end_of_turn" and source.zone in _IN_PLAY


@trigger("start_of_combat")
def _start_of_combat(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "start_of_combat" and source.zone in _IN_PLAY


@trigger("on_destroyed")
def _on_destroyed(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "destroyed" and moment.card is source


def _attacks_in_my_line(source: Inst, moment: Moment) -> bool:
    return (
        moment.kind == "attack"
        and source.zone == FIELD
        and moment.card is not None
        and CELL_LINE[source.cell] == moment.line
    )


@trigger("ally_attacks_in_line")
def _ally_attacks(state: State, source: Inst, moment: Moment) -> bool:
    return _attacks_in_my_line(source, moment) and moment.card.owner == source.owner  # type: ignore[union-attr]


@trigger("enemy_attacks_in_line")
def _enemy_attacks(state: State, source: Inst, moment: Moment) -> bool:
    return _attacks_in_my_line(source, moment) and moment.card.owner != source.owner  # type: ignore[union-attr]


@trigger("activated")
def _activated(state: State, source: Inst, moment: Moment) -> bool:
    return moment.kind == "activate" and moment.card is source


@trigger("static")
def _static(state: State, source: Inst, moment: Moment) -> bool:
    # Never fires: applied continuously by refresh_statics (R7.9).
    return False


# --- targets ----------------------------------------------------------------------------------


@target("self")
def _self(state: State, source: Inst, moment: Moment) -> list[Target]:
    return [source] if source.zone in ON_BOARD else []


@target("attacker")
def _attacker(state: State, source: Inst, moment: Moment) -> list[Target]:
    card = moment.card
    return [card] if moment.kind == "attack" and card is not None and card.zone == FIELD else []


@target("chosen_unit")
def _chosen_unit(state: State, source: Inst, moment: Moment) -> list[Target]:
    return cast("list[Target]", state.unit_list(source.owner) + state.unit_list(1 - source.owner))


@target("chosen_own_unit")
def _chosen_own_unit(state: State, source: Inst, moment: Moment) -> list[Target]:
    return cast("list[Target]", state.unit_list(source.owner))


@target("chosen_enemy_unit")
def _chosen_enemy_unit(state: State, source: Inst, moment: Moment) -> list[Target]:
    return cast("list[Target]", state.unit_list(1 - source.owner))


@target("enemy_front_in_line")
def _enemy_front(state: State, source: Inst, moment: Moment) -> list[Target]:
    line = line_of(source)
    if not line:
        return []
    cells = state.cells
    for cell in LINE_CELL_TUPLES[1 - source.owner][line]:
        inst = cells[cell]
        if inst is not None and inst.kind == "unit":
            return [inst]
    return []


@target("own_units_in_line")
def _own_in_line(state: State, source: Inst, moment: Moment) -> list[Target]:
    line = line_of(source)
    return cast("list[Target]", state.line_units(source.owner, line)) if line else []


@target("enemy_units_in_line")
def _enemy_in_line(state: State, source: Inst, moment: Moment) -> list[Target]:
    line = line_of(source)
    return cast("list[Target]", state.line_units(1 - source.owner, line)) if line else []


@target("all_own_units")
def _all_own(state: State, source: Inst, moment: Moment) -> list[Target]:
    return cast("list[Target]", state.unit_list(source.owner))


@target("all_enemy_units")
def _all_enemy(state: State, source: Inst, moment: Moment) -> list[Target]:
    return cast("list[Target]", state.unit_list(1 - source.owner))


@target("own_location")
def _own_location(state: State, source: Inst, moment: Moment) -> list[Target]:
    location = state.seats[source.owner].location
    return [location] if location is not None else []


@target("enemy_location")
def _enemy_location(state: State, source: Inst, moment: Moment) -> list[Target]:
    location = state.seats[1 - source.owner].location
    return [location] if location is not None else []


@target("you")
def _you(state: State, source: Inst, moment: Moment) -> list[Target]:
    return [source.owner]


@target("opponent")
def _opponent(state: State, source: Inst, moment: Moment) -> list[Target]:
    return [1 - source.owner]


# --- effects ----------------------------------------------------------------------------------


def _is_unit(target: Target) -> bool:
    return isinstance(target, Inst) and target.kind == "unit" and target.zone == FIELD


def _is_board_card(target: Target) -> bool:
    return isinstance(target, Inst) and (
        target.zone == LOCATION or (target.zone == FIELD and target.kind == "unit")
    )


def _emit_effect(state: State, source: Inst, ability: Ability, target: Target, **extra: Any) -> None:
    if state.recording:
        state.emit(
            {
                "type": "effect",
                "effect": ability.effect,
                "source": source.name,
                "seat": source.owner,
                "target": target_dict(target),
                **extra,
            }
        )


@effect("damage")
def _damage(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # A unit loses strength, a location durability; ≤ 0 is settled by settle() (R8.3, R8.4).
    if _is_board_card(target):
        assert isinstance(target, Inst)
        target.delta -= ability.amount
        state.unsettled = True
        if state.recording:
            _emit_effect(state, source, ability, target, amount=ability.amount, now=target.strength)


@effect("strengthen")
def _strengthen(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # Until recovery (R6.6 clears delta).
    if _is_unit(target):
        assert isinstance(target, Inst)
        target.delta += ability.amount
        if state.recording:
            _emit_effect(state, source, ability, target, amount=ability.amount, now=target.strength)


@effect("draw")
def _draw(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # [decision R7.10] drawing from an empty deck draws nothing; only R6.2 plays an order.
    if isinstance(target, int):
        drawn = state.draw(target, ability.amount)
        if state.recording:
            state.emit(
                {"type": "draw", "seat": target, "count": len(drawn), "source": source.name},
                {"cards": [inst.name for inst in drawn]},
                target,
            )


@effect("gain_influence")
def _gain_influence(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # [decision R7.10] may exceed the supply until the next recovery (R6.6).
    if isinstance(target, int):
        side = state.seats[target]
        side.influence += ability.amount
        if state.recording:
            _emit_effect(state, source, ability, target, amount=ability.amount, now=side.influence)


@effect("destroy")
def _destroy(state: State, source: Inst, ability: Ability, target: Target) -> None:
    if _is_board_card(target):
        assert isinstance(target, Inst)
        if state.recording:
            _emit_effect(state, source, ability, target)
        state.destroy(target)


@effect("return_to_hand")
def _return_to_hand(state: State, source: Inst, ability: Ability, target: Target) -> None:
    if _is_unit(target):
        assert isinstance(target, Inst)
        if state.recording:
            _emit_effect(state, source, ability, target, card=target.name)
        state.to_hand(target)


@effect("remove_to_space")
def _remove_to_space(state: State, source: Inst, ability: Ability, target: Target) -> None:
    if _is_unit(target):
        assert isinstance(target, Inst)
        if state.recording:
            _emit_effect(state, source, ability, target, card=target.name)
        state.to_space(target)


@effect("player_loses")
def _player_loses(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # R9.2 "player loses": the target player.
    if isinstance(target, int):
        if state.recording:
            _emit_effect(state, source, ability, target)
        state.end(1 - target, "card_effect")


@effect("you_win")
def _you_win(state: State, source: Inst, ability: Ability, target: Target) -> None:
    # R9.2 "you win": the card's owner.
    if isinstance(target, int):
        if state.recording:
            _emit_effect(state, source, ability, target)
        state.end(target, "card_effect")


def chosen_abilities(card: Card, trigger_kind: str) -> list[Ability]:
    """Return the abilities of ``card`` with trigger ``trigger_kind`` whose target is chosen (R7.7)."""
    return [a for a in card.abilities if a.trigger == trigger_kind and a.target in CHOSEN_TARGETS]


def card_problems(card: Card) -> list[str]:
    """Return why some abilities of ``card`` can never do anything in this engine (empty: all fine).

    For card designers and the starter-set test: a kind with no handler, a static
    ability the engine cannot apply continuously (R7.9), a trigger that cannot happen
    for the card's type.
    """
    problems: list[str] = []
    no_line = card.type in ("hero", "location", "spell")
    for i, ability in enumerate(card.abilities):
        where = f"{card.name}: abilities[{i}]"
        if ability.trigger not in TRIGGERS or ability.effect not in EFFECTS or ability.target not in TARGETS:
            problems.append(f"{where}: no handler for {ability.trigger}/{ability.effect}/{ability.target}")
            continue
        if ability.trigger == "static" and (
            ability.effect not in STATIC_EFFECTS or ability.target not in STATIC_TARGETS
        ):
            problems.append(f"{where}: a static ability applies only strengthen/damage to units (R7.9)")
        if card.type == "spell" and ability.trigger != "on_play":
            problems.append(f"{where}: a spell is never on the field, only on_play fires (R7.2)")
        if card.type == "hero" and ability.trigger in ("on_play", "on_destroyed"):
            problems.append(f"{where}: a hero is never played nor destroyed")
        if no_line and (ability.trigger in ATTACK_TRIGGERS or ability.target.endswith("_in_line")):
            problems.append(f"{where}: a {card.type} stands in no line (R3.2)")
    return problems

"""The shared chain and priority loop (engine/chain.py): W9.4, W10.1–W10.5 of the WoW TCG's
RULES.md, and the order of simultaneous triggers (W9.4, F8.5, C6.7), with toy hosts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from engine.chain import Chain, ChainError, ChainItem, TriggerOrder


class Host:
    """A toy game: resolving an item records it and may put a follow-up or a trigger."""

    def __init__(self, chain: Chain[str]) -> None:
        self.chain = chain
        self.resolved: list[str] = []

    def resolve(self, item: ChainItem[str]) -> None:
        self.resolved.append(item.payload)
        if item.payload == "summon":
            self.chain.trigger(1, "opponent-reacts")

    def options(self, seat: int) -> list[Any]:
        return [f"play-{seat}"]


def test_it_opens_a_window_with_the_turn_players_priority_w10_5() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(turn_player=1)
    assert chain.holder == 1 and chain.is_open and len(chain) == 0


def test_it_lets_the_player_who_put_an_item_keep_priority_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    item = chain.put(0, "bolt")
    assert chain.holder == 0 and chain.top == item and item.controller == 0


def test_it_hands_priority_on_when_the_holder_passes_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.put(0, "bolt")
    step = chain.pass_priority(0)
    assert step.kind == "priority" and step.seat == 1 and chain.holder == 1


def test_it_resolves_the_top_item_after_two_passes_in_succession_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.put(0, "bolt")
    chain.pass_priority(0)
    step = chain.pass_priority(1)
    assert step.kind == "resolve" and step.item is not None and step.item.payload == "bolt"
    assert len(chain) == 0 and chain.holder is None


def test_it_gives_the_turn_player_priority_after_a_resolution_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.put(0, "bolt")
    chain.pass_priority(0)
    chain.put(1, "counter")  # the opponent responds, keeps priority
    chain.pass_priority(1)
    chain.pass_priority(0)
    chain.resolved()
    assert chain.holder == 0, "the turn player, not the one who put the item"


def test_it_resolves_last_in_first_out_w10_1() -> None:
    chain: Chain[str] = Chain()
    host = Host(chain)
    chain.open_window(0)
    chain.put(0, "first")
    chain.put(0, "second")
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)
    assert host.resolved == ["second", "first"]


def test_it_keeps_the_window_open_when_the_chain_empties_w10_4() -> None:
    chain: Chain[str] = Chain()
    host = Host(chain)
    chain.open_window(0)
    chain.put(0, "bolt")
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)
    assert chain.is_open and chain.holder == 0


def test_it_closes_the_window_after_two_passes_on_an_empty_chain_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    assert chain.pass_priority(0).kind == "priority"
    assert chain.pass_priority(1).kind == "closed"
    assert not chain.is_open


def test_an_action_resets_the_passes_in_succession_w10_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.pass_priority(0)
    chain.acted(1)  # e.g. a strike, without the chain (W10.7)
    assert chain.holder == 1
    assert chain.pass_priority(1).kind == "priority", "seat 0 may still act"
    assert chain.pass_priority(0).kind == "closed"


def test_it_refuses_a_pass_from_a_player_without_priority() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    with pytest.raises(ChainError):
        chain.pass_priority(1)
    with pytest.raises(ChainError):
        chain.put(1, "bolt")


def test_it_refuses_to_act_without_an_open_window() -> None:
    chain: Chain[str] = Chain()
    with pytest.raises(ChainError):
        chain.put(0, "bolt")
    with pytest.raises(ChainError):
        chain.resolved()


def test_it_puts_triggers_on_the_chain_when_someone_next_gets_priority_w9_4() -> None:
    chain: Chain[str] = Chain()
    host = Host(chain)
    chain.open_window(0)
    chain.put(0, "summon")
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)  # resolving "summon" queues seat 1's trigger
    assert chain.top is not None and chain.top.payload == "opponent-reacts"
    assert chain.top.triggered and chain.top.controller == 1
    assert chain.holder == 0 and chain.passes == 0


def test_it_orders_simultaneous_triggers_turn_player_first_w9_4() -> None:
    chain: Chain[str] = Chain()
    chain.trigger(1, "theirs")
    chain.trigger(0, "mine-a")
    chain.trigger(0, "mine-b")
    chain.open_window(0)
    assert [item.payload for item in chain] == ["mine-a", "mine-b", "theirs"]
    assert chain.top is not None and chain.top.payload == "theirs", "resolves first"


def test_a_trigger_resets_the_passes_so_everyone_may_respond_w9_4() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.pass_priority(0)
    chain.trigger(0, "late")  # queued while seat 1 holds priority
    chain.acted(1)
    assert chain.top is not None and chain.top.payload == "late"
    assert chain.pass_priority(1).kind == "priority"
    assert chain.pass_priority(0).kind == "resolve"


def test_it_removes_an_interrupted_item() -> None:
    chain: Chain[str] = Chain()
    chain.open_window(0)
    target = chain.put(0, "bolt")
    chain.put(0, "other")
    assert chain.remove(target.id) == target
    assert [item.payload for item in chain] == ["other"]
    assert chain.remove(target.id) is None


def test_it_is_json_and_deterministic() -> None:
    def run() -> dict[str, Any]:
        chain: Chain[str] = Chain()
        chain.open_window(1)
        chain.put(1, "a")
        chain.pass_priority(1)
        chain.put(0, "b")
        return chain.as_dict(lambda p: p.upper())

    assert run() == run()
    assert run()["items"] == [
        {"id": 1, "controller": 1, "triggered": False, "payload": "A"},
        {"id": 2, "controller": 0, "triggered": False, "payload": "B"},
    ]


def test_options_come_from_the_host_for_the_holder() -> None:
    chain: Chain[str] = Chain()
    host = Host(chain)
    assert chain.options(host) == []
    chain.open_window(1)
    assert chain.options(host) == ["play-1"]


def test_it_halts_at_the_end_of_a_game_keeping_its_items_where_they_lie() -> None:
    # W14, F12: what was on the chain when the game ended stays to be seen (no card vanishes);
    # nobody holds priority, waiting triggers never go on.
    chain: Chain[str] = Chain()
    chain.open_window(0)
    chain.put(0, "bolt")
    chain.put(0, "shield")
    chain.trigger(1, "reaction")  # waiting to go on (W9.4)
    chain.halt()
    assert [item.payload for item in chain] == ["bolt", "shield"]
    assert chain.holder is None and not chain.pending and not chain.is_open


def test_it_puts_the_item_being_resolved_back_on_top_when_a_game_ends_while_its_card_lies_there() -> None:
    for keep, expected in ((lambda item: True, ["bolt", "shield"]), (lambda item: False, ["bolt"])):
        chain: Chain[str] = Chain()
        chain.open_window(0)
        chain.put(0, "bolt")
        chain.put(0, "shield")
        chain.pass_priority(0)
        step = chain.pass_priority(1)
        assert step.kind == "resolve" and chain.resolving is not None
        chain.halt(keep)
        assert [item.payload for item in chain] == expected and chain.resolving is None


# --- simultaneous triggers in the order their controller chooses (W9.4, F8.5, C6.7) ----------


def ordered_chain() -> Chain[str]:
    """A chain whose triggers are told apart by their payload (a toy game's trigger words)."""
    return Chain(order_by=lambda payload: payload)


def option(chain: Chain[str], payload: str) -> int:
    """Return the id of the trigger ``payload`` that the choosing seat may put on next."""
    return next(item.id for item in chain.trigger_options() if item.payload == payload)


def test_it_asks_a_player_with_two_different_triggers_to_order_them_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.open_window(0)
    assert chain.choosing == 0 and chain.holder is None and chain.is_open
    assert [item.payload for item in chain.trigger_options()] == ["draw", "heal"]
    assert len(chain) == 0, "nothing goes on before the choice"


def test_the_pick_goes_on_first_and_so_resolves_last_w9_4() -> None:
    chain = ordered_chain()
    host = Host(chain)
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.open_window(0)
    step = chain.order_trigger(0, option(chain, "heal"))
    # The lone trigger left needs no choice: on it goes, and the turn player gets priority.
    assert step.kind == "priority" and step.seat == 0 and chain.holder == 0 and chain.choosing is None
    assert [item.payload for item in chain] == ["heal", "draw"]
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)
    chain.pass_priority(0)
    chain.pass_and_resolve(1, host)
    assert host.resolved == ["draw", "heal"]


def test_identical_triggers_need_no_choice_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(0, "draw")
    chain.trigger(0, "draw")
    chain.trigger(1, "heal")
    chain.open_window(0)
    assert chain.choosing is None and chain.holder == 0
    assert [item.payload for item in chain] == ["draw", "draw", "heal"]


def test_it_lists_one_pick_per_kind_of_trigger_w9_4() -> None:
    chain = ordered_chain()
    for payload in ("draw", "heal", "draw", "heal", "draw"):
        chain.trigger(0, payload)
    chain.open_window(0)
    assert [item.payload for item in chain.trigger_options()] == ["draw", "heal"]
    chain.order_trigger(0, option(chain, "heal"))
    # Still two kinds left (draw, draw, heal): the seat picks again.
    assert chain.choosing == 0 and [item.payload for item in chain.trigger_options()] == ["draw", "heal"]
    chain.order_trigger(0, option(chain, "draw"))
    assert chain.choosing == 0
    chain.order_trigger(0, option(chain, "heal"))
    assert chain.choosing is None
    assert [item.payload for item in chain] == ["heal", "draw", "heal", "draw", "draw"]


def test_the_turn_players_triggers_go_on_before_the_opponent_chooses_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(1, "a")
    chain.trigger(0, "mine")
    chain.trigger(1, "b")
    chain.open_window(0)
    assert [item.payload for item in chain] == ["mine"] and chain.choosing == 1
    step = chain.order_trigger(1, option(chain, "b"))
    assert step.kind == "priority" and step.seat == 0, "the turn player gets priority (W10.5)"
    assert [item.payload for item in chain] == ["mine", "b", "a"]
    assert chain.top is not None and chain.top.payload == "a", "the opponent's last pick resolves first"


def test_each_player_orders_its_own_turn_player_first_w9_4() -> None:
    chain = ordered_chain()
    for seat, payload in ((1, "c"), (0, "a"), (1, "d"), (0, "b")):
        chain.trigger(seat, payload)
    chain.open_window(1)  # seat 1's turn: it orders first
    assert chain.choosing == 1
    step = chain.order_trigger(1, option(chain, "d"))
    assert step.kind == "order" and step.seat == 0 and chain.choosing == 0
    step = chain.order_trigger(0, option(chain, "a"))
    assert step.kind == "priority" and step.seat == 1
    assert [item.payload for item in chain] == ["d", "c", "a", "b"]


def test_a_pass_with_waiting_triggers_stops_for_the_choice_w9_4() -> None:
    chain = ordered_chain()
    chain.open_window(0)
    chain.put(0, "spell")
    chain.trigger(1, "x")
    chain.trigger(1, "y")
    step = chain.pass_priority(0)
    assert step.kind == "order" and step.seat == 1 and chain.holder is None
    step = chain.order_trigger(1, option(chain, "x"))
    assert step.kind == "priority" and step.seat == 1, "the seat the pass handed priority to"
    assert chain.passes == 0, "everyone may respond to the triggers"


def test_nobody_acts_while_triggers_are_being_ordered_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.open_window(0)
    for act in (lambda: chain.pass_priority(0), lambda: chain.put(0, "bolt"), lambda: chain.acted(0)):
        with pytest.raises(ChainError, match="ordering its triggers"):
            act()
    with pytest.raises(ChainError):
        chain.order_trigger(1, option(chain, "draw"))
    with pytest.raises(ChainError):
        chain.order_trigger(0, 999)


def test_it_refuses_a_pick_when_nothing_is_being_ordered() -> None:
    chain = ordered_chain()
    chain.open_window(0)
    with pytest.raises(ChainError):
        chain.order_trigger(0, 1)


def test_a_trigger_dropped_while_ordering_leaves_no_choice_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.open_window(0)
    chain.drop_pending(lambda item: item.payload != "heal")  # its source left play
    assert chain.choosing is None and chain.holder == 0
    assert [item.payload for item in chain] == ["draw"]


def test_a_chain_that_does_not_ask_keeps_the_queued_order_and_its_json() -> None:
    chain: Chain[str] = Chain()
    chain.trigger(0, "heal")
    chain.trigger(0, "draw")
    chain.open_window(0)
    assert chain.choosing is None and [item.payload for item in chain] == ["heal", "draw"]
    assert "choosing" not in chain.as_dict()


def test_its_json_says_who_orders_and_how_many_triggers_wait_w9_4() -> None:
    chain = ordered_chain()
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.trigger(0, "draw")
    chain.open_window(0)
    view = chain.as_dict()
    assert view["choosing"] == 0 and view["waiting_triggers"] == 3 and view["holder"] is None


@dataclass(frozen=True)
class Effect:
    """A toy trigger of a game without a chain: whose it is and what it does."""

    seat: int
    word: str


def batch(effects: list[Effect], turn_player: int) -> TriggerOrder[Effect]:
    return TriggerOrder(effects, controller=lambda e: e.seat, key=lambda e: e.word, turn_player=turn_player)


def test_a_game_without_a_chain_resolves_a_batch_in_the_order_picked_c6_7() -> None:
    heal, draw, burn, again = Effect(1, "heal"), Effect(1, "draw"), Effect(0, "burn"), Effect(0, "burn")
    order = batch([burn, heal, draw, again], turn_player=1)
    assert order.chooser == 1 and order.options() == [heal, draw]
    placed = order.pick(1, draw)
    # Seat 1's lone heal follows its pick, then seat 0's two identical burns without a choice.
    assert placed == [draw, heal, burn, again] and order.done
    assert order.ordered == [draw, heal, burn, again]
    assert order.options() == []


def test_a_batch_refuses_a_pick_out_of_turn_or_not_offered_c6_7() -> None:
    heal, draw = Effect(0, "heal"), Effect(0, "draw")
    order = batch([heal, draw], turn_player=0)
    with pytest.raises(ChainError):
        order.pick(1, heal)
    with pytest.raises(ChainError):
        order.pick(0, Effect(0, "heal"))  # equal, but not the waiting trigger itself
    assert order.as_dict(lambda e: e.word) == {"chooser": 0, "waiting": ["heal", "draw"], "ordered": []}


def test_a_batch_with_nothing_to_choose_is_done_at_once_c6_7() -> None:
    effects = [Effect(1, "draw"), Effect(0, "burn"), Effect(1, "draw")]
    order = batch(effects, turn_player=0)
    assert order.done and order.ordered == [effects[1], effects[0], effects[2]]


def test_a_game_that_ends_while_a_player_orders_triggers_puts_none_of_them_on() -> None:
    chain = ordered_chain()
    chain.open_window(0)
    chain.put(0, "bolt")
    chain.trigger(0, "draw")
    chain.trigger(0, "heal")
    chain.pass_priority(0)
    assert chain.choosing == 0
    chain.halt()
    assert chain.choosing is None and not chain.trigger_options()
    assert [item.payload for item in chain] == ["bolt"] and not chain.is_open

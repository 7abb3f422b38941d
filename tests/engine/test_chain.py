"""The shared chain and priority loop (engine/chain.py): W9.4, W10.1–W10.5 of the WoW digest."""

from __future__ import annotations

from typing import Any

import pytest

from engine.chain import Chain, ChainError, ChainItem


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

"""Helpers of the scenario kit (tests/engine/test_scenario_kit.py): each game's cards and decks,
the positions random games reach, and what a seat's views may name."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from engine.cardset import load_catalog
from engine.catalog import Catalog
from engine.decklist import Decklist, load_decklist
from engine.match import MatchEngine, MatchState
from engine.registry import bundled_card_sets, bundled_decklists, game_keys, get_game
from engine.scenario import ScenarioBuilder

# The games whose match engine builds positions (engine/scenario.py).
SCENARIO_KEYS = [
    key
    for key in game_keys()
    if (engine := get_game(key).match_engine) is not None and engine.scenario is not None
]


class ScenarioTable:
    """One game's engine and builder, with its bundled cards and a pool of legal decks."""

    def __init__(self, key: str) -> None:
        engine = get_game(key).match_engine
        assert engine is not None and engine.scenario is not None
        self.key = key
        self.engine: MatchEngine[Any] = engine
        self.builder: ScenarioBuilder[Any] = engine.scenario
        rules, self.catalog = load_catalog(bundled_card_sets(key))
        bundled = [load_decklist(path, game=key) for path in bundled_decklists(key)]
        legal = [deck for deck in bundled if not rules.validate_deck(deck, self.catalog)]
        self.decks: list[Decklist] = legal + engine.sample_decks(self.catalog, seed=2026)

    def build(self, spec: dict[str, Any]) -> Any:
        """Return the match of ``spec`` (a deep copy of it: the builder may keep what it gets)."""
        return self.builder.build(self.catalog, copy.deepcopy(spec))

    def positions(
        self, games: int, *, every: int = 5, most: int = 30
    ) -> Iterator[tuple[MatchState, dict[str, Any]]]:
        """Yield (state, its spec) for every ``every``-th position the builder describes in
        ``games`` random games (at most ``most`` a game); the spec has been through JSON."""
        for seed in range(games):
            rng = random.Random(seed)
            state = self.engine.new_match(
                self.catalog, [rng.choice(self.decks), rng.choice(self.decks)], seed=seed
            )
            bots = (self.engine.make_bot("random", seed), self.engine.make_bot("random", seed + 1))
            described = found = 0
            while not state.is_over and found < most:
                spec = self.builder.describe(state)
                if spec is not None:
                    if described % every == 0:
                        found += 1
                        yield state, json.loads(json.dumps(spec))
                    described += 1
                decision = state.decision()
                assert decision is not None
                action = bots[decision.seat].act(state, decision.seat)
                state.apply(decision.seat, action, seq=decision.seq)


@cache
def scenario_table(key: str) -> ScenarioTable:
    return ScenarioTable(key)


def strings(value: Any) -> set[str]:
    """Return every string of a JSON value (keys and values, at any depth)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def assert_views_hide(state: MatchState) -> None:
    """Assert that no seat's observation nor its part of the match's events so far names a card
    hidden from it, and that the spectator's view and the public parts name none hidden from
    either seat."""
    events = list(state.initial_events)
    for seat in (0, 1):
        hidden = state.hidden_from(seat)
        seen = strings(state.observation(seat)) | strings([event.for_seat(seat) for event in events])
        assert not hidden & seen, f"seat {seat} is shown {sorted(hidden & seen)}"
    hidden = state.hidden_from(0) | state.hidden_from(1)
    public = strings(state.spectator_view()) | strings([event.public_dict() for event in events])
    assert not hidden & public, f"spectators are shown {sorted(hidden & public)}"


def with_first_card_renamed(spec: dict[str, Any], catalog: Catalog[Any], name: str) -> dict[str, Any]:
    """Return a copy of ``spec`` whose first string naming a card of ``catalog`` (depth first,
    in key order) is ``name``."""
    names = {card.name for card in catalog}
    out = copy.deepcopy(spec)
    stack: list[tuple[Any, Any]] = [(out, key) for key in reversed(list(out))]
    while stack:
        parent, key = stack.pop()
        value = parent[key]
        if isinstance(value, str) and value in names:
            parent[key] = name
            return out
        if isinstance(value, dict):
            stack.extend((value, k) for k in reversed(list(value)))
        elif isinstance(value, list):
            stack.extend((value, i) for i in reversed(range(len(value))))
    raise AssertionError("the spec names no card")

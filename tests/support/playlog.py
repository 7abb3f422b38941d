"""Random games of a game's engine, kept as its readers saw them, for the game log's tests.

Each reading is what one reader's log gets: the events of the game as ``seat`` received them
(``for_seat``; ``None``: an official's ``judge_dict``) and the view the page holds meanwhile.
"""

import random
from typing import Any

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.match import SITE_ACTIONS
from engine.registry import bundled_card_sets, bundled_decklists, get_game

NAMES = ["anna", "boris"]


def _table(key: str) -> tuple[Any, Any, list[Any]]:
    engine = get_game(key).match_engine
    assert engine is not None, f"{key} has no match engine"
    rules, catalog = load_catalog(bundled_card_sets(key))
    bundled = [load_decklist(path, game=key) for path in bundled_decklists(key)]
    decks = [deck for deck in bundled if not rules.validate_deck(deck, catalog)]
    decks += engine.sample_decks(catalog, seed=2026)
    return engine, catalog, decks


def _readings(state: Any, events: list[Any]) -> list[dict[str, Any]]:
    readings: list[dict[str, Any]] = []
    for seat in (0, 1, None):
        shown = [event.judge_dict() if seat is None else event.for_seat(seat) for event in events]
        view = state.judge_view() if seat is None else state.observation(seat)
        readings.append({"seat": seat, "view": view, "events": shown})
    return readings


def random_game_readings(key: str, *, games: int, seed: int = 0, limit: int = 3_000) -> list[dict[str, Any]]:
    """Return the readings of ``games`` games of ``key`` played by the random bot (each to its end
    or ``limit`` actions), and of one more game ended at once by each of the site's actions
    (engine.match.SITE_ACTIONS: a concession, a timeout, a no-show of one seat and of both, a
    penalty)."""
    engine, catalog, decks = _table(key)
    out: list[dict[str, Any]] = []
    for number in range(games):
        rng = random.Random(seed + number)
        state = engine.new_match(catalog, [rng.choice(decks), rng.choice(decks)], seed=seed + number)
        bots = [engine.make_bot("random", seed + number), engine.make_bot("random", seed + number + 1)]
        events = list(state.initial_events)
        for _ in range(limit):
            decision = state.decision()
            if state.is_over or decision is None:
                break
            action = bots[decision.seat].act(state, decision.seat)
            events += list(state.apply(decision.seat, action, seq=decision.seq))
        out += _readings(state, events)
    for kind in SITE_ACTIONS:
        for both in (False, True) if kind == "no_show" else (False,):
            state = engine.new_match(catalog, [decks[0], decks[-1]], seed=seed)
            events = list(state.initial_events)
            events += list(state.apply(0, {"type": kind, "both": True} if both else {"type": kind}))
            out += _readings(state, events)
    return out

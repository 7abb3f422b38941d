"""docs/security.md's tables of what each role sees, game by game, hold: every claim on every
state of random games of each game with a match engine (found through the registry), and no
role's view names a card its table does not list (tests/support/security_tables.py reads the
tables and checks them). The check itself is shown to catch what it is there to catch."""

import os
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.registry import bundled_card_sets, bundled_decklists, game_keys, get_game
from tests.support.security_tables import Watcher, tables
from tests.support.sizes import sized

ENGINE_KEYS = [key for key in game_keys() if get_game(key).match_engine]
# Random games per game (more: a longer soak; a quarter under --quick, tests/support/sizes.py).
GAMES = int(os.environ.get("SECURITY_GAMES", sized(8, quick=2)))


class Game:
    """A game's engine with its bundled cards and the decks random games are played with."""

    def __init__(self, key: str) -> None:
        engine = get_game(key).match_engine
        assert engine is not None
        self.engine = engine
        rules, self.catalog = load_catalog(bundled_card_sets(key))
        bundled = [load_decklist(path, game=key) for path in bundled_decklists(key)]
        legal = [deck for deck in bundled if not rules.validate_deck(deck, self.catalog)]
        self.decks = legal + list(engine.sample_decks(self.catalog, seed=29))
        self.names = frozenset(card.name for card in self.catalog)

    def played(self, seed: int) -> Any:
        """Yield (state, the events that led to it) of a game of random bots, setup to end."""
        rng = random.Random(seed)
        state = self.engine.new_match(
            self.catalog, [rng.choice(self.decks), rng.choice(self.decks)], seed=seed
        )
        bots = (self.engine.make_bot("random", seed), self.engine.make_bot("random", seed + 1))
        yield state, state.initial_events
        while not state.is_over:
            decision = state.decision()
            events = state.apply(
                decision.seat, bots[decision.seat].act(state, decision.seat), seq=decision.seq
            )
            yield state, events


def test_every_game_with_a_match_engine_has_its_table():
    found = tables()
    assert sorted(found) == sorted(ENGINE_KEYS)
    for key, table in found.items():
        assert len(table.rows) >= 5, f"{key}: {len(table.rows)} rows"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_every_claim_of_the_games_table_holds_on_random_games(key):
    game = Game(key)
    table = tables()[key]
    broken: Counter[tuple[str, str, str]] = Counter()
    states = 0
    for seed in range(GAMES):
        watcher = Watcher(table, game.names)
        for state, events in game.played(7_000 + seed):
            states += 1
            for problem in watcher.see(state, events):
                broken[(problem.row, problem.role, problem.what)] += 1
    assert states >= 20 * GAMES, f"{key}: only {states} states looked at"
    assert not broken, f"{key}: {len(broken)} kinds of broken claims, e.g. " + "; ".join(
        f"{row} / {role}: {what} ({n}×)" for (row, role, what), n in broken.most_common(8)
    )


# --- the check catches what it is there to catch ---------------------------------------------

DOC = """## What each role sees, game by game

### Test (`test`)

| information | in the view | the seat | the opponent | spectators | judges | after publication |
|---|---|---|---|---|---|---|
| hand | `hand[].card`, `hand` | names | count | count | names | names |
| shadows | `field[face_down=true].card` | names | backs + revealed | backs + revealed | names | names |
| graveyard | `graveyard[]` | names | names | names | names | names |
"""


class Views:
    """A stand-in game state: its views are given, and ``leak`` changes the opponent's view
    (seat 1's view of seat 0's cards) after they are built."""

    def __init__(self, leak: Any = None) -> None:
        self.leak = leak

    def _view(self, viewer: int | None) -> dict[str, Any]:
        seats = []
        for seat in (0, 1):
            mine = viewer in (seat, "judge")
            hand = [{"id": 10 * seat + 1, "card": "Oak"}, {"id": 10 * seat + 2, "card": "Elm"}]
            shadow = {"id": 10 * seat + 3, "face_down": True, "card": "Ash" if mine else None}
            seats.append({"hand": hand if mine else 2, "field": [shadow], "graveyard": ["Yew"]})
        view = {"seats": seats}
        if viewer == 1 and self.leak is not None:
            self.leak(view["seats"][0])
        return view

    def observation(self, seat: int) -> dict[str, Any]:
        return self._view(seat)

    def spectator_view(self) -> dict[str, Any]:
        return self._view(None)

    def judge_view(self) -> dict[str, Any]:
        return self._view("judge")


def problems_of(leak: Any) -> set[tuple[str, str]]:
    table = tables(DOC)["test"]
    names = frozenset({"Oak", "Elm", "Ash", "Yew"})
    return {(p.row, p.role) for p in Watcher(table, names).see(Views(leak))}


def test_the_check_passes_views_that_keep_to_their_table():
    assert problems_of(None) == set()


@pytest.mark.parametrize(
    ("leak", "caught"),
    [
        (
            lambda seat: seat.update(hand=[{"id": 1, "card": "Oak"}, {"id": 2, "card": "Elm"}]),
            ("hand", "the opponent"),
        ),
        (
            lambda seat: seat.update(hand=[{"id": 1, "card": None}, {"id": 2, "card": None}]),
            ("hand", "the opponent"),
        ),
        (lambda seat: seat.update(hand=3), ("hand", "the opponent")),
        (lambda seat: seat["field"][0].update(card="Ash"), ("shadows", "the opponent")),
        (lambda seat: seat["field"][0].pop("id"), ("shadows", "the opponent")),
        (lambda seat: seat.update(graveyard=[]), ("graveyard", "the opponent")),
        (lambda seat: seat.update(last_seen="Oak"), ("(not listed)", "the seat")),
    ],
    ids=[
        "hand names",
        "hand ids",
        "hand count",
        "shadow never shown",
        "shadow without id",
        "graveyard",
        "unlisted",
    ],
)
def test_the_check_catches_a_view_that_shows_more_or_other_than_its_table(leak, caught):
    assert caught in problems_of(leak)


def test_a_card_revealed_to_a_reader_may_be_named_to_it_afterwards():
    table = tables(DOC)["test"]
    watcher = Watcher(table, frozenset({"Oak", "Elm", "Ash", "Yew"}))

    class Shown:  # an event showing seat 1 that seat 0's shadow (id 3) is Ash
        def for_seat(self, seat: int) -> dict[str, Any]:
            return {"type": "looked", "id": 3, **({"card": "Ash"} if seat == 1 else {})}

    named = Views(lambda seat: seat["field"][0].update(card="Ash"))
    assert ("shadows", "the opponent") not in {(p.row, p.role) for p in watcher.see(named, [Shown()])}


def test_the_check_reads_a_real_games_views():
    """A RESPONSE state whose opponent's view names the seat's hand (as a judge sees it)."""
    game = Game("respons")
    state, events = next(game.played(1))

    class Leaky:
        def __getattr__(self, name: str) -> Any:
            return getattr(state, name)

        def observation(self, seat: int) -> dict[str, Any]:
            view = state.observation(seat)
            if seat == 1:
                view["seats"][0]["hand"] = state.judge_view()["seats"][0]["hand"]
            return view

    watcher = Watcher(tables()["respons"], game.names)
    assert not watcher.problems(state)
    found = {(p.row, p.role, p.seat) for p in watcher.see(Leaky(), events)}
    assert found == {("hand", "the opponent", 0)}


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("| hand | `hand[]` | names | some | count | names | names |", "claims ['some']"),
        ("| hand | hand | names | count | count | names | names |", "names no path"),
        ("| chain | `/chain[]` | names | names | names | names | names |", "does not say whose"),
    ],
)
def test_a_table_the_check_cannot_read_is_refused_not_skipped(row, problem):
    header = DOC.split("|---", 1)[0]
    with pytest.raises(ValueError, match=re.escape(problem)):
        tables(f"{header}|---|---|---|---|---|---|---|\n{row}\n")

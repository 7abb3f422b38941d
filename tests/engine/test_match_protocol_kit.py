"""The generic test kit: what every game's match engine (engine/match.py) passes.

Parametrised over the registry: every game whose ``RULES.match_engine`` is set plays here
with its bundled card sets, its bundled legal decks and the engine's ``sample_decks``, so a
new engine is tested by listing its game; nothing below knows a game. The game's own
behaviour (its rules, cards, refusal codes) is tested beside it (``tests/engine/<key>/``).

- random bots play ``SOAK_GAMES`` games per game (default 300, which keeps the suite's run
  short; the long soaks, 10,000 games with the same checks, are ``bench/bench_soak.py``) without
  an exception, the engine's invariants checked after every action;
- the log, through JSON, replays to every state the game went through (each of the first
  ``CHECKED_STATES`` states of a game, as many spread over a longer one);
- the same seed (and bots) gives the same game, and another seed another one;
- no seat's observation, no spectator view, no event part a seat or spectator receives
  holds a card hidden from it, nor the match seed; the judge's view names them all;
- non-interference (tests/support/hidden.py): in pairs of games that differ only in what one
  seat may not know (the opponent's list and cards, both decks' order, the seed) or in a hidden
  choice of the opponent, played with the same actions, everything that seat reads is the same
  JSON until the rules reveal the difference (a step whose events name other cards); pairs
  are played by the hundred (``SOAK_GAMES // 20`` rounds of four, at least 50; thousands in the long soak),
  compare many steps each, and a planted leak is caught;
- no card of the setup ever leaves the judge's view (conservation), at the end of a game too,
  whatever ended it;
- every legal action of either seat applies; illegal ones are refused with a rule, a stable
  code and params, and change nothing (the game then goes on exactly as without them);
- the checks on random games play a quarter of their games under ``--quick`` (``make check``,
  tests/support/sizes.py);
- golden playthroughs (each bot against the random bot, every action with what each seat saw)
  are played exactly as recorded; regenerate them on purpose with::

      UPDATE_GOLDEN=1 .venv/bin/python -m pytest -p no:django tests/engine/test_match_protocol_kit.py

  and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest

from engine.cardset import load_card_set, load_catalog
from engine.decklist import Decklist, decklist_to_json, load_decklist
from engine.match import SITE_ACTIONS, MatchEngine, MatchEvent, MatchState
from engine.problems import InputError
from engine.registry import bundled_card_sets, bundled_decklists, game_keys, get_game
from tests.support import hidden
from tests.support.sizes import sized

KIT_GAMES = int(os.environ.get("SOAK_GAMES", "300"))
GOLDEN = Path(__file__).parent / "match_golden"
UPDATE_GOLDEN = os.environ.get("UPDATE_GOLDEN") == "1"
ENGINE_KEYS = [key for key in game_keys() if get_game(key).match_engine]


class Table:
    """One game's engine with its cards and a pool of legal decks to play."""

    def __init__(self, key: str) -> None:
        engine = get_game(key).match_engine
        assert engine is not None
        self.engine: MatchEngine[Any] = engine
        paths = bundled_card_sets(key)
        self.codes = [load_card_set(path).code for path in paths]
        rules, self.catalog = load_catalog(paths)
        bundled = [load_decklist(path, game=key) for path in bundled_decklists(key)]
        legal = [deck for deck in bundled if not rules.validate_deck(deck, self.catalog)]
        self.decks: list[Decklist] = legal + engine.sample_decks(self.catalog, seed=2026)
        assert self.decks, f"{key}: no legal deck to play"

    def new(self, seed: int, *, rng: random.Random | None = None) -> MatchState:
        """Return a new match of two decks of the pool (drawn by ``rng``, else by ``seed``)."""
        rng = rng or random.Random(seed)
        return self.engine.new_match(
            self.catalog, [rng.choice(self.decks), rng.choice(self.decks)], seed=seed
        )

    def bots(self, seed: int, names: tuple[str, str] = ("random", "random")) -> tuple[Any, Any]:
        return self.engine.make_bot(names[0], seed), self.engine.make_bot(names[1], seed + 1)

    def log(self, state: MatchState) -> dict[str, Any]:
        """Return the state's log as a judge downloads it (through JSON)."""
        log: dict[str, Any] = json.loads(json.dumps(state.to_log(self.codes)))
        return log

    def hidden(self, engine: Any = None) -> hidden.Table:
        """Return what the non-interference checks need (``engine``: another one, a planted leak's)."""
        return hidden.Table(
            engine=engine or self.engine, catalog=self.catalog, decks=self.decks,
            bots=lambda game: self.bots(game), play=lambda state, bots: play(state, bots), log=self.log,
        )  # fmt: skip


CHECKED_STATES = 120  # states checked one by one per game: all of a shorter game, spread over a longer


def checkpoints(count: int, most: int = CHECKED_STATES) -> list[int]:
    """Return the states ``0 … count - 1`` to check one by one: every one when there are at most
    ``most``, else ``most`` of them spread evenly, the last included (a WoW TCG game runs to
    ~900 actions, mostly passes of priority; checking each state against a fresh replay is
    quadratic)."""
    if count <= most:
        return list(range(count))
    step = count / most
    return sorted({int(i * step) for i in range(most)} | {count - 1})


@cache
def table(key: str) -> Table:
    return Table(key)


def play(state: MatchState, bots: tuple[Any, Any], each: Any = None, *, limit: int = 100_000) -> MatchState:
    """Play ``state`` to its end with ``bots``; call ``each(state, seat, action, events)``."""
    for _ in range(limit):
        if state.is_over:
            return state
        decision = state.decision()
        assert decision is not None
        seat = decision.seat
        action = bots[seat].act(state, seat)
        events = state.apply(seat, action, seq=decision.seq)
        if each is not None:
            each(state, seat, action, events)
    raise AssertionError(f"no end after {limit} actions")


def views(state: MatchState) -> list[dict[str, Any]]:
    return [state.judge_view(), state.spectator_view(), state.observation(0), state.observation(1)]


def snapshot(state: MatchState) -> str:
    """Return everything a caller can read of ``state``, as one JSON text."""
    decision = state.decision()
    return orjson.dumps(
        {
            "views": views(state),
            "seq": state.seq,
            "actions": list(state.actions),
            "decision": decision.as_dict() if decision is not None else None,
            "for": [(d.as_dict() if d is not None else None) for d in map(state.decision_for, (0, 1))],
            "legal": [state.legal_actions(0), state.legal_actions(1)],
        },
        option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS,
    ).decode()


def test_it_lists_a_match_engine_for_exactly_the_games_with_one() -> None:
    assert "respons" in ENGINE_KEYS
    for key in game_keys():
        rules = get_game(key)
        assert rules.has_match_engine == (rules.match_engine is not None), key
        if rules.match_engine is not None:
            assert rules.match_engine.game == key
            assert rules.match_engine.action_types == rules.action_types


# --- random games -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_plays_thousands_of_random_games_without_an_exception_keeping_every_invariant(key: str) -> None:
    kit = table(key)
    engine = kit.engine
    rng = random.Random(10_000)
    reasons: dict[str, int] = {}

    def sound(state: MatchState, seat: int, action: Any, events: Any) -> None:
        problems = engine.invariants(state)
        assert not problems, problems
        # What a player sends passes the shape check the site makes before storing it.
        assert engine.action_problem(action) is None, action

    for game in range(KIT_GAMES):
        state = play(kit.new(game, rng=rng), kit.bots(game), sound)
        assert state.result is not None and state.decision() is None
        reasons[state.result.reason] = reasons.get(state.result.reason, 0) + 1
    assert sum(reasons.values()) == KIT_GAMES


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_asks_one_seat_at_a_time_with_the_number_of_the_decision(key: str) -> None:
    kit = table(key)

    def asked(state: MatchState, seat: int, action: Any, events: Any) -> None:
        decision = state.decision()
        if decision is None:
            assert state.is_over and state.result is not None
            assert state.legal_actions(0) == state.legal_actions(1) == []
            return
        assert decision.seq == state.seq == len(state.actions)
        assert state.decision_for(decision.seat) is decision
        waiting = state.decision_for(1 - decision.seat)
        assert waiting is not None and waiting.kind == "wait" and waiting.seq == state.seq
        assert state.legal_actions(decision.seat), decision.as_dict()
        json.dumps([decision.as_dict(), state.legal_actions(0), state.legal_actions(1)])

    for game in range(10):
        play(kit.new(game), kit.bots(game), asked)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_makes_every_bot_play_a_whole_game_of_legal_actions(key: str) -> None:
    kit = table(key)
    assert kit.engine.bot_names[0] == "random"
    for name in kit.engine.bot_names:
        for game in range(6):
            state = kit.new(game)
            bots = (kit.engine.make_bot(name, game), kit.engine.make_bot("random", game))
            if game % 2:
                bots = bots[::-1]

            while not state.is_over:
                decision = state.decision()
                assert decision is not None
                action = bots[decision.seat].act(state, decision.seat)
                # Legal (apply raises otherwise), never a concession, and of a shape the site stores.
                assert action["type"] != "concede" and kit.engine.action_problem(action) is None
                state.apply(decision.seat, action, seq=decision.seq)
    with pytest.raises(KeyError):
        kit.engine.make_bot("no such bot")


# --- the log is the truth -----------------------------------------------------------------------


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_replays_the_log_to_every_state_of_the_game(key: str) -> None:
    kit = table(key)
    for game in range(3):
        state = kit.new(game)
        seen = [views(state)]

        def record(state: MatchState, *_: Any, seen: list[Any] = seen) -> None:
            seen.append(views(state))

        play(state, kit.bots(game), record)
        log = kit.log(state)
        for upto in checkpoints(len(seen)):
            again = kit.engine.replay(log, kit.catalog, upto=upto)
            assert views(again) == seen[upto], f"state {upto} differs"
        assert [dict(a) for a in kit.engine.replay(log, kit.catalog).actions] == log["actions"]


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_replays_the_logs_of_many_games_to_the_same_final_state(key: str) -> None:
    kit = table(key)
    names = kit.engine.bot_names
    for game in range(30):
        state = play(kit.new(game), kit.bots(game, (names[game % len(names)], "random")))
        again = kit.engine.replay(kit.log(state), kit.catalog)
        assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_plays_the_same_game_from_the_same_seed(key: str) -> None:
    kit = table(key)
    logs = []
    for seed in (5, 5, 6):
        state = play(kit.new(seed, rng=random.Random(1)), kit.bots(1))
        logs.append((kit.log(state), snapshot(state)))
    assert logs[0] == logs[1]
    assert logs[0][0]["actions"] != logs[2][0]["actions"] or logs[0][1] != logs[2][1]
    # The seed alone decides the setup: the same decks, another seed, another opening.
    decks = [kit.decks[0], kit.decks[0]]
    openings = {json.dumps(kit.engine.new_match(kit.catalog, decks, seed=s).judge_view()) for s in range(6)}
    assert len(openings) > 1


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_refuses_an_option_it_does_not_know(key: str) -> None:
    kit = table(key)
    with pytest.raises(InputError):
        kit.engine.new_match(kit.catalog, kit.decks[:1] * 2, seed=1, options={"no_such_option": True})


# --- hidden information -------------------------------------------------------------------------


def assert_hidden_stays_hidden(state: MatchState, events: list[MatchEvent], before: list[str]) -> None:
    """Check every view and the events of the last action against what is hidden from whom.

    An event may name a card its seat saw before the action (``before``, the views as JSON)
    or sees after it; never another hidden one. The seed is the judges' alone.
    """
    seed = f"{state.seed}"
    spectator = json.dumps(state.spectator_view(), ensure_ascii=False)
    assert seed not in spectator
    hidden = [state.hidden_from(seat) for seat in (0, 1)]
    # A judge sees everything: each card hidden from a seat is named in the judge's view.
    judge = json.dumps(state.judge_view(), ensure_ascii=False)
    unnamed = [name for name in hidden[0] | hidden[1] if f'"{name}"' not in judge]
    assert not unnamed, f"the judge's view lacks {unnamed}"
    for seat in (0, 1):
        view = json.dumps(state.observation(seat), ensure_ascii=False)
        assert seed not in view
        named = [name for name in hidden[seat] if f'"{name}"' in view]
        assert not named, f"seat {seat} sees {named}"
        named = [name for name in hidden[seat] | hidden[1 - seat] if f'"{name}"' in spectator]
        assert not named, f"a spectator sees {named}"
        for event in events:
            if event.seat != seat:
                assert event.for_seat(seat) == event.public_dict(), event.judge_dict()
            for shown in (event.for_seat(seat), event.public_dict()):
                text = json.dumps(shown, ensure_ascii=False)
                assert seed not in text, event.judge_dict()
                leaked = [
                    name for name in hidden[seat] if f'"{name}"' in text and f'"{name}"' not in before[seat]
                ]
                assert not leaked, (seat, event.judge_dict(), leaked)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_never_shows_a_seat_or_a_spectator_a_card_hidden_from_it(key: str) -> None:
    kit = table(key)
    rng = random.Random(7)
    for game in range(sized(60, quick=12)):
        # Seeds as the site draws them (63 bits): no other number of a game spells one.
        seed = rng.getrandbits(63) | 1 << 62
        state = kit.new(seed, rng=rng)
        assert any(f"{seed}" in json.dumps(event.judge_dict()) for event in state.initial_events)
        assert_hidden_stays_hidden(state, list(state.initial_events), ["", ""])
        bots = kit.bots(game)
        while not state.is_over:
            decision = state.decision()
            assert decision is not None
            before = [json.dumps(state.observation(s), ensure_ascii=False) for s in (0, 1)]
            events = state.apply(decision.seat, bots[decision.seat].act(state, decision.seat))
            assert_hidden_stays_hidden(state, list(events), before)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_finds_a_hidden_card_in_the_opening_hands(key: str) -> None:
    # The check above is not empty: at the start each seat's hand is hidden from the other.
    kit = table(key)
    state = kit.new(3)
    for seat in (0, 1):
        assert state.hidden_from(seat), seat
        assert not state.hidden_from(seat) & set(json.dumps(state.observation(seat)).split('"'))


# --- hidden information: non-interference (tests/support/hidden.py) ------------------------------

# Hidden information is checked at the size it had with 1,000 random games (50 rounds, 25 forks),
# more in the long soak (SOAK_GAMES=10000: 500 and 250).
PAIR_ROUNDS = max(KIT_GAMES // 20, 50)  # rounds of the four kinds of setup pairs, each seat in turn
FORK_GAMES = max(KIT_GAMES // 40, 25)  # games whose opponent's hidden choices are forked
MOST_COMPARED = 300  # steps compared at most in one pair (a WoW TCG game runs to ~700 actions)
LEAST_MEAN = 8  # steps compared per pair on average, at least: the check is not empty


@pytest.mark.slow
@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_shows_a_seat_the_same_in_thousands_of_game_pairs_that_differ_only_in_what_it_may_not_know(
    key: str,
) -> None:
    tally = hidden.setup_pairs(table(key).hidden(), PAIR_ROUNDS, most=MOST_COMPARED)
    assert not tally.leaks, tally.leaks[:3]
    assert tally.pairs >= 4 * PAIR_ROUNDS, tally.ends
    # Not empty: many steps compared per pair, and pairs that end because the rules reveal.
    assert tally.mean >= LEAST_MEAN, (tally.mean, tally.ends)
    assert tally.ends.get("revealed", 0) >= PAIR_ROUNDS // 10, tally.ends


@pytest.mark.slow
@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_shows_a_seat_the_same_whichever_hidden_choice_the_opponent_made(key: str) -> None:
    tally = hidden.fork_pairs(table(key).hidden(), FORK_GAMES, most=MOST_COMPARED)
    assert not tally.leaks, tally.leaks[:3]
    # Not empty: other answers were tried at the opponent's decisions (a game may have no
    # hidden choice at all: a Your War card is played face up; the planted test below shows
    # that a fork is compared where there is one).
    assert tally.tried >= FORK_GAMES, tally
    assert tally.pairs == 0 or tally.mean >= LEAST_MEAN, (tally.mean, tally.ends)


@pytest.mark.parametrize("plant", ["names", "order"])
@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_catches_a_planted_leak_in_a_game_pair(key: str, plant: str) -> None:
    # The check checked: observations that carry the names, or the order, of cards the seat
    # may not see (what a remembered name or an id given in a list's order gives away).
    kit = table(key)
    names = hidden.catalog_names(kit.catalog)
    planted = hidden.PlantedEngine(
        kit.engine, {"names": hidden.names_plant, "order": hidden.order_plant}[plant](names)
    )
    tally = hidden.setup_pairs(kit.hidden(planted), 6, most=MOST_COMPARED)
    assert len(tally.leaks) >= 6, tally.ends
    assert all("planted" in leak for leak in tally.leaks), tally.leaks[:2]


def test_it_catches_a_planted_leak_after_a_hidden_choice_of_the_opponent() -> None:
    # A view that tells the opponent's answer of three actions before (so not at once): caught
    # in the forks of every game with hidden choices (most of them); the setup pairs, which
    # play the same answers, never see it.
    forked = []
    for key in ENGINE_KEYS:
        kit = table(key)
        last = hidden.PlantedEngine(kit.engine, lambda state, seat: list(state.actions)[-3:-2])
        found = hidden.fork_pairs(kit.hidden(last), 6)
        assert all("planted" in leak for leak in found.leaks), found.leaks[:2]
        assert not hidden.setup_pairs(kit.hidden(last), 2, most=60).leaks, key
        if found.leaks:
            forked.append(key)
    assert len(forked) >= 3, forked


# --- conservation: no card leaves the judge's view ---------------------------------------------------


def judged_names(state: MatchState, names: frozenset[str]) -> dict[str, int]:
    """Return how often each card name comes in the judge's view."""
    counts: dict[str, int] = {}
    for name in hidden.card_names(state.judge_view(), names):
        counts[name] = counts.get(name, 0) + 1
    return counts


def assert_conserved(state: MatchState, setup: dict[str, int], names: frozenset[str]) -> None:
    """Every card the judge read at the setup is still named in the judge's view (a card named
    twice there, as on a card and in a combat, only counts more), the engine's own invariants
    hold, and a game that ended keeps what was on a chain or chase in sight."""
    now = judged_names(state, names)
    lost = {name: count - now.get(name, 0) for name, count in setup.items() if now.get(name, 0) < count}
    assert not lost, f"cards gone from the judge's view: {lost}"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_keeps_every_card_in_the_judges_view_at_every_state_and_at_every_end(key: str) -> None:
    kit = table(key)
    names = hidden.catalog_names(kit.catalog)
    rng = random.Random(17)
    ends: dict[str, int] = {}
    for game in range(12):
        state = kit.new(game)
        setup = judged_names(state, names)
        assert sum(setup.values()) >= 2 * 30, "the judge's view names every card of both decks"

        def kept(state: MatchState, *_: Any, setup: dict[str, int] = setup) -> None:
            assert_conserved(state, setup, names)
            assert not kit.engine.invariants(state), kit.engine.invariants(state)

        whole = play(state, kit.bots(game), kept)
        assert whole.result is not None
        ends[whole.result.reason] = ends.get(whole.result.reason, 0) + 1
        # Ended by the site at any moment (a chain or a chase may hold cards then).
        log = kit.log(whole)
        for _ in range(6):
            upto = rng.randrange(len(log["actions"]))
            cut = kit.engine.replay(log, kit.catalog, upto=upto)
            kind = rng.choice(list(SITE_ACTIONS))
            cut.apply(rng.randrange(2), {"type": kind})
            assert cut.is_over
            assert_conserved(cut, setup, names)
            assert not kit.engine.invariants(cut), (upto, kind, kit.engine.invariants(cut))
    assert ends


# --- legal and illegal actions ------------------------------------------------------------------


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_applies_every_legal_action_of_either_seat(key: str) -> None:
    kit = table(key)
    applied = 0
    for game in range(sized(4, quick=1)):
        state = play(kit.new(game), kit.bots(game))
        log = kit.log(state)
        for upto in checkpoints(len(log["actions"]), most=40):
            here = kit.engine.replay(log, kit.catalog, upto=upto)
            for seat in (0, 1):
                for action in here.legal_actions(seat):
                    assert kit.engine.action_problem(action) is None, action
                    fresh = kit.engine.replay(log, kit.catalog, upto=upto)
                    fresh.apply(seat, json.loads(json.dumps(action)), seq=fresh.seq)
                    assert fresh.seq == upto + 1 and len(fresh.actions) == upto + 1
                    applied += 1
    assert applied > 100


def illegal_actions(state: MatchState, rng: random.Random) -> list[tuple[Any, Any, Any]]:
    """Return (seat, action, seq) triples no engine may accept in ``state``."""
    decision = state.decision()
    assert decision is not None
    seat, other = decision.seat, 1 - decision.seat
    mine, theirs = state.legal_actions(seat), state.legal_actions(other)
    anytime = [action for action in mine if action in theirs]  # e.g. a concession
    answers = [action for action in mine if action not in anytime]
    answer = rng.choice(answers)
    refused: list[tuple[Any, Any, Any]] = [
        (seat, {"type": "no such action"}, None),
        (seat, {"kind": answer["type"]}, None),
        (seat, answer["type"], None),
        (seat, None, None),
        (seat, [answer], None),
        (2, answer, None),
        (-1, answer, None),
        (True, answer, None),
        (f"{seat}", answer, None),
        (seat, answer, state.seq + 1),  # a decision not asked yet
        (seat, answer, state.seq - 1),  # a stale or repeated one
        (seat, answer, f"{state.seq}"),
    ]
    refused += [(other, action, None) for action in answers if action not in theirs][:3]
    return refused


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_refuses_illegal_actions_with_a_rule_and_a_code_and_changes_nothing(key: str) -> None:
    kit = table(key)
    engine = kit.engine
    codes: set[str] = set()
    for game in range(sized(4, quick=1)):
        rng = random.Random(game)
        undisturbed = play(kit.new(game), kit.bots(game))
        state, bots = kit.new(game), kit.bots(game)
        checked = set(checkpoints(len(undisturbed.actions)))
        while not state.is_over:
            decision = state.decision()
            assert decision is not None
            before = snapshot(state)
            for seat, action, seq in illegal_actions(state, rng) if state.seq in checked else []:
                with pytest.raises(engine.illegal_action) as refused:
                    state.apply(seat, action, seq=seq)
                error: Any = refused.value
                assert re.fullmatch(r"[A-Z]\d+(\.\d+)*", error.rule), error.rule
                assert error.code in engine.refusal_codes and error.message
                json.dumps(error.params)
                codes.add(error.code)
                assert snapshot(state) == before, (seat, action, seq)
            state.apply(decision.seat, bots[decision.seat].act(state, decision.seat), seq=decision.seq)
        # Nothing refused drew from the match's generator: the game went on as without them.
        assert snapshot(state) == snapshot(undisturbed)
        with pytest.raises(engine.illegal_action):
            state.apply(0, {"type": engine.action_types[0]})  # the game is over
    assert len(codes) >= 4, codes


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_finds_a_bad_action_shape_before_anything_is_stored(key: str) -> None:
    engine = table(key).engine
    deep: dict[str, Any] = {"type": engine.action_types[0]}
    inner = deep
    for _ in range(50):
        inner["x"] = {}
        inner = inner["x"]
    first = engine.action_types[0]
    shapes = {
        "not_an_action": ["pass", {"kind": "pass"}, None],
        "action_type": [{"type": "no such action"}, {"type": "timeout"}],
        "action_value": [
            {"type": engine.action_types[0], "x": "\x00"},
            {"type": engine.action_types[0], "x": 2**60},
        ],
        "action_too_deep": [deep],
        "action_too_large": [{"type": first, "x": "y" * 5000}],
    }
    for code, actions in shapes.items():
        for action in actions:
            problem = engine.action_problem(action)
            assert problem is not None and problem.code == code, (action, problem)
    assert engine.action_problem({"type": engine.action_types[0]}) is None


# --- golden playthroughs ------------------------------------------------------------------------


def playthrough(kit: Table, first: str, seed: int) -> list[dict[str, Any]]:
    """Return the golden lines of one game: ``first`` (a bot) against the random bot."""
    rng = random.Random(seed)
    state = kit.engine.new_match(kit.catalog, [rng.choice(kit.decks), rng.choice(kit.decks)], seed=seed)
    log = kit.log(state)
    del log["actions"]
    lines: list[dict[str, Any]] = [
        {"log": log, "events": _seen(state.initial_events), "views": _views(state)},
    ]
    bots = (kit.engine.make_bot(first, seed), kit.engine.make_bot("random", seed + 1))

    def record(state: MatchState, seat: int, action: Any, events: Any) -> None:
        lines.append(
            {
                "index": len(lines) - 1,
                "seat": seat,
                "action": action,
                "description": state.describe_action(action),
                "events": _seen(events),
                "views": _views(state),
            }
        )

    play(state, bots, record)
    assert state.result is not None
    lines.append({"result": state.result.as_dict()})
    out: list[dict[str, Any]] = json.loads(json.dumps(lines))
    return out


def _seen(events: Any) -> dict[str, list[dict[str, Any]]]:
    return {str(seat): [event.for_seat(seat) for event in events] for seat in (0, 1)}


def _views(state: MatchState) -> dict[str, Any]:
    return {**{str(seat): state.observation(seat) for seat in (0, 1)}, "spectator": state.spectator_view()}


def golden_games() -> list[tuple[str, str]]:
    return [(key, name) for key in ENGINE_KEYS for name in get_game(key).match_engine.bot_names]  # type: ignore[union-attr]


@pytest.mark.parametrize(("key", "bot"), golden_games())
def test_it_plays_the_golden_games_exactly_as_recorded(key: str, bot: str) -> None:
    path = GOLDEN / key / f"{bot}_vs_random.jsonl"
    lines = playthrough(table(key), bot, 11)
    if UPDATE_GOLDEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8"
        )
    assert path.exists(), f"no golden file {path}: see the module docstring"
    recorded = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == len(recorded), "the game has a different length; see the module docstring"
    for line, expected in zip(lines, recorded, strict=True):
        assert line == expected, f"first difference at line {line.get('index', 'header')}"


# --- the site's protocol: site actions, options, replay errors, redacted logs, swaps ------------


def halfway(kit: Table, game: int) -> tuple[MatchState, dict[str, Any]]:
    """Return a match replayed to half its game (the bots' own), with the whole game's log."""
    whole = play(kit.new(game), kit.bots(game))
    log = kit.log(whole)
    return kit.engine.replay(log, kit.catalog, upto=len(log["actions"]) // 2), log


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_ends_the_game_by_a_site_action_of_either_seat_at_any_moment(key: str) -> None:
    kit = table(key)
    for game, (kind, reason) in enumerate(SITE_ACTIONS.items()):
        for seat in (0, 1):
            for state in (kit.new(game), halfway(kit, game)[0]):
                asked = state.decision()
                assert asked is not None
                # Whoever is asked: the seat acting need not be the one deciding.
                state.apply(seat, {"type": kind}, seq=asked.seq if seat == asked.seat else None)
                assert state.is_over and state.decision() is None, kind
                assert state.result is not None
                assert (state.result.winner, state.result.reason) == (1 - seat, reason)
                assert dict(state.actions[-1]) == {"seat": seat, "type": kind}
                # The log holds it: the replay ends the same way.
                again = kit.engine.replay(kit.log(state), kit.catalog)
                assert again.result is not None and again.result.as_dict() == state.result.as_dict()
    nobody = kit.new(9)
    nobody.apply(0, {"type": "no_show", "both": True})
    assert nobody.result is not None and (nobody.result.winner, nobody.result.reason) == (None, "no_show")


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_keeps_the_site_actions_out_of_what_a_player_sends_but_the_concession(key: str) -> None:
    kit = table(key)
    engine = kit.engine
    assert "concede" in engine.action_types
    state = kit.new(1)
    for kind in set(SITE_ACTIONS) - {"concede"}:
        assert kind not in engine.action_types
        assert engine.action_problem({"type": kind}) is not None  # a player cannot send it
        assert all(action["type"] != kind for seat in (0, 1) for action in state.legal_actions(seat))
    assert all({"type": "concede"} in state.legal_actions(seat) for seat in (0, 1))


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_takes_the_common_options_names_and_the_seat_that_starts(key: str) -> None:
    kit = table(key)
    decks = [kit.decks[0], kit.decks[-1]]

    def new(**options: Any) -> MatchState:
        return kit.engine.new_match(kit.catalog, decks, seed=4, options=options)

    named = new(names=["Ann", "Bob"], first=None)
    assert "Ann" in json.dumps(named.judge_view()) and "Bob" in json.dumps(named.judge_view())
    starts = {first: json.dumps(new(first=first).judge_view()) for first in (0, 1)}
    assert starts[0] != starts[1]
    assert starts[0] == json.dumps(new(first=0).judge_view())
    for bad in (2, -1, "0"):
        with pytest.raises(InputError):
            new(first=bad)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_names_the_first_illegal_action_of_a_tampered_log(key: str) -> None:
    kit = table(key)
    for game in range(3):
        state = play(kit.new(game), kit.bots(game))
        log = kit.log(state)
        index = len(log["actions"]) // 2
        while log["actions"][index]["type"] in SITE_ACTIONS:
            index -= 1
        seat = log["actions"][index]["seat"]
        # The same answer from the seat that was not asked: one seat decides at a time.
        log["actions"][index]["seat"] = 1 - seat
        with pytest.raises(kit.engine.replay_error) as raised:
            kit.engine.replay(log, kit.catalog)
        error: Any = raised.value
        assert (error.index, error.seat) == (index, 1 - seat)
        assert (
            re.fullmatch(r"[A-Z]\d+(\.\d+)*", error.error.rule)
            and error.error.code in kit.engine.refusal_codes
        )
        before = kit.engine.replay(kit.log(state), kit.catalog, upto=index)
        assert snapshot(error.match) == snapshot(before)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_gives_a_player_a_log_without_the_seed_or_a_card_hidden_from_them(key: str) -> None:
    kit = table(key)
    rng = random.Random(3)
    for game in range(sized(12, quick=3)):
        seed = rng.getrandbits(63) | 1 << 62
        state = kit.new(seed, rng=rng)
        hidden: list[set[str]] = [set(state.hidden_from(0)), set(state.hidden_from(1))]
        seen = [json.dumps([e.for_seat(s) for e in state.initial_events], ensure_ascii=False) for s in (0, 1)]
        bots = kit.bots(game)
        while not state.is_over:
            decision = state.decision()
            assert decision is not None
            events = state.apply(decision.seat, bots[decision.seat].act(state, decision.seat))
            for seat in (0, 1):
                hidden[seat] |= state.hidden_from(seat)
                seen[seat] += json.dumps(state.observation(seat), ensure_ascii=False)
                seen[seat] += json.dumps([e.for_seat(seat) for e in events], ensure_ascii=False)
        log = kit.log(state)
        for seat in (0, 1):
            copy = kit.engine.redacted_log(log, kit.catalog, seat)
            json.dumps(copy)
            assert copy["game"] == log["game"] and copy["seed"] is None
            text = json.dumps(copy, ensure_ascii=False)
            assert f"{seed}" not in text
            own = json.dumps(log["players"][seat], ensure_ascii=False)
            never = [n for n in hidden[seat] if f'"{n}"' not in seen[seat] and f'"{n}"' not in own]
            leaked = [name for name in never if f'"{name}"' in text]
            assert not leaked, (seat, leaked)
            assert len(copy["actions"]) == len(log["actions"])
            # Not a log to replay: the judges have the full one.
            with pytest.raises(InputError):
                kit.engine.replay(copy, kit.catalog)
        assert any(hidden), "nothing was ever hidden: the check above is empty"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_checks_a_sideboarding_swap_between_games(key: str) -> None:
    kit = table(key)
    for deck in kit.decks[:4]:
        assert kit.engine.swap_problems(deck, deck, kit.catalog) == []
    before = kit.decks[0]
    # Another deck of the pool: another hero or other cards, never a legal swap.
    changed = [d for d in kit.decks if decklist_to_json(d) != decklist_to_json(before)]
    assert changed, "the pool holds a single deck"
    problems = kit.engine.swap_problems(before, changed[0], kit.catalog)
    assert problems and all(p.code and p.message for p in problems)

"""Non-interference: what a seat reads depends on nothing it may not know.

The generic test kit (tests/engine/test_match_protocol_kit.py) proves hidden information with
pairs of games that differ only in what one seat, the *viewer*, may not know, played with the
same actions: everything the viewer reads (its observation, the events as it receives them, its
legal actions and its decision, and the spectator's view and events) must be the same JSON in
both games until the rules reveal the difference, that is until the events of a step name
other cards to the viewer (a card drawn, played, revealed). A step at which the two games read
differently while their events name the same cards is a leak: the difference reached the
viewer through an id, a remembered name, an order, a count or a timing.

Two kinds of pairs, both through the engine protocol alone (engine/match.py), so every
registered game gets them:

- :func:`setup_pairs`: two games set up differently in what the viewer cannot know: the
  opponent's list in another order, one of the opponent's cards another one, both decks in
  another order below their tops, another seed;
- :func:`fork_pairs`: one game up to a decision of the opponent, then two of its answers that
  the viewer cannot tell apart when they are made (a face-down card, which cards go back to the
  deck): the viewer must not tell them apart later either, until a reveal.

:func:`compare` plays one pair and says how it ended; a leak is reported with the first
place where the two games' JSON differ.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind
from engine.match import SITE_ACTIONS, MatchEngine, MatchEvent, MatchState
from engine.registry import get_game

Bot = Any  # a MatchBot: act(state, seat) -> action


# --- what a seat reads ----------------------------------------------------------------------------


def reading(state: MatchState, seat: int, events: list[MatchEvent]) -> str:
    """Return everything ``seat`` reads after a step whose events are ``events``, as one JSON
    text: its observation, the events as it receives them, its decision and legal actions, and
    the spectator's view and events (what anyone reads), as the site would send them."""
    decision = state.decision_for(seat)
    read = {
        "observation": state.observation(seat),
        "events": [event.for_seat(seat) for event in events],
        "decision": decision.as_dict() if decision is not None else None,
        "legal": state.legal_actions(seat),
        "spectator": state.spectator_view(),
        "spectator_events": [event.public_dict() for event in events],
    }
    return orjson.dumps(read, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def card_names(value: Any, names: frozenset[str]) -> list[str]:
    """Return the card names ``value`` (JSON) holds anywhere, in the order they come."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in names:
                found.append(item)
        elif isinstance(item, dict):
            stack.extend(reversed([item[key] for key in sorted(item)]))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return found


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """Return where JSON ``a`` and ``b`` first differ, with both values (short)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'the first' if key in a else 'the second'}"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{index}]")
        if len(a) != len(b):
            extra = a[len(b)] if len(a) > len(b) else b[len(a)]
            return f"{path}: {len(a)} items against {len(b)}, first extra {_short(extra)}"
    return f"{path}: {_short(a)} / {_short(b)}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 200 else text[:199] + "…"


# --- one pair -------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """How a pair ended: ``compared`` steps read the same; ``end`` is ``revealed`` (the events of
    a step named other cards), ``refused`` (the opponent's next action is not legal in the second
    game), ``over`` (both games ended the same), ``limit`` (``most`` steps compared) or ``leak``
    (``leak`` says where and how)."""

    compared: int = 0
    end: str = ""
    leak: str = ""
    how: str = ""


def compare(
    engine: MatchEngine[Any],
    first: MatchState,
    second: MatchState,
    seat: int,
    bots: tuple[Bot, Bot],
    names: frozenset[str],
    *,
    events: tuple[list[MatchEvent], list[MatchEvent]],
    most: int = 100_000,
    how: str = "",
) -> Outcome:
    """Play ``first`` with ``bots``, the same actions on ``second``, and compare what ``seat``
    reads in both after each step (``events``: each game's events of the step before the first
    comparison). The pair ends at the first reveal, at an action of the opponent the second game
    refuses, at the end of both games, or after ``most`` compared steps."""
    outcome = Outcome(how=how)
    step_events = events
    while True:
        mine_text = reading(first, seat, step_events[0])
        theirs_text = reading(second, seat, step_events[1])
        if mine_text != theirs_text:
            mine, theirs = json.loads(mine_text), json.loads(theirs_text)
            named = [card_names(read["events"], names) for read in (mine, theirs)]
            if named[0] != named[1]:
                outcome.end = "revealed"
            else:
                outcome.end = "leak"
                outcome.leak = (
                    f"{how}: seat {seat} reads differently after {outcome.compared} steps, its events"
                    f" naming the same cards {named[0]}; first difference at"
                    f" {first_difference(mine, theirs)}; last action {_short(list(first.actions)[-1:])}"
                )
            return outcome
        outcome.compared += 1
        if first.is_over or outcome.compared >= most:
            outcome.end = "over" if first.is_over else "limit"
            return outcome
        decision = first.decision()
        assert decision is not None
        actor = decision.seat
        action = bots[actor].act(first, actor)
        again = json.loads(json.dumps(action))
        mine_events = list(first.apply(actor, action, seq=decision.seq))
        try:
            theirs_events = list(second.apply(actor, again, seq=decision.seq))
        except engine.illegal_action as refused:
            if actor == seat:  # the viewer's legal actions were the same: so must be the answer
                outcome.end = "leak"
                outcome.leak = (
                    f"{how}: seat {seat}'s own legal action {again} is refused in the other game: {refused}"
                )
            else:
                outcome.end = "refused"
            return outcome
        step_events = (mine_events, theirs_events)


# --- pairs set up differently ---------------------------------------------------------------------


def _zones(game: str) -> dict[str, ZoneKind]:
    return {spec.key: spec.kind for spec in get_game(game).zones}


def _lower(items: list[str], rng: random.Random) -> list[str]:
    """Return ``items`` with the order of its lower half shuffled (the top half kept)."""
    top = len(items) // 2
    rest = items[top:]
    rng.shuffle(rest)
    return items[:top] + rest


def reordered(deck: Decklist, rng: random.Random, *, lower: bool, ordered: bool = True) -> Decklist:
    """Return ``deck`` with the entries of its counted zones (and its ordered ones, ``ordered``:
    an opponent's RESPONSE orders lie face down) in another order (only the lower half's,
    ``lower``): the same cards, listed otherwise."""
    kinds = _zones(deck.game)
    zones = dict(deck.zones)
    for key, value in deck.zones.items():
        kind = kinds.get(key)
        if kind is ZoneKind.COUNTS and isinstance(value, dict) and len(value) > 1:
            keys = list(value)
            keys = _lower(keys, rng) if lower else rng.sample(keys, len(keys))
            zones[key] = {name: value[name] for name in keys}
        elif ordered and kind is ZoneKind.ORDERED and isinstance(value, tuple) and len(value) > 1:
            items = list(value)
            zones[key] = tuple(_lower(items, rng) if lower else rng.sample(items, len(items)))
    return replace(deck, zones=zones)


def recarded(deck: Decklist, rng: random.Random, *, lower: bool) -> Decklist | None:
    """Return ``deck`` with one copy of a card of a counted zone made a copy of another card of
    that zone (of its lower half, ``lower``): the same zone sizes, another card hidden; None when
    no zone has two cards to trade."""
    kinds = _zones(deck.game)
    zones = dict(deck.zones)
    choices = [
        key for key, value in deck.zones.items()
        if kinds.get(key) is ZoneKind.COUNTS and isinstance(value, dict) and len(value) > 1
    ]  # fmt: skip
    if not choices:
        return None
    key = rng.choice(choices)
    counts = dict(deck.counts(key))
    keys = list(counts)
    pool = keys[len(keys) // 2 :] if lower else keys
    if len(pool) < 2:
        return None
    gone, more = rng.sample(pool, 2)
    counts[gone] -= 1
    counts[more] += 1
    zones[key] = {name: count for name, count in counts.items() if count > 0}
    return replace(deck, zones=zones)


@dataclass
class Setup:
    """Two setups of one game that ``seat`` cannot tell apart: decks, seeds, shuffle, first seat."""

    how: str
    decks: tuple[list[Decklist], list[Decklist]]
    seeds: tuple[int, int]
    shuffle: bool
    first: int


def setups(decks: list[Decklist], seat: int, rng: random.Random) -> Iterator[Setup]:
    """Yield the kinds of setup pairs for ``seat`` from one pair of ``decks`` (its own, the
    opponent's): see :func:`setup_pairs`."""
    other = 1 - seat
    first = rng.randrange(2)
    seed = rng.getrandbits(62)

    def with_other(deck: Decklist | None) -> list[Decklist] | None:
        if deck is None:
            return None
        changed = list(decks)
        changed[other] = deck
        return changed

    # The opponent's list in another order, shuffled by the same seed: its cards lie otherwise.
    listed = with_other(reordered(decks[other], rng, lower=False))
    if listed is not None:
        yield Setup("the opponent's list in another order", (decks, listed), (seed, seed), True, first)
    # One card of the opponent's list another one, shuffled by the same seed.
    swapped = with_other(recarded(decks[other], rng, lower=False))
    if swapped is not None:
        yield Setup("another card in the opponent's deck", (decks, swapped), (seed, seed), True, first)
    # Unshuffled decks (the listed order, the first card on top): both decks otherwise below
    # their tops, and one card otherwise in the opponent's, so that the games go on alike long.
    deep = list(decks)
    deep[seat] = reordered(decks[seat], rng, lower=True, ordered=False)  # its own orders it knows
    deeper = recarded(reordered(decks[other], rng, lower=True), rng, lower=True)
    deep[other] = deeper if deeper is not None else reordered(decks[other], rng, lower=True)
    yield Setup("both decks otherwise below their tops", (decks, deep), (seed, seed), False, first)
    # The same decks, another seed: what the seed decides is hidden (a mulligan's shuffle).
    yield Setup("another seed", (decks, decks), (seed, seed ^ 0x5A5A5A5A), False, first)


def new_pair(engine: MatchEngine[Any], catalog: Catalog[Any], setup: Setup) -> tuple[MatchState, MatchState]:
    games = [
        engine.new_match(
            catalog, setup.decks[index], seed=setup.seeds[index],
            options={"shuffle": setup.shuffle, "first": setup.first},
        )
        for index in (0, 1)
    ]  # fmt: skip
    return games[0], games[1]


# --- forks at a hidden choice ---------------------------------------------------------------------


@dataclass
class Fork:
    """A decision of the opponent in a played game, at action ``index``: the answer ``played``
    and ``other``, an answer of the same type the viewer cannot tell from it."""

    index: int
    played: dict[str, Any]
    other: dict[str, Any]


def hidden_forks(
    engine: MatchEngine[Any],
    catalog: Catalog[Any],
    log: dict[str, Any],
    seat: int,
    rng: random.Random,
    tally: Tally,
    *,
    tries: int,
) -> Iterator[tuple[Fork, MatchState, MatchState]]:
    """Yield forks of the game of ``log`` at ``tries`` decisions of ``seat``'s opponent: the state
    after the answer played and after another answer of the same type after which ``seat`` reads
    exactly the same (so does a spectator). Answers tried are counted in ``tally.tried``."""
    other = 1 - seat
    actions = log["actions"]
    # Answers with something chosen (a card, cards, a target): others of their type may look
    # the same to the viewer; a bare pass or keep has no other of its type.
    steps = [
        index for index, action in enumerate(actions)
        if action["seat"] == other and action["type"] not in SITE_ACTIONS and len(action) > 2
    ]  # fmt: skip
    for index in rng.sample(steps, min(tries, len(steps))):
        played = {k: v for k, v in actions[index].items() if k != "seat"}
        base = engine.replay(log, catalog, upto=index)
        alternatives = [
            action for action in base.legal_actions(other)
            if action["type"] == played["type"] and action != played
        ]  # fmt: skip
        for action in rng.sample(alternatives, min(3, len(alternatives))):
            tally.tried += 1
            first = engine.replay(log, catalog, upto=index)
            second = engine.replay(log, catalog, upto=index)
            first_events = list(first.apply(other, json.loads(json.dumps(played)), seq=first.seq))
            second_events = list(second.apply(other, json.loads(json.dumps(action)), seq=second.seq))
            if reading(first, seat, first_events) != reading(second, seat, second_events):
                continue  # the viewer tells them apart at once: no hidden choice
            yield Fork(index, played, action), first, second
            break


# --- the whole check --------------------------------------------------------------------------------


@dataclass
class Tally:
    """What a run of pairs found: the pairs played, the steps compared, how they ended, the leaks
    (and for forks, the other answers tried)."""

    pairs: int = 0
    compared: int = 0
    tried: int = 0
    ends: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.pairs += 1
        self.compared += outcome.compared
        self.ends[outcome.end] = self.ends.get(outcome.end, 0) + 1
        if outcome.leak:
            self.leaks.append(outcome.leak)

    @property
    def mean(self) -> float:
        """The steps compared per pair, on average."""
        return self.compared / self.pairs if self.pairs else 0.0


def catalog_names(catalog: Catalog[Any]) -> frozenset[str]:
    """Return every card name of ``catalog`` (what :func:`card_names` looks for)."""
    return frozenset(card.name for card in catalog)


@dataclass
class Table:
    """One game's engine, cards and pool of decks, its bots and how a game is played and logged:
    what the checks below need (the kit's ``Table`` has all of it)."""

    engine: MatchEngine[Any]
    catalog: Catalog[Any]
    decks: list[Decklist]
    bots: Callable[[int], tuple[Bot, Bot]]
    play: Callable[[MatchState, tuple[Bot, Bot]], MatchState]
    log: Callable[[MatchState], dict[str, Any]]


def setup_pairs(table: Table, rounds: int, *, seed: int = 29, most: int = 100_000) -> Tally:
    """Play ``rounds`` rounds of setup pairs (each kind of :func:`setups`, the viewer seat 0 and 1
    in turn) and tally them."""
    rng = random.Random(seed)
    names = catalog_names(table.catalog)
    tally = Tally()
    for game in range(rounds):
        decks = [rng.choice(table.decks), rng.choice(table.decks)]
        seat = game % 2
        for setup in setups(decks, seat, rng):
            first, second = new_pair(table.engine, table.catalog, setup)
            events = (list(first.initial_events), list(second.initial_events))
            outcome = compare(
                table.engine, first, second, seat, table.bots(game), names,
                events=events, how=setup.how, most=most,
            )  # fmt: skip
            tally.add(outcome)
    return tally


def fork_pairs(table: Table, games: int, *, tries: int = 6, seed: int = 4029, most: int = 100_000) -> Tally:
    """Play ``games`` games and compare the forks at hidden choices of the opponent found in each
    (:func:`hidden_forks`), both continued with the same actions."""
    rng = random.Random(seed)
    names = catalog_names(table.catalog)
    tally = Tally()
    for game in range(games):
        decks = [rng.choice(table.decks), rng.choice(table.decks)]
        whole = table.play(
            table.engine.new_match(table.catalog, decks, seed=rng.getrandbits(62)), table.bots(game)
        )
        seat = game % 2
        log = table.log(whole)
        for fork, first, second in hidden_forks(
            table.engine, table.catalog, log, seat, rng, tally, tries=tries
        ):
            how = f"a hidden choice at action {fork.index}: {_short(fork.played)} or {_short(fork.other)}"
            outcome = compare(
                table.engine, first, second, seat, table.bots(game + 1), names,
                events=([], []), how=how, most=most,
            )  # fmt: skip
            tally.add(outcome)
    return tally


# --- planted leaks: the check checked -----------------------------------------------------------------


Plant = Callable[[MatchState, int], Any]


class PlantedState:
    """A match whose every observation carries ``planted``: what ``plant(state, seat)`` gives (a
    leak put there on purpose); everything else is the match's own."""

    def __init__(self, state: MatchState, plant: Plant) -> None:
        self._state = state
        self._plant = plant

    def observation(self, seat: int) -> dict[str, Any]:
        view = dict(self._state.observation(seat))
        view["planted"] = self._plant(self._state, seat)
        return view

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


class PlantedEngine:
    """An engine whose matches are :class:`PlantedState`; everything else is the engine's own."""

    def __init__(self, engine: MatchEngine[Any], plant: Plant) -> None:
        self._engine = engine
        self._plant = plant

    def new_match(self, *args: Any, **kwargs: Any) -> PlantedState:
        return PlantedState(self._engine.new_match(*args, **kwargs), self._plant)

    def replay(self, *args: Any, **kwargs: Any) -> PlantedState:
        return PlantedState(self._engine.replay(*args, **kwargs), self._plant)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


def _hidden(state: MatchState, seat: int, names: frozenset[str]) -> list[str]:
    """Return the card names a judge reads and ``seat`` does not, in the judge's order."""
    shown = card_names(state.observation(seat), names)
    hidden: list[str] = []
    for name in card_names(state.judge_view(), names):
        if name in shown:
            shown.remove(name)
        else:
            hidden.append(name)
    return hidden


def names_plant(names: frozenset[str]) -> Plant:
    """A planted leak: the names of the cards ``seat`` does not see, in the order of the names
    (what a view that remembers a card, or names a face-down one, gives away)."""
    return lambda state, seat: sorted(_hidden(state, seat, names))


def order_plant(names: frozenset[str]) -> Plant:
    """A planted leak: a number for each card ``seat`` does not see, in the order a judge reads
    them (what an id given in a deck's or a list's order gives away): the place of the first
    card of its name."""

    def plant(state: MatchState, seat: int) -> list[int]:
        hidden = _hidden(state, seat, names)
        return [hidden.index(name) for name in hidden]

    return plant

"""Shorthand for the spectating and replay tests: a match of any game with a match engine, its
game played by the engine's random bots and stored as the workers store it (the log is the truth)."""

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone

from engine.decklist import decklist_to_json, parse_decklist
from tests.support.actors import Actor
from tournaments.models import Event, Game, GameAction, Match, Registration, Round
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import match_engine


@dataclass
class PlayedMatch:
    """An online match of ``key`` whose game 1 holds ``actions`` of a bot game (``state``: the
    engine after them)."""

    match: Match
    game: Game
    state: Any
    full_log: list[dict[str, Any]]


def played_match(
    key: str,
    organizer: Actor,
    a: Actor,
    b: Actor,
    *,
    actions: int | None = None,
    part: float | None = None,
    seed: int = 11,
    **event_settings: Any,
) -> PlayedMatch:
    """Return a running online event of ``key`` with one match of ``a`` and ``b``: its first
    game played by two random bots, the first ``actions`` (or the ``part``) of its log applied
    (all: the game is finished; fewer: it is being played), each with a ledger row a second apart."""
    engine = match_engine(key)
    _rules, catalog = catalog_for(game=key)
    decks = engine.sample_decks(catalog, seed=seed)
    pair = [decks[0], decks[-1]]
    now = timezone.now()
    event = Event.objects.create(
        name="Watched",
        game=key,
        organizer=organizer.user,
        online=True,
        status=Event.Status.RUNNING,
        seed=seed,
        **event_settings,
    )
    regs = [
        Registration.objects.create(event=event, player=p.user, deck=decklist_to_json(d))
        for p, d in zip((a, b), pair, strict=True)
    ]
    rnd = Round.objects.create(
        event=event, number=1, seed=seed, started_at=now, ends_at=now + timedelta(minutes=50)
    )
    match = Match.objects.create(round=rnd, table=1, player_a=regs[0], player_b=regs[1])
    game = Game.objects.create(
        match=match,
        number=1,
        seed=random.Random(seed).getrandbits(63) | 1 << 62,
        card_sets=sorted(catalog_codes(key)),
        decks=[decklist_to_json(d) for d in pair],
        clock_used=[0.0, 0.0],
    )
    # The decks as the database gives them back (PostgreSQL's jsonb orders an object's keys):
    # the game is played from them, as the workers play it.
    game.refresh_from_db()
    stored = [parse_decklist(raw, game=key) for raw in game.decks]

    def new() -> Any:
        return engine.new_match(catalog, stored, seed=game.seed, options={"first": game.first_initiative})

    state = new()
    bots = [engine.make_bot("random", seed), engine.make_bot("random", seed + 1)]
    while not state.is_over:
        decision = state.decision()
        state.apply(decision.seat, bots[decision.seat].act(state, decision.seat))
    full = [dict(action) for action in state.to_log([])["actions"]]
    if part is not None:
        actions = int(len(full) * part)
    kept = full if actions is None else full[:actions]
    state = new()
    for action in kept:
        state.apply(action["seat"], {k: v for k, v in action.items() if k != "seat"})
    over = state.is_over
    game.actions = kept
    game.status = Game.Status.FINISHED if over else Game.Status.PLAYING
    game.winner = state.result.winner if over else None
    game.reason = state.result.reason if over else ""
    game.save()
    start = now - timedelta(seconds=len(kept))
    GameAction.objects.bulk_create(
        GameAction(
            match=match,
            seat=action["seat"],
            seq=index + 1,
            action=action,
            game_number=1,
            status=GameAction.Status.APPLIED,
            log_index=index,
            processed_at=start + timedelta(seconds=index),
        )
        for index, action in enumerate(kept)
    )
    if over:
        match.status = Match.Status.FINAL
        match.wins_a, match.wins_b = int(state.result.winner == 0), int(state.result.winner == 1)
        match.save()
    return PlayedMatch(match=match, game=game, state=state, full_log=full)


def catalog_codes(key: str) -> list[str]:
    """The codes of the imported card sets of ``key``."""
    from tournaments.models import CardSet

    return list(CardSet.objects.filter(game=key).values_list("code", flat=True))


def hidden_names(state: Any) -> set[str]:
    """The names of every card hidden from either seat in ``state``."""
    return set(state.hidden_from(0)) | set(state.hidden_from(1))


def _replayed(played: PlayedMatch) -> tuple[Any, Any]:
    """A new engine state of the played game's setup, and the engine (the registry's)."""
    key = played.match.round.event.game
    engine = match_engine(key)
    _rules, catalog = catalog_for(game=key)
    decks = [parse_decklist(raw, game=key) for raw in played.game.decks]
    names = [played.match.player_a.player.username, played.match.player_b.player.username]
    options = {"first": played.game.first_initiative, "names": names}
    return engine.new_match(catalog, decks, seed=played.game.seed, options=options), engine


def played_turns(played: PlayedMatch) -> list[int]:
    """The turn the engine counts after each prefix of the game's stored log (``[after 0
    actions, after 1, …]``), the game replayed here by the engine itself."""
    state, _engine = _replayed(played)
    turns = [int(state.turn)]
    for action in played.game.actions:
        state.apply(action["seat"], {k: v for k, v in action.items() if k != "seat"})
        turns.append(int(state.turn))
    return turns


def spectator_view_after(played: PlayedMatch, step: int) -> dict[str, Any]:
    """The engine's spectator view of the played game after its first ``step`` actions."""
    state, _engine = _replayed(played)
    for action in played.game.actions[:step]:
        state.apply(action["seat"], {k: v for k, v in action.items() if k != "seat"})
    view: dict[str, Any] = state.spectator_view()
    return view

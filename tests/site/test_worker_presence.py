"""R9.4 presence with real workers: a game's clocks wait for both players, and
the beat's sweep both starts a game whose players have come and ends one whose player has not."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.workers import game_state, wait_until
from tournaments.models import Game, Match

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

SWEEP = "tournaments.online_sweep:SUCCESS"  # a worker's event: one of the beat's sweeps finished


def start_match(event_factory) -> tuple[int, list]:
    """Start an online best-of-1 match nobody has opened; return its id and its players, seat A first."""
    event = event_factory(rounds=1, best_of=1, online=True, grace_minutes=1)
    event.open()
    players = make_players(2)
    event.register(*players)
    match = event.start()["matches"][0]
    by_name = {player.name: player for player in players}
    # The players in seat order (round 1's pairing is drawn: registration order says nothing).
    return match["id"], [by_name[match["player_a"]], by_name[match["player_b"]]]


def the_game(match_id: int) -> Game:
    return Game.objects.get(match_id=match_id, number=1)


def test_a_game_does_not_start_its_clock_until_both_players_are_present(broker, event_factory):
    worker = broker.start_worker(beat=True)
    match_id, (a, b) = start_match(event_factory)
    game_state(a, match_id)  # seat A comes
    # Two of the beat's sweeps finished since, the first of which may have begun before seat A
    # came: no clock may start with seat B away (counted, not waited for by the clock).
    swept = worker.events().get(SWEEP, 0)
    wait_until(lambda: worker.events().get(SWEEP, 0) >= swept + 2, timeout=20, what="two sweeps of the beat")
    game = the_game(match_id)
    assert game.present_by is not None and game.decision_since is None
    assert game.clock_used == [0.0, 0.0] and game.status == Game.Status.PLAYING
    game_state(b, match_id)  # seat B comes: the beat's next sweep starts the clocks
    started = wait_until(
        lambda: (g := the_game(match_id)).decision_since is not None and g,
        timeout=15,
        what="the beat's sweep to start the game",
    )
    assert started.present_by is None and started.status == Game.Status.PLAYING
    state = game_state(a, match_id)
    assert state["clock"]["since"] is not None and state["clock"]["present"] == [True, True]


def test_an_absent_player_loses_as_a_no_show_through_the_beats_sweep(broker, event_factory):
    match_id, (a, _b) = start_match(event_factory)
    game_state(a, match_id)  # only seat A ever comes
    # The grace period (a minute) nearly over: the beat's sweep notices it, no task is queued for it.
    Game.objects.filter(match_id=match_id).update(present_by=timezone.now() + timedelta(seconds=2))
    broker.start_worker(beat=True)
    game = wait_until(
        lambda: Game.objects.filter(match_id=match_id, status="finished").first(),
        timeout=20,
        what="the no-show",
    )
    assert (game.winner, game.reason) == (0, "no_show")
    assert game.actions[-1] == {"seat": 1, "type": "no_show"}
    assert game.clock_used == [0.0, 0.0]
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.wins_a, match.wins_b) == ("final", 1, 0)

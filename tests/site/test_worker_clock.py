"""R9.4 with no traffic at all: a seat whose clock runs out loses the game, enforced by a real worker."""

import pytest

from tests.support.actors import make_players
from tests.support.workers import game_state, wait_until
from tournaments.models import Event, Game, Match

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def start_match_with_a_short_clock(event_factory, seconds: int) -> tuple[int, int, list]:
    """Start an online best-of-1 match whose players have ``seconds`` each; return (match id,
    the seat deciding now, the players)."""
    event = event_factory(rounds=1, best_of=1, online=True)
    # The clocks start at once (no grace period: test_worker_presence.py covers the wait, R9.4).
    Event.objects.filter(pk=event.id).update(clock_seconds=seconds, grace_minutes=0)
    event.open()
    players = make_players(2)
    event.register(*players)
    match_id = event.start()["matches"][0]["id"]
    deciding = game_state(players[0], match_id)["view"]["decision"]["seat"]
    return match_id, deciding, players


def assert_lost_on_time(match_id: int, deciding: int) -> None:
    game = wait_until(
        lambda: Game.objects.filter(match_id=match_id, status="finished").first(),
        timeout=15,
        what="the clock to run out",
    )
    assert game.reason == "timeout"
    assert game.winner == 1 - deciding
    assert game.actions[-1] == {"seat": deciding, "type": "timeout"}
    assert game.clock_used[deciding] >= 2
    match = Match.objects.get(pk=match_id)
    assert match.status == "final" and (match.wins_a, match.wins_b) == ((0, 1) if deciding == 0 else (1, 0))


def test_the_task_scheduled_at_the_clock_deadline_ends_the_game_on_time(broker, event_factory):
    # No beat: only the follow-up the worker queued, due when the deciding seat's clock is out.
    broker.start_worker()
    match_id, deciding, _players = start_match_with_a_short_clock(event_factory, seconds=2)
    assert_lost_on_time(match_id, deciding)


def test_the_beat_sweep_ends_the_game_on_time_when_no_task_was_queued(broker, event_factory):
    # The round start's message is thrown away before any worker runs: no follow-up exists,
    # only the embedded beat's sweep (every 2 s) can notice the clock.
    from respons_site.celery import app

    match_id, deciding, _players = start_match_with_a_short_clock(event_factory, seconds=2)
    with app.connection_for_write() as conn:
        # The round start's adjudication, and the pairing notices' e-mails beside it.
        assert conn.default_channel.queue_purge(broker.queue) >= 1
    broker.start_worker(beat=True)
    assert_lost_on_time(match_id, deciding)

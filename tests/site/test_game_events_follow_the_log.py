"""The play page's log (GET .../game/events/) is asked for after every move: each answer applies
the actions since the last one for that reader instead of replaying the whole game, and says
exactly what a whole replay would."""

import random

import pytest

from tests.support.online import online_match, play_step
from tournaments.selectors import play

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(event_factory, judge):
    return online_match(event_factory, judge)


def _events(actor, match_id: int) -> list[dict]:
    response = actor.api.get(f"/api/matches/{match_id}/game/events/")
    assert response.status_code == 200, response.content
    return response.json()["events"]


def _replays_counted(monkeypatch) -> list[int]:
    """Count the whole replays the log's reads start (one per reader seen afresh)."""
    started: list[int] = []
    replay = play._events_replay

    def counted(game, seat):
        started.append(seat)
        return replay(game, seat)

    monkeypatch.setattr(play, "_events_replay", counted)
    return started


def test_each_read_of_the_log_applies_only_the_new_actions(match, judge, monkeypatch):
    match_id, a, b = match.id, match.a, match.b
    play._events_cache.clear()
    started = _replays_counted(monkeypatch)
    rng = random.Random(5)
    for _ in range(12):
        assert play_step(match, rng)
        for reader in (a, b, judge):
            _events(reader, match_id)
    assert sorted(started, key=str) == sorted([0, 1, None], key=str)  # once per reader, not per move

    readers = (a, b, judge)
    followed = [_events(reader, match_id) for reader in readers]
    play._events_cache.clear()  # a whole replay of the same log says the same, event by event
    assert [_events(reader, match_id) for reader in readers] == followed
    officials = followed[2]
    assert [e["i"] for e in officials] == list(range(len(officials)))
    assert {e["a"] for e in officials} >= set(range(12))  # every action's events are there
    assert followed[0] != officials  # each reader's own view (the hidden parts differ)


def test_a_log_that_is_not_the_one_followed_is_replayed_whole(match, monkeypatch):
    """A game whose actions differ from the ones applied (another game under the same key, a log
    written elsewhere) is never extended: it is replayed from its start."""
    match_id, a = match.id, match.a
    play._events_cache.clear()
    rng = random.Random(7)
    for _ in range(3):
        assert play_step(match, rng)
    before = _events(a, match_id)
    (replayed,) = play._events_cache.values()
    followed = replayed.match.actions  # the log the replay holds: its engine's own
    followed[0] = {**followed[0], "forged": True}  # not this game's first action
    started = _replays_counted(monkeypatch)
    assert _events(a, match_id) == before
    assert started == [0]

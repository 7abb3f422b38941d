"""A worker appends the actions it applied to a game's stored log (``||`` on PostgreSQL) instead
of writing the whole log again: the log so appended is the log a rewrite stores, action for
action, and a replay of it gives the stored snapshot."""

import orjson
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.support.online import queue_first_move, queued_round
from tests.support.services import require_or_skip
from tournaments import plainsql
from tournaments.models import Game, GameAction
from tournaments.services import online as svc
from tournaments.services.online import engines

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(event_factory, monkeypatch):
    """A started online match of two players; actions are only queued (no worker runs)."""
    (only,) = queued_round(event_factory, monkeypatch, players=2)
    return only


def as_stored(value):
    """A value as a JSON column gives it back (tuples as lists)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def play(match_id, a, b, moves):
    """Queue and drain ``moves`` actions, one at a time (the deciding seat's first legal one
    that does not concede); return the game's UPDATE statements the drains sent."""
    updates = []
    for _ in range(moves):
        if Game.objects.get(match_id=match_id).status != Game.Status.PLAYING:
            return updates
        queue_first_move(match_id, a, b)
        with CaptureQueriesContext(connection) as captured:
            assert svc.matches_drain() == 1
        table = Game._meta.db_table
        updates += [q["sql"] for q in captured.captured_queries if q["sql"].startswith(f'UPDATE "{table}"')]
    return updates


def test_the_log_appended_is_the_log_rewritten_and_replays_to_the_snapshot(match):
    require_or_skip(
        connection.vendor == "postgresql", "jsonb ||: PostgreSQL (elsewhere the log is rewritten)"
    )
    match_id, a, b = match
    updates = play(match_id, a, b, 8)
    assert updates, "no move was drained"
    # Each drain sent the log's new actions only, appended to the stored ones.
    assert all('"actions" = "actions" ||' in sql for sql in updates), updates
    game = Game.objects.get(match_id=match_id)
    applied = GameAction.objects.filter(match_id=match_id, status="applied", by_bot=False).order_by(
        "log_index"
    )
    assert applied.count() >= 2
    for row in applied:  # every player's action where its ledger row says, once
        assert game.actions[row.log_index] == {"seat": row.seat, **row.action}
    # The stored log is the engine's whole log, as a rewrite would have stored it ...
    engines.engine_forget(game)
    replayed = engines.rebuild(game)
    assert replayed.actions == game.actions
    # ... and its replay is the stored state: both seats' views and the decision pending.
    for seat in (0, 1):
        assert as_stored({"seq": replayed.seq, **replayed.observation(seat)}) == game.snapshot["views"][seat]
    pending = replayed.decision()
    assert game.snapshot["decision"] == as_stored(pending.as_dict() if pending is not None else None)


def test_an_append_writes_what_a_rewrite_writes(match):
    """``plainsql.update`` with ``appended``: the stored list extended by the items, the other
    fields written as usual; a stored list the instance does not extend is the caller's to
    avoid (the worker writes the whole log then), so here only the append's own result counts."""
    game = Game.objects.get(match_id=match[0])
    before = list(game.actions)
    added = [{"seat": 0, "type": "probe", "n": 1}, {"seat": 1, "type": "probe", "n": [2, {"k": "v"}]}]
    game.actions = before + added
    game.reason = "appended"
    plainsql.update(game, ["actions", "reason"], appended={"actions": added})
    stored = Game.objects.values_list("actions", "reason").get(pk=game.pk)
    assert stored == (before + added, "appended")
    # The same values written whole give the same row.
    game.actions = before + added + added
    plainsql.update(game, ["actions"])
    assert Game.objects.get(pk=game.pk).actions == before + added + added


def test_a_log_the_engine_does_not_extend_is_written_whole(match, monkeypatch):
    """Should the stored log not be the start of the engine's (it cannot, under the match's lock:
    a guard all the same), the worker writes the engine's whole log."""
    match_id, a, b = match
    sent = []
    real = plainsql.update

    def spy(instance, fields, *, appended=None):
        if isinstance(instance, Game) and "actions" in fields:
            sent.append(appended)
        return real(instance, fields, appended=appended)

    monkeypatch.setattr(plainsql, "update", spy)
    original = engines.engine_for

    def engine_with_another_past(game):
        engine = original(game)
        game.actions = [{"seat": 9, "type": "elsewhere"}, *game.actions]  # not the engine's start
        return engine

    monkeypatch.setattr("tournaments.services.online.adjudicate.engine_for", engine_with_another_past)
    play(match_id, a, b, 1)
    assert sent == [None]
    game = Game.objects.get(match_id=match_id)
    engines.engine_forget(game)
    assert engines.rebuild(game).actions == game.actions

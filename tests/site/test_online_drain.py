"""Draining the queued actions of many matches per transaction (issue: online matches,
performance): a player's action wakes one drain, which adjudicates every match with queued
actions in passes of a few statements each, skips matches another worker holds, and does
not let one bad match hold up the others."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from respons_site.celery import app
from tests.support.online import queue_first_move, queued_round
from tests.support.services import require_or_skip
from tests.support.workers import require_real_services, row_locked
from tournaments import plainsql, tasks
from tournaments.models import Game, GameAction, Match
from tournaments.services import live
from tournaments.services import online as svc
from tournaments.services.online import adjudicate, queue, schedule

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tables(event_factory, monkeypatch):
    """An online round of three matches; actions are only queued (no worker runs)."""
    return queued_round(event_factory, monkeypatch, players=6)


def assert_applied(match_id, actor, seq, action, view_seq):
    row = GameAction.objects.get(match_id=match_id, seq=seq, action=action, by_bot=False)
    assert (row.status, row.log_index) == ("applied", view_seq)
    game = Game.objects.get(match_id=match_id)
    assert game.actions[row.log_index] == {"seat": row.seat, **action}
    assert actor.api.get(f"/api/matches/{match_id}/game/").json()["view"]["seq"] == view_seq + 1


def first_words(captured):
    return [q["sql"].split()[0].upper() for q in captured.captured_queries]


def require_postgresql():
    """Row locks that another session skips: PostgreSQL's (the drain runs with workers only;
    the embedded SQLite mode adjudicates each match in-process)."""
    require_or_skip(connection.vendor == "postgresql", "FOR UPDATE SKIP LOCKED: PostgreSQL")


def test_one_pass_adjudicates_every_match_in_the_statements_of_one(tables, monkeypatch):
    require_postgresql()
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    published = []
    monkeypatch.setattr(live, "publish_many", published.append)
    with CaptureQueriesContext(connection) as captured:
        assert svc.matches_drain() == 3
    words, lock = first_words(captured), captured.captured_queries[1]["sql"]  # before requests reset the log
    for match_id, actor, seq, action, view_seq in moves:
        assert_applied(match_id, actor, seq, action, view_seq)
    # One transaction: lock + read the matches, their queues, their games; the three actions'
    # UPDATEs in one executemany and the three games' in another; then, the pass being short of
    # the batch, one look for actions waiting on other matches (none): no second, empty pass.
    assert words == ["BEGIN", "SELECT", "SELECT", "SELECT", "3", "3", "SELECT", "COMMIT"], words
    assert lock.endswith("FOR UPDATE OF m SKIP LOCKED")
    # Every match's new answers, in one publication after the commit.
    assert len(published) == 1 and sorted(published[0]) == sorted(m for m, *_ in moves)
    for match_id, actor, _seq, _action, view_seq in moves:
        seat = 0 if Match.objects.get(pk=match_id).player_a.player.username == actor.name else 1
        assert f'"seq":{view_seq + 1}' in published[0][match_id][seat]


def test_it_skips_a_match_another_worker_holds_and_takes_it_once_released(tables):
    require_postgresql()
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    held = moves[1][0]
    with row_locked(Match._meta.db_table, held):
        assert svc.matches_drain() == 2  # does not wait for the lock
        assert GameAction.objects.filter(match_id=held, status="queued").count() == 1
    assert svc.matches_drain() == 1
    for move in moves:
        assert_applied(*move)


def test_actions_left_on_a_held_match_are_looked_at_again_a_moment_later(tables, monkeypatch):
    """The holder may be a worker killed mid-pass whose session has not ended yet, while its
    task's message is redelivered at once: a drain that could not lock the match queues another
    in a second (one at a time), instead of leaving the action to the sweep half a minute later."""
    require_postgresql()
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    held = moves[1][0]
    app.conf.task_always_eager = False  # with real workers (reset per test)
    live.redis_client().delete(svc.DRAIN_NUDGED)
    queued = []
    monkeypatch.setattr(tasks.drain_actions, "apply_async", lambda **options: queued.append(options))
    with row_locked(Match._meta.db_table, held):
        assert svc.matches_drain() == 2
        assert queued == [{"countdown": queue.DRAIN_NUDGE_MS / 1000}]
        assert svc.matches_drain() == 0
        assert len(queued) == 1  # one drain queued for a moment later is enough
    live.redis_client().delete(svc.DRAIN_NUDGED)  # that moment has come
    assert svc.matches_drain() == 1  # the drain queued then finds the match released
    assert len(queued) == 1  # and nothing is left waiting: no more drains
    for move in moves:
        assert_applied(*move)


def test_a_match_that_fails_holds_up_no_other(tables, monkeypatch, caplog):
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    bad = moves[0][0]
    play = adjudicate.actions_play

    def play_or_fail(match, *args):
        if match.pk == bad:
            raise RuntimeError("a bug in one match")
        return play(match, *args)

    monkeypatch.setattr(adjudicate, "actions_play", play_or_fail)
    assert svc.matches_drain() == 3
    for move in moves[1:]:
        assert_applied(*move)
    # The action the bad match fails on is refused (never queued for ever, failing
    # every pass that takes it up), its game untouched; the failure logged.
    row = GameAction.objects.get(match_id=bad, by_bot=False)
    assert (row.status, row.rule, row.code) == ("refused", "O3.4", "unprocessable")
    assert Game.objects.get(match_id=bad).actions == []
    assert f"adjudicating match {bad} failed" in caplog.text
    assert svc.matches_drain() == 0  # nothing left to fail the next pass


def test_deferred_updates_go_before_any_other_statement_and_in_order(tables):
    match_id, a, b = tables[0]
    game = Game.objects.get(match_id=match_id)
    with CaptureQueriesContext(connection) as captured, plainsql.deferred_updates():
        game.reason = "first"
        plainsql.update(game, ["reason"])
        assert first_words(captured) == []  # waiting
        assert Game.objects.get(pk=game.pk).reason == "first"  # a read sends it first
        game.reason, game.winner = "second", 1
        plainsql.update(game, ["reason"])
        game.reason = "third"
        plainsql.update(game, ["reason", "winner"])  # the same row again: the first goes first
    # A row alone goes as a plain UPDATE, not an executemany of one ("1"): the UPDATE, sent
    # before the read; then the two others.
    words = [w for w in first_words(captured) if w not in ("BEGIN", "COMMIT")]
    assert words == ["UPDATE", "SELECT", "UPDATE", "UPDATE"]
    assert Game.objects.values_list("reason", "winner").get(pk=game.pk) == ("third", 1)


def test_deferred_updates_are_not_sent_when_the_block_fails(tables):
    game = Game.objects.get(match_id=tables[0][0])
    with pytest.raises(ZeroDivisionError), plainsql.deferred_updates():
        game.reason = "never"
        plainsql.update(game, ["reason"])
        1 / 0  # noqa: B018
    assert Game.objects.get(pk=game.pk).reason == ""


def test_one_wake_up_is_sent_while_one_is_pending(monkeypatch):
    """With a broker, an action queues the drain task only when no wake-up is pending; the woken
    worker clears the flag before it looks, so the next action wakes it again."""
    require_real_services()
    app.conf.task_always_eager = False  # a web process next to real workers (reset per test)
    client = live.redis_client()
    client.delete(svc.DRAIN_WOKEN)
    sent = []
    monkeypatch.setattr(tasks.drain_actions, "delay", lambda: sent.append(1))
    drained = []
    monkeypatch.setattr(
        adjudicate, "matches_drain", lambda: drained.append(client.exists(svc.DRAIN_WOKEN)) or 0
    )
    try:
        svc.queue_action(1)
        svc.queue_action(2)
        svc.queue_action(3)
        assert len(sent) == 1
        assert 0 < client.pttl(svc.DRAIN_WOKEN) <= svc.DRAIN_WOKEN_MS  # a lost wake-up expires
        assert tasks.drain_actions.run() == 0
        assert drained == [0]  # the flag was cleared before the drain looked
        svc.queue_action(4)
        assert len(sent) == 2
    finally:
        client.delete(svc.DRAIN_WOKEN)


def test_the_sweep_wakes_the_drain_for_actions_left_waiting(tables, monkeypatch):
    """A wake-up lost (its task gone with Redis, or a worker that died with the flag set and no
    action since): the sweep wakes a drain for actions waiting longer than DRAIN_STALLED."""
    from django.utils import timezone

    require_real_services()
    app.conf.task_always_eager = False  # with real workers (reset per test)
    live.redis_client().delete(svc.DRAIN_WOKEN)
    sent = []
    monkeypatch.setattr(tasks.drain_actions, "delay", lambda: sent.append(1))
    match_id, a, b = tables[0]
    queue_first_move(match_id, a, b)  # (the fixture records it without a wake-up)
    svc.online_sweep(run=lambda match_id: None)
    assert sent == []  # just submitted: its own wake-up is on the way
    stalled = timezone.now() - schedule.DRAIN_STALLED * 2
    GameAction.objects.filter(match_id=match_id).update(created_at=stalled)
    svc.online_sweep(run=lambda match_id: None)
    assert sent == [1]
    live.redis_client().delete(svc.DRAIN_WOKEN)


def test_answers_of_many_matches_travel_over_redis_in_one_go():
    require_real_services()
    app.conf.task_always_eager = False
    subs = [live.subscribe(7201, 0), live.subscribe(7202, 1)]
    try:
        for _attempt in range(50):  # the listener thread subscribes asynchronously
            live.publish_many({7201: ['{"a":0}', '{"a":1}'], 7202: ['{"b":0}', '{"b":1}']})
            got = [sub.get(0.1) for sub in subs]
            if all(changed for changed, _text in got):
                break
        assert got == [(True, '{"a":0}'), (True, '{"b":1}')]
    finally:
        for sub in subs:
            sub.close()


def test_a_broker_other_than_redis_gets_a_wake_up_per_action(monkeypatch, caplog):
    """No Redis to keep a wake-up pending: every action sends the drain task, quietly."""
    app.conf.task_always_eager = False  # a web process next to real workers (reset per test)
    monkeypatch.setattr(live, "redis_url", lambda: None)
    sent = []
    monkeypatch.setattr(tasks.drain_actions, "delay", lambda: sent.append(1))
    svc.queue_action(1)
    svc.queue_action(2)
    assert len(sent) == 2
    assert "wake-up flag" not in caplog.text


def poison(levels=250):
    """An action nested ``levels`` deep, as one stored before the intake checked shapes."""
    action: dict = {"type": "play", "card": "Soldier"}
    inner = action
    for _ in range(levels - 1):
        inner["cell"] = {}
        inner = inner["cell"]
    return action


def test_a_poison_action_fails_no_batch_and_its_opponents_concede_applies(tables, monkeypatch, caplog):
    """an action nested 250 levels deep (stored before the intake refused such) once
    failed every batch that took it up, for good; now it is refused before the batch, and the
    other matches, and the concede queued behind it, are applied in the same pass."""
    require_postgresql()
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    bad, actor = moves[0][0], moves[0][1]
    match = Match.objects.get(pk=bad)
    seat = 0 if match.player_a.player_id == actor.user.pk else 1
    GameAction.objects.filter(match_id=bad).delete()
    GameAction.objects.create(match_id=bad, seat=seat, seq=1, action=poison())
    GameAction.objects.create(match_id=bad, seat=1 - seat, seq=1, action={"type": "concede"})
    failures = []
    monkeypatch.setattr(adjudicate, "_one_by_one", lambda *args: failures.append(args) or 0)
    assert svc.matches_drain() == 4  # one pass: no batch failed
    assert failures == []
    for move in moves[1:]:
        assert_applied(*move)
    row = GameAction.objects.get(match_id=bad, seat=seat)
    assert (row.status, row.rule, row.code) == ("refused", "O3.1", "action_too_deep")
    assert GameAction.objects.get(match_id=bad, seat=1 - seat).status == "applied"
    match.refresh_from_db()
    assert match.status == "final"  # the concede (R9.3) ended the best-of-one for the poisoner
    assert (match.wins_a, match.wins_b) == ((1, 0) if seat == 0 else (0, 1))
    # Its answer lists the refusal by type only, and can be read and sent.
    state = actor.api.get(f"/api/matches/{bad}/game/").json()
    assert state["refused"][0]["action"] == {"type": "play"}
    assert svc.matches_drain() == 0


def test_an_action_that_fails_alone_is_refused_and_the_rest_of_its_queue_applies(tables, monkeypatch):
    """Whatever else makes a match fail (a bug the shape check does not know): its actions are
    taken one at a time, the one that fails alone is refused, the others applied."""
    require_postgresql()
    moves = [(match_id, *queue_first_move(match_id, a, b)) for match_id, a, b in tables]
    bad, actor, seq = moves[0][0], moves[0][1], moves[0][2]
    match = Match.objects.get(pk=bad)
    seat = 0 if match.player_a.player_id == actor.user.pk else 1
    GameAction.objects.create(match_id=bad, seat=1 - seat, seq=1, action={"type": "concede"})
    answers = adjudicate.match_answers

    def unsendable(match, games, seqs=None):  # as the answer of the 250-deep action was
        queued = GameAction.objects.filter(match_id=match.pk, seat=seat, seq=seq, status="applied")
        if match.pk == bad and queued.exists():
            raise TypeError("Recursion limit reached")
        return answers(match, games, seqs)

    monkeypatch.setattr(adjudicate, "match_answers", unsendable)
    assert svc.matches_drain() == 4
    for move in moves[1:]:
        assert_applied(*move)
    row = GameAction.objects.get(match_id=bad, seat=seat)
    assert (row.status, row.code) == ("refused", "unprocessable")
    assert GameAction.objects.get(match_id=bad, seat=1 - seat).status == "applied"
    assert Match.objects.get(pk=bad).status == "final"
    assert svc.matches_drain() == 0  # the next pass finds nothing to fail on

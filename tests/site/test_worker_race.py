"""Two real workers racing on the same matches lose no action and apply none twice."""

import random
import threading
import time
from collections import Counter

import pytest
from django.db import connection

from engine.games.respons.match import replay
from tests.support.actors import make_players
from tests.support.workers import game_state, post_action, wait_until
from tournaments.models import Game, GameAction, Match
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import game_log

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def hammer(actor, match_id: int, seed: int, answers: list, errors: list, until: float) -> None:
    """Post as fast as possible: the legal action (even from a stale view), the same seq again,
    and out-of-turn actions while waiting; never waits for a worker."""
    rng = random.Random(seed)
    try:
        while time.monotonic() < until:
            state = game_state(actor, match_id)
            if state["match_status"] == "final":
                return
            seq = state["next_seq"]
            choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
            if choices:
                action, other = rng.choice(choices), rng.choice(choices)
                first = post_action(actor, match_id, seq, action)
                again = post_action(actor, match_id, seq, other)  # the same seq again
                answers.append((match_id, state["seat"], seq, action, other, first, again))
            elif rng.random() < 0.3:
                post_action(actor, match_id, seq, {"type": rng.choice(["keep", "pass", "end_turn"])})
    except Exception as error:  # reported by the test, with the thread's name
        errors.append(f"{actor.name}: {error!r}")
    finally:
        connection.close()


def assert_applied_exactly_once(match: Match) -> None:
    rows = list(GameAction.objects.filter(match=match))
    assert Counter(r.status for r in rows).keys() <= {"applied", "refused"}, "an action was never processed"
    for seat in (0, 1):
        seqs = sorted(r.seq for r in rows if r.seat == seat)
        assert seqs == list(range(1, len(seqs) + 1)), f"seat {seat}: seqs {seqs}"
    assert all(r.rule and r.processed_at for r in rows if r.status == "refused")
    game = Game.objects.get(match=match)
    applied = sorted((r for r in rows if r.status == "applied"), key=lambda r: r.log_index)
    assert [r.log_index for r in applied] == list(range(len(game.actions))), "a gap or a duplicate"
    assert [{"seat": r.seat, **r.action} for r in applied] == game.actions
    _rules, catalog = catalog_for(game="respons")
    engine = replay(game_log(game), catalog)
    assert engine.actions == game.actions
    assert engine.is_over and engine.result.winner == game.winner and engine.result.reason == game.reason


def test_two_workers_racing_on_the_same_matches_apply_each_action_exactly_once(broker, event_factory):
    first, second = broker.start_workers(2)
    event = event_factory(rounds=1, best_of=1, online=True)
    event.open()
    players = make_players(4)
    event.register(*players)
    by_name = {p.name: p for p in players}
    matches = event.start()["matches"]
    assert len(matches) == 2

    answers: list = []
    errors: list = []
    until = time.monotonic() + 25
    threads = [
        threading.Thread(target=hammer, args=(by_name[m[side]], m["id"], i, answers, errors, until))
        for i, (m, side) in enumerate((m, side) for m in matches for side in ("player_a", "player_b"))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=40)
    assert not errors, errors

    ids = [m["id"] for m in matches]
    wait_until(
        lambda: (
            Match.objects.filter(pk__in=ids, status="final").count() == 2
            and not GameAction.objects.filter(match_id__in=ids, status="queued").exists()
        ),
        timeout=15,
        what="both matches final and every action processed",
    )
    for match in Match.objects.filter(pk__in=ids):
        assert_applied_exactly_once(match)
    # A retry of a seq answers what the first post recorded, never a second row; another action
    # under a seq already used is refused, never answered as if it were applied.
    recorded = 0
    for match_id, seat, seq, action, other, first_answer, again in answers:
        if first_answer.status_code == 409:  # the match ended meanwhile: nothing recorded
            assert first_answer.json()["code"] == again.json()["code"] == "match_over"
            continue
        assert first_answer.status_code in (200, 202, 400)
        if other != action:
            assert (again.status_code, again.json()["code"]) == (409, "seq_reused")
        else:
            assert again.status_code in (200, 202, 400) and again.json()["seq"] == seq
        assert GameAction.objects.get(match_id=match_id, seat=seat, seq=seq).action == action
        recorded += 1
    assert recorded >= 20
    # Each worker logs a task's success just after its commit: wait for the lines, not race them.
    wait_until(
        lambda: first.tasks_done() > 0 and second.tasks_done() > 0,
        timeout=10,
        what="both workers to log tasks",
    )

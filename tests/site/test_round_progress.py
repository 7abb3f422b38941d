"""The round progress page: matches finished out of all, each match's game, score, whose
decision and last activity; it refreshes itself and does no work (the beat runs the clocks)."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.support.actors import make_players
from tests.support.pages import browser
from tournaments.models import Game, Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def running(event_factory, judge):
    """An online round of four bots and two people: bot-only matches finish by themselves."""
    event = event_factory(rounds=1, online=True)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    assert event.organizer.api.post(f"{event.url}bots/", {"count": 4}, format="json").status_code == 201
    people = make_players(2, prefix="h")
    event.register(*people)
    event.start()
    return event


def counts(html: str) -> tuple[int, int]:
    done = re.search(r'data-testid="finished-count">(\d+)<', html)
    total = re.search(r'data-testid="total-count">(\d+)<', html)
    assert done and total
    return int(done.group(1)), int(total.group(1))


def test_it_counts_the_finished_matches_of_the_round(running, outsider):
    matches = Match.objects.filter(round__event_id=running.id)
    final = matches.filter(status=Match.Status.FINAL).count()
    assert 0 < final < matches.count()  # bots have finished, people have not
    for viewer in (running.organizer, outsider):
        response = browser(viewer).get(f"/events/{running.id}/rounds/1/progress/")
        assert response.status_code == 200
        html = response.content.decode()
        assert counts(html) == (final, matches.count())
        assert 'role="progressbar"' in html and 'hx-trigger="every 2s"' in html


def test_it_shows_each_matchs_game_score_and_whose_decision_it_is(running, outsider):
    open_match = Match.objects.filter(round__event_id=running.id).exclude(status=Match.Status.FINAL).first()
    game = Game.objects.get(match=open_match, number=1)
    deciding = (open_match.player_a, open_match.player_b)[game.decision_seat].player.username
    html = browser(running.organizer).get(f"/events/{running.id}/rounds/1/progress/rows/").content.decode()
    row = html.split(f'data-match="{open_match.pk}"')[1].split("</tr>")[0]
    assert "Game 1" in row and f"<strong>{deciding}</strong>" in row and " ago" in row
    assert f"/matches/{open_match.pk}/log/" in row  # officials get a link to the match log
    public = browser(outsider).get(f"/events/{running.id}/rounds/1/progress/rows/").content.decode()
    assert f"<strong>{deciding}</strong>" in public and "/log/" not in public


def test_it_stops_refreshing_when_every_match_is_finished(running):
    for match in Match.objects.filter(round__event_id=running.id).exclude(status=Match.Status.FINAL):
        body = {"wins_a": 1, "wins_b": 0, "draws": 0, "note": "the players agreed to stop"}
        assert (
            running.organizer.api.post(f"/api/matches/{match.pk}/report/", body, format="json").status_code
            == 200
        )
    html = browser(running.organizer).get(f"/events/{running.id}/rounds/1/progress/rows/").content.decode()
    done, total = counts(html)
    assert done == total and "every 2s" not in html


def test_a_look_does_no_work_the_beat_runs_the_clocks(running, anonymous, settings):
    """Issue #15: an anonymous GET ran the global sweep. Reads do no work; with no broker the
    embedded beat (settings.EMBEDDED_BEAT) runs the sweep."""
    from tournaments.services.online import online_sweep

    settings.CELERY_TASK_ALWAYS_EAGER = True
    match = Match.objects.filter(round__event_id=running.id).exclude(status=Match.Status.FINAL).first()
    game = Game.objects.get(match=match, number=1)
    late = game.decision_seat
    # Both came long ago (R9.4: the clocks run) and the deciding seat has been away for two hours.
    Game.objects.filter(pk=game.pk).update(
        present_by=None, decision_since=timezone.now() - timedelta(hours=2)
    )
    for path in ("progress/", "progress/rows/"):
        assert browser(anonymous).get(f"/events/{running.id}/rounds/1/{path}").status_code == 200
        assert browser(running.organizer).get(f"/events/{running.id}/rounds/1/{path}").status_code == 200
    for registration in (match.player_a, match.player_b):
        api = APIClient()
        api.force_authenticate(registration.player)
        assert api.get(f"/api/matches/{match.pk}/game/").status_code == 200
    game.refresh_from_db()
    assert (game.status, game.reason) == ("playing", "")  # nobody's look ended the game
    assert online_sweep() >= 1  # the beat's work
    game.refresh_from_db()
    assert (game.status, game.reason, game.winner) == ("finished", "timeout", 1 - late)


def test_it_is_hidden_with_a_draft_event_and_unknown_rounds(event_factory, outsider, running):
    draft = event_factory(rounds=1, online=True)
    assert browser(outsider).get(f"/events/{draft.id}/rounds/1/progress/").status_code == 404
    assert browser(outsider).get(f"/events/{running.id}/rounds/9/progress/").status_code == 404

"""The round progress page: matches finished out of all, each match's game and score, and for
its officials whose decision it is, the actions so far and the last activity; it refreshes
itself and does no work (the beat runs the clocks). Anyone else sees it only as the event's
spectating setting lets them watch, and then nothing that tells who is thinking now or when a
game last moved (a spectator's view is delayed)."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.support.actors import Actor, make_players
from tests.support.pages import browser
from tournaments.models import Event, Game, GameAction, Match, Registration, Round

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


def watchable_by(event, setting: str) -> None:
    Event.objects.filter(pk=event.id).update(spectators=setting)


def open_match(event) -> Match:
    return Match.objects.filter(round__event_id=event.id).exclude(status=Match.Status.FINAL).first()


def public_rows(viewer, event) -> str:
    """The rows as ``viewer`` reads them, without the line saying when they were drawn."""
    html = browser(viewer).get(f"/events/{event.id}/rounds/1/progress/rows/").content.decode()
    return re.sub(r"<p class=\"muted small refresh-note\">.*?</p>", "", html, flags=re.S)


def counts(html: str) -> tuple[int, int]:
    done = re.search(r'data-testid="finished-count">(\d+)<', html)
    total = re.search(r'data-testid="total-count">(\d+)<', html)
    assert done and total
    return int(done.group(1)), int(total.group(1))


def test_it_counts_the_finished_matches_of_the_round(running, outsider):
    watchable_by(running, "everyone")
    matches = Match.objects.filter(round__event_id=running.id)
    final = matches.filter(status=Match.Status.FINAL).count()
    assert 0 < final < matches.count()  # bots have finished, people have not
    for viewer in (running.organizer, outsider):
        response = browser(viewer).get(f"/events/{running.id}/rounds/1/progress/")
        assert response.status_code == 200
        html = response.content.decode()
        assert counts(html) == (final, matches.count())
        assert 'role="progressbar"' in html and 'hx-trigger="every 2s"' in html


def test_it_shows_its_officials_each_matchs_game_score_and_whose_decision_it_is(running, judge):
    match = open_match(running)
    game = Game.objects.get(match=match, number=1)
    deciding = (match.player_a, match.player_b)[game.decision_seat].player.username
    html = browser(judge).get(f"/events/{running.id}/rounds/1/progress/rows/").content.decode()
    row = html.split(f'data-match="{match.pk}"')[1].split("</tr>")[0]
    assert "Game 1" in row and f"<strong>{deciding}</strong>" in row and " ago" in row
    assert f"{len(game.actions)} action" in row
    assert f"/matches/{match.pk}/log/" in row  # officials get a link to the match log


def test_it_is_exactly_as_public_as_the_events_spectating(running, outsider, anonymous, judge):
    for path in ("progress/", "progress/rows/"):
        url = f"/events/{running.id}/rounds/1/{path}"
        watchable_by(running, "nobody")  # the default: the officials only
        assert browser(judge).get(url).status_code == 200
        assert browser(running.organizer).get(url).status_code == 200
        assert browser(outsider).get(url).status_code == 403
        assert browser(anonymous).get(url).status_code == 403
        person = Registration.objects.filter(event_id=running.id, is_bot=False).first().player
        assert browser(Actor(name=person.username, user=person, api=APIClient())).get(url).status_code == 403
        watchable_by(running, "users")
        assert browser(outsider).get(url).status_code == 200
        response = browser(anonymous).get(url)
        assert response.status_code == 302 and "/login/" in response["Location"]
        watchable_by(running, "everyone")
        assert browser(anonymous).get(url).status_code == 200


def test_a_spectator_learns_nothing_of_who_is_thinking_now_or_when_a_game_last_moved(
    running, outsider, judge
):
    watchable_by(running, "everyone")
    match = open_match(running)
    game = Game.objects.get(match=match, number=1)
    before = public_rows(outsider, running)
    row = before.split(f'data-match="{match.pk}"')[1].split("</tr>")[0]
    assert "Game 1" in row and f"/matches/{match.pk}/watch/" in row
    for name in (match.player_a.player.username, match.player_b.player.username):
        assert f"<strong>{name}</strong>" not in row
    assert "<time" not in before and " ago" not in before and " action" not in before
    assert "/log/" not in before
    # A seat acts (as a worker records it): the decision passes, the game has one action more,
    # the match moved a moment ago. The officials' rows say so; the public ones do not change.
    officials = public_rows(judge, running)
    seat = game.decision_seat
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        actions=[*game.actions, {"seat": seat, "type": "pass"}], decision_seat=1 - seat
    )
    GameAction.objects.create(
        match=match,
        seat=seat,
        seq=99,
        action={"type": "pass"},
        game_number=1,
        status=GameAction.Status.APPLIED,
        log_index=len(game.actions),
        processed_at=now,
    )
    assert public_rows(outsider, running) == before
    assert public_rows(judge, running) != officials


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
    """an anonymous GET ran the global sweep. Reads do no work; with no broker the
    embedded beat (settings.EMBEDDED_BEAT) runs the sweep."""
    from tournaments.services.online import online_sweep

    settings.CELERY_TASK_ALWAYS_EAGER = True
    watchable_by(running, "everyone")
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


def test_it_is_hidden_with_a_draft_event_unknown_rounds_and_held_pairings(event_factory, outsider, running):
    watchable_by(running, "everyone")
    draft = event_factory(rounds=1, online=True)
    assert browser(outsider).get(f"/events/{draft.id}/rounds/1/progress/").status_code == 404
    assert browser(outsider).get(f"/events/{running.id}/rounds/9/progress/").status_code == 404
    # Pairings the organizer holds are nobody else's yet, the players' names included.
    Round.objects.filter(event_id=running.id, number=1).update(published=False)
    for path in ("progress/", "progress/rows/"):
        assert browser(outsider).get(f"/events/{running.id}/rounds/1/{path}").status_code == 404
        assert browser(running.organizer).get(f"/events/{running.id}/rounds/1/{path}").status_code == 200

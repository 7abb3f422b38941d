"""The round timer: the deadline on every page of the event while a round runs."""

from datetime import timedelta

import pytest

from tests.support.pages import last_round, match_of, page, post

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(event_factory, organizer, player, opponent):
    event = event_factory(name="Spring Cup", rounds=2, round_minutes=45)
    event.open()
    event.register(player, opponent)
    return event


def deadline_attr(when) -> str:
    return f'data-deadline="{when.isoformat(timespec="seconds")}"'


def test_it_shows_the_deadline_on_every_event_page_during_a_round(cup, organizer, player, anonymous):
    cup.start()
    round_ = last_round(cup)
    assert round_.ends_at - round_.started_at == timedelta(minutes=45)
    pages = [f"/events/{cup.id}/", f"/events/{cup.id}/rounds/1/", f"/events/{cup.id}/standings/"]
    for actor in (player, anonymous):
        for url in pages:
            html = page(actor, url)[1]
            assert 'data-testid="round-timer"' in html, url
            assert deadline_attr(round_.ends_at) in html, url
            assert "Round 1 in progress" in html
    assert deadline_attr(round_.ends_at) in page(organizer, f"/events/{cup.id}/manage/")[1]
    assert "respons/events.js" in page(anonymous, f"/events/{cup.id}/")[1]


def test_it_adds_the_extension_to_the_players_own_deadline(cup, organizer, player):
    cup.start()
    match = match_of(cup, player)
    post(organizer, f"/events/{cup.id}/matches/{match.pk}/extend/", {"minutes": "10"})
    html = page(player, f"/events/{cup.id}/")[1]
    assert deadline_attr(last_round(cup).ends_at + timedelta(minutes=10)) in html  # my pairing
    assert deadline_attr(last_round(cup).ends_at) in html  # the round's own timer
    assert "+10 min extension" in html


def test_it_renders_the_time_left_without_script(cup, anonymous):
    cup.start()
    html = page(anonymous, f"/events/{cup.id}/")[1]
    assert '<span class="countdown-left" data-left>44:5' in html or "data-left>45:00" in html


def test_it_shows_no_timer_before_the_start_or_once_every_result_is_in(cup, anonymous):
    assert 'data-testid="round-timer"' not in page(anonymous, f"/events/{cup.id}/")[1]
    cup.start()
    cup.finish_round(1)
    assert 'data-testid="round-timer"' not in page(anonymous, f"/events/{cup.id}/")[1]

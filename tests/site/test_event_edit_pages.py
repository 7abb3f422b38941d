"""The pages of edit an event, cancel, delete a draft, remove a judge, register a
walk-in, the audit trail on the dashboard, the event's details with its QR code, the list's
search and filters and the upcoming events on the home page."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.pages import EVENT_FORM, browser, event_row, html_of, page, post
from tournaments.models import Event, Registration, ResultChange

pytestmark = pytest.mark.django_db


def test_it_creates_an_event_with_its_date_time_zone_and_venue(organizer):
    post(organizer, "/events/new/", EVENT_FORM)
    event = Event.objects.get(name="Autumn Open")
    assert event.starts_at.isoformat() == "2030-10-04T08:00:00+00:00"  # 11:00 in Moscow
    assert event.registration_closes_at.isoformat() == "2030-10-04T07:30:00+00:00"
    assert (event.time_zone, event.venue, event.description) == (
        "Europe/Moscow",
        EVENT_FORM["venue"],
        EVENT_FORM["description"],
    )


def test_it_asks_for_both_the_date_and_the_time(organizer):
    response = post(organizer, "/events/new/", {**EVENT_FORM, "starts_time": ""})
    assert response.status_code == 400 and "Give both the date and the time" in html_of(response)


def test_the_edit_page_shows_the_event_and_saves_every_change(event_factory, organizer):
    cup = event_factory()
    post(organizer, f"/events/{cup.id}/manage/edit/", EVENT_FORM)
    status, html = page(organizer, f"/events/{cup.id}/manage/edit/")
    assert status == 200
    assert 'value="Autumn Open"' in html and 'value="2030-10-04"' in html and 'value="11:00"' in html
    assert '<option value="Europe/Moscow" selected>' in html
    event = event_row(cup)
    assert (event.name, event.best_of, event.round_minutes) == ("Autumn Open", 3, 45)
    entry = ResultChange.objects.get(event=event, action="edit")
    assert entry.by == organizer.user and entry.new["name"] == "Autumn Open"


def test_the_dashboard_links_the_edit_page_and_shows_the_audit_trail(event_factory, organizer):
    cup = event_factory()
    post(organizer, f"/events/{cup.id}/manage/edit/", {**EVENT_FORM, "reason": "the venue is booked"})
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert f'href="/events/{cup.id}/manage/edit/"' in html
    assert 'data-testid="audit-trail"' in html and "the venue is booked" in html
    assert "Round length, minutes: 50 → 45" in html and "round_minutes" not in html  # said in words


def test_after_the_start_only_round_time_and_description_change_with_a_reason(event_factory, organizer):
    cup = event_factory()
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    _, html = page(organizer, f"/events/{cup.id}/manage/edit/")
    assert 'data-testid="settings-fixed"' in html
    assert re.search(r'<select name="best_of"[^>]* disabled', html)  # shown, fixed
    assert re.search(r'<input type="number" name="round_minutes"[^>]*>', html)
    assert not re.search(r'<input type="number" name="round_minutes"[^>]* disabled', html)
    form = {**EVENT_FORM, "name": "Renamed", "round_minutes": "70", "description": "Finals at 18:00"}
    refused = post(organizer, f"/events/{cup.id}/manage/edit/", form)
    assert refused.status_code == 400 and "say why" in html_of(refused)
    post(organizer, f"/events/{cup.id}/manage/edit/", {**form, "reason": "slow round"})
    event = event_row(cup)
    assert (event.name, event.round_minutes, event.description) == ("Cup", 70, "Finals at 18:00")


def test_only_the_organizer_opens_the_edit_page(event_factory, judge, outsider, anonymous):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.open()
    assert browser(judge).get(f"/events/{cup.id}/manage/edit/").status_code == 403
    assert browser(outsider).get(f"/events/{cup.id}/manage/edit/").status_code == 403
    assert browser(anonymous).get(f"/events/{cup.id}/manage/edit/").status_code == 302
    assert post(judge, f"/events/{cup.id}/manage/edit/", EVENT_FORM).status_code == 403
    assert event_row(cup).name == "Cup"


def test_it_cancels_and_deletes_from_the_dashboard(event_factory, organizer):
    draft = event_factory(name="Typo")
    response = post(organizer, f"/events/{draft.id}/manage/delete/")
    assert "The draft “Typo” is deleted." in html_of(response)
    assert not Event.objects.filter(pk=draft.id).exists()
    cup = event_factory()
    cup.open()
    no_reason = post(organizer, f"/events/{cup.id}/manage/cancel/", {"reason": " "})
    assert "say why" in html_of(no_reason) and event_row(cup).status == "registration"
    done = post(organizer, f"/events/{cup.id}/manage/cancel/", {"reason": "the hall is closed"})
    assert "The event is cancelled." in html_of(done) and event_row(cup).status == "cancelled"
    _, html = page(organizer, f"/events/{cup.id}/")
    assert 'data-testid="cancelled"' in html


def test_it_removes_a_judge_from_the_dashboard(event_factory, organizer, judge):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert "Why remove jury?" in html
    response = post(
        organizer, f"/events/{cup.id}/manage/judges/remove/", {"username": "jury", "reason": "ill"}
    )
    assert "jury is no longer a judge" in html_of(response)
    assert not event_row(cup).judges.exists()


def test_it_registers_a_walk_in_with_a_new_account(event_factory, organizer, respons_deck_text):
    cup = event_factory()
    cup.open()
    url = f"/events/{cup.id}/manage/walk-in/"
    assert page(organizer, url)[0] == 200
    response = post(organizer, url, {"username": "vera", "new_account": "on", "deck_text": respons_deck_text})
    html = html_of(response)
    assert "vera is registered." in html and "first password:" in html
    assert Registration.objects.filter(event_id=cup.id, player__username="vera").exists()


def test_a_refused_walk_in_keeps_the_list_and_names_every_problem(
    event_factory, organizer, respons_deck_text
):
    cup = event_factory()
    cup.open()
    illegal = respons_deck_text + "\n4 Commander Vesta\n"
    response = post(
        organizer,
        f"/events/{cup.id}/manage/walk-in/",
        {"username": "vera", "new_account": "on", "deck_text": illegal},
    )
    html = html_of(response)
    assert response.status_code == 400
    assert 'data-testid="violations"' in html and "4 Commander Vesta" in html
    unknown = post(
        organizer, f"/events/{cup.id}/manage/walk-in/", {"username": "ghost", "deck_text": respons_deck_text}
    )
    assert unknown.status_code == 400 and "no user named" in html_of(unknown)


def test_the_event_page_shows_when_where_what_and_the_link_as_a_qr_code(event_factory, organizer, anonymous):
    cup = event_factory()
    post(
        organizer,
        f"/events/{cup.id}/manage/edit/",
        {**EVENT_FORM, "description": "<script>alert(1)</script>\nBring sleeves"},
    )
    cup.open()
    _, html = page(anonymous, f"/events/{cup.id}/")
    assert (
        '<time datetime="2030-10-04T11:00:00+03:00" data-local="datetime">Oct. 4, 2030, 11 a.m.</time>'
        in html
    )
    assert "event time zone: Europe/Moscow" in html
    assert "Dom knigi, Moscow" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
    assert f'href="http://testserver/events/{cup.id}/"' in html
    assert '<svg aria-hidden="true"' in html and 'class="segno"' in html


def test_an_online_event_without_a_venue_says_online(event_factory, anonymous):
    cup = event_factory(online=True)
    cup.open()
    _, html = page(anonymous, f"/events/{cup.id}/")
    assert "Online, on the site" in html and "date to be announced" in html


def test_the_list_searches_and_filters(event_factory, organizer, anonymous):
    spring = event_factory(name="Spring Cup", online=True)
    autumn = event_factory(name="Autumn Open", game="wow")
    for cup in (spring, autumn):
        cup.open()
    Event.objects.filter(pk=autumn.id).update(starts_at=timezone.now() + timedelta(days=30), venue="Kazan")

    def names(**params):
        return [n for n in ("Spring Cup", "Autumn Open") if n in page(anonymous, "/events/", **params)[1]]

    assert names() == ["Spring Cup", "Autumn Open"]
    assert names(q="kazan") == ["Autumn Open"]
    assert names(game="wow") == ["Autumn Open"]
    assert names(online="yes") == ["Spring Cup"]
    assert names(online="no") == ["Autumn Open"]
    assert names(date_from=timezone.now().date().isoformat()) == ["Autumn Open"]
    assert names(status="finished") == []
    assert names(date_from="not-a-date", game="chess") == ["Spring Cup", "Autumn Open"]  # ignored, no error
    assert "No event matches" in page(anonymous, "/events/", status="finished")[1]


def test_the_home_page_shows_upcoming_events(event_factory, anonymous):
    soon, later, past, draft = (
        event_factory(name=n) for n in ("Soon Cup", "Later Cup", "Past Cup", "Draft Cup")
    )
    for cup in (soon, later, past):
        cup.open()
    now = timezone.now()
    for cup, days in ((soon, 2), (later, 9), (past, -1), (draft, 3)):
        Event.objects.filter(pk=cup.id).update(starts_at=now + timedelta(days=days))
    _, html = page(anonymous, "/")
    assert 'data-testid="upcoming"' in html
    assert html.index("Soon Cup") < html.index("Later Cup")
    assert "Past Cup" not in html and "Draft Cup" not in html


def test_the_edit_page_moves_an_online_event_to_a_paper_game(event_factory, organizer, paper_game):
    cup = event_factory(online=True)
    _, html = page(organizer, f"/events/{cup.id}/manage/edit/", game="fow")
    assert 'name="online"' not in html and 'value="constructed"' in html
    post(organizer, f"/events/{cup.id}/manage/edit/", {**EVENT_FORM, "game": "fow", "format": "constructed"})
    event = event_row(cup)
    assert (event.game, event.format, event.online) == ("fow", "constructed", False)

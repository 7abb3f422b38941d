"""Event corrections in a real browser (Debian's Chromium, driven by Playwright): an organizer creates
an event with its date and venue, edits it, registers a walk-in and cancels; a reader abroad
sees the start in their own time zone. With SCREENSHOTS=<dir>, each page is saved there too."""

import re

import pytest

from tests.support.browser import WAIT_MS, shot, sign_in, tab
from tournaments.models import Event, Registration, ResultChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_creates_edits_and_cancels_an_event(chromium, live_server, organizer, card_sets):
    page = tab(chromium)
    sign_in(page, live_server.url, organizer, "/events/new/")
    # The time zone starts at the browser's own.
    assert page.input_value("select[name=time_zone]") == "Europe/Moscow"
    page.fill("input[name=name]", "Autumn Open")
    page.fill("input[name=starts_on]", "2030-10-04")
    page.fill("input[name=starts_time]", "11:00")
    page.fill("input[name=venue]", "Dom knigi, Moscow")
    page.fill("textarea[name=description]", "Prizes for the top 4.")
    shot(page, "create-en-1280")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/events/\d+/manage/$"))
    event = Event.objects.get(name="Autumn Open")
    assert event.starts_at.isoformat() == "2030-10-04T08:00:00+00:00"

    page.click("text=Edit event")
    page.wait_for_url(re.compile(r"/manage/edit/$"))
    page.fill("input[name=round_minutes]", "40")
    page.fill("textarea[name=reason]", "shorter rounds")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=The event is saved.", timeout=WAIT_MS)
    assert page.locator('[data-testid="audit-trail"]').inner_text().count("shorter rounds") == 1
    page.click("text=Open registration")
    page.wait_for_selector("text=Registration is open.", timeout=WAIT_MS)
    page.click("summary:has-text('Cancel the event')")
    page.fill("#cancel-reason", "the hall is closed")
    page.click("form[action$='/cancel/'] button")
    page.wait_for_selector("text=The event is cancelled.", timeout=WAIT_MS)
    shot(page, "dashboard-cancelled-en-1280")
    assert Event.objects.get(pk=event.pk).status == "cancelled"
    assert ResultChange.objects.filter(event=event, action="cancel", note="the hall is closed").exists()
    assert page.errors == []


def test_a_reader_abroad_sees_the_start_in_their_time_zone(chromium, live_server, event_factory, organizer):
    cup = event_factory(name="Autumn Open")
    organizer.api.patch(
        cup.url,
        {
            "starts_at": "2030-10-04T11:00",
            "time_zone": "Europe/Moscow",
            "venue": "Dom knigi",
            "description": "Bring sleeves.",
        },
        format="json",
    )
    cup.open()
    for language, zone, width, expected in (
        ("en", "Asia/Tokyo", 1280, "5:00"),  # 11:00 in Moscow is 17:00 in Tokyo
        ("ru", "Europe/Moscow", 390, "11:00"),
    ):
        page = tab(chromium, language=language, zone=zone, width=width, height=844)
        page.goto(f"{live_server.url}/events/{cup.id}/")
        when = page.locator('[data-testid="event-when"] time')
        page.wait_for_function("() => document.querySelector('[data-testid=event-when] time').title !== ''")
        assert expected in when.inner_text(), when.inner_text()
        zone_note = page.locator("[data-event-zone]")
        assert zone_note.is_hidden() == (zone == "Europe/Moscow")
        if zone != "Europe/Moscow":
            assert "Asia/Tokyo" in zone_note.inner_text()
        assert page.locator('[data-testid="event-qr"] svg').count() == 1
        shot(page, f"event-{language}-{width}")
        assert page.errors == []


def test_an_organizer_registers_a_walk_in(chromium, live_server, event_factory, organizer, respons_deck_text):
    cup = event_factory()
    cup.open()
    page = tab(chromium, language="ru", width=390, height=844)
    sign_in(page, live_server.url, organizer, f"/events/{cup.id}/manage/")
    page.click("text=Зарегистрировать игрока на месте")
    page.fill("input[name=username]", "vera")
    page.check("input[name=new_account]")
    page.fill("textarea[name=deck_text]", respons_deck_text + "\n4 Commander Vesta\n")
    page.click("main form button[type=submit]")
    page.wait_for_selector('[data-testid="violations"]', timeout=WAIT_MS)
    shot(page, "walkin-refused-ru-390")
    assert not Registration.objects.filter(event_id=cup.id).exists()
    page.fill("textarea[name=deck_text]", respons_deck_text)
    page.click("main form button[type=submit]")
    page.wait_for_selector("text=первый пароль", timeout=WAIT_MS)
    shot(page, "dashboard-walkin-ru-390")
    assert Registration.objects.filter(event_id=cup.id, player__username="vera").exists()
    assert page.errors == []


def test_the_list_and_home_pages_in_both_languages(chromium, live_server, event_factory, organizer):
    cup = event_factory(name="Autumn Open")
    organizer.api.patch(
        cup.url,
        {"starts_at": "2030-10-04T11:00", "time_zone": "Europe/Moscow", "venue": "Kazan"},
        format="json",
    )
    cup.open()
    for language, width in (("ru", 390), ("en", 1280), ("ru", 1280), ("en", 390)):
        page = tab(chromium, language=language, width=width, height=844)
        page.goto(f"{live_server.url}/events/?q=kazan")
        assert page.locator("a.event-link", has_text="Autumn Open").count() == 1
        shot(page, f"list-{language}-{width}")
        page.goto(f"{live_server.url}/")
        assert page.locator('[data-testid="upcoming"] a', has_text="Autumn Open").count() == 1
        shot(page, f"home-{language}-{width}")
        assert page.errors == []


def test_the_time_zone_list_has_a_search_box(chromium, live_server, organizer):
    page = tab(chromium)
    sign_in(page, live_server.url, organizer, "/events/new/")
    assert page.locator("select[name=time_zone] option").count() > 400
    search = page.locator("#id_time_zone-filter")
    assert search.get_attribute("aria-label") == "Search time zones"
    search.fill("vladiv")
    assert page.input_value("select[name=time_zone]") == "Asia/Vladivostok"
    shown = page.locator("select[name=time_zone] option:not([hidden])")
    assert [shown.nth(i).get_attribute("value") for i in range(shown.count())] == ["Asia/Vladivostok"]
    search.fill("new york")  # the words of the name, "_" and "/" read as spaces
    assert page.input_value("select[name=time_zone]") == "America/New_York"
    search.press("Enter")  # picks, never sends the half-filled form
    assert page.url.endswith("/events/new/")
    search.fill("")
    assert page.locator("select[name=time_zone] option:not([hidden])").count() > 400
    assert page.input_value("select[name=time_zone]") == "America/New_York"
    assert page.errors == []


def test_without_javascript_the_time_zone_list_is_a_plain_select(organizer):
    from tests.support.pages import page as get

    _, html = get(organizer, "/events/new/")
    found = re.search(r'<select[^>]* name="time_zone"[^>]*>', html)
    assert found is not None, "no time-zone select"
    select = found.group(0)
    assert 'data-filter="Search time zones"' in select
    assert html.count('<option value="Europe/') > 30

"""Series on the site in a real browser (Debian's Chromium, driven by Playwright), with
JavaScript off: an organizer on a phone, in Russian, starts a series from the series list,
gets the service's message for a bad points table with what they typed kept, creates it, adds
their finished event from the list and sees the leaderboard. With SCREENSHOTS=<dir>, each page
is saved there too."""

import re

import pytest

from tests.support.actors import PASSWORD, make_players
from tests.support.browser import PHONE, WAIT_MS, assert_fits, shot
from tournaments.models import Series

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_creates_a_series_and_adds_an_event_on_a_phone(
    chromium, live_server, event_factory, organizer
):
    cup = event_factory(name="Winter Cup", rounds=1)
    cup.open()
    cup.register(*make_players(4))
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    context = chromium.new_context(
        viewport=PHONE, locale="ru", extra_http_headers={"Accept-Language": "ru"}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/series/")
    page.click("text=Войдите, чтобы создать серию")
    page.fill("input[name=username]", organizer.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/series/new/$"))

    page.fill("input[name=name]", "Осенняя лига")
    page.fill("input[name=points]", "10, 6, четыре")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=каждое — целое число от 0 до 10000", timeout=WAIT_MS)
    assert page.input_value("input[name=name]") == "Осенняя лига"
    assert page.input_value("input[name=points]") == "10, 6, четыре"
    assert_fits(page, PHONE["width"])
    shot(page, "series-new-error-ru-390")

    page.fill("input[name=points]", "10, 6, 4, 3")
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/series/\d+/edit/$"))
    page.wait_for_selector("text=Серия «Осенняя лига» создана.", timeout=WAIT_MS)
    page.select_option("select[name=event]", str(cup.id))
    page.click("[data-testid=series-add-event] button")
    page.wait_for_selector("text=Турнир «Winter Cup» теперь в серии.", timeout=WAIT_MS)
    assert_fits(page, PHONE["width"])
    shot(page, "series-edit-ru-390")

    page.click("text=Вернуться к серии")
    page.wait_for_selector("[data-testid=series-standings]", timeout=WAIT_MS)
    assert page.locator("[data-testid=series-standings] tbody tr").count() == 4
    assert page.locator("[data-testid=series-edit]").is_visible()
    assert_fits(page, PHONE["width"])
    shot(page, "series-detail-organizer-ru-390")
    series = Series.objects.get(name="Осенняя лига")
    assert series.points == [10, 6, 4, 3] and list(series.events.values_list("pk", flat=True)) == [cup.id]
    context.close()

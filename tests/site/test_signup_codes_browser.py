"""Sign-up at the venue in a real browser (Debian's Chromium, driven by Playwright), on a phone
(390 px) and a desktop, in Russian and English: the organizer makes a sign-up code on the
dashboard's page, a new player on the venue's network (whose address has used up its sign-ups)
is told to ask for it, opens its link, signs up and lands on the event."""

import pytest

from tests.support.actors import PASSWORD
from tests.support.browser import DESKTOP, PHONE, assert_fits, shot, signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "make_label", "made_text", "refusal", "welcome"),
    [
        (
            "en",
            "Make the code",
            "The sign-up code is ready",
            "Ask the organizer for the event",
            "Welcome, vera",
        ),
        (
            "ru",
            "Создать код",
            "Код регистрации готов",
            "Попросите у организатора код",
            "Добро пожаловать, vera",
        ),
    ],
)
def test_a_new_player_at_the_venue_signs_up_with_the_organizers_code(
    live_server, chromium, event_factory, settings, language, make_label, made_text, refusal, welcome
):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup": "1/hour"}
    cup = event_factory(name="Friday Cup", rounds=3)
    cup.open()
    organizer = signed_in(chromium, live_server.url, cup.organizer, viewport=PHONE, language=language)
    organizer.goto(f"{live_server.url}/events/{cup.id}/manage/")
    organizer.get_by_test_id("signup-codes-link").click()
    organizer.get_by_role("button", name=make_label).click()
    organizer.wait_for_load_state()
    assert made_text in organizer.content()
    code = organizer.get_by_test_id("signup-code-text").inner_text()
    assert organizer.get_by_test_id("signup-code-qr").is_visible()
    assert_fits(organizer, PHONE["width"])
    shot(organizer, f"signup-codes-{language}-phone")

    for name, viewport in (("early", DESKTOP), ("vera", PHONE)):
        page = signed_in(chromium, live_server.url, None, viewport=viewport, language=language)
        page.goto(f"{live_server.url}/accounts/signup/")
        page.fill("input[name=username]", name)
        page.fill("input[name=password]", PASSWORD)
        page.get_by_role("main").get_by_role("button").click()
        page.wait_for_load_state()
    assert refusal in page.content()  # the address's one sign-up an hour is used: what to do
    assert_fits(page, PHONE["width"])
    shot(page, f"signup-refused-{language}-phone")

    page.goto(organizer.get_by_test_id("signup-code-qr").locator("a").get_attribute("href"))
    assert page.input_value("input[name=code]") == code
    page.fill("input[name=username]", "vera")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("main").get_by_role("button").click()
    page.wait_for_url(f"{live_server.url}/events/{cup.id}/")
    assert welcome in page.content()
    assert_fits(page, PHONE["width"])
    shot(page, f"signup-with-code-{language}-phone")

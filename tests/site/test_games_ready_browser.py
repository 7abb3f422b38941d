"""The dashboard's line that counts an online round's games being set up by the workers reads
well and passes axe-core at 390 px in Russian and on a desktop in English."""

import pytest

from tests.support.actors import make_players
from tests.support.axe import serious_violations
from tests.support.browser import DESKTOP, PHONE, session_cookie
from tournaments.services import jobs
from tournaments.services.online import setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class _Queued:
    def delay(self, *args: object) -> None:
        pass  # a broker nobody reads: the games stay to be set up

    def apply_async(self, *args: object, **options: object) -> None:
        pass


@pytest.mark.parametrize(
    ("language", "viewport", "said"),
    [("ru", PHONE, "Партий готово: 0 из 3."), ("en", DESKTOP, "Games ready: 0 of 3.")],
)
def test_the_dashboard_says_how_many_games_are_ready(
    live_server, chromium, organizer, event_factory, monkeypatch, language, viewport, said
):
    monkeypatch.setattr(jobs, "in_process", lambda: False)
    monkeypatch.setattr(jobs, "task", lambda name: _Queued())
    monkeypatch.setattr(setup, "SETUP_IN_REQUEST", 0)
    event = event_factory(rounds=3, best_of=3, online=True)
    event.open()
    event.register(*make_players(6))
    event.start()

    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    context.add_cookies([session_cookie(organizer, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.id}/manage/")
    line = page.get_by_test_id("games-ready")
    assert line.is_visible()
    assert line.inner_text().startswith(said)
    assert line.get_attribute("role") == "status"
    box = line.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    assert serious_violations(page) == []
    context.close()

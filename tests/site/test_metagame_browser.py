"""The metagame page on a phone (390 px) in both languages: while the task computes, the page
says so with its progress and shows the numbers by itself once ready (no reload by hand); the
charts are drawn by the vendored Chart.js (no network), over the tables, and nothing makes the
page scroll sideways."""

import pytest
from django.utils import timezone

from tests.support.axe import violations
from tests.support.browser import PHONE, WAIT_MS, shot, tab
from tests.support.metagame import finished_event, run_metagame_task
from tournaments.models import MetagameReport
from tournaments.selectors.metagame import Scope, metagame_fingerprint

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_metagame_page_waits_for_the_task_then_draws_its_charts_on_a_phone(
    live_server, chromium, event_factory, language
):
    event = event_factory(name="Metagame Cup", rounds=3)
    finished_event(event, players=8, rounds=3)
    scope = Scope(key=f"event:{event.id}", game="respons", event_id=event.id)
    # A worker has the computation queued and has not run it yet.
    MetagameReport.objects.create(
        key=scope.key, status="computing", progress=30, wanted=metagame_fingerprint(scope),
        requested_at=timezone.now(),
    )  # fmt: skip
    page = tab(chromium, language=language, width=PHONE["width"], height=PHONE["height"])
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(live_server.url) else outside.append(r.url))
    page.goto(f"{live_server.url}/events/{event.id}/metagame/")
    status = page.locator('[data-testid="metagame-computing"]')
    assert status.get_attribute("role") == "status"
    assert ("30 % done" if language == "en" else "готово 30 %") in status.inner_text()
    run_metagame_task(scope.key)  # the worker's turn: the page notices by itself
    page.wait_for_selector('[data-testid="identities"]', timeout=WAIT_MS)
    page.wait_for_function(
        "() => [...document.querySelectorAll('canvas[data-metagame-chart]')]"
        ".every(c => window.Chart && window.Chart.getChart(c))",
        timeout=WAIT_MS,
    )
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    for canvas in page.locator("canvas[data-metagame-chart]").all():
        box = canvas.bounding_box()
        assert box is not None and box["width"] > 100 and box["x"] + box["width"] <= PHONE["width"]
        assert canvas.get_attribute("aria-label")
    heading = "Heroes and leaders" if language == "en" else "Герои и лидеры"
    assert page.locator("#identities-h").inner_text() == heading
    assert page.locator('[data-testid="identities"] tbody tr').count() >= 1  # the charts' text twin
    assert page.locator('[data-testid="matchups"]').is_visible()
    assert page.errors == [] and outside == []
    assert violations(page) == []
    shot(page, f"metagame-{language}")

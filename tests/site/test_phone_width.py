"""Every page usable on a phone: at 390×844 (Debian's Chromium, driven by
Playwright) the play page, the organizer's dashboard, the pairings and the header need no
sideways scrolling of the page, and their key controls are on the screen. Each page is also
kept as a screenshot (SCREENSHOT_DIR, or the test's temporary directory) to look at."""

import os
import re
from pathlib import Path

import pytest

from tests.support.actors import PASSWORD, make_players
from tests.support.browser import PHONE, WAIT_MS
from tests.support.events import one_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def on_a_phone(chromium, base_url: str, actor, language: str = "en"):
    """Return a page at 390×844 signed in as ``actor``."""
    context = chromium.new_context(
        viewport=PHONE, locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", actor.name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()
    return page


def assert_no_sideways_scroll(page) -> None:
    scroll, width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"


def assert_on_screen(locator, *, scroll_within: bool = False) -> None:
    """Assert the element is shown and wholly on the screen once the page is scrolled up or
    down to it (and, with ``scroll_within``, a box holding it scrolled sideways to it)."""
    if scroll_within:
        locator.evaluate("el => el.scrollIntoView({block: 'center', inline: 'nearest'})")
    else:
        locator.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200)")
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    # Nothing covers it (the move box that rides the bottom of the screen, the header).
    assert locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return el === top || el.contains(top); }"
    )


@pytest.fixture
def running_round(event_factory, judge):
    """A paper event in round 1 with four players (two tables): (event, players)."""
    event = event_factory(name="Spring Cup", rounds=2)
    event.open()
    players = make_players(4)
    event.register(*players)
    event.start()
    return event, players


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_header_menu_folds_behind_one_button(live_server, chromium, organizer, shots, language):
    page = on_a_phone(chromium, live_server.url, organizer, language)
    page.goto(f"{live_server.url}/events/")
    assert_no_sideways_scroll(page)
    toggle = page.locator("[data-menu-toggle]")
    assert_on_screen(toggle)
    header_height = page.locator("header.topbar").bounding_box()["height"]
    assert header_height < 70  # one line: the brand and the button
    assert not page.locator(".mainnav").is_visible()
    page.screenshot(path=shots / f"header-closed-{language}.png")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    for link in page.locator(".mainnav a").all():
        assert_on_screen(link)
    assert_on_screen(page.locator(".account button[type=submit]", has_text=re.compile("Sign out|Выйти")))
    assert_no_sideways_scroll(page)
    page.screenshot(path=shots / f"header-open-{language}.png")
    page.keyboard.press("Escape")
    assert not page.locator(".mainnav").is_visible()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_dashboard_keeps_result_entry_on_the_screen(
    live_server, chromium, organizer, running_round, shots, language
):
    event, _players = running_round
    page = on_a_phone(chromium, live_server.url, organizer, language)
    page.goto(f"{live_server.url}/events/{event.id}/manage/")
    assert_no_sideways_scroll(page)
    rows = page.locator("[data-testid=match-row]")
    assert rows.count() == 2
    for index in range(rows.count()):
        entry = rows.nth(index).locator("form.result-entry")
        for field in ("wins_a", "wins_b", "draws"):
            assert_on_screen(entry.locator(f"input[name={field}]"))
        assert_on_screen(entry.locator("button[type=submit]"))
    page.locator("#round").screenshot(path=shots / f"dashboard-round-{language}.png")
    # And the entry works from there: the first table's result is final.
    entry = rows.first.locator("form.result-entry")
    entry.locator("input[name=wins_a]").fill("1")  # best of 1
    with page.expect_navigation():
        entry.locator("button[type=submit]").click()
    assert rows.first.locator(".badge-ok").count() == 1, page.locator(".messages").inner_text()
    assert_no_sideways_scroll(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_pairings_show_every_essential_column_without_sideways_scrolling(
    live_server, chromium, running_round, shots, language
):
    event, players = running_round
    page = on_a_phone(chromium, live_server.url, players[0], language)
    page.goto(f"{live_server.url}/events/{event.id}/rounds/1/")
    assert_no_sideways_scroll(page)
    rows = page.locator("table.pairings tbody tr")
    assert rows.count() == 2
    for index in range(rows.count()):
        for column in (1, 2, 3, 4):  # table, player, opponent, result
            assert_on_screen(rows.nth(index).locator(f"td:nth-child({column})"))
    assert_on_screen(page.locator("table.pairings tr.is-me"))
    page.screenshot(path=shots / f"pairings-{language}.png", full_page=True)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_play_page_keeps_board_hand_clocks_pass_and_concede_reachable(
    live_server, chromium, event_factory, shots, language
):
    match, a, _b = one_table(event_factory(rounds=1, best_of=1, online=True))
    page = on_a_phone(chromium, live_server.url, a, language)
    page.goto(f"{live_server.url}/matches/{match['id']}/play/")
    page.wait_for_selector("#play[data-seq]", timeout=WAIT_MS)
    page.locator(".side-bottom .hand .tile").first.wait_for(timeout=WAIT_MS)
    assert_no_sideways_scroll(page)
    for seat in ("top", "bottom"):
        assert_on_screen(page.locator(f"[data-testid=clock-{seat}]"))
    page.screenshot(path=shots / f"play-top-{language}.png")

    # The board is as wide as the screen allows and scrolls sideways within itself.
    board = page.locator("[data-testid=board]")
    board_box = board.bounding_box()
    assert board_box["x"] >= 0 and board_box["x"] + board_box["width"] <= PHONE["width"]
    # Every cell can be brought onto the screen by scrolling the board, not the page.
    last_cell = page.locator("[data-testid=cell-0-5-1]")
    assert_on_screen(last_cell, scroll_within=True)
    assert_no_sideways_scroll(page)

    # The hand is on the screen however far the board is scrolled; so is the move box.
    board.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    hand = page.locator("[data-testid=hand-bottom]")
    hand.scroll_into_view_if_needed()
    hand_box = hand.bounding_box()
    assert hand_box["x"] >= 0 and hand_box["x"] < PHONE["width"] / 2
    assert_on_screen(page.locator(".side-bottom .hand .tile").first)
    assert_on_screen(page.locator("[data-testid=concede]"))
    page.screenshot(path=shots / f"play-board-{language}.png")

    # Keep the opening hand (the player with the initiative decides first), then Pass is there.
    deciding = page.locator('[data-testid="decider"].is-you')
    if deciding.count():
        page.locator("[data-testid=keep]").click()
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=keep]:not([hidden])')", timeout=WAIT_MS
        )
    assert_on_screen(page.locator("[data-testid=concede]"))
    assert_no_sideways_scroll(page)


def test_the_longest_names_wrap_on_every_event_page(live_server, chromium, event_factory, organizer, shots):
    """An event name and a venue of the most characters allowed, without a space, wrap."""
    event = event_factory(name="Кубок" + "Ж" * 195, venue="V" * 200, rounds=1)
    event.open()
    event.register(*make_players(2))
    event.start()
    page = on_a_phone(chromium, live_server.url, organizer)
    for path in ("", "manage/", "rounds/1/", "standings/", "manage/edit/"):
        page.goto(f"{live_server.url}/events/{event.id}/{path}")
        assert_no_sideways_scroll(page)
    page.goto(f"{live_server.url}/events/{event.id}/")
    page.screenshot(path=shots / "long-event-name.png")

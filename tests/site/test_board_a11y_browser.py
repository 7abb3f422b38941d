"""The play page and the judges' viewer with a keyboard and an accessibility checker.

A player plays a RESPONSE game's first moves with the keyboard only: Tab to a control, Enter or
Space to use it, Escape to drop a half-built choice. axe-core (vendored, run in the page) finds
no serious or critical problem on either page, in Russian or in English, at phone width or on a
desktop. Screenshots go to var/screens/ for a person to look at.
"""

from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections

from tests.support.actors import PASSWORD
from tests.support.axe import serious_violations
from tests.support.browser import WAIT_MS, Seat, deciding
from tests.support.events import one_table
from tests.support.online import act, game_state

# The play-page tests' fixtures: Debian's Chromium, and the ORM allowed beside Playwright's loop.

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "var" / "screens"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 1000}


@pytest.fixture
def online_match(event_factory, judge):
    """A best-of-1 online event in round 1: (match id, player at seat 0, at seat 1, a judge)."""
    match, a, b = one_table(event_factory(rounds=1, best_of=1, online=True), judge)
    return match["id"], a, b, judge


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (a keyboard user's way there)."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_player_plays_the_first_moves_by_keyboard_only(live_server, online_match, chromium):
    match_id, player_a, player_b, _judge = online_match
    seats = [
        Seat(chromium, live_server.url, match_id, player_a, 0),
        Seat(chromium, live_server.url, match_id, player_b, 1),
    ]
    # R5.2: both keep their opening hands, one with Enter, the other with Space.
    for key in ("Enter", " "):
        seat = deciding(seats)
        before = seat.seq()
        tab_to(seat.page, "button[data-testid=keep]")
        seat.page.keyboard.press(key)
        for each in seats:
            each.wait_for_seq(before + 1)

    # The first player of the actions phase: Tab to a playable unit of the hand, Enter selects
    # it and the free cells light up; Escape drops the choice and gives the focus back to the card.
    seat = deciding(seats)
    page = seat.page
    unit = ".side-bottom .hand button.tile.is-playable.t-unit"
    page.locator(unit).first.wait_for(timeout=WAIT_MS)
    tab_to(page, unit)
    card = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    assert page.locator("button.cell.is-option").count() > 0, "a selected unit lights up its free cells"
    assert focused(page, "button.is-option"), "the focus moves to the first highlighted cell"
    page.keyboard.press("Escape")
    assert page.locator(".is-option").count() == 0
    assert focused(page, f'.hand button.tile[data-card="{card}"]'), "Escape gives the focus back to the card"

    # Enter again, Tab to a highlighted cell, Enter plays the unit there (and any target it asks).
    before = seat.seq()
    page.keyboard.press("Enter")
    tab_to(page, "button.cell.is-option")
    cell = page.evaluate("() => document.activeElement.dataset.key")
    page.keyboard.press("Enter")
    while page.locator("button.is-option").count():  # an on_play target (R7.7)
        tab_to(page, "button.is-option")
        page.keyboard.press("Enter")
    other = seats[1 - seat.seat]
    other.page.locator(f'[data-key="{cell}"] .tile[data-card="{card}"]').wait_for(timeout=WAIT_MS)
    seat.wait_for_seq(before + 1)

    # Pass, with the keyboard too, once the decision is this player's again.
    for _ in range(6):
        now = deciding(seats)
        if now is seat and now.page.locator("button[data-testid=pass]:not([hidden])").count():
            break
        # The opponent passes (with the keyboard as well) to hand the decision back.
        before = now.seq()
        tab_to(now.page, "button[data-testid=pass]")
        now.page.keyboard.press("Enter")
        now.wait_for_seq(before + 1)
    # The focus came back with the decision, to the board or to Pass (no Tab from the top).
    page.wait_for_function(
        "() => !!document.activeElement.closest('.rb button, button[data-testid=pass]')", timeout=WAIT_MS
    )
    before = seat.seq()
    tab_to(page, "button[data-testid=pass]")
    page.keyboard.press(" ")
    seat.wait_for_seq(before + 1)
    # The log says so (it is fetched after the move shows, so wait for the line).
    other.page.locator("[data-testid=log] li").filter(has_text=f"{seat.name} passes.").wait_for(
        timeout=WAIT_MS
    )
    for each in seats:
        assert each.errors == [], each.errors


_MOTION = """() => [
  getComputedStyle(document.querySelector(".sb-decider.is-you")).animationName,
  getComputedStyle(document.querySelector(".side-bottom .hand button.tile")).transitionDuration,
]"""


def test_the_glow_and_the_slides_stop_for_someone_who_asks_for_less_motion(
    live_server, online_match, chromium
):
    match_id, player_a, player_b, _judge = online_match
    first = game_state(player_a, match_id)
    actor, seat = (player_a, 0) if first["legal_actions"] else (player_b, 1)
    page = Seat(chromium, live_server.url, match_id, actor, seat).page
    page.locator(".sb-decider.is-you").wait_for(timeout=WAIT_MS)
    page.locator(".side-bottom .hand button.tile").first.wait_for(timeout=WAIT_MS)
    # The deciding player's badge glows and the cards slide as they light up ...
    assert page.evaluate(_MOTION) == ["play-glow", "0.12s, 0.12s, 0.12s"]
    # ... unless their system asks for less motion (prefers-reduced-motion): the same highlights, still.
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(_MOTION) == ["none", "0s"]
    assert page.locator(".sb-decider.is-you").is_visible()


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_play_page_passes_axe_at_phone_width_and_on_a_desktop(
    live_server, online_match, chromium, language
):
    match_id, player_a, player_b, _judge = online_match
    first = game_state(player_a, match_id)
    actor, seat = (player_a, 0) if first["legal_actions"] else (player_b, 1)
    page = Seat(chromium, live_server.url, match_id, actor, seat, language=language).page
    page.locator("button[data-testid=keep]").wait_for(timeout=WAIT_MS)
    # Mid-choice too: a card selected to go back lights its button (aria-pressed).
    page.locator(".side-bottom .hand button.tile").first.click()
    assert page.locator(".side-bottom .hand button.tile[aria-pressed=true]").count() == 1
    for size, viewport in (("desktop", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        problems = serious_violations(page)
        assert problems == [], f"{language} {size}:\n" + "\n".join(problems)
        assert no_sideways_scroll(page), f"the {size} page scrolls sideways"
        shot(page, f"play-mulligan-{language}-{size}")


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_judges_viewer_draws_the_board_with_the_module_and_passes_axe(
    live_server, online_match, chromium, language
):
    match_id, player_a, player_b, judge = online_match
    try:
        for _ in range(4):  # a few moves, so that the board has something on it
            for actor in (player_a, player_b):
                state = game_state(actor, match_id)
                choices = [a for a in state["legal_actions"] if a["type"] not in ("concede", "pass")]
                if choices:
                    assert act(actor, match_id, state["next_seq"], choices[-1]).status_code == 200
                    break
    finally:
        connections.close_all()  # that ORM ran in Playwright's context (see test_play_browser.py)
    context = chromium.new_context(
        viewport=DESKTOP, locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/accounts/login/?next=/matches/{match_id}/log/")
    page.fill("input[name=username]", judge.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    board = page.locator("[data-testid=judge-board]")
    board.locator("[data-testid=side-top]").wait_for(timeout=WAIT_MS)
    # The module drew the judge view read-only: both hands named, no control to act with.
    assert page.locator("[data-board-fallback]").is_hidden()
    assert board.locator("[data-testid=hand-card]").count() >= 10
    assert board.locator("button").count() == 0
    # Stepping back redraws the board from that step's view.
    before = page.locator("#step-counter").inner_text()
    page.locator("body").press("Home")
    page.wait_for_function("t => document.getElementById('step-counter').textContent !== t", arg=before)
    board.locator("[data-testid=side-top]").wait_for(timeout=WAIT_MS)
    assert page.locator("#step-counter").inner_text().startswith("0 /")
    for size, viewport in (("desktop", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        problems = serious_violations(page)
        assert problems == [], f"{language} {size}:\n" + "\n".join(problems)
        assert no_sideways_scroll(page), f"the {size} viewer scrolls sideways"
        shot(page, f"judge-viewer-{language}-{size}")
    assert errors == []
    context.close()


def test_a_game_without_its_own_module_is_played_on_the_generic_board(
    generic_board, live_server, online_match, chromium
):
    """boards/generic.js: the view's zones as lists, each legal action a button saying it in the
    engine's words (legal_described); pressing one posts that action as the API listed it."""
    match_id, player_a, player_b, _judge = online_match
    try:
        first = game_state(player_a, match_id)
        actor, seat = (player_a, 0) if first["legal_actions"] else (player_b, 1)
        state = game_state(actor, match_id)
    finally:
        connections.close_all()
    page = Seat(chromium, live_server.url, match_id, actor, seat, language="en").page
    buttons = page.locator("button[data-testid=generic-action]")
    buttons.first.wait_for(timeout=WAIT_MS)
    assert buttons.all_inner_texts() == state["legal_described"]
    assert page.locator(".rb-generic [data-side]").count() == 2  # both seats' zones, as lists
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    shot(page, "play-generic-en-desktop")
    keep = state["legal_actions"].index({"type": "keep"})
    posted = []
    page.on(
        "request",
        lambda r: posted.append(r.post_data_json) if r.method == "POST" and "/actions/" in r.url else None,
    )
    before = int(page.get_attribute("#play", "data-seq"))
    buttons.nth(keep).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "seq => Number(document.getElementById('play').dataset.seq) > seq", arg=before, timeout=WAIT_MS
    )
    assert posted[0]["action"] == {"type": "keep"}

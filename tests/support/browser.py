"""Debian's Chromium driven by Playwright: tabs, signing in, screenshots, page widths.

The ``chromium`` fixture (tests/site/conftest.py) launches the browser and lets the ORM run
beside Playwright's event loop; a browser test module is marked ``pytest.mark.browser``.
"""

import os
import re
import time
from pathlib import Path

from django.conf import settings
from django.test import Client

from tests.support.actors import PASSWORD, Actor

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 15_000  # the pages poll once a second; a move shows within a few polls
SHOTS = os.environ.get("SCREENSHOTS", "")  # a directory: each shot() saves the page there

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def tab(browser, language="en", zone="Europe/Moscow", width=1280, height=900):
    """Return a new page in its own context (language, time zone, size); its JavaScript errors
    collect in ``page.errors`` and its dialogs are accepted."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=language,
        timezone_id=zone,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.errors = errors
    return page


def sign_in(page, base: str, actor, next_url: str) -> None:
    """Sign ``actor`` in through the login form and wait for ``next_url``."""
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", actor.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(re.escape(next_url) + "$"))


def shot(page, name: str) -> None:
    """Save a screenshot of the whole page when SCREENSHOTS names a directory."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def signed_in(chromium, base_url: str, actor, *, viewport: dict, language: str):
    """Return a new page with ``actor`` signed in (anonymous when ``actor`` is None)."""
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    if actor is not None:
        page.goto(f"{base_url}/accounts/login/")
        page.fill("input[name=username]", actor.name)
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_load_state()
    return page


def assert_fits(page, width: int) -> None:
    """Assert the page needs no sideways scrolling at this width."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


class Seat:
    """One player's browser tab on the play page."""

    def __init__(
        self,
        browser,
        base_url: str,
        match_id: int,
        actor,
        seat: int,
        language: str = "en",
        stream: bool = True,
    ) -> None:
        self.seat = seat
        self.name = actor.name
        self.errors: list[str] = []
        context = browser.new_context(
            viewport={"width": 1440, "height": 1000},
            locale=language,
            extra_http_headers={"Accept-Language": language},
        )
        if not stream:  # the page falls back to polling
            context.route("**/game/stream/**", lambda route: route.abort())
        self.page = page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{base_url}/accounts/login/?next=/matches/{match_id}/play/")
        page.fill("input[name=username]", actor.name)
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(rf"/matches/{match_id}/play/$"))
        page.wait_for_selector("#play[data-seq]", timeout=WAIT_MS)
        # A marker that a reload would wipe out: the page must update in place.
        page.evaluate("window.__sameDocument = true")

    def seq(self) -> int:
        return int(self.page.get_attribute("#play", "data-seq") or -1)

    def wait_for_seq(self, seq: int) -> None:
        self.page.wait_for_function(
            "seq => Number(document.getElementById('play').dataset.seq) >= seq", arg=seq, timeout=WAIT_MS
        )

    def is_deciding(self) -> bool:
        return self.page.locator('[data-testid="decider"].is-you').count() == 1

    def still_same_document(self) -> bool:
        return self.page.evaluate("window.__sameDocument === true")


def deciding(seats: list[Seat]) -> Seat:
    """Return the seat whose page says it is their decision (waiting for the pages to agree)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        found = [s for s in seats if s.is_deciding()]
        if len(found) == 1:
            return found[0]
        time.sleep(0.1)
    raise AssertionError("no page shows a decision to take")


def session_cookie(actor: Actor, base_url: str) -> dict:
    """Return a session cookie of ``actor`` signed in (no sign-in page to go through)."""
    client = Client()
    client.force_login(actor.user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": base_url}  # fmt: skip

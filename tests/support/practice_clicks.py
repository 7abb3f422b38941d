"""A practice game played by clicks alone: one player's tab on the play page, answering each of
their decisions by clicking enabled, visible controls of the board and the move box (never
Concede), as a person would — never posting to the API, never ``dispatch_event`` or ``force``.

The checks of the issue hold at every decision: no JavaScript error, no sideways scroll at a
phone's width, and no decision of the player's that no enabled control on the page can answer.
"""

import random
import re
import time

from tests.support.actors import PASSWORD

WAIT_S = 20  # a move shows within a few polls even when the live stream is down
# The board's controls and the move box's (Pass); Concede is a choice the test never makes.
CONTROLS = "[data-testid=board-root] button:not([disabled]), [data-testid=turnbox] button:not([disabled])"
NEVER = ("[data-testid=concede]", "[data-action=concede]")


def practice_tab(browser, base_url: str, actor, *, width: int, language: str):
    """Return a new tab (its own context: size, language) with ``actor`` signed in through the
    login form; its JavaScript errors collect in ``page.errors``."""
    context = browser.new_context(
        viewport={"width": width, "height": 900},
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", actor.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def start_from_game_page(page, base_url: str, game: str) -> int:
    """Open the game's page, keep the deck offered first, click "Play against the bot"; return
    the id of the match the play page opened on."""
    page.goto(f"{base_url}/games/{game}/")
    page.locator("[data-testid=practice-start]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/play/$"))
    page.wait_for_selector("#play[data-seq]", timeout=WAIT_S * 1000)
    return int(re.search(r"/matches/(\d+)/play/", page.url).group(1))


class ClickPlayer:
    """The player's side of a practice game on the play page, answered by clicks."""

    def __init__(self, page, *, width: int, rng: random.Random) -> None:
        self.page, self.width, self.rng = page, width, rng
        self.decisions = 0
        self.sent = 0  # the actions the page has posted (a click that sends one ends the decision)
        page.on("request", self._count)

    def _count(self, request) -> None:
        if request.method == "POST" and "/game/actions/" in request.url:
            self.sent += 1

    def seq(self) -> int:
        return int(self.page.get_attribute("#play", "data-seq") or -1)

    def deciding(self) -> bool:
        return self.page.locator('[data-testid="decider"].is-you').count() == 1

    def over(self) -> bool:
        return self.page.locator("[data-slot=match-links]").is_visible()

    def controls(self) -> list:
        """The enabled, visible controls the player may click now (Concede left out)."""
        found = []
        for button in self.page.locator(CONTROLS).all():
            if any(button.evaluate(f"b => b.matches('{never}')") for never in NEVER):
                continue
            if button.is_visible() and button.is_enabled():
                found.append(button)
        return found

    def assert_page_is_sound(self) -> None:
        assert self.page.errors == [], self.page.errors
        scroll = self.page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= self.width, f"sideways scroll at {self.width} px: the page is {scroll} px wide"

    def wait_for_turn(self) -> bool:
        """Wait until the player decides (True) or the match is over (False)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if self.over():
                return False
            if self.deciding():
                return True
            self.page.wait_for_timeout(100)
        raise AssertionError("neither a decision of the player's nor the end of the game came")

    def answer(self, clicks: int = 12) -> str:
        """Answer the pending decision by clicking: a control at random, then, while the decision
        is the same (a card picked, a target to choose, cards to select), another one, the ones
        not clicked yet first. Return the label of the control that made the move."""
        before = self.seq()
        tried: list[str] = []
        for _ in range(clicks):
            controls = self.controls()
            assert controls, (
                "the player has a decision no enabled control on the page can answer: "
                + self.page.locator("[data-testid=board-root]").inner_text()[:300]
            )
            fresh = [c for c in controls if self._label(c) not in tried] or controls
            button = self.rng.choice(fresh)
            label = self._label(button)
            tried.append(label)
            sent = self.sent
            button.click()
            self.page.wait_for_timeout(80)  # a click that sends an action has sent it by now
            if self.sent > sent or self.over():
                self._wait_for_seq_past(before)
                self.decisions += 1
                return label
        raise AssertionError(f"clicking {tried} answered no decision")

    def play_to_the_end(self, limit: int = 600) -> int:
        """Answer every decision of the player's until the match is over; return how many."""
        for _ in range(limit):
            self.assert_page_is_sound()
            if not self.wait_for_turn():
                self.assert_page_is_sound()
                return self.decisions
            self.answer()
        raise AssertionError(f"the game was not over after {limit} decisions")

    def _wait_for_seq_past(self, before: int) -> None:
        """Wait until the page shows the game past ``before`` (the action applied, or refused and
        the state read again: then the same decision is asked once more)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if self.seq() > before or self.over() or self._refused():
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the action the page sent was never applied nor refused")

    def _refused(self) -> bool:
        notice = self.page.locator("[data-slot=notice]")
        return notice.is_visible() and "notice-bad" in (notice.get_attribute("class") or "")

    @staticmethod
    def _label(button) -> str:
        text = (button.inner_text() or "").strip()
        return text or button.get_attribute("aria-label") or button.get_attribute("data-key") or "?"

"""Games played on the play page by clicks alone, as people would: each seat's tab answers its
decisions by clicking enabled, visible controls of the board and the move box (never Concede)
with Playwright's real ``click()`` — never posting to the API, never ``dispatch_event`` or
``force`` — chosen at random by a seeded generator, "go on" controls (Pass, End the phase,
Keep, ...) more often than others so that a game comes to its end.

The checks hold at every decision of either seat: no JavaScript error (an uncaught error, an
error on the console, a server error answered to the page), no sideways scroll at a phone's
width, and no decision of a seat's that no enabled control on its page can answer. The harness
waits on the page's own markers: the status bar's "Your decision" (``decider.is-you``), the
table's ``data-seq``, the game number, the move box's notice and the final overlay.
"""

import random
import re
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.actors import PASSWORD

WAIT_S = 20  # a move shows within a few polls even when the live stream is down
STUCK_S = 4  # a seat's decision with no control to answer it: a few polls of the page first
CLICK_MS = 15_000  # a control covered by something else (a sticky panel) is never clickable
CONTROLS = "[data-testid=board-root] button, [data-testid=turnbox] button"
# A control inside a closed <details> shows once its summary is clicked.
SUMMARIES = "[data-testid=board-root] details:not([open]) > summary"
NEVER = "[data-testid=concede], [data-action=concede]"
# "Go on" controls (and attacks, which bring a game to its end) in both languages: chosen
# ADVANCE times as often as another control.
GO_ON = re.compile(
    r"^(✓ )?(pass|end|do not|no blocks|keep|go on|confirm|attack|"
    r"пас|заверш|законч|не |без блоков|оставить|к нанесению|подтверд|атак)",
    re.IGNORECASE,
)
ADVANCE = 4

# What the page says, in one round trip: over, deciding, waiting for this player between games,
# the game's progress (the table's seq and the game's number), a refusal shown and how wide the
# page is (a sideways scroll). The waits poll this alone, and the checks at each decision read
# the poll that found it; the controls are looked up only when a seat is about to click.
_STATUS = """
  const play = document.getElementById('play');
  const visible = (b) => !(b.disabled || b.hidden || b.closest('[hidden]')) &&
    (!b.checkVisibility || b.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) &&
    b.getBoundingClientRect().width >= 1 && b.getBoundingClientRect().height >= 1;
  const links = play.querySelector('[data-slot=match-links]');
  const ready = play.querySelector('[data-testid=sideboard-ready]');
  const status = play.querySelector('[data-slot=sideboard-status]');
  const notice = play.querySelector('[data-slot=notice]');
  const game = play.querySelector('[data-slot=game]');
  const said = {
    over: !!links && visible(links),
    deciding: !!play.querySelector('[data-testid=decider].is-you'),
    sideboarding: !!ready && visible(ready) && !(status && status.textContent.trim()),
    progress: (play.dataset.seq || '') + '|' + (game ? game.textContent : ''),
    refused: !!notice && !notice.hidden && notice.classList.contains('notice-bad'),
    wide: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  };
"""
_STATUS_ONLY = "() => {" + _STATUS + "return said; }"
_SETTLED = "(before) => {" + _STATUS + "return said.progress !== before || said.over || said.refused; }"
# The same and the controls the player may click now (index in CONTROLS order, or -1 - index in
# SUMMARIES when there is no button, label and tag).
_SNAPSHOT = (
    "([controls, summaries, never]) => {"
    + _STATUS
    + """
  const label = (b) => (b.innerText || '').trim() || b.getAttribute('aria-label') || b.dataset.key || '?';
  // Each control offered is tagged, so that the click lands on that very element: a board drawn
  // again meanwhile has no such tag any more, and the harness looks once more.
  document.querySelectorAll('[data-click-tag]').forEach((b) => b.removeAttribute('data-click-tag'));
  let tag = window.clickTag || 0;
  const pick = (selector, code) => Array.from(document.querySelectorAll(selector))
    .map((b, i) => {
      if (!visible(b) || b.matches(never)) return null;
      b.dataset.clickTag = String(++tag);
      return [code(i), label(b), b.dataset.clickTag];
    }).filter(Boolean);
  let found = pick(controls, (i) => i);
  if (!found.length) found = pick(summaries, (i) => -1 - i);
  window.clickTag = tag;
  return {...said, controls: found};
}"""
)
_SCROLL = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def open_tab(browser, base_url: str, actor, *, width: int, language: str, next_url: str = "/"):
    """Return a new tab (its own context: size, language) with ``actor`` signed in through the
    login form, at ``next_url``. Its JavaScript errors, console errors and server errors
    collect in ``page.errors``; dialogs are accepted."""
    context = browser.new_context(
        viewport={"width": width, "height": 844 if width < 600 else 900},
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(f"uncaught: {error}"))
    page.on("console", lambda message: _console(page, message))
    page.on("response", lambda response: _server_error(page, response))
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{base_url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", actor.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def _console(page, message) -> None:
    # A refused action is answered 400 or 409 and Chromium says so on the console: an answer
    # the page shows, not an error of its own. Any 5xx is caught from the response instead.
    if message.type == "error" and not message.text.startswith("Failed to load resource"):
        page.errors.append(f"console: {message.text}")


def _server_error(page, response) -> None:
    if response.status >= 500:
        page.errors.append(f"HTTP {response.status}: {response.request.method} {response.url}")


class ClickSeat:
    """One player's tab on the play page, answering that player's decisions by clicks."""

    def __init__(self, page, *, width: int, rng: random.Random, name: str = "") -> None:
        self.page, self.width, self.rng, self.name = page, width, rng, name or str(width)
        self.decisions = 0
        self.said: dict | None = None  # what the page said at the last poll (``status``)
        self.sent = 0  # the actions the page has posted (a click that sends one ends the decision)
        self.labels: list[str] = []  # every control that made a move, in order
        page.on("request", self._count)

    def _count(self, request) -> None:
        if request.method == "POST" and "/game/actions/" in request.url:
            self.sent += 1

    # --- what the page says ---------------------------------------------------------------

    def snapshot(self) -> dict:
        """What the page says and the controls it offers (each tagged for a click)."""
        return self.page.evaluate(_SNAPSHOT, [CONTROLS, SUMMARIES, NEVER])

    def status(self) -> dict:
        """What the page says, without looking for controls (the waits' poll); kept as ``said``."""
        self.said = self.page.evaluate(_STATUS_ONLY)
        return self.said

    def seq(self) -> int:
        return int(self.page.get_attribute("#play", "data-seq") or -1)

    def over(self) -> bool:
        return self.status()["over"]

    def board_text(self) -> str:
        return self.page.locator("[data-testid=board-root]").inner_text()[:400]

    def assert_page_is_sound(self, said: dict | None = None) -> None:
        """No JavaScript error so far, and no sideways scroll at a phone's width: as ``said`` (a
        poll of the page's status just taken) shows it, else as the page is now."""
        assert self.page.errors == [], f"{self.name}: {self.page.errors}"
        if self.width <= 400:
            scroll, client = said["wide"] if said is not None else self.page.evaluate(_SCROLL)
            assert scroll <= client, f"{self.name}: sideways scroll at {self.width} px ({scroll} > {client})"

    # --- acting ---------------------------------------------------------------------------

    def ready_for_next_game(self) -> None:
        """Between games: keep the deck as it is ("Ready — no changes")."""
        self.page.locator("[data-testid=sideboard-ready]").click(timeout=CLICK_MS)
        self.page.locator("[data-slot=sideboard-status]").filter(has_text=re.compile(r"\S")).wait_for(
            timeout=WAIT_S * 1000
        )

    def answer(self, clicks: int = 16, said: dict | None = None) -> str:
        """Answer the pending decision by clicking: a control at random, then, while the decision
        is the same (a card picked, a target to choose, cards to select), another one, the ones
        not clicked yet first. Return the label of the control that made the move. ``said``: the
        poll that found the decision (its progress is the one to move past), else a poll now."""
        before, sent = (said or self.status())["progress"], self.sent
        tried: list[str] = []
        empty_since = None
        while len(tried) < clicks:
            if self.sent > sent:  # the click posted an action: wait for it (no need to look)
                return self._settled(before, tried)
            now = self.snapshot()
            if self.sent > sent or now["over"] or now["progress"] != before:
                return self._settled(before, tried)
            controls = now["controls"]
            if not controls:
                # The page may be busy (its action on the way) or drawing a new state: a few
                # polls first; a decision still pending then has no control to answer it.
                empty_since = empty_since or time.monotonic()
                if time.monotonic() - empty_since > STUCK_S and now["deciding"]:
                    raise AssertionError(
                        f"{self.name} has a decision no enabled control on the page can answer "
                        f"(after {tried}): {self.board_text()}"
                    )
                self.page.wait_for_timeout(100)
                continue
            empty_since = None
            fresh = [c for c in controls if c[1] not in tried] or controls
            weights = [ADVANCE if GO_ON.match(label) else 1 for _, label, _ in fresh]
            _, label, tag = self.rng.choices(fresh, weights=weights)[0]
            if not self._click(tag, label):
                continue  # the board was drawn again under the pointer: look once more
            tried.append(label)
            # The click's handler has run: the board is drawn again (a step of a choice), or
            # empty while the action it posted is on its way (the next snapshot tells).
        raise AssertionError(f"{self.name}: clicking {tried} answered no decision: {self.board_text()}")

    def _click(self, tag: str, label: str) -> bool:
        """Click the control tagged ``tag`` by the last snapshot; False when the board was drawn
        again before the click landed (that control is gone). A control still on the page that
        cannot be clicked (covered by a sticky panel, say) fails the game.

        The click holds that very element (an element handle): Playwright's actionability checks
        (visible, enabled, stable, not covered) and its real click then apply to it, and a board
        drawn again meanwhile ends the attempt at once instead of a wait for a tag that is gone."""
        found = self.page.query_selector_all(f'[data-click-tag="{tag}"]')
        if len(found) != 1:
            return False  # drawn again since (a copied node carries the tag too)
        handle = found[0]
        try:
            handle.click(timeout=CLICK_MS)
        except PlaywrightTimeout:
            if not handle.evaluate("(element) => element.isConnected"):
                return False
            raise AssertionError(
                f"{self.name}: the control {label!r} is shown but cannot be clicked"
            ) from None
        except PlaywrightError as error:
            if "not attached" in str(error):
                return False  # drawn again while the click waited for it
            raise
        return True

    def _settled(self, before: str, tried: list[str]) -> str:
        """Wait until the page shows the game past ``before`` (the action applied, or refused and
        the decision asked once more); return the label of the last control clicked."""
        try:  # the page polls itself: one round trip, however long the server takes
            self.page.wait_for_function(_SETTLED, arg=before, polling=50, timeout=WAIT_S * 1000)
        except PlaywrightTimeout:
            raise AssertionError(
                f"{self.name}: the action the page sent was never applied nor refused"
            ) from None
        self.decisions += 1
        label = tried[-1] if tried else "?"
        self.labels.append(label)
        return label

    def wait_for_turn(self) -> bool:
        """Wait until the player decides (True) or the match is over (False)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            now = self.status()
            if now["over"]:
                return False
            if now["deciding"]:
                return True
            if now["sideboarding"]:
                self.ready_for_next_game()
                continue
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{self.name}: neither a decision nor the end of the game came")

    def play_to_the_end(self, limit: int = 1500) -> int:
        """Answer every decision of the player's (the opponent being a bot) until the match is
        over; return how many."""
        for _ in range(limit):
            if not self.wait_for_turn():
                self.assert_page_is_sound()
                return self.decisions
            self.assert_page_is_sound(self.said)
            self.answer(said=self.said)
        raise AssertionError(f"the game was not over after {limit} decisions")


def play_match(seats: list[ClickSeat], limit: int = 1500) -> int:
    """Both players click until the match is over on both pages; return the decisions taken.
    Each loop answers the decision of the seat whose page says it decides."""
    if not play_some(seats, limit):
        raise AssertionError(f"the match was not over after {limit} decisions")
    return sum(seat.decisions for seat in seats)


def play_some(seats: list[ClickSeat], decisions: int) -> bool:
    """Both players click for up to ``decisions`` decisions; return whether the match is over
    (on both pages)."""
    for _ in range(decisions):
        decider = _next_decider(seats)
        if decider is None:
            for seat in seats:
                seat.page.locator("[data-slot=match-links]").wait_for(timeout=WAIT_S * 1000)
                seat.assert_page_is_sound()
            return True
        for seat in seats:  # both pages as the poll that found the decider saw them
            seat.assert_page_is_sound(seat.said)
        decider.answer(said=decider.said)
    return False


def _next_decider(seats: list[ClickSeat]) -> ClickSeat | None:
    """Wait until a page says its player decides (return that seat) or the match is over (None);
    between games, each player says ready."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        now = [seat.status() for seat in seats]
        if any(each["over"] for each in now):
            return None
        for seat, each in zip(seats, now, strict=True):
            if each["sideboarding"]:
                seat.ready_for_next_game()
            elif each["deciding"]:
                return seat
        seats[0].page.wait_for_timeout(50)
    raise AssertionError("neither page shows a decision to take nor the end of the match")

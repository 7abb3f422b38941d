"""Your War and Chronomagia on the play page: two players in real
browsers (Debian's Chromium) play a few moves with the game's board module, by clicking and one
by keyboard, in Russian and in English, at a phone's width with no sideways scroll and no
JavaScript error. Screenshots go to var/shots/ (or $SCREENSHOTS)."""

import json
import os
import re
from pathlib import Path

import pytest
from django.db import connections

from engine.registry import bundled_decklists
from tests.support.axe import serious_violations
from tests.support.browser import PHONE, Seat, assert_fits, deciding
from tests.support.events import EventDriver, one_table
from tests.support.games import OTHER_ONLINE_GAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SCREENSHOTS") or Path(__file__).resolve().parents[2] / "var" / "shots")
BOARD = "[data-testid=board-root]"
# The board's own controls, not the shell's pass and concede.
MOVES = f"{BOARD} button:not([disabled])"
SHELL_ONLY = ("Concede", "Сдаться", "Cancel", "Отмена", "Reset", "Сбросить")


def moves(seat: Seat) -> list:
    """The board's enabled buttons but the shell's (waiting a moment: the board is drawn again
    once the page has the new state)."""
    for _ in range(30):
        found = [b for b in seat.page.locator(MOVES).all() if b.inner_text().strip() not in SHELL_ONLY]
        if found:
            return found
        seat.page.wait_for_timeout(100)
    return []


def label_of(button) -> str:
    return button.inner_text().strip() or button.get_attribute("aria-label") or ""


def move(seat: "Player", *, keyboard: bool = False) -> str:
    """Take the deciding seat's first offered move on the board; a choice may open a second
    step (a target, a mode, a selection to confirm): then take the first button not pressed
    yet. Return the label of the first button."""
    before = seat.seq()
    buttons = moves(seat)
    assert buttons, "the board offers the deciding player a move"
    first = label_of(buttons[0])
    pressed: list[str] = []
    for _ in range(6):
        button = next((b for b in buttons if label_of(b) not in pressed), buttons[0])
        pressed.append(label_of(button))
        if keyboard:
            button.focus()
            seat.page.keyboard.press("Enter")
        else:
            button.click()
        try:
            seat.wait_for_seq_quick(before + 1)
            return first
        except AssertionError:
            buttons = moves(seat)
            assert buttons, f"{pressed} opened a step with nothing to choose"
    raise AssertionError(f"{pressed} never made a move")


class Player(Seat):
    def wait_for_seq_quick(self, seq: int) -> None:
        try:
            self.page.wait_for_function(
                "seq => Number(document.getElementById('play').dataset.seq) >= seq", arg=seq, timeout=1500
            )
        except Exception as error:  # Playwright's TimeoutError
            raise AssertionError(str(error)) from None


@pytest.mark.parametrize("game", OTHER_ONLINE_GAMES)
@pytest.mark.parametrize("language", ["ru", "en"])
def test_two_players_play_a_few_moves_on_the_games_board(
    live_server, chromium, organizer, card_sets, game, language
):
    decks = [json.loads(p.read_text()) for p in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    connections.close_all()  # the live server's thread takes the database from here
    seats = [
        Player(chromium, live_server.url, match["id"], actor, n, language=language)
        for n, actor in enumerate((a, b))
    ]
    for seat in seats:
        seat.page.set_viewport_size(PHONE)
        seat.page.locator(f"{BOARD} > *").first.wait_for()
    made = []
    for n in range(8):
        try:
            seat = deciding(seats)  # exactly one page says it is its decision
        except AssertionError:
            SHOTS.mkdir(parents=True, exist_ok=True)
            for each in seats:
                each.page.screenshot(
                    path=str(SHOTS / f"{game}-{language}-failed{each.seat}.png"), full_page=True
                )
            raise AssertionError(f"no single decider after {made}: {[s.errors for s in seats]}") from None
        made.append(move(seat, keyboard=n == 3))
        for each in seats:
            each.wait_for_seq(seat.seq())
    SHOTS.mkdir(parents=True, exist_ok=True)
    for seat in seats:
        seat.page.screenshot(path=str(SHOTS / f"{game}-{language}-seat{seat.seat}.png"), full_page=True)
        assert_fits(seat.page, PHONE["width"])
        assert seat.errors == [], seat.errors
        assert serious_violations(seat.page) == []
        assert seat.still_same_document()
        # The shell's log names the seat of each turn from the game's own events.
        log = seat.page.locator("[data-testid=log]").inner_text()
        assert "— ?" not in log and ": ?" not in log, log
        if language == "ru":  # the status bar says no engine word untranslated
            phase = seat.page.locator('[data-slot="phase"]').inner_text()
            assert not re.search("[a-z]", phase), phase
    assert len(made) == 8, made

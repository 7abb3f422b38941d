"""Two players play an online match in real browsers (Debian's Chromium, driven by Playwright).

Each signs in through the login form, keeps the opening hand and then plays by clicking:
a card of the hand, then one of the highlighted cells (and targets, when asked), or Pass.
The other player's page must follow every move without a reload.
"""

import re
import time

import pytest
from django.db import connections

from tests.support.browser import WAIT_MS, Seat, deciding
from tests.support.events import one_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def online_match(event_factory):
    """A best-of-1 online event in round 1: (match id, player at seat 0, player at seat 1)."""
    match, a, b = one_table(event_factory(rounds=1, best_of=1, online=True))
    return match["id"], a, b


def click_first_option(seat: Seat) -> str:
    """Click the first highlighted cell or target; return its key (c:seat:line:row, hero:s, loc:s)."""
    option = seat.page.locator(".is-option").first
    key = option.get_attribute("data-key")
    option.click()
    return key


def play_a_unit(seat: Seat) -> tuple[str, str] | None:
    """Play a unit of the hand to the first highlighted cell; return (card, cell key), or None."""
    page = seat.page
    units = page.locator(".side-bottom .hand .tile.is-playable.t-unit")
    if units.count() == 0:
        return None
    card = units.first.get_attribute("data-card")
    units.first.click()
    cells = page.locator(".side-bottom .cell.is-option")
    assert cells.count() > 0, "a playable unit highlights the free cells of its owner"
    cell = click_first_option(seat)
    # A unit whose on_play ability needs a target highlights the candidates next (R7.7).
    while page.locator(".is-option").count():
        click_first_option(seat)
    return card, cell


def test_two_players_play_through_the_page(live_server, online_match, chromium):
    match_id, player_a, player_b = online_match
    seats = [
        Seat(chromium, live_server.url, match_id, player_a, 0),
        Seat(chromium, live_server.url, match_id, player_b, 1),
    ]
    sent: list[dict] = []  # the bodies of the pages' action POSTs
    for seat in seats:
        seat.page.on(
            "request",
            lambda r: sent.append(r.post_data_json) if r.method == "POST" and "/actions/" in r.url else None,
        )
    # The board is laid out as each player sees it (R3.3).
    assert seats[0].page.locator("[data-testid=line-label]").all_inner_texts() == ["1", "2", "3", "4", "5"]
    assert seats[1].page.locator("[data-testid=line-label]").all_inner_texts() == ["5", "4", "3", "2", "1"]

    # R5.2: both keep their opening hands, the initiative player first.
    for _ in range(2):
        seat = deciding(seats)
        before = seat.seq()
        seat.page.locator("[data-testid=keep]").click()
        for each in seats:
            each.wait_for_seq(before + 1)

    # Then each turn each player plays one unit to a highlighted cell, then passes (R6.3:
    # two passes in a row end the actions; combat follows, then the next turn).
    played: list[tuple[str, str, str]] = []  # (turn, seat name, card)
    turn = seats[0].page.locator('[data-slot="turn"]')
    for _ in range(30):
        now = turn.inner_text().strip()
        if now == "Turn 3":  # two whole turns are over
            break
        seat = deciding(seats)
        other = seats[1 - seat.seat]
        before = seat.seq()
        if seat.page.locator(".is-option").count():
            click_first_option(seat)  # a pending choice: a cell for a revealed order (R7.5), a target
        elif (move := None if (now, seat.name) in [p[:2] for p in played] else play_a_unit(seat)) is not None:
            card, cell = move
            played.append((now, seat.name, card))
            # The opponent's page shows the new card in that cell, without a reload.
            other.page.locator(f'[data-key="{cell}"] .tile[data-card="{card}"]').wait_for(timeout=WAIT_MS)
        else:
            seat.page.locator("[data-testid=pass]").click()
        for each in seats:
            each.wait_for_seq(before + 1)
    else:
        raise AssertionError("two turns were not over after 30 decisions")

    assert len(played) >= 2, played
    # Each action is bound to the decision it answers (R10.4), one decision after another.
    decisions = [body["decision"] for body in sent]
    assert len(decisions) >= 6 and decisions == sorted(set(decisions)), sent
    log = seats[1].page.locator("[data-testid=log]").inner_text()
    assert "Turn 2" in log and " passes." in log and " plays " in log
    for seat in seats:
        assert seat.still_same_document(), "the page followed the game without reloading"
        assert seat.errors == [], seat.errors
    # Both pages show the same cards on the board.
    boards = [
        sorted(s.page.locator(".cell .tile").evaluate_all("ts => ts.map(t => t.dataset.card || '?')"))
        for s in seats
    ]
    assert boards[0] == boards[1]


def test_the_page_follows_the_game_over_the_live_stream(live_server, online_match, chromium):
    """A move made elsewhere (here through the API) shows at once: the page listens to the
    game stream and polls only every 20 s while it is open."""
    match_id, player_a, player_b = online_match
    page = Seat(chromium, live_server.url, match_id, player_a, 0).page
    page.wait_for_selector("#play[data-live=stream]", timeout=WAIT_MS)
    try:
        follow_three_moves(page, match_id, player_a, player_b)
    finally:
        # The API calls above ran the ORM inside Playwright's event loop, on a connection of
        # that context: close it, or the test database cannot be dropped at the end.
        connections.close_all()
    assert page.get_attribute("#play", "data-live") == "stream"


def follow_three_moves(page, match_id: int, player_a, player_b) -> None:
    from tests.support.online import act, game_state

    for _ in range(3):
        actor = player_a if game_state(player_a, match_id)["legal_actions"] else player_b
        state = game_state(actor, match_id)
        choice = next(a for a in state["legal_actions"] if a["type"] != "concede")
        assert act(actor, match_id, state["next_seq"], choice).status_code == 200
        started = time.monotonic()
        page.wait_for_function(
            "seq => Number(document.getElementById('play').dataset.seq) >= seq",
            arg=state["view"]["seq"] + 1,
            timeout=5_000,
        )
        assert time.monotonic() - started < 5  # far sooner than the 20 s poll


def test_a_refused_action_is_said_in_the_readers_language(live_server, event_factory, chromium):
    """The page acts on a state that is no longer true (its updates held back): the opponent
    conceded game 1, so game 2 is sideboarding when this player's "keep" arrives. The action
    is refused (R2.7) and the Russian page says so in Russian, from the refusal's code."""
    match, *players = one_table(event_factory(rounds=1, best_of=3, online=True))
    first = players[0].api.get(f"/api/matches/{match['id']}/game/").json()
    seat = 0 if first["legal_actions"] else 1
    actor, opponent = players[seat], players[1 - seat]
    page = Seat(chromium, live_server.url, match["id"], actor, seat, language="ru", stream=False).page
    page.locator("[data-testid=keep]").wait_for(timeout=WAIT_MS)
    # Hold back the page's reads until it acts, so it still offers "keep" after the concession.
    posted = []
    page.on(
        "request", lambda r: posted.append(r.url) if r.method == "POST" and "/actions/" in r.url else None
    )
    page.route(
        re.compile(r".*/api/matches/\d+/game/$"), lambda route: route.continue_() if posted else route.abort()
    )
    try:
        conceded = opponent.api.post(
            f"/api/matches/{match['id']}/game/actions/",
            {"seq": 1, "action": {"type": "concede"}},
            format="json",
        )
    finally:
        connections.close_all()  # that ORM ran in Playwright's context: see the test above
    assert conceded.status_code == 200
    page.locator("[data-testid=keep]").click()
    notice = page.locator('[data-slot="notice"]')
    notice.filter(has_text="O3.3").wait_for(timeout=WAIT_MS)
    assert notice.inner_text() == "Отклонено (O3.3): идёт замена карт: партия ещё не началась"

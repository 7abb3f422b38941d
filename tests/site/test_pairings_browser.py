"""Pairing corrections on the organizer's dashboard in a real browser (Debian's Chromium, driven
by Playwright): start with the pairings held, swap two players, publish, keep two players apart
(the forms' name lists read when they are opened); a player sees the round only once it is
published."""

import pytest

from tests.support.actors import make_players
from tests.support.browser import WAIT_MS, shot, sign_in, tab
from tournaments.models import ForbiddenPair, Match, ResultChange, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_holds_swaps_and_publishes_round_one(chromium, live_server, event_factory):
    cup = event_factory(name="Spring Open")
    cup.open()
    players = make_players(4)
    cup.register(*players)
    page = tab(chromium)
    manage = f"/events/{cup.id}/manage/"
    sign_in(page, live_server.url, cup.organizer, manage)

    page.click("summary:has-text('Keep players apart')")
    # The names are read when the form is opened: the four registered players.
    page.wait_for_function("document.querySelectorAll('#event-players option').length === 4", timeout=WAIT_MS)
    page.fill("#forbid-a", players[0].name)
    page.fill("#forbid-b", players[1].name)
    page.fill("#forbid-reason", "brothers")
    page.click("[data-testid=forbid-form] button")
    page.wait_for_selector("text=The two players are kept apart", timeout=WAIT_MS)
    assert ForbiddenPair.objects.filter(event_id=cup.id).count() == 1

    page.check("form[action$='/manage/start/'] [data-testid=hold]")
    page.click("text=Start the event and pair round 1")
    page.wait_for_selector("[data-testid=pairings-held]", timeout=WAIT_MS)
    round_ = Round.objects.get(event_id=cup.id, number=1)
    assert round_.published is False
    pairs = {
        frozenset((m.player_a.player.username, m.player_b.player.username)) for m in round_.matches.all()
    }
    assert frozenset((players[0].name, players[1].name)) not in pairs

    player_page = tab(chromium)
    sign_in(player_page, live_server.url, players[2], f"/events/{cup.id}/")
    response = player_page.goto(f"{live_server.url}/events/{cup.id}/rounds/1/")
    assert response is not None and response.status == 404

    table1 = Match.objects.get(round=round_, table=1)
    table2 = Match.objects.get(round=round_, table=2)
    a, b = table1.player_b.player.username, table2.player_a.player.username
    page.click("summary:has-text('Correct the pairings')")
    movable = "document.querySelectorAll('#movable-players option').length === 4"
    page.wait_for_function(movable, timeout=WAIT_MS)
    page.fill("#swap-a", a)
    page.fill("#swap-b", b)
    page.fill("#swap-reason", "seated at the wrong tables")
    page.click("[data-testid=swap-form] button")
    page.wait_for_selector("text=The two players have swapped tables.", timeout=WAIT_MS)
    assert Match.objects.get(pk=table1.pk).player_b.player.username == b
    shot(page, "pairings-held-en-1280")

    page.click("[data-testid=publish-pairings]")
    page.wait_for_selector("text=The pairings are published", timeout=WAIT_MS)
    assert page.locator("[data-testid=pairings-held]").count() == 0
    response = player_page.goto(f"{live_server.url}/events/{cup.id}/rounds/1/")
    assert response is not None and response.status == 200
    actions = list(ResultChange.objects.filter(event_id=cup.id).values_list("action", "note"))
    assert actions == [
        ("pairing_forbid", "brothers"),
        ("pairings_swap", "seated at the wrong tables"),
        ("pairings_publish", ""),
    ]
    trail = page.locator('[data-testid="audit-trail"]').inner_text()
    assert "seated at the wrong tables" in trail
    assert page.errors == [] and player_page.errors == []

"""Event day in a real browser (Debian's Chromium, driven by Playwright): a player
checks in on the event page, the organizer marks another and starts (the absent one is dropped),
gives a no-show loss from the dashboard, and a player leaves the event, their opponent told."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.browser import WAIT_MS, shot, sign_in, tab
from tournaments.models import Match, Registration, ResultChange, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_check_in_start_no_show_and_drop(chromium, live_server, event_factory, organizer):
    cup = event_factory(name="Day Cup", check_in_required=True, rounds=2, no_show_minutes=10)
    cup.open()
    here, marked, absent, fourth, fifth = players = make_players(5)
    cup.register(*players)

    me = tab(chromium)
    sign_in(me, live_server.url, here, f"/events/{cup.id}/")
    me.click("form[action$='/check-in/'] button:has-text('Check in')")
    me.wait_for_selector("text=You are checked in.", timeout=WAIT_MS)
    shot(me, "check-in-player-en-1280")
    assert me.errors == []

    boss = tab(chromium)
    sign_in(boss, live_server.url, organizer, f"/events/{cup.id}/manage/")
    assert "1 of 5 players checked in." in boss.inner_text('[data-testid="check-in-count"]')
    for actor in (marked, fourth, fifth):
        boss.click(f"button:has-text('Check {actor.name} in')")
        boss.wait_for_selector(f"text={actor.name} is checked in.", timeout=WAIT_MS)
    boss.click("text=Start the event and pair round 1")
    boss.wait_for_selector("text=The event has started", timeout=WAIT_MS)
    assert Registration.objects.get(event_id=cup.id, player=absent.user).dropped_after_round == 0
    assert ResultChange.objects.filter(event_id=cup.id, action="check_in_close").exists()

    # Ten minutes into the round, the no-show buttons appear on the dashboard.
    Round.objects.filter(event_id=cup.id).update(started_at=timezone.now() - timedelta(minutes=11))
    boss.reload()
    row = boss.locator('[data-testid="match-row"]').filter(has=boss.locator('[data-testid="no-show"]')).first
    names = row.locator(".players-cell strong").all_inner_texts()
    row.locator("summary:has-text('No-show')").click()
    row.locator(f"button:has-text('{names[1]}')").click()
    boss.wait_for_selector(f"text={names[1]} did not come", timeout=WAIT_MS)
    shot(boss, "no-show-dashboard-en-1280")
    settled = Match.objects.get(round__event_id=cup.id, player_b__player__username=names[1], round__number=1)
    assert (settled.status, settled.wins_a, settled.wins_b) == ("final", 1, 0)

    # A player whose match is still open leaves; the opponent's panel says so.
    open_match = Match.objects.filter(
        round__event_id=cup.id, status="pending", player_b__isnull=False
    ).first()
    leaver, stayer = open_match.player_a.player, open_match.player_b.player
    by_name = {actor.name: actor for actor in players}
    gone = tab(chromium)
    sign_in(gone, live_server.url, by_name[leaver.username], f"/events/{cup.id}/")
    gone.click("button:has-text('Drop from the event')")
    gone.wait_for_selector("text=You left the event.", timeout=WAIT_MS)
    assert "is dropped" not in gone.inner_text("main")
    other = tab(chromium)
    sign_in(other, live_server.url, by_name[stayer.username], f"/events/{cup.id}/")
    notice = other.locator('[data-testid="settlement"]')
    assert "Your opponent left the event: you win this match." in notice.inner_text()
    shot(other, "opponent-left-en-1280")
    final = f"{leaver.username} 0 – 1 {stayer.username}"  # the leaver sits at A
    assert final in other.inner_text('[data-testid="my-pairing"]')
    for page in (me, boss, gone, other):
        assert page.errors == []

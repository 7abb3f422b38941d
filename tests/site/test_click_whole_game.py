"""Every game the site plays online, played to its end through the play page by two people
clicking (Debian's Chromium): player A on a phone (390 px) in Russian, player B on a desktop in
English, each choosing among the enabled controls of their page with Playwright's real click()
(tests/support/clickplay.py). A JavaScript error, a sideways scroll at 390 px, or a decision no
enabled control answers fails the game; at its end the site has recorded the result."""

import itertools
import json
import random
import time

import pytest
from django.db import connections

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists, game_keys, get_game
from tests.support.browser import shot
from tests.support.clickplay import ClickSeat, open_tab, play_match
from tests.support.events import EventDriver, one_table
from tournaments.models import Game, Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONLINE_GAMES = [key for key in game_keys() if get_game(key).match_engine is not None]
PHONE, DESKTOP = 390, 1280


@pytest.fixture(autouse=True)
def _quick_clicks(settings, monkeypatch):
    """People who click faster than people act (the actions' rate is a person's), and games
    dealt from known seeds, so that each run plays the same game."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "user": "100000/min", "actions": "100000/min"}
    seeds = itertools.count(20_000)
    monkeypatch.setattr("tournaments.services.online.setup.game_seed_new", lambda: next(seeds))


def _deck(path) -> dict:
    """A shipped decklist as the JSON object the API takes (RESPONSE's are text)."""
    return json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))


@pytest.mark.parametrize("game", ONLINE_GAMES)
def test_a_whole_online_game_is_played_to_its_end_by_clicks(
    live_server, chromium, organizer, card_sets, game
):
    decks = [_deck(path) for path in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    connections.close_all()  # the live server's thread takes the database from here
    play_url = f"/matches/{match['id']}/play/"
    seats = []
    for actor, width, language in ((a, PHONE, "ru"), (b, DESKTOP, "en")):
        page = open_tab(chromium, live_server.url, actor, width=width, language=language, next_url=play_url)
        page.wait_for_selector("#play[data-seq]")
        rng = random.Random(f"{game}-{language}")
        seats.append(ClickSeat(page, width=width, rng=rng, name=f"{actor.name} ({language}, {width} px)"))
    started = time.monotonic()
    decisions = play_match(seats)
    for seat in seats:
        shot(seat.page, f"click-whole-{game}-{seat.width}-over")
    row = Match.objects.get(pk=match["id"])
    assert row.status == Match.Status.FINAL, row.status
    assert row.wins_a + row.wins_b + row.draws == 1
    played = Game.objects.get(match_id=match["id"])
    assert played.status == Game.Status.FINISHED and played.reason, played.reason
    # The game was played, not lost on time or by a player who never came.
    assert played.reason not in ("timeout", "no_show", "concede"), played.reason
    assert decisions >= 4 and all(seat.decisions for seat in seats), [s.labels for s in seats]
    for seat in seats:
        assert seat.page.locator("[data-slot=match-result]").inner_text().strip()
    print(f"{game}: {decisions} decisions in {time.monotonic() - started:.0f} s, reason {played.reason}")

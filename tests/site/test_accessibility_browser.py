"""Every page passes axe-core (accessibility): in a real browser (Debian's Chromium,
driven by Playwright), each main page of the site, in Russian and English, at 390×844 and at a
desktop width, has no serious or critical violation of WCAG 2 A and AA (colour contrast
included), and needs no sideways scrolling on a phone. axe-core is vendored under
tournaments/static/vendor/axe/ and injected by the test only: the site's pages never load it.
With SCREENSHOT_DIR=<dir>, every page is kept there as a screenshot to look at."""

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists
from tests.support.actors import Actor, make_players
from tests.support.actors import make_actor as _actor
from tests.support.axe import STRUCTURE as AXE_STRUCTURE
from tests.support.axe import axe_in_every_page, violations
from tests.support.browser import Seat, session_cookie
from tests.support.events import EventDriver, one_table, team_event
from tests.support.games import OTHER_ONLINE_GAMES
from tests.support.online import act, game_state
from tests.support.practice import start_practice
from tournaments.models import Registration
from tournaments.services.decks import deck_save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The play-page tests' fixtures: Debian's Chromium, and the ORM allowed beside Playwright's loop.

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SHOTS = os.environ.get("SCREENSHOT_DIR", "")

# axe's WCAG 2.0/2.1 level A and AA rules (color-contrast is one of them): a violation of
# impact "serious" or "critical" fails the page. And the page's structure, whatever the impact
# (tests/support/axe.py), with each landmark named apart and a working skip link besides.
STRUCTURE = (
    *AXE_STRUCTURE,
    "landmark-unique",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "landmark-no-duplicate-main",
    "skip-link",
)


@dataclass
class Visit:
    """One page to check: who opens it, where, and a name for the report and the screenshot."""

    name: str
    actor: Actor | None
    path: str


@pytest.fixture
def site(event_factory, organizer, player, judge, respons_deck_text) -> list[Visit]:
    """An event in each state, an online one for the judges' pages, a saved deck; the pages."""
    signing_up = event_factory(name="Open Cup", rounds=3)
    signing_up.open()
    signing_up.register(*make_players(2, prefix="early"))
    venue_code = organizer.api.post(
        f"{signing_up.url}signup-codes/", {"uses": 40, "hours": 12}, format="json"
    )
    assert venue_code.status_code == 201, venue_code.content

    running = event_factory(name="Spring Cup " + "Championship " * 3, rounds=2, venue="Dom knigi")
    running.open()
    # A long name without a space: it must wrap in every table, never widen the page.
    running.register(player, _actor("Konstantin_Konstantinopolsky_1999"), *make_players(2, prefix="run"))
    running.start()
    registration = Registration.objects.filter(event_id=running.id).first()

    finished = event_factory(name="Winter Cup", rounds=1, top_cut=0)
    finished.open()
    finished.register(*make_players(4, prefix="fin"))
    finished.start()
    finished.finish_round(1)
    finished.next_round()  # after the last round: the event is finished

    # A double elimination under way and a round robin: the bracket page, their standings.
    bracket = event_factory(name="Bracket Cup", structure="double_elimination", grand_final_reset=True)
    bracket.open()
    bracket.register(*make_players(5, prefix="de"))
    bracket.start()
    robin = event_factory(name="Robin Cup", structure="round_robin", tiebreakers=["sonneborn_berger", "gw"])
    robin.open()
    robin.register(*make_players(3, prefix="rr"))
    robin.start()
    robin.finish_round(1)
    # A team event under way (team tables, team standings) and one open (the team form).
    teams, _rosters = team_event(event_factory, 3, prefix="tm", name="Team Cup", rounds=2)
    teams.start()
    teams_open = event_factory(name="Team Open", teams=3)
    teams_open.open()
    # A webhook on an event that sends nothing more (an address literal: no DNS, no delivery).
    hook = organizer.api.post(
        f"{finished.url}webhooks/", {"url": "https://93.184.215.14/hooks/t"}, format="json"
    )
    assert hook.status_code == 201, hook.content

    online = event_factory(name="Online Cup", rounds=1, best_of=3, online=True)
    online.organizer.api.post(f"{online.url}judges/", {"username": judge.name}, format="json")
    online.open()
    online.register(_actor("Aleksandra_Vsevolodovna_Rimskaya_Korsakova"), *make_players(3, prefix="net"))
    online.start()

    # A series with the finished event in it (a leaderboard) and the open one to add.
    league = organizer.api.post(
        "/api/series/", {"name": "Autumn League", "points": [10, 6, 4, 3]}, format="json"
    ).json()
    added = organizer.api.post(f"/api/series/{league['id']}/events/", {"event": finished.id}, format="json")
    assert added.status_code == 200, added.content

    deck = deck_save(owner=player.user, name="Vesta " + "long-name " * 8, source=respons_deck_text)
    start_practice(player, "respons")
    illegal = deck_save(
        owner=player.user, name="Too many", source="Hero: Commander Vesta\nMain:\n9 Iron Sentinel\n"
    )

    anyone = [
        Visit("home", None, "/"),
        Visit("events", None, "/events/"),
        Visit("event-open", None, f"/events/{signing_up.id}/"),
        Visit("event-finished", None, f"/events/{finished.id}/"),
        Visit("standings-finished", None, f"/events/{finished.id}/standings/"),
        Visit("bracket", None, f"/events/{bracket.id}/bracket/"),
        Visit("standings-bracket", None, f"/events/{bracket.id}/standings/"),
        Visit("standings-round-robin", None, f"/events/{robin.id}/standings/"),
        Visit("standings-running", None, f"/events/{running.id}/standings/"),
        Visit("pairings", None, f"/events/{running.id}/rounds/1/"),
        Visit("pairings-teams", None, f"/events/{teams.id}/rounds/1/"),
        Visit("standings-teams", None, f"/events/{teams.id}/standings/"),
        Visit("cards", None, "/cards/"),
        Visit("card", None, "/cards/?q=Vesta"),
        Visit("cards-other-game", None, "/cards/?game=wow"),
        Visit("series-list", None, "/series/"),
        Visit("series", None, f"/series/{league['id']}/"),
        Visit("sign-in", None, "/accounts/login/"),
        Visit("sign-up", None, "/accounts/signup/"),
        Visit("sign-up-with-a-code", None, f"/accounts/signup/?code={venue_code.json()['code']}"),
        Visit("not-found", None, "/no-such-page/"),
        Visit("games", None, "/games/"),
        Visit("game", None, "/games/wow/"),
    ]
    players = [
        Visit("home-player", player, "/"),
        Visit("registration", player, f"/events/{signing_up.id}/"),
        Visit("team-registration", player, f"/events/{teams_open.id}/"),
        Visit("event-running-player", player, f"/events/{running.id}/"),
        Visit("deck-builder", player, "/decks/builder/"),
        Visit("deck-builder-illegal", player, f"/decks/builder/?deck={illegal.pk}"),
        Visit("my-decks", player, "/decks/"),
        Visit("delete-deck", player, f"/decks/{deck.pk}/delete/"),
        Visit("notifications", player, "/notifications/"),
        Visit("notification-settings", player, "/accounts/notifications/"),
        Visit("forbidden", player, f"/events/{running.id}/manage/"),
        # A game's page with the player's saved decks (one illegal) and a practice game going.
        Visit("game-practice", player, "/games/respons/"),
    ]
    officials = [
        Visit("create", organizer, "/events/new/"),
        Visit("dashboard-open", organizer, f"/events/{signing_up.id}/manage/"),
        Visit("dashboard-running", organizer, f"/events/{running.id}/manage/"),
        Visit("dashboard-finished", organizer, f"/events/{finished.id}/manage/"),
        Visit("edit", organizer, f"/events/{signing_up.id}/manage/edit/"),
        Visit("series-new", organizer, "/series/new/"),
        Visit("series-edit", organizer, f"/series/{league['id']}/edit/"),
        Visit("walk-in", organizer, f"/events/{signing_up.id}/manage/walk-in/"),
        Visit("signup-codes", organizer, f"/events/{signing_up.id}/manage/signup-codes/"),
        Visit("webhooks", organizer, f"/events/{running.id}/manage/webhooks/"),
        Visit("webhooks-one", organizer, f"/events/{finished.id}/manage/webhooks/"),
        Visit("event-deck", organizer, f"/events/{running.id}/manage/decks/{registration.pk}/"),
        Visit("print-pairings", organizer, f"/events/{running.id}/rounds/1/print/"),
        Visit("print-slips", organizer, f"/events/{running.id}/rounds/1/slips/"),
        Visit("judge-bots", judge, f"/events/{online.id}/bots/"),
        Visit("judge-progress", judge, f"/events/{online.id}/rounds/1/progress/"),
    ]
    return anyone + players + officials


def axe_violations(page) -> list[dict]:
    """Return the serious and critical WCAG A/AA violations axe finds on the page."""
    return violations(page, STRUCTURE)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_page_passes_axe_on_a_phone_and_a_desktop(live_server, chromium, site, language):
    context = chromium.new_context(
        viewport=PHONE, locale=language, extra_http_headers={"Accept-Language": language}
    )
    axe_in_every_page(context)  # some 200 pages: the checker is handed over once
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    problems: list[str] = []
    signed_in_as = "nobody"
    for visit in site:
        who = visit.actor.name if visit.actor else "nobody"
        if who != signed_in_as:
            context.clear_cookies()
            if visit.actor is not None:
                context.add_cookies([session_cookie(visit.actor, live_server.url)])
            signed_in_as = who
        for viewport in (PHONE, DESKTOP):
            page.set_viewport_size(viewport)
            page.goto(f"{live_server.url}{visit.path}")
            page.wait_for_load_state()
            where = f"{visit.name} ({visit.path}, {language}, {viewport['width']} px)"
            assert page.locator("html").get_attribute("lang") == language, where
            for violation in axe_violations(page):
                problems.append(f"{where}: {violation['id']} [{violation['impact']}] {violation['help']}")
                problems.extend(f"    {node}" for node in violation["nodes"])
            if viewport is PHONE:
                wide = page.evaluate("document.scrollingElement.scrollWidth")
                if wide > PHONE["width"]:
                    problems.append(f"{where}: the page is {wide} px wide")
                # Nor do the event's tabs hide behind a sideways scroll of their own.
                hidden = page.evaluate(
                    "[...document.querySelectorAll('.tabs a')]"
                    ".filter(a => a.getBoundingClientRect().right > innerWidth)"
                    ".map(a => a.textContent.trim())"
                )
                if hidden:
                    problems.append(f"{where}: tabs out of sight: {hidden}")
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(
                    path=f"{SHOTS}/a11y-{visit.name}-{language}-{viewport['width']}.png", full_page=True
                )
    context.close()
    assert not problems, "\n".join(problems)
    assert errors == []


def test_the_round_progress_shows_every_column_on_a_phone(live_server, chromium, site, judge):
    """Each match is one block on a phone: nothing of it hides behind a sideways scroll."""
    progress = next(visit for visit in site if visit.name == "judge-progress")
    context = chromium.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "en"})
    context.add_cookies([session_cookie(judge, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}{progress.path}")
    box = page.locator("#round-progress .table-scroll")
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth")
    rows = page.locator("table.progress-table tbody tr")
    assert rows.count() == 2
    for index in range(rows.count()):
        for cell in rows.nth(index).locator("td").all():
            edge = cell.bounding_box()
            assert edge["x"] >= 0 and edge["x"] + edge["width"] <= PHONE["width"], cell.inner_text()
    # Each value is named on a phone, where the table's header row is out of sight.
    score = rows.first.locator("td.score")
    assert score.evaluate("el => getComputedStyle(el, '::before').content") == '"Score: "'
    assert page.locator("table.progress-table thead").bounding_box()["height"] <= 1
    context.close()


def _deck(path) -> dict:
    """A shipped decklist as the JSON object the API takes (RESPONSE's are text)."""
    return json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))


def _a_few_moves(match_id: int, actors, moves: int) -> None:
    """Answer the game's first decisions through the API (the first legal action each time)."""
    for _ in range(moves):
        for actor in actors:
            state = game_state(actor, match_id)
            legal = [a for a in state["legal_actions"] if a["type"] != "concede"]
            if state["game_status"] == "playing" and legal:
                act(actor, match_id, state["next_seq"], legal[0])
                break


@pytest.mark.parametrize("game", [settings.DEFAULT_GAME, *OTHER_ONLINE_GAMES])
@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_games_board_passes_axe_during_a_game(
    live_server, chromium, organizer, card_sets, game, language
):
    """Each game's play page, a few moves into a game, on a phone and a desktop: axe-clean."""
    decks = [_deck(path) for path in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    _a_few_moves(match["id"], (a, b), 4)
    connections.close_all()  # the live server's thread takes the database from here
    seat = Seat(chromium, live_server.url, match["id"], a, 0, language=language)
    page, problems = seat.page, []
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.locator("[data-testid=board-root] > *").first.wait_for()
        where = f"{game} ({language}, {viewport['width']} px)"
        for violation in axe_violations(page):
            problems.append(f"{where}: {violation['id']} [{violation['impact']}] {violation['help']}")
            problems.extend(f"    {node}" for node in violation["nodes"])
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(
                path=f"{SHOTS}/a11y-board-{game}-{language}-{viewport['width']}.png", full_page=True
            )
    assert not problems, "\n".join(problems)
    assert seat.errors == []

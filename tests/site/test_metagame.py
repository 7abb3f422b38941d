"""The metagame (point 6): per event and per game over a period, from final results,
adjudicated logs and published decklists only; computed by a task into a cache that a new final
result makes stale; the API (JSON, CSV) and the pages in both languages."""

import random
from collections import Counter
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from engine.decklist import parse_decklist
from engine.metagame import deck_identity
from tests.support.metagame import finished_event, publish_decklists, run_metagame_task
from tests.support.online import online_match, play_out
from tests.support.pages import csv_rows, page
from tournaments.models import Match, MetagameReport, Registration
from tournaments.selectors.cards import card_namer, catalog_for
from tournaments.services.metagame import PERIODS_AT_ONCE

pytestmark = pytest.mark.django_db


def b_wins(match: dict) -> tuple[int, int, int]:
    return (0, 1, 0)


def ready(actor, url: str, key: str, **params) -> dict:
    """Ask once (which queues the computation), run the task, ask again: the numbers."""
    first = actor.api.get(url, params)
    assert first.status_code in (200, 202), first.content
    run_metagame_task(key)
    answer = actor.api.get(url, params)
    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "ready"
    return answer.json()


def expected_by_identity(event_id: int) -> tuple[Counter, Counter]:
    """Players and match wins per hero, counted here from the rows and the standings' rules:
    the registration's hero card and every final match between two players."""
    rules, catalog = catalog_for(game="respons")
    hero = {
        reg.pk: deck_identity(rules, parse_decklist(reg.deck, game="respons"), catalog)
        for reg in Registration.objects.filter(event_id=event_id)
    }
    wins: Counter = Counter()
    for match in Match.objects.filter(round__event_id=event_id, player_b__isnull=False):
        winner = match.player_a_id if match.wins_a > match.wins_b else match.player_b_id
        wins[hero[winner]] += 1
    return Counter(hero.values()), wins


def test_it_shows_nothing_before_the_decklists_are_published(event_factory, anonymous, organizer):
    event = event_factory(rounds=2)
    finished_event(event, publish=False)
    answer = organizer.api.get(f"{event.url}metagame/")  # not even the organizer: nothing is hidden-first
    assert answer.status_code == 200
    assert answer.json()["status"] == "hidden"
    assert "identities" not in answer.json() and "cards" not in answer.json()
    assert not MetagameReport.objects.exists()  # nothing was computed, nothing was read
    csv = anonymous.api.get(f"{event.url}metagame/csv/")
    assert (csv.status_code, csv.json()["code"]) == (409, "hidden")
    status, html = page(anonymous, f"/events/{event.id}/metagame/")
    assert status == 200 and 'data-testid="metagame-hidden"' in html
    assert 'data-testid="identities"' not in html
    period = ready(anonymous, "/api/metagame/", "game:respons::", game="respons")
    assert (period["events"], period["players"], period["identities"]) == (0, 0, [])


def test_it_says_being_computed_until_the_task_has_run(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    first = anonymous.api.get(f"{event.url}metagame/")
    assert first.status_code == 202
    assert (first.json()["status"], first.json()["progress"]) == ("computing", 0)
    status, html = page(anonymous, f"/events/{event.id}/metagame/")
    assert 'data-testid="metagame-computing"' in html
    assert f'data-metagame-poll="/api/events/{event.id}/metagame/"' in html
    assert (anonymous.api.get(f"{event.url}metagame/csv/").json()["code"]) == "computing"
    assert run_metagame_task(f"event:{event.id}") == 4
    report = MetagameReport.objects.get(key=f"event:{event.id}")
    assert (report.status, report.progress) == ("ready", 100)
    assert anonymous.api.get(f"{event.url}metagame/").status_code == 200


def test_it_counts_heroes_their_win_rates_and_the_matchups(event_factory, anonymous):
    event = event_factory(rounds=3)
    finished_event(event, players=8, rounds=3)
    answer = ready(anonymous, f"{event.url}metagame/", f"event:{event.id}")
    players, wins = expected_by_identity(event.id)
    assert (answer["players"], answer["matches"], answer["events"]) == (8, 12, 1)
    rows = {row["name"]: row for row in answer["identities"]}
    assert {name: row["players"] for name, row in rows.items()} == dict(players)
    assert {name: row["wins"] for name, row in rows.items() if row["wins"]} == dict(wins)
    for name, row in rows.items():
        assert row["share"] == round(players[name] / 8, 4)
        assert row["win_rate"] == round((row["wins"] + row["draws"] / 2) / row["matches"], 4)
    assert sum(row["players"] for row in answer["archetypes"]) == 8
    assert all(row["name"].split(" · ")[0] in rows for row in answer["archetypes"])
    names, cells = answer["matchups"]["names"], answer["matchups"]["cells"]
    assert set(names) == set(rows)
    for i in range(len(names)):
        for j in range(len(names)):
            if cells[i][j] is not None:  # the row's wins are the column's losses
                assert cells[i][j]["wins"] == cells[j][i]["losses"]
    assert sum(cell["wins"] for line in cells for cell in line if cell) == 12  # a win per match, mirrors too
    # Paper: no online game, so no first player and no card played, but every card's inclusion.
    assert answer["games"] == 0 and answer["first_player"]["games"] == 0
    hero_card = next(card for card in answer["cards"] if card["name"] == answer["identities"][0]["name"])
    assert hero_card["decks"] == answer["identities"][0]["players"] and hero_card["play_rate"] is None


def test_a_new_result_makes_the_numbers_stale_until_computed_again(event_factory, anonymous, organizer):
    event = event_factory(rounds=2)
    finished_event(event)
    before = ready(anonymous, f"{event.url}metagame/", f"event:{event.id}")
    # A match between two heroes: a mirror's correction would leave the heroes' totals as they were.
    match = next(
        m
        for m in Match.objects.filter(round__event_id=event.id, player_b__isnull=False, wins_a=1)
        .select_related("player_a", "player_b")
        .order_by("pk")
        if m.player_b is not None and m.player_a.deck.get("hero") != m.player_b.deck.get("hero")
    )
    body = {"wins_a": 0, "wins_b": 1, "draws": 0, "note": "scorekeeping error"}
    assert organizer.api.post(f"/api/matches/{match.pk}/report/", body, format="json").status_code == 200
    stale = anonymous.api.get(f"{event.url}metagame/").json()
    assert (stale["status"], stale["stale"]) == ("ready", True)
    assert stale["identities"] == before["identities"]  # the last numbers, while new ones are computed
    status, html = page(anonymous, f"/events/{event.id}/metagame/")
    assert 'data-testid="metagame-stale"' in html
    run_metagame_task(f"event:{event.id}")
    after = anonymous.api.get(f"{event.url}metagame/").json()
    assert after["stale"] is False
    wins = {row["name"]: row["wins"] for row in after["identities"]}
    assert wins != {row["name"]: row["wins"] for row in before["identities"]}
    assert sum(wins.values()) == sum(row["wins"] for row in before["identities"])


def test_it_downloads_each_table_as_csv(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    answer = ready(anonymous, f"{event.url}metagame/", f"event:{event.id}")
    response = anonymous.api.get(f"{event.url}metagame/csv/", {"table": "identities"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert f"event-{event.id}-metagame-identities.csv" in response["Content-Disposition"]
    rows = csv_rows(response)
    assert rows[0] == ["name", "players", "share", "matches", "wins", "losses", "draws", "win_rate"]
    assert [row[0] for row in rows[1:]] == [row["name"] for row in answer["identities"]]
    cards = csv_rows(anonymous.api.get(f"{event.url}metagame/csv/", {"table": "cards"}))
    assert len(cards) == 1 + len(answer["cards"])
    matchups = csv_rows(anonymous.api.get(f"{event.url}metagame/csv/", {"table": "matchups"}))
    assert matchups[0][:2] == ["identity", "against"] and len(matchups) > 1
    assert anonymous.api.get(f"{event.url}metagame/csv/", {"table": "nope"}).status_code == 400


def test_a_game_over_a_period_counts_its_published_events_only(event_factory, anonymous):
    published = [event_factory(name=f"Cup {n}", rounds=2) for n in (1, 2)]
    for event in published:
        finished_event(event)
    hidden = event_factory(name="Closed Cup", rounds=2)
    finished_event(hidden, publish=False)
    answer = ready(anonymous, "/api/metagame/", "game:respons::", game="respons")
    assert (answer["events"], answer["players"], answer["matches"]) == (2, 8, 8)
    assert answer["scope"] == {"game": "respons", "event": None, "since": None, "until": None}
    # Publishing the third event's lists makes the period's numbers stale: it counts once computed.
    publish_decklists(hidden)
    assert anonymous.api.get("/api/metagame/", {"game": "respons"}).json()["stale"] is True
    run_metagame_task("game:respons::")
    every = anonymous.api.get("/api/metagame/", {"game": "respons"}).json()
    assert (every["events"], every["players"]) == (3, 12)
    csv = anonymous.api.get("/api/metagame/csv/", {"game": "respons", "table": "archetypes"})
    assert csv.status_code == 200 and len(csv_rows(csv)) == 1 + len(every["archetypes"])
    later = ready(anonymous, "/api/metagame/", "game:respons:2999-01-01:", game="respons", since="2999-01-01")
    assert later["events"] == 0
    backwards = {"game": "respons", "since": "2026-02-01", "until": "2026-01-01"}
    wrong = anonymous.api.get("/api/metagame/", backwards)
    assert wrong.status_code == 400
    assert anonymous.api.get("/api/metagame/", {"game": "chess"}).status_code == 400


@pytest.mark.django_db(transaction=True)
def test_online_games_give_the_first_player_and_the_cards_played(event_factory, judge, anonymous):
    match = online_match(event_factory, judge, best_of=3)
    play_out(match, random.Random(5))
    event = match.event
    event.next_round()  # one round: the event is finished
    publish_decklists(event)
    # No broker: the computation runs in-process when the request commits (make run's mode).
    answer = anonymous.api.get(f"{event.url}metagame/").json()
    assert answer["status"] == "ready"
    games = list(match.row.games.order_by("number"))
    assert answer["games"] == len(games) >= 2
    first = answer["first_player"]
    assert first["games"] == len(games)
    assert first["wins"] + first["losses"] + first["draws"] == len(games)
    played = {
        action["card"]
        for game in games
        for action in game.actions
        if action.get("type") == "play" and isinstance(action.get("card"), str)
    }
    counted = {card["name"] for card in answer["cards"] if card["games_played"]}
    assert counted == played and played
    for card in answer["cards"]:
        if card["games_played"]:
            assert 0 < card["play_rate"] <= 1 and card["played_win_rate"] is not None


def test_the_event_page_draws_charts_over_tables_in_both_languages(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    answer = ready(anonymous, f"{event.url}metagame/", f"event:{event.id}")
    status, html = page(anonymous, f"/events/{event.id}/metagame/")
    assert status == 200
    assert "vendor/chartjs/chart.umd.min.js" in html and 'id="metagame-charts"' in html
    assert html.count('role="img"') == 2  # each chart says what it is; the tables give the numbers
    for testid in ("identities", "archetypes", "matchups", "cards"):
        assert f'data-testid="{testid}"' in html
    assert f"/api/events/{event.id}/metagame/csv/?table=cards" in html
    hero = answer["identities"][0]["name"]  # the canonical (Russian) name, as the API gives it
    english = card_namer(game="respons", language="en")(hero)
    assert english != hero and f"<td>{english}</td>" in html  # the reader's language
    ru = Client(headers={"accept-language": "ru"}).get(f"/events/{event.id}/metagame/").content.decode()
    assert "Метагейм" in ru and "Матчапы" in ru and f"<td>{hero}</td>" in ru
    assert "Share of the field" not in ru


def test_the_game_page_takes_a_period(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    run_metagame_task("game:respons::")
    status, html = page(anonymous, "/metagame/", game="respons")
    assert status == 200 and 'data-testid="identities"' in html and 'name="since"' in html
    status, html = page(anonymous, "/metagame/", game="respons", since="2026-03-01", until="2026-01-01")
    assert status == 200 and "The period ends before it starts." in html
    assert 'data-testid="metagame' not in html


def test_a_visitor_cannot_queue_a_computation_per_period_they_type(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    for day in range(1, PERIODS_AT_ONCE + 1):  # queued, not yet run by a worker
        answer = anonymous.api.get("/api/metagame/", {"game": "respons", "since": f"2026-01-0{day}"})
        assert answer.status_code == 202
    refused = anonymous.api.get("/api/metagame/", {"game": "respons", "since": "2026-02-01"})
    assert refused.status_code == 429 and refused["Retry-After"] == "30"
    assert not MetagameReport.objects.filter(key="game:respons:2026-02-01:").exists()
    status, html = page(anonymous, "/metagame/", game="respons", since="2026-02-01")
    assert status == 200 and 'data-testid="metagame-busy"' in html
    # An event's metagame and a period already computed are never refused.
    assert anonymous.api.get(f"{event.url}metagame/").status_code == 202
    run_metagame_task("game:respons:2026-01-01:")
    assert anonymous.api.get("/api/metagame/", {"game": "respons", "since": "2026-01-01"}).status_code == 200
    run_metagame_task("game:respons:2026-01-02:")
    assert anonymous.api.get("/api/metagame/", {"game": "respons", "since": "2026-02-01"}).status_code == 202


def test_a_period_nobody_reads_is_dropped_when_a_new_one_is_asked_for(event_factory, anonymous, monkeypatch):
    from tournaments.services import metagame as service

    event = event_factory(rounds=2)
    finished_event(event)
    now = timezone.now()
    ages = {"game:respons:2025-01-01:": 40, "game:respons:2025-02-01:": 3, "game:respons:2025-03-01:": 2}
    for key, days in ages.items():
        MetagameReport.objects.create(key=key, status="ready", read_at=now - timedelta(days=days))
    MetagameReport.objects.create(key=f"event:{event.id}", status="ready", read_at=now - timedelta(days=400))
    monkeypatch.setattr(service, "PERIODS_KEPT", 2)  # the new period and the one read last
    assert anonymous.api.get("/api/metagame/", {"game": "respons", "since": "2026-01-05"}).status_code == 202
    kept = set(MetagameReport.objects.values_list("key", flat=True))
    assert kept == {"game:respons:2026-01-05:", "game:respons:2025-03-01:", f"event:{event.id}"}


def test_a_read_is_written_down_at_most_once_an_hour(event_factory, anonymous):
    event = event_factory(rounds=2)
    finished_event(event)
    run_metagame_task("game:respons::")
    report = MetagameReport.objects.get(key="game:respons::")
    for minutes_ago, marked in ((10, False), (90, True)):
        before = timezone.now() - timedelta(minutes=minutes_ago)
        MetagameReport.objects.filter(pk=report.pk).update(read_at=before)
        assert anonymous.api.get("/api/metagame/", {"game": "respons"}).status_code == 200
        report.refresh_from_db()
        assert (report.read_at > before) is marked

"""Final placings after a top cut: the winner of the final is 1st, the finalist 2nd, then each
elimination round's losers by Swiss rank, then everyone else by Swiss rank; in the API (with
``top_cut``), the CSV, the standings and event pages (a winner banner, a bracket), and the
dashboard, whose button finishes the event once the final is played."""

import copy

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import browser, csv_rows, html_of, page, post

pytestmark = pytest.mark.django_db


def b_wins(match: dict) -> tuple[int, int, int]:
    return (0, 1, 0)


def swiss_then_cut(event, players: int, rounds: int, prefix: str = "p") -> tuple[dict, list[str]]:
    """Play the Swiss rounds (seat A wins each match); return the first top-cut round and the
    usernames in Swiss order."""
    event.open()
    event.register(*make_players(players, prefix=prefix))
    event.start()
    for number in range(1, rounds + 1):
        event.finish_round(number)
        if number == rounds:
            swiss = [row["username"] for row in event.standings()]
        round_ = event.next_round()
    assert round_["kind"] == "top_cut"
    return round_, swiss


def top_two_played(organizer, decks) -> tuple[EventDriver, list[str]]:
    """Four players, two Swiss rounds, a top 2 whose final the Swiss 2nd wins: (event, Swiss order)."""
    event = EventDriver(organizer, decks, name="Final Cup", rounds=2, top_cut=2)
    final, swiss = swiss_then_cut(event, players=4, rounds=2, prefix="two")
    assert (final["matches"][0]["player_a"], final["matches"][0]["player_b"]) == (swiss[0], swiss[1])
    event.finish_round(3, b_wins)
    return event, swiss


def top_four_played(organizer, decks) -> tuple[EventDriver, list[str]]:
    """Eight players, three Swiss rounds, a top 4: the 4th and the 3rd win their semifinals and
    the 3rd wins the final. Returns (event, Swiss order)."""
    event = EventDriver(organizer, decks, name="Big Cup", rounds=3, top_cut=4)
    _, swiss = swiss_then_cut(event, players=8, rounds=3, prefix="four")
    event.finish_round(4, b_wins)  # semifinals 1v4, 2v3: 4 and 3 go through
    final = event.next_round()["matches"][0]
    assert (final["player_a"], final["player_b"]) == (swiss[2], swiss[3])  # the better seed at seat A
    event.finish_round(5)  # seat A, the 3rd, wins
    return event, swiss


def semifinals_paired(organizer, decks) -> tuple[EventDriver, dict, list[str]]:
    """Eight players, three Swiss rounds, a top 4 whose semifinals are paired, none played:
    (event, the semifinals' round, Swiss order)."""
    event = EventDriver(organizer, decks, name="Semi Cup", rounds=3, top_cut=4)
    semifinals, swiss = swiss_then_cut(event, players=8, rounds=3, prefix="semi")
    return event, semifinals, swiss


@pytest.fixture(scope="module")
def _cups(module_rows, django_db_blocker) -> dict:
    """The module's three top cuts, made once for its tests (tests/support/shared_rows.py), and
    their organizer."""
    with django_db_blocker.unblock():
        organizer, decks = make_actor("olga"), legal_decks_read()
        return {
            "organizer": organizer,
            "top_two": top_two_played(organizer, decks),
            "top_four": top_four_played(organizer, decks),
            "semifinals": semifinals_paired(organizer, decks),
        }


@pytest.fixture
def _shared(_cups, db) -> dict:
    return copy.deepcopy(_cups)


@pytest.fixture
def shared_actors(_shared):
    return {"organizer": _shared["organizer"]}


@pytest.fixture
def top_two(_shared):
    return _shared["top_two"]


@pytest.fixture
def top_four(_shared):
    return _shared["top_four"]


@pytest.fixture
def semifinals(_shared):
    return _shared["semifinals"]


def test_it_ranks_the_winner_of_a_top_two_first_in_the_api(top_two):
    event, swiss = top_two
    rows = event.standings()
    assert [row["username"] for row in rows] == [swiss[1], swiss[0], swiss[2], swiss[3]]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4]
    assert [row["top_cut"] for row in rows] == ["winner", "final", None, None]
    assert [row["swiss_rank"] for row in rows] == [2, 1, 3, 4]


def test_it_orders_a_top_four_by_how_far_each_went_then_by_swiss_rank(top_four):
    event, swiss = top_four
    rows = event.standings()
    third, fourth, first, second = swiss[2], swiss[3], swiss[0], swiss[1]
    assert [row["username"] for row in rows] == [third, fourth, first, second, *swiss[4:]]
    assert [row["top_cut"] for row in rows] == ["winner", "final", "semifinal", "semifinal", *[None] * 4]
    # Everyone keeps their Swiss record: the top cut changes the order, not the points.
    assert rows[0]["match_points"] < rows[2]["match_points"]


def test_it_keeps_the_players_still_in_the_top_cut_first_while_it_runs(semifinals):
    event, paired, swiss = semifinals
    first = paired["matches"][0]
    response = event.organizer.api.post(
        f"/api/matches/{first['id']}/report/", {"wins_a": 0, "wins_b": 1}, format="json"
    )
    assert response.status_code == 200
    rows = event.standings()
    # Swiss 1st lost to the 4th; 2nd and 3rd still play: 2, 3, 4 still in, then 1, then the rest.
    assert [row["username"] for row in rows[:4]] == [swiss[1], swiss[2], swiss[3], swiss[0]]
    assert [row["top_cut"] for row in rows[:5]] == ["semifinal"] * 4 + [None]


def test_it_exports_the_final_places_as_csv(top_two, anonymous):
    event, swiss = top_two
    rows = csv_rows(browser(anonymous).get(f"/events/{event.id}/export/standings.csv"))
    assert rows[0][10:] == ["top_cut", "swiss_rank"]
    assert [(row[0], row[1], row[10], row[11]) for row in rows[1:3]] == [
        ("1", swiss[1], "winner", "2"),
        ("2", swiss[0], "final", "1"),
    ]


def test_it_shows_the_winner_and_the_bracket_on_the_standings_page(top_four, anonymous):
    event, swiss = top_four
    status, html = page(anonymous, f"/events/{event.id}/standings/")
    assert status == 200
    assert 'data-testid="winner-banner"' in html and f'<p class="winner-name">{swiss[2]}</p>' in html
    assert 'data-testid="bracket"' in html and "Top 4 bracket" in html
    assert html.count('data-testid="bracket-match"') == 3
    assert ">Semifinals</a>" in html and ">Final</a>" in html
    assert html.count('class="bracket-player is-winner') == 3
    row = '<td><a href="/players/{}/">'.format  # names link to the players' profiles
    assert html.index(row(swiss[2])) < html.index(row(swiss[3])) < html.index(row(swiss[0]))
    assert html.count('data-testid="top-cut">Semifinals<') == 2 and 'data-testid="top-cut">Winner<' in html


def test_it_shows_the_winner_and_the_bracket_on_the_event_page(top_two, anonymous):
    event, swiss = top_two
    html = page(anonymous, f"/events/{event.id}/")[1]
    assert 'data-testid="winner-banner"' in html and f'<p class="winner-name">{swiss[1]}</p>' in html
    assert "Top 2 bracket" in html


def test_it_shows_no_banner_or_bracket_before_the_final_is_played(event_factory, anonymous):
    event = event_factory(rounds=2, top_cut=2)
    swiss_then_cut(event, players=4, rounds=2)
    html = page(anonymous, f"/events/{event.id}/standings/")[1]
    assert "winner-banner" not in html
    assert 'data-testid="bracket"' in html  # the final, not played yet
    assert html.count('data-testid="top-cut">Finalist<') == 2 and "Winner<" not in html
    plain = page(anonymous, f"/events/{event.id}/")[1]
    assert "winner-banner" not in plain


def test_it_names_the_top_cut_rounds(top_four, anonymous):
    event, _ = top_four
    assert '<h2 id="round-h">Semifinals</h2>' in page(anonymous, f"/events/{event.id}/rounds/4/")[1]
    assert '<h2 id="round-h">Final</h2>' in page(anonymous, f"/events/{event.id}/rounds/5/")[1]
    assert '<h2 id="round-h">Round 3 pairings</h2>' in page(anonymous, f"/events/{event.id}/rounds/3/")[1]


def test_it_names_the_quarterfinals_of_a_top_eight(event_factory, anonymous):
    event = event_factory(rounds=3, top_cut=8)
    swiss_then_cut(event, players=8, rounds=3)
    assert '<h2 id="round-h">Quarterfinals</h2>' in page(anonymous, f"/events/{event.id}/rounds/4/")[1]


def test_it_offers_to_finish_the_event_once_the_final_is_played(top_two, organizer):
    event, swiss = top_two
    html = page(organizer, f"/events/{event.id}/manage/")[1]
    assert "Finish the event" in html and "Pair the next round" not in html
    finished = post(organizer, f"/events/{event.id}/manage/next-round/")
    assert "The event is finished" in html_of(finished)
    assert f'<p class="winner-name">{swiss[1]}</p>' in html_of(finished)  # back on the dashboard
    assert event.organizer.api.get(event.url).json()["status"] == "finished"


def test_it_offers_the_next_round_while_the_semifinals_are_played(semifinals, organizer):
    event, _paired, _swiss = semifinals
    html = page(organizer, f"/events/{event.id}/manage/")[1]
    assert "Pair the next round" in html and "Finish the event" not in html


def test_it_shows_the_results_in_russian(top_four):
    event, swiss = top_four
    html = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/events/{event.id}/standings/").content.decode()
    assert "Победитель" in html and "Сетка топ-4" in html
    assert ">Полуфинал</a>" in html and ">Финал</a>" in html
    assert 'data-testid="top-cut">Финалист<' in html


def test_it_documents_top_cut_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    standing = schema["components"]["schemas"]["StandingOut"]["properties"]
    assert {"top_cut", "swiss_rank"} <= set(standing)
    assert "winner" in str(standing["top_cut"]) or "winner" in str(schema["components"]["schemas"])

"""A big event's pages cut their long tables into pages of 200 rows,
find a player on every page, and read the standings back from the cache until a result changes."""

import copy

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.support.actors import make_actor
from tests.support.pages import page
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors import events as selectors
from tournaments.selectors.events import standings as standings_module
from tournaments.views.events import PAGE_ROWS
from tournaments.views.events.dashboard import MANAGE_ROWS

PLAYERS = 2 * PAGE_ROWS + 20  # three pages of players, two of tables


@pytest.fixture(scope="module")
def _big_rows(module_rows, django_db_blocker):
    """A running event of PLAYERS players, round 1 paired and played (player a wins), and its
    organizer: made once for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        organizer = make_actor("olga")
        return big_event_make(organizer), organizer


@pytest.fixture
def big(_big_rows, db):
    """The shared big event: the test's own copy of it."""
    return copy.deepcopy(_big_rows[0])


@pytest.fixture
def shared_actors(_big_rows, db):
    return {"organizer": copy.deepcopy(_big_rows[1])}


def big_event_make(organizer):
    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"p{i:04d}", password="!") for i in range(PLAYERS))
    event = Event.objects.create(
        name="Big", game="respons", organizer=organizer.user, seed=1, status="running", rounds=3
    )
    Registration.objects.bulk_create(Registration(event=event, player=u, deck={}) for u in users)
    regs = list(event.registrations.order_by("player__username"))
    now = timezone.now()
    round_ = Round.objects.create(event=event, number=1, seed=1, started_at=now, ends_at=now)
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=t + 1,
            player_a=regs[2 * t],
            player_b=regs[2 * t + 1],
            status="final",
            wins_a=1,
        )
        for t in range(PLAYERS // 2)
    )
    return event


def test_it_pages_the_pairings_of_a_big_round(big, anonymous):
    _, first = page(anonymous, f"/events/{big.pk}/rounds/1/")
    assert first.count("<tr data-names") == PAGE_ROWS
    assert f"Rows 1–{PAGE_ROWS} of {PLAYERS // 2}" in first
    _, second = page(anonymous, f"/events/{big.pk}/rounds/1/", page=2)
    assert second.count("<tr data-names") == PLAYERS // 2 - PAGE_ROWS
    assert "p0400" in second and "p0400" not in first


def test_it_finds_a_player_on_any_page_of_the_pairings(big, anonymous):
    _, found = page(anonymous, f"/events/{big.pk}/rounds/1/", q="P0419")
    assert found.count("<tr data-names") == 1 and "p0418" in found


@pytest.mark.parametrize("asked", ["0", "-1", "abc", "99999999999999999999"])
def test_it_answers_a_page_number_out_of_range_with_a_page_that_exists(big, anonymous, asked):
    status, html = page(anonymous, f"/events/{big.pk}/standings/", page=asked)
    assert status == 200 and "Rows " in html


def test_it_pages_the_standings_and_the_players_list(big, anonymous):
    _, last = page(anonymous, f"/events/{big.pk}/standings/", page=3)
    assert f"Rows {2 * PAGE_ROWS + 1}–{PLAYERS} of {PLAYERS}" in last
    _, event_page = page(anonymous, f"/events/{big.pk}/", players=3)
    assert f"Rows {2 * PAGE_ROWS + 1}–{PLAYERS} of {PLAYERS}" in event_page
    assert '<span class="count">420' in event_page


def test_it_recomputes_the_standings_once_a_result_changes(big, django_assert_max_num_queries):
    first = selectors.event_standings(event=big)
    leader = first[0]
    assert leader.match_points == 3
    match = Match.objects.get(round__event=big, player_a_id=leader.player_id)
    match.wins_a, match.wins_b = 0, 1
    match.save()
    again = {s.player_id: s for s in selectors.event_standings(event=big)}
    assert again[leader.player_id].match_points == 0
    with django_assert_max_num_queries(2):  # unchanged: two version queries, no recomputation
        selectors.event_standings(event=big)


def test_it_recomputes_the_standings_once_a_player_drops_without_a_save(big):
    before = selectors.event_standings(event=big)
    Registration.objects.filter(pk=before[0].player_id).update(dropped=True)
    after = {s.player_id: s for s in selectors.event_standings(event=big)}
    assert after[before[0].player_id].dropped


def test_it_keeps_the_round_api_shape(big, anonymous):
    matches = anonymous.api.get(f"/api/events/{big.pk}/rounds/1/").json()["matches"]
    assert len(matches) == PLAYERS // 2
    assert matches[0] == {
        "id": matches[0]["id"],
        "table": 1,
        "player_a": "p0000",
        "player_b": "p0001",
        "status": "final",
        "wins_a": 1,
        "wins_b": 0,
        "draws": 0,
        "disputed": False,
        "reported_by": None,
        "extension_minutes": 0,
        "bracket_key": "",  # added for brackets (W1-1, L2-1, GF1); a Swiss match has none
    }


def dashboard_queries(event, organizer) -> tuple[int, str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.support.pages import browser

    client = browser(organizer)
    with CaptureQueriesContext(connection) as captured:
        html = client.get(f"/events/{event.pk}/manage/").content.decode()
    return len(captured), html


def test_the_dashboard_of_a_big_event_pages_its_players_and_tables(big, organizer):
    _, html = dashboard_queries(big, organizer)
    # The dashboard's pages are shorter than the public pages' (each row carries its forms).
    assert html.count('data-testid="deck-legality"') == MANAGE_ROWS  # only a page's decks checked
    assert html.count('data-testid="match-row"') == MANAGE_ROWS
    assert f"Rows 1–{MANAGE_ROWS} of {PLAYERS}" in html and f"Rows 1–{MANAGE_ROWS} of {PLAYERS // 2}" in html
    assert f"{PLAYERS // 2} of {PLAYERS // 2} results in" in html  # counted over every table
    _, found = page(organizer, f"/events/{big.pk}/manage/", q="p0419")
    assert found.count('data-testid="match-row"') == 1


def test_the_dashboards_queries_do_not_grow_with_the_field(big, organizer):
    asked, _ = dashboard_queries(big, organizer)
    User = get_user_model()
    more = User.objects.bulk_create(User(username=f"q{i:04d}", password="!") for i in range(300))
    Registration.objects.bulk_create(Registration(event=big, player=u, deck={}) for u in more)
    again, html = dashboard_queries(big, organizer)
    assert again == asked, (asked, again)
    assert f"of {PLAYERS + 300}" in html


def test_the_standings_api_reads_its_rows_back_until_a_result_changes(big, anonymous, monkeypatch):
    url = f"/api/events/{big.pk}/standings/"
    first = anonymous.api.get(url).json()
    made = []
    real = standings_module.event_results
    monkeypatch.setattr(standings_module, "event_results", lambda **kw: made.append(1) or real(**kw))
    assert anonymous.api.get(url).json() == first
    assert made == []  # unchanged: read back from the cache

    leader = first[0]["username"]
    match = Match.objects.get(round__event=big, player_a__player__username=leader)
    match.wins_a, match.wins_b = 0, 1
    match.save()
    again = {row["username"]: row for row in anonymous.api.get(url).json()}
    assert made == [1] and again[leader]["match_points"] == 0


def test_a_changed_result_asks_for_the_results_version_once_per_read(big, anonymous, monkeypatch):
    """The standings API's rows are made from the standings, each cached under the results
    version: after a change, one read asks for the version (two aggregate queries) once, and
    passes it on to the standings it is made from."""
    url = f"/api/events/{big.pk}/standings/"
    anonymous.api.get(url)
    asked = []
    real = standings_module.results_version
    monkeypatch.setattr(standings_module, "results_version", lambda event: asked.append(1) or real(event))
    match = Match.objects.filter(round__event=big).first()
    match.wins_a, match.wins_b = match.wins_b, match.wins_a
    match.save()
    rows = anonymous.api.get(url).json()
    assert asked == [1]  # the rows' key and the standings' key: one version
    assert sum(r["match_points"] for r in rows) == sum(
        s.match_points for s in selectors.event_standings(event=big)
    )

"""Numbers in addresses, queries and forms that no row can have, or that are not ASCII digits,
are a 404 or a 400 — never a 500 (the API fuzzer found /api/matches/<a 23-digit id>/...)."""

import pytest

from tournaments.numbers import ID_MAX, SMALL_MAX, whole_number

pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)

HUGE = "20377609833656747032576"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("7", 7),
        (" 42 ", 42),
        ("0", 0),
        ("", None),
        ("-3", None),
        ("²", None),
        ("٣", None),
        ("1e3", None),
        (str(ID_MAX), ID_MAX),
        (str(ID_MAX + 1), None),
        (HUGE, None),
        (None, None),
        (12, 12),
    ],
)
def test_a_whole_number_is_ascii_digits_in_range(raw, expected):
    assert whole_number(raw) == expected


def test_a_small_number_stops_where_the_column_does():
    assert whole_number(str(SMALL_MAX), high=SMALL_MAX) == SMALL_MAX
    assert whole_number(str(SMALL_MAX + 1), high=SMALL_MAX) is None


@pytest.mark.parametrize(
    "path",
    [
        f"/api/matches/{HUGE}/game/",
        f"/api/matches/{ID_MAX + 1}/game/stream/",
        f"/api/events/{HUGE}/",
        "/api/events/1/rounds/99999/",
        "/api/no-such-thing/",
    ],
)
def test_an_api_address_that_names_nothing_is_a_json_404(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}


def test_an_action_for_a_match_no_id_can_name_is_a_404(online_match):
    _event, _match_id, a, _b = online_match
    body = {"seq": 1, "action": {"type": "pass"}}
    response = a.api.post(f"/api/matches/{HUGE}/game/actions/", body, format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.parametrize("game", ["²", "99999", HUGE, "-1"])
def test_a_log_of_a_game_number_no_game_has_is_refused(online_match, judge, game):
    _event, match_id, _a, _b = online_match
    response = judge.api.get(f"/api/matches/{match_id}/log/?game={game}")
    assert response.status_code in (400, 404), response.content
    response = judge.api.get(f"/api/matches/{match_id}/game/events/?game={game}")
    assert response.status_code in (400, 404), response.content


def test_the_judges_log_page_takes_any_step_or_game_in_its_query(online_match, judge):
    _event, match_id, _a, _b = online_match
    judge.api.force_authenticate(None)
    judge.api.login(username=judge.name, password="correct-Horse-battery-9")
    for query in (f"?game={HUGE}&step={HUGE}", "?game=²&step=-99999999999", "?step=3"):
        response = judge.api.get(f"/matches/{match_id}/log/{query}")
        assert response.status_code == 200, (query, response.status_code)


def test_a_page_address_that_names_nothing_is_the_sites_404(client):
    response = client.get(f"/events/{HUGE}/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")

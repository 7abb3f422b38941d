"""A round robin's drop policy on the site (docs/structures.md, "Drops"): the organizer chooses
whether a dropped player's results are kept (their matches left are forfeits) or voided (every
match they played struck, their opponents rest); the pairing and the standings follow the core,
the standings page, the API and the CSV say which policy applies, and the choice is fixed at
the start."""

import pytest
from django.test import Client

from tests.support.actors import make_players
from tests.support.pages import EVENT_FORM, csv_rows, html_of, page, post
from tournaments.models import Event
from tournaments.structures import round_robin_standings
from tournaments.swiss import MatchRecord, Player

pytestmark = pytest.mark.django_db


def four_with_a_drop(event_factory, policy: str):
    """A round robin of four entered in order (seed order), played with seat A winning every
    match, the fourth player dropping after round 1; return the event and the names."""
    event = event_factory(structure="round_robin", seeding="organizer", drop_policy=policy)
    event.open()
    entrants = make_players(4)
    event.register(*entrants)
    names = [p.name for p in entrants]
    event.start()
    event.finish_round(1)
    response = event.organizer.api.post(f"{event.url}drop/", {"username": names[3]}, format="json")
    assert response.status_code == 200, response.content
    while True:
        answer = event.next_round()
        if answer.get("finished"):
            return event, names
        event.finish_round(answer["number"])


def core_standings(event, names: list[str], policy: str) -> list[tuple[str, int, bool]]:
    """The core's standings of the rounds the API gives, for the comparison."""
    ids = {name: i for i, name in enumerate(names, start=1)}
    players = [Player(id=ids[n], name=n, dropped=n == names[3]) for n in names]
    history = []
    for number in (1, 2, 3):
        for m in event.round(number)["matches"]:
            if m["status"] == "final":
                history.append(
                    MatchRecord(
                        round=number,
                        a=ids[m["player_a"]],
                        b=ids[m["player_b"]],
                        wins_a=m["wins_a"],
                        wins_b=m["wins_b"],
                        draws=m["draws"],
                    )
                )
    table = round_robin_standings(players=players, history=history, drop_policy=policy)
    return [(row.name, row.match_points, row.voided) for row in table.rows]


def test_voided_results_strike_the_dropped_players_matches_for_everyone(event_factory):
    event, names = four_with_a_drop(event_factory, "void")
    # Round 2 would have paired the dropped player: their opponent rests instead.
    second = event.round(2)
    assert all(names[3] not in (m["player_a"], m["player_b"]) for m in second["matches"])
    assert names[1] in second["rests"]
    rows = event.standings()
    assert [(r["username"], r["match_points"], r["voided"]) for r in rows] == core_standings(
        event, names, "void"
    )
    assert rows[-1]["username"] == names[3] and rows[-1]["voided"] is True
    assert [r["match_points"] for r in rows[:3]] == [3, 3, 3]  # the win over the dropped player struck
    assert all(r["played"] == 2 and r["drop_policy"] == "void" for r in rows[:3])


def test_kept_results_make_the_dropped_players_matches_left_forfeits(event_factory):
    event, names = four_with_a_drop(event_factory, "keep")
    second = event.round(2)
    forfeit = next(m for m in second["matches"] if names[3] in (m["player_a"], m["player_b"]))
    assert forfeit["status"] == "final"
    rows = event.standings()
    assert [(r["username"], r["match_points"], r["voided"]) for r in rows] == core_standings(
        event, names, "keep"
    )
    assert [r["match_points"] for r in rows[:3]] == [6, 6, 6]
    assert rows[-1]["username"] == names[3] and rows[-1]["played"] == 3 and rows[-1]["voided"] is False
    assert {r["drop_policy"] for r in rows} == {"keep"}


def test_a_round_robin_keeps_results_unless_told(event_factory, organizer):
    event = event_factory(structure="round_robin")
    assert organizer.api.get(event.url).json()["drop_policy"] == "keep"
    swiss = event_factory()
    assert organizer.api.get(swiss.url).json()["drop_policy"] == "keep"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"structure": "round_robin", "drop_policy": "forget"}, "invalid"),
        ({"drop_policy": "void"}, "option_not_for_structure"),
        ({"structure": "single_elimination", "drop_policy": "void"}, "option_not_for_structure"),
        ({"structure": "league", "league_days": 3, "league_matches": 2, "drop_policy": "void"},
         "option_not_for_structure"),
    ],
)  # fmt: skip
def test_it_refuses_a_drop_policy_it_does_not_take(organizer, body, code):
    response = organizer.api.post("/api/events/", {"name": "Cup", **body}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code


def test_the_organizer_changes_the_policy_before_the_start_and_not_after(event_factory):
    event = event_factory(structure="round_robin", seeding="organizer")
    api = event.organizer.api
    response = api.patch(event.url, {"drop_policy": "void"}, format="json")
    assert response.status_code == 200 and response.json()["drop_policy"] == "void"
    response = api.patch(event.url, {"drop_policy": "nothing"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    event.open()
    event.register(*make_players(3))
    event.start()
    body = {"drop_policy": "keep", "reason": "a player asked"}
    response = api.patch(event.url, body, format="json")
    assert response.status_code == 409 and response.json()["code"] == "settings_fixed"
    assert "drop_policy" in response.json()["detail"] and "started" in response.json()["detail"]
    assert Event.objects.get(pk=event.id).drop_policy == "void"


def test_leaving_the_round_robin_leaves_its_drop_policy(event_factory):
    event = event_factory(structure="round_robin", drop_policy="void")
    response = event.organizer.api.patch(event.url, {"structure": "swiss"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["drop_policy"] == "keep"
    response = event.organizer.api.patch(event.url, {"drop_policy": "void"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "option_not_for_structure"


def test_the_refusal_after_the_start_is_said_in_russian(event_factory):
    event = event_factory(structure="round_robin", seeding="organizer")
    event.open()
    event.register(*make_players(3))
    event.start()
    body = {"drop_policy": "void", "reason": "просьба"}
    response = event.organizer.api.patch(event.url, body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409 and response.json()["code"] == "settings_fixed"
    assert "турнир начался" in response.json()["detail"]


def test_the_standings_page_says_the_policy_and_marks_the_voided_player(event_factory, organizer):
    event, names = four_with_a_drop(event_factory, "void")
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert 'data-policy="void"' in html and "every match they played struck" in html
    assert 'data-testid="voided"' in html and "results voided" in html
    assert html.index(names[3]) > max(html.index(n) for n in names[:3])
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get(f"/events/{event.id}/standings/").content.decode()
    assert "результаты аннулированы" in html and "вычеркнуты" in html


def test_the_standings_page_says_results_are_kept(event_factory, organizer):
    event, _names = four_with_a_drop(event_factory, "keep")
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert 'data-policy="keep"' in html and "keeps the results of the matches they played" in html
    assert 'data-testid="voided"' not in html
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get(f"/events/{event.id}/standings/").content.decode()
    assert "сохраняет результаты сыгранных матчей" in html


def test_the_csv_says_the_policy_and_who_was_voided(event_factory):
    event, names = four_with_a_drop(event_factory, "void")
    rows = csv_rows(Client().get(f"/events/{event.id}/export/standings.csv"))
    by_name = {row[1]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert by_name[names[3]]["voided"] == "yes" and by_name[names[0]]["voided"] == ""
    assert {row["drop_policy"] for row in by_name.values()} == {"void"}


def test_the_event_form_takes_the_policy_of_a_round_robin(organizer):
    form = {**EVENT_FORM, "name": "Circle", "structure": "round_robin", "drop_policy": "void"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 302, html_of(response)
    event = Event.objects.get(name="Circle")
    assert event.drop_policy == "void"
    _, html = page(organizer, f"/events/{event.id}/manage/edit/")
    assert '<option value="void" selected>' in html
    form = {**EVENT_FORM, "name": "Bracket", "structure": "single_elimination", "drop_policy": "void"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 400 and "only for a round robin" in html_of(response)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get("/events/new/").content.decode()
    assert "Результаты выбывших игроков" in html

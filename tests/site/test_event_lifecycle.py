"""An event from draft to finished, through the API of docs/api.md."""

import pytest

from tests.support.actors import make_players

pytestmark = pytest.mark.django_db


def test_it_creates_an_event_in_draft(organizer, card_sets):
    response = organizer.api.post(
        "/api/events/",
        {
            "name": "Spring Cup",
            "game": "respons",
            "best_of": 3,
            "rounds": None,
            "top_cut": 4,
            "side_deck_max": 10,
            "online": False,
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "draft"
    assert body["organizer"] == "olga"
    assert (body["best_of"], body["top_cut"], body["rounds"]) == (3, 4, None)


def test_it_refuses_bad_settings_with_400(organizer):
    for bad in ({"name": "X", "best_of": 2}, {"name": "X", "top_cut": 3}, {"name": "X", "game": "chess"}, {}):
        response = organizer.api.post("/api/events/", bad, format="json")
        assert response.status_code == 400, bad
        assert set(response.json()) >= {"detail", "code"}


def test_it_refuses_an_online_event_for_a_game_without_engine(organizer, paper_game):
    response = organizer.api.post("/api/events/", {"name": "X", "game": "fow", "online": True}, format="json")
    assert response.status_code == 400
    assert "online" in response.json()["detail"]
    response = organizer.api.post("/api/events/", {"name": "X", "game": "wow", "online": True}, format="json")
    assert response.status_code == 201, "the WoW TCG has a match engine"


def test_it_offers_the_formats_of_the_game(organizer):
    ok = organizer.api.post(
        "/api/events/", {"name": "Sealed", "game": "wow", "format": "sealed"}, format="json"
    )
    assert ok.status_code == 201
    bad = organizer.api.post(
        "/api/events/", {"name": "X", "game": "respons", "format": "sealed"}, format="json"
    )
    assert bad.status_code == 400


def test_it_runs_swiss_rounds_then_finishes(event_factory):
    event = event_factory(rounds=2)
    event.open()
    players = make_players(6)
    event.register(*players)
    first = event.start()
    assert first["number"] == 1 and first["kind"] == "swiss"
    assert len(first["matches"]) == 3
    busy = event.organizer.api.post(f"{event.url}next-round/")
    assert busy.status_code == 409
    assert busy.json()["code"] == "results_missing"
    event.finish_round(1)
    second = event.next_round()
    assert second["number"] == 2
    event.finish_round(2)
    finished = event.next_round()
    assert finished["finished"] is True
    assert finished["event"]["status"] == "finished"
    standings = event.standings()
    assert [row["rank"] for row in standings] == [1, 2, 3, 4, 5, 6]
    assert standings[0]["match_points"] == 6


def test_it_uses_the_recommended_number_of_rounds(event_factory):
    event = event_factory()  # rounds: null
    event.open()
    event.register(*make_players(9))
    event.start()
    assert event.organizer.api.get(event.url).json()["swiss_rounds"] == 5


def test_it_gives_a_bye_as_a_final_two_nil_win(event_factory):
    event = event_factory(rounds=1)
    event.open()
    event.register(*make_players(5))
    matches = event.start()["matches"]
    byes = [m for m in matches if m["player_b"] is None]
    assert len(byes) == 1
    assert (byes[0]["status"], byes[0]["wins_a"], byes[0]["wins_b"]) == ("final", 2, 0)


def test_it_runs_a_top_cut_seeded_by_standings(event_factory):
    event = event_factory(rounds=3, top_cut=4, best_of=3)
    event.open()
    event.register(*make_players(8))
    event.start()
    for number in (1, 2, 3):
        event.finish_round(number)
        round_ = event.next_round()
    assert round_["kind"] == "top_cut"
    seeds = [row["username"] for row in event.standings()[:4]]
    assert [(m["player_a"], m["player_b"]) for m in round_["matches"]] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    drawn = event.organizer.api.post(
        f"/api/matches/{round_['matches'][0]['id']}/report/",
        {"wins_a": 1, "wins_b": 1, "draws": 1},
        format="json",
    )
    assert drawn.status_code == 400
    assert drawn.json()["code"] == "top_cut_draw"
    event.finish_round(4)
    final = event.next_round()
    assert final["kind"] == "top_cut" and len(final["matches"]) == 1
    assert {final["matches"][0]["player_a"], final["matches"][0]["player_b"]} == {seeds[0], seeds[1]}
    event.finish_round(5)
    assert event.next_round()["event"]["status"] == "finished"


def test_it_never_pairs_a_dropped_player_again(event_factory):
    event = event_factory(rounds=3)
    event.open()
    players = make_players(6)
    event.register(*players)
    event.start()
    response = players[0].api.post(f"{event.url}drop/", {"username": players[0].name}, format="json")
    assert response.status_code == 200
    event.finish_round(1)
    second = event.next_round()
    names = {m["player_a"] for m in second["matches"]} | {m["player_b"] for m in second["matches"]}
    assert players[0].name not in names
    standing = next(row for row in event.standings() if row["username"] == players[0].name)
    assert standing["dropped"] is True


def test_it_waitlists_players_past_the_cap_and_promotes_on_withdrawal(event_factory):
    event = event_factory(player_cap=2)
    event.open()
    players = make_players(3)
    event.register(*players)
    listing = {
        r["username"]: r["status"] for r in event.organizer.api.get(f"{event.url}registrations/").json()
    }
    assert listing == {"p001": "active", "p002": "active", "p003": "waitlist"}
    assert players[0].api.delete(f"{event.url}registrations/").status_code == 204
    listing = {
        r["username"]: r["status"] for r in event.organizer.api.get(f"{event.url}registrations/").json()
    }
    assert listing == {"p002": "active", "p003": "active"}


def test_it_takes_late_entries_with_losses_for_missed_rounds(event_factory):
    event = event_factory(rounds=3, late_entry=True)
    event.open()
    event.register(*make_players(4))
    event.start()
    late = make_players(1, prefix="late")[0]
    event.register(late)
    event.finish_round(1)
    second = event.next_round()
    names = {m["player_a"] for m in second["matches"]} | {m["player_b"] for m in second["matches"]}
    assert late.name in names
    row = next(r for r in event.standings() if r["username"] == late.name)
    assert row["losses"] == 1


def test_it_refuses_late_entry_unless_the_organizer_allows_it(event_factory):
    event = event_factory(rounds=3)
    event.open()
    event.register(*make_players(4))
    event.start()
    late = make_players(1, prefix="late")[0]
    response = late.api.post(f"{event.url}registrations/", {"deck": event.decks[0]}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "registration_closed"

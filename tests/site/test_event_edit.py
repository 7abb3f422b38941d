"""Editing an event: every setting until it starts, round time and description at any time,
each change in the audit trail with who, when, what and why (points 3 and 10)."""

import pytest

from tests.support.actors import make_players
from tournaments.models import Event, ResultChange, Round

pytestmark = pytest.mark.django_db


def patch(actor, event, body):
    return actor.api.patch(event.url, body, format="json")


def audit(event):
    return event.organizer.api.get(f"{event.url}audit/").json()


def test_it_changes_every_setting_and_detail_before_the_start(event_factory):
    cup = event_factory()
    body = {
        "name": "Spring Cup",
        "best_of": 3,
        "rounds": 4,
        "top_cut": 2,
        "side_deck_max": 5,
        "online": True,
        "round_minutes": 40,
        "player_cap": 16,
        "late_entry": True,
        "starts_at": "2030-05-30T10:00",
        "time_zone": "Europe/Moscow",
        "venue": "Клуб «Респонс», Москва",
        "description": "Bring sleeves.",
        "registration_closes_at": "2030-05-30T09:30:00+03:00",
    }
    response = patch(cup.organizer, cup, body)
    assert response.status_code == 200, response.content
    out = response.json()
    for key in ("name", "best_of", "rounds", "top_cut", "side_deck_max", "online", "round_minutes"):
        assert out[key] == body[key]
    # A time without an offset is a wall-clock time in the event's zone: 10:00 Moscow is 07:00 UTC.
    assert out["starts_at"].startswith("2030-05-30T07:00:00")
    assert out["registration_closes_at"].startswith("2030-05-30T06:30:00")
    assert (out["time_zone"], out["venue"], out["description"]) == (
        "Europe/Moscow",
        "Клуб «Респонс», Москва",
        "Bring sleeves.",
    )
    assert out["url"].endswith(f"/events/{cup.id}/")


def test_it_records_each_edit_with_who_what_and_why(event_factory):
    cup = event_factory()
    patch(cup.organizer, cup, {"round_minutes": 40, "name": "Cup II", "reason": "longer name"})
    (entry,) = audit(cup)
    assert entry["by"] == "olga" and entry["action"] == "edit" and entry["reason"] == "longer name"
    assert entry["old"] == {"round_minutes": 50, "name": "Cup"}
    assert entry["new"] == {"round_minutes": 40, "name": "Cup II"}
    assert entry["at"]


def test_it_records_nothing_when_nothing_changes(event_factory):
    cup = event_factory()
    assert patch(cup.organizer, cup, {"round_minutes": 50, "best_of": 1}).status_code == 200
    assert audit(cup) == []


def test_it_lets_only_the_organizer_edit(event_factory, judge, outsider, anonymous):
    cup = event_factory()
    cup.open()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    assert patch(judge, cup, {"name": "Mine"}).json()["code"] == "permission_denied"
    assert patch(outsider, cup, {"name": "Mine"}).status_code == 403
    assert patch(anonymous, cup, {"name": "Mine"}).status_code == 401
    assert Event.objects.get(pk=cup.id).name == "Cup"


def test_it_hides_a_draft_from_anyone_but_its_organizer(event_factory, outsider):
    cup = event_factory()
    assert patch(outsider, cup, {"name": "Mine"}).status_code == 404
    assert outsider.api.delete(cup.url).status_code == 404


def test_it_refuses_bad_values_naming_the_field(event_factory):
    cup = event_factory()
    for bad, field in (
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"starts_at": "next tuesday"}, "starts_at"),
        ({"best_of": 2}, "best_of"),
        ({"format": "sealed"}, "format"),
        ({"name": "  "}, "name"),
        ({"venue": "x" * 201}, "venue"),
        ({"colour": "red"}, "colour"),
        ({"starts_at": "2030-05-30T10:00", "registration_closes_at": "2030-05-31T10:00"}, "registration"),
    ):
        response = patch(cup.organizer, cup, bad)
        assert response.status_code == 400, bad
        assert response.json()["detail"].startswith(field), response.json()


def test_it_fixes_the_settings_once_the_event_has_started(event_factory):
    cup = event_factory()
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    for body in ({"best_of": 3}, {"name": "Other"}, {"starts_at": "2031-01-01T10:00"}):
        refused = patch(cup.organizer, cup, {**body, "reason": "because"})
        assert refused.status_code == 409 and refused.json()["code"] == "settings_fixed", body
    unchanged = patch(cup.organizer, cup, {"best_of": 1, "reason": "same value"})  # the same value passes
    assert unchanged.status_code == 200


def test_it_changes_round_time_and_description_after_the_start_with_a_reason(event_factory):
    cup = event_factory()
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    no_reason = patch(cup.organizer, cup, {"round_minutes": 60})
    assert no_reason.status_code == 400 and no_reason.json()["code"] == "reason_required"
    done = patch(cup.organizer, cup, {"round_minutes": 60, "description": "Lunch at 13:00", "reason": "late"})
    assert done.status_code == 200
    round_1 = Round.objects.get(event_id=cup.id, number=1)
    assert (round_1.ends_at - round_1.started_at).total_seconds() == 60 * 60  # the round being played too
    assert audit(cup)[-1]["new"] == {"round_minutes": 60, "description": "Lunch at 13:00"}


def test_it_changes_the_description_of_a_finished_event(event_factory):
    cup = event_factory(rounds=1)
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    response = patch(cup.organizer, cup, {"description": "Photos are up.", "reason": "photos"})
    assert response.status_code == 200 and response.json()["description"] == "Photos are up."


def test_it_keeps_the_game_while_players_hold_decks_for_it(event_factory, player):
    cup = event_factory()
    assert patch(cup.organizer, cup, {"game": "wow"}).json()["format"] == "constructed"
    assert patch(cup.organizer, cup, {"game": "respons"}).status_code == 200
    cup.open()
    cup.register(player)
    refused = patch(cup.organizer, cup, {"game": "wow"})
    assert refused.status_code == 409 and refused.json()["code"] == "has_registrations"


def test_a_higher_player_cap_lets_the_waitlist_in(event_factory):
    cup = event_factory(player_cap=2)
    cup.open()
    cup.register(*make_players(4))
    patch(cup.organizer, cup, {"player_cap": 3})
    out = cup.organizer.api.get(cup.url).json()
    assert (out["players"], out["waitlist"]) == (3, 1)


def test_it_creates_an_event_with_its_details(organizer, card_sets):
    body = {"name": "Cup", "starts_at": "2030-01-02T18:30", "time_zone": "Asia/Novosibirsk", "venue": "Hall"}
    out = organizer.api.post("/api/events/", body, format="json").json()
    assert out["starts_at"].startswith("2030-01-02T11:30:00")
    assert out["venue"] == "Hall"


def test_it_keeps_the_audit_row_of_a_deleted_draft():
    assert ResultChange._meta.get_field("event").null  # the row outlives its event (SET_NULL)


def test_it_refuses_dates_out_of_range_without_a_server_error(event_factory):
    cup = event_factory()
    for value in ("9999-12-31T23:59", "0001-01-01T00:00", "2030-13-01T10:00", "2030-05-30T10:00+25:00"):
        for zone in ("America/Los_Angeles", "Pacific/Kiritimati"):
            response = patch(cup.organizer, cup, {"starts_at": value, "time_zone": zone})
            assert response.status_code == 400, (value, zone, response.content)
            assert response.json()["detail"].startswith("starts_at")


def test_an_online_event_moves_to_a_paper_game_only_when_it_says_so(event_factory, paper_game):
    cup = event_factory(online=True)
    refused = patch(cup.organizer, cup, {"game": "fow"})
    assert refused.status_code == 400 and refused.json()["detail"].startswith("online")
    moved = patch(cup.organizer, cup, {"game": "fow", "online": False})
    assert moved.status_code == 200 and (moved.json()["game"], moved.json()["online"]) == ("fow", False)

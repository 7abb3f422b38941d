"""Cancel, delete a draft, remove a judge, register a walk-in: each only by the organizer, each
in the audit trail with who, when, what and why (5 and 10)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.support.actors import make_players
from tournaments.models import Event, Registration, ResultChange

pytestmark = pytest.mark.django_db


def audit(event):
    return event.organizer.api.get(f"{event.url}audit/").json()


# ------------------------------------------------------------------------------------------ cancel


def test_it_cancels_an_event_in_registration_with_a_reason(event_factory, player):
    cup = event_factory()
    cup.open()
    cup.register(player)
    response = cup.organizer.api.post(f"{cup.url}cancel/", {"reason": "the venue flooded"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    entry = audit(cup)[-1]
    assert (entry["by"], entry["action"], entry["reason"]) == ("olga", "cancel", "the venue flooded")
    assert (entry["old"], entry["new"]) == ({"status": "registration"}, {"status": "cancelled"})


def test_a_cancelled_event_takes_no_registration_and_never_starts(event_factory, player, opponent):
    cup = event_factory()
    cup.open()
    cup.register(player)
    cup.organizer.api.post(f"{cup.url}cancel/", {"reason": "no venue"}, format="json")
    late = opponent.api.post(f"{cup.url}registrations/", {"deck": cup.decks[0]}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "registration_closed"
    assert cup.organizer.api.post(f"{cup.url}start/").status_code == 409
    assert cup.organizer.api.post(f"{cup.url}open/").status_code == 409


def test_it_refuses_to_cancel_without_a_reason_or_after_the_start(event_factory):
    cup = event_factory()
    cup.open()
    no_reason = cup.organizer.api.post(f"{cup.url}cancel/", {"reason": ""}, format="json")
    assert no_reason.status_code == 400
    cup.register(*make_players(2))
    cup.start()
    started = cup.organizer.api.post(f"{cup.url}cancel/", {"reason": "why not"}, format="json")
    assert started.status_code == 409 and started.json()["code"] == "cannot_cancel"


def test_only_the_organizer_cancels(event_factory, judge, outsider):
    cup = event_factory()
    cup.open()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    for actor in (judge, outsider):
        response = actor.api.post(f"{cup.url}cancel/", {"reason": "mine"}, format="json")
        assert response.status_code == 403
    assert Event.objects.get(pk=cup.id).status == "registration"


# ------------------------------------------------------------------------------------------ delete


def test_it_deletes_a_draft_and_keeps_the_audit_row(event_factory):
    cup = event_factory()
    response = cup.organizer.api.delete(cup.url, {"reason": "duplicate"}, format="json")
    assert response.status_code == 204
    assert not Event.objects.filter(pk=cup.id).exists()
    row = ResultChange.objects.get(action="delete")
    assert (row.event, row.by.username, row.note) == (None, "olga", "duplicate")
    assert row.old == {"id": cup.id, "name": "Cup", "status": "draft"}


def test_it_deletes_only_drafts_and_only_for_the_organizer(event_factory, outsider):
    cup = event_factory()
    cup.open()
    assert outsider.api.delete(cup.url).status_code == 403
    refused = cup.organizer.api.delete(cup.url)
    assert refused.status_code == 409 and refused.json()["code"] == "not_a_draft"
    assert Event.objects.filter(pk=cup.id).exists()


# ------------------------------------------------------------------------------------------ judges


def test_it_removes_a_judge_with_a_reason(event_factory, judge):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    response = cup.organizer.api.delete(f"{cup.url}judges/JURY/", {"reason": "ill"}, format="json")
    assert response.status_code == 200 and response.json()["judges"] == []
    entry = audit(cup)[-1]
    assert (entry["action"], entry["old"], entry["reason"]) == ("judge_remove", {"judge": "jury"}, "ill")
    # The removed judge is an outsider now: no dashboard, no audit trail.
    cup.open()
    assert judge.api.get(f"{cup.url}audit/").status_code == 403


def test_it_refuses_to_remove_someone_who_is_not_a_judge(event_factory, outsider, judge):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    missing = cup.organizer.api.delete(f"{cup.url}judges/{outsider.name}/", {"reason": "x"}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "not_a_judge"
    no_reason = cup.organizer.api.delete(f"{cup.url}judges/{judge.name}/", {}, format="json")
    assert no_reason.status_code == 400
    cup.open()
    by_judge = judge.api.delete(f"{cup.url}judges/{judge.name}/", {"reason": "x"}, format="json")
    assert by_judge.status_code == 403


# ------------------------------------------------------------------------------------------ walk-ins


def walk_in(event, **body):
    return event.organizer.api.post(f"{event.url}walk-ins/", body, format="json")


def test_it_registers_a_walk_in_with_an_existing_account(event_factory, player, respons_deck_text):
    cup = event_factory()
    cup.open()
    response = walk_in(cup, username="ANNA", deck=respons_deck_text)
    assert response.status_code == 201, response.content
    assert response.json()["username"] == "anna" and response.json()["password"] is None
    assert Registration.objects.get(event_id=cup.id).player == player.user
    entry = audit(cup)[-1]
    assert (entry["action"], entry["new"]["player"], entry["new"]["new_account"]) == (
        "walk_in",
        "anna",
        False,
    )


def test_it_makes_a_new_account_for_a_walk_in_who_can_then_sign_in(event_factory, respons_deck_text):
    cup = event_factory()
    cup.open()
    response = walk_in(cup, username="vera", deck=respons_deck_text, new_account=True, email="v@example.org")
    assert response.status_code == 201, response.content
    password = response.json()["password"]
    assert password and len(password) >= 12
    assert Client().login(username="vera", password=password)
    assert get_user_model().objects.get(username="vera").email == "v@example.org"


def test_an_illegal_walk_in_deck_creates_nothing(event_factory):
    cup = event_factory()
    cup.open()
    response = walk_in(cup, username="vera", deck="1 Nothing Like This Card", new_account=True)
    assert response.status_code == 400
    assert response.json()["code"] in ("illegal_deck", "bad_decklist")
    assert not get_user_model().objects.filter(username="vera").exists()
    assert not ResultChange.objects.filter(action="walk_in").exists()


def test_it_refuses_a_walk_in_that_is_taken_unknown_or_already_registered(
    event_factory, player, respons_deck_text
):
    cup = event_factory()
    cup.open()
    taken = walk_in(cup, username="anna", deck=respons_deck_text, new_account=True)
    assert taken.status_code == 400 and taken.json()["code"] == "username_taken"
    unknown = walk_in(cup, username="nobody", deck=respons_deck_text)
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_user"
    bad_name = walk_in(cup, username="a b/c", deck=respons_deck_text, new_account=True)
    assert bad_name.status_code == 400 and bad_name.json()["detail"].startswith("username")
    cup.register(player)
    twice = walk_in(cup, username="anna", deck=respons_deck_text)
    assert twice.status_code == 409 and twice.json()["code"] == "already_registered"


def test_only_the_organizer_registers_walk_ins(event_factory, judge, outsider, respons_deck_text):
    cup = event_factory()
    cup.open()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    for actor in (judge, outsider):
        body = {"username": "vera", "deck": respons_deck_text, "new_account": True}
        assert actor.api.post(f"{cup.url}walk-ins/", body, format="json").status_code == 403
    assert not get_user_model().objects.filter(username="vera").exists()


def test_a_walk_in_passes_the_registration_deadline_a_player_cannot(event_factory, player, opponent):
    cup = event_factory()
    cup.open()
    Event.objects.filter(pk=cup.id).update(registration_closes_at=timezone.now() - timedelta(minutes=1))
    late = player.api.post(f"{cup.url}registrations/", {"deck": cup.decks[0]}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "registration_closed"
    assert walk_in(cup, username=opponent.name, deck=cup.decks[0]).status_code == 201


def test_a_walk_in_waits_for_registration_to_open(event_factory, player, respons_deck_text):
    cup = event_factory()
    response = walk_in(cup, username="anna", deck=respons_deck_text)
    assert response.status_code == 409 and response.json()["code"] == "registration_closed"


# ------------------------------------------------------------------------------------------ the trail


def test_the_audit_trail_holds_result_changes_too_and_is_for_officials_only(event_factory, player, judge):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    cup.finish_round(1)
    trail = judge.api.get(f"{cup.url}audit/").json()
    assert [(e["action"], e["round"]) for e in trail] == [("judge_report", 1)]
    assert player.api.get(f"{cup.url}audit/").status_code == 403

"""Check-in: the organizer can require it; players check in (page, API, or
the organizer and judges mark them); at the start the players not checked in are dropped and
waitlisted players who did check in move up, as Melee does. Every check-in is in the audit trail."""

import pytest

from tests.support.actors import make_players
from tests.support.pages import html_of, page, post
from tournaments.models import Registration, ResultChange

pytestmark = pytest.mark.django_db


def check_in(actor, cup, username: str = "", checked_in: bool = True):
    body = {"username": username, "checked_in": checked_in}
    return actor.api.post(f"{cup.url}check-in/", body, format="json")


def registration(cup, actor) -> Registration:
    return Registration.objects.get(event_id=cup.id, player=actor.user)


@pytest.fixture
def cup(event_factory):
    cup = event_factory(check_in_required=True)
    cup.open()
    return cup


def test_it_is_a_setting_of_the_event_off_by_default(event_factory, organizer):
    plain = event_factory()
    assert organizer.api.get(plain.url).json()["check_in_required"] is False
    response = organizer.api.patch(plain.url, {"check_in_required": True}, format="json")
    assert response.status_code == 200 and response.json()["check_in_required"] is True
    entry = ResultChange.objects.filter(event_id=plain.id, action="edit").last()
    assert (entry.old, entry.new) == ({"check_in_required": False}, {"check_in_required": True})


def test_it_lets_a_player_check_in_and_out_with_the_api(cup, player):
    cup.register(player)
    response = check_in(player, cup)
    assert response.status_code == 200, response.content
    assert response.json()["checked_in"] is True and registration(cup, player).checked_in
    again = check_in(player, cup)  # twice is once: no second audit entry
    assert again.status_code == 200
    out = check_in(player, cup, checked_in=False)
    assert out.json()["checked_in"] is False and not registration(cup, player).checked_in
    actions = list(ResultChange.objects.filter(event_id=cup.id).values_list("action", "by__username", "new"))
    assert actions == [
        ("check_in", "anna", {"checked_in": True, "player": "anna"}),
        ("check_in_undo", "anna", {"checked_in": False, "player": "anna"}),
    ]


def test_the_organizer_and_a_judge_mark_players_but_another_player_cannot(
    cup, organizer, judge, player, opponent
):
    organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.register(player, opponent)
    assert check_in(organizer, cup, "ANNA").json()["checked_in"] is True  # any case of the name
    assert check_in(judge, cup, "boris").status_code == 200
    refused = check_in(player, cup, "boris", checked_in=False)
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert registration(cup, opponent).checked_in
    entry = ResultChange.objects.filter(event_id=cup.id, action="check_in").first()
    assert entry.by.username == "olga" and entry.new["player"] == "anna"


def test_it_refuses_check_in_with_a_clear_reason(event_factory, cup, player, opponent, outsider):
    cup.register(player, opponent)
    unknown = check_in(cup.organizer, cup, "nobody")
    assert unknown.status_code == 400 and unknown.json()["code"] == "not_registered"
    stranger = check_in(outsider, cup)
    assert stranger.status_code == 400 and stranger.json()["code"] == "not_registered"
    assert check_in(outsider, cup, "anna").status_code == 403
    plain = event_factory()
    plain.open()
    plain.register(player)
    not_used = check_in(player, plain)
    assert not_used.status_code == 409 and not_used.json()["code"] == "check_in_not_required"
    check_in(player, cup)
    check_in(opponent, cup)
    cup.start()
    late = check_in(player, cup, checked_in=False)
    assert late.status_code == 409 and late.json()["code"] == "check_in_closed"
    assert "registration" in late.json()["detail"]


def test_the_start_drops_the_players_who_did_not_check_in(cup, player, opponent):
    late, *_ = others = make_players(2)
    cup.register(player, opponent, *others)
    for actor in (player, opponent, others[1]):
        check_in(actor, cup)
    round1 = cup.start()
    paired = {m["player_a"] for m in round1["matches"]} | {m["player_b"] for m in round1["matches"]}
    assert late.name not in paired and {"anna", "boris", "p002"} <= paired
    row = registration(cup, late)
    assert (row.dropped, row.dropped_after_round) == (True, 0)
    assert late.name not in {s["username"] for s in cup.standings()}  # they never played
    entry = ResultChange.objects.get(event_id=cup.id, action="check_in_close")
    assert entry.new == {"dropped": "p001", "promoted": ""}


def test_the_start_moves_up_waitlisted_players_who_checked_in(event_factory, player, opponent):
    cup = event_factory(check_in_required=True, player_cap=2)
    cup.open()
    absent, waiting_here, waiting_away = make_players(3)
    cup.register(player, absent, waiting_away, waiting_here)  # the last two wait
    assert registration(cup, waiting_here).status == Registration.Status.WAITLIST
    for actor in (player, waiting_here):
        check_in(actor, cup)
    round1 = cup.start()
    assert {round1["matches"][0]["player_a"], round1["matches"][0]["player_b"]} == {"anna", waiting_here.name}
    assert registration(cup, waiting_here).status == Registration.Status.ACTIVE
    assert registration(cup, waiting_away).status == Registration.Status.WAITLIST  # not here: not moved up
    entry = ResultChange.objects.get(event_id=cup.id, action="check_in_close")
    assert entry.new == {"dropped": absent.name, "promoted": waiting_here.name}


def test_the_start_is_refused_and_nobody_dropped_when_too_few_checked_in(cup, player, opponent):
    cup.register(player, opponent)
    check_in(player, cup)
    response = cup.organizer.api.post(f"{cup.url}start/")
    assert response.status_code == 409 and response.json()["code"] == "too_few_players"
    assert not registration(cup, opponent).dropped  # the refusal changed nothing
    assert cup.organizer.api.get(cup.url).json()["status"] == "registration"


def test_without_check_in_the_start_drops_nobody(event_factory, player, opponent):
    plain = event_factory()
    plain.open()
    plain.register(player, opponent)
    assert len(plain.start()["matches"]) == 1
    assert not Registration.objects.filter(event_id=plain.id, dropped=True).exists()


def test_a_player_checks_in_on_the_event_page(cup, player):
    cup.register(player)
    _, html = page(player, f"/events/{cup.id}/")
    assert "This event requires check-in." in html and 'data-testid="check-in"' in html
    response = post(player, f"/events/{cup.id}/check-in/")
    assert "You are checked in." in html_of(response)
    assert "Undo my check-in" in html_of(response)
    assert registration(cup, player).checked_in


def test_the_dashboard_counts_and_marks_check_ins(cup, organizer, player, opponent):
    cup.register(player, opponent)
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert "0 of 2 players checked in." in html and "Check anna in" in html
    response = post(
        organizer, f"/events/{cup.id}/check-in/", {"username": "anna", "next": f"/events/{cup.id}/manage/"}
    )
    html = html_of(response)
    assert "anna is checked in." in html and "1 of 2 players checked in." in html
    assert "Undo anna’s check-in" in html


def test_the_player_dropped_for_not_checking_in_is_told_why(cup, player, opponent, outsider):
    extra = make_players(1)[0]
    cup.register(player, opponent, extra)
    check_in(opponent, cup)
    check_in(extra, cup)
    cup.start()
    _, html = page(player, f"/events/{cup.id}/")
    assert "You did not check in before the event started" in html
    _, dashboard = page(cup.organizer, f"/events/{cup.id}/manage/")
    assert "did not check in" in dashboard


def test_the_pages_say_it_in_russian(cup, player):
    from django.test import Client

    cup.register(player)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(player.user)
    html = client.get(f"/events/{cup.id}/").content.decode()
    assert "На этом турнире нужно отметиться о прибытии." in html and "Отметиться" in html
    refused = cup.organizer.api.post(
        f"{cup.url}check-in/", {"username": "nobody"}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert "не зарегистрирован" in refused.json()["detail"]


def test_a_walk_in_registered_at_the_venue_is_checked_in(cup, player, outsider):
    body = {"username": outsider.name, "deck": cup.decks[0]}
    response = cup.organizer.api.post(f"{cup.url}walk-ins/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["checked_in"] is True


def test_a_double_drop_settles_and_records_once(event_factory, player, opponent):
    cup = event_factory(rounds=2)
    cup.open()
    cup.register(player, opponent)
    cup.start()
    for _ in range(2):
        assert player.api.post(f"{cup.url}drop/", {"username": "anna"}, format="json").status_code == 200
    assert ResultChange.objects.filter(action="drop").count() == 1

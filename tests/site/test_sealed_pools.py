"""Real sealed and draft (point 14): officials record each player's pool, the deck is
checked against it (W2.6), and pools are hidden like decklists."""

import copy
import json

import pytest
from django.urls import reverse
from django.utils import translation

from tests.support.actors import make_actor
from tournaments.label_messages import violation_text
from tournaments.models import Pool, Registration, ResultChange

POOL_TEXT = "Pool:\n12 Battle Fury\n10 Ashfang Raider\nTraveler's Pack x10\n3 Rusted Cleaver\n"
HERO = "Grotha Ashmane"  # not in the pool: any hero leads a limited deck
DECK = {"game": "wow", "hero": HERO, "main": {"Battle Fury": 10, "Ashfang Raider": 10, "Traveler's Pack": 10}}


@pytest.fixture(scope="module")
def _sealed_rows(module_rows, django_db_blocker):
    """An open WoW sealed event with a judge, the player registered without a deck: made once
    for the module's tests (tests/support/shared_rows.py), with its organizer, judge and player."""
    with django_db_blocker.unblock():
        organizer, judge, player = make_actor("olga"), make_actor("jury"), make_actor("anna")
        body = {"name": "Sealed Cup", "game": "wow", "format": "sealed"}
        event = organizer.api.post("/api/events/", body, format="json").json()
        url = f"/api/events/{event['id']}/"
        organizer.api.post(f"{url}judges/", {"username": judge.name}, format="json")
        assert organizer.api.post(f"{url}open/").status_code == 200
        response = player.api.post(f"{url}registrations/", {}, format="json")
        assert response.status_code == 201, response.content
    return url, {"organizer": organizer, "judge": judge, "player": player}


@pytest.fixture
def _shared(_sealed_rows, db):
    return copy.deepcopy(_sealed_rows)


@pytest.fixture
def shared_actors(_shared):
    return _shared[1]


@pytest.fixture
def sealed(_shared):
    return _shared[0]


def record(actor, url: str, username: str, pool, **extra):
    return actor.api.put(f"{url}registrations/{username}/pool/", {"pool": pool, **extra}, format="json")


def submit(actor, url: str, deck=DECK):
    return actor.api.post(f"{url}registrations/", {"deck": deck}, format="json")


def test_it_registers_a_limited_player_before_their_pool_and_refuses_a_deck_until_then(
    sealed, player
) -> None:
    registration = Registration.objects.get(player__username=player.name)
    assert registration.deck == {}
    response = submit(player, sealed)
    assert response.status_code == 409
    assert response.json()["code"] == "pool_missing"


def test_it_still_needs_a_deck_in_constructed(organizer, player, card_sets) -> None:
    event = organizer.api.post("/api/events/", {"name": "C", "game": "wow"}, format="json").json()
    organizer.api.post(f"/api/events/{event['id']}/open/")
    response = player.api.post(f"/api/events/{event['id']}/registrations/", {}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_decklist"


@pytest.mark.parametrize("who", ["organizer", "judge"])
def test_it_lets_an_official_record_a_pool_pasted(sealed, player, who, request) -> None:
    official = request.getfixturevalue(who)
    response = record(official, sealed, player.name, POOL_TEXT, reason="opened at table 3")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["cards"] == {
        "Battle Fury": 12,
        "Ashfang Raider": 10,
        "Traveler's Pack": 10,
        "Rusted Cleaver": 3,
    }
    assert body["size"] == 35 and body["recorded_by"] == official.name and body["username"] == player.name


def test_it_imports_a_pool_as_json_with_canonical_names(sealed, organizer, player) -> None:
    names = ["battle fury"] * 12 + ["Ashfang Raider"] * 10 + ["Traveler's Pack"] * 10
    response = record(organizer, sealed, player.name, json.dumps(names))
    assert response.json()["cards"] == {"Battle Fury": 12, "Ashfang Raider": 10, "Traveler's Pack": 10}
    response = record(organizer, sealed, player.name, {"Battle Fury": 2})
    assert response.json()["cards"] == {"Battle Fury": 2}


def test_it_keeps_every_pool_change_in_the_audit_trail(sealed, organizer, judge, player) -> None:
    record(organizer, sealed, player.name, "2 Battle Fury")
    record(judge, sealed, player.name, "3 Battle Fury", reason="miscounted")
    changes = list(ResultChange.objects.filter(action="pool").order_by("id"))
    assert [c.by.username for c in changes] == [organizer.name, judge.name]
    assert changes[1].old == {"player": player.name, "cards": {"Battle Fury": 2}}
    assert changes[1].new == {"player": player.name, "cards": {"Battle Fury": 3}}
    assert changes[1].note == "miscounted"


@pytest.mark.parametrize(
    ("pool", "code"),
    [
        ("12 Battle Fury\n3 Nothing Such\n", "unknown_card"),
        ("3x\n", "bad_pool"),
        ("", "bad_pool"),
        (42, "bad_pool"),
    ],
)
def test_it_refuses_a_pool_it_cannot_use_saying_why(sealed, organizer, player, pool, code) -> None:
    response = record(organizer, sealed, player.name, pool)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code and "pool" in response.json()["detail"]
    assert not Pool.objects.exists()


def test_it_lets_no_player_or_outsider_record_a_pool(sealed, player, outsider) -> None:
    assert record(player, sealed, player.name, POOL_TEXT).status_code == 403
    assert record(outsider, sealed, player.name, POOL_TEXT).status_code == 403
    assert not Pool.objects.exists()


def test_it_records_no_pool_in_a_constructed_event(organizer, player, card_sets) -> None:
    event = organizer.api.post("/api/events/", {"name": "C", "game": "wow"}, format="json").json()
    url = f"/api/events/{event['id']}/"
    organizer.api.post(f"{url}open/")
    main = {"Battle Fury": 4, "Warband Recruit": 4, "Ashfang Raider": 4, "Traveler's Pack": 4}
    Registration.objects.create(event_id=event["id"], player=player.user, deck={"hero": HERO, "main": main})
    response = record(organizer, url, player.name, POOL_TEXT)
    assert response.status_code == 409 and response.json()["code"] == "not_limited"


def test_it_accepts_a_deck_built_from_the_pool(sealed, organizer, player) -> None:
    record(organizer, sealed, player.name, POOL_TEXT)
    response = submit(player, sealed, {**DECK, "side": {"Rusted Cleaver": 3, "Battle Fury": 2}})
    assert response.status_code == 201, response.content
    assert Registration.objects.get(player__username=player.name).deck["main"]["Battle Fury"] == 10


def test_it_refuses_a_deck_with_cards_the_pool_does_not_hold(sealed, organizer, player) -> None:
    record(organizer, sealed, player.name, POOL_TEXT)
    deck = {**DECK, "main": {**DECK["main"], "Ironjaw Greataxe": 1}, "side": {"Battle Fury": 3}}
    response = submit(player, sealed, deck)
    assert response.status_code == 400 and response.json()["code"] == "illegal_deck"
    found = {(v["code"], v["card"]) for v in response.json()["violations"]}
    assert found == {("not_in_pool", "Ironjaw Greataxe"), ("pool_exceeded", "Battle Fury")}


def test_it_says_pool_violations_in_russian(sealed, organizer, player) -> None:
    record(organizer, sealed, player.name, POOL_TEXT)
    deck = {**DECK, "main": {**DECK["main"], "Ironjaw Greataxe": 1}, "side": {"Battle Fury": 3}}
    violations = submit(player, sealed, deck).json()["violations"]
    with translation.override("ru"):  # what the deck pages show a Russian reader
        texts = [violation_text(v) for v in violations]
    assert any("нет в пуле" in text for text in texts), texts
    assert any("в пуле 12" in text for text in texts), texts


def test_it_flags_a_deck_on_the_dashboard_once_the_pool_shrinks(sealed, organizer, player, client) -> None:
    record(organizer, sealed, player.name, POOL_TEXT)
    assert submit(player, sealed).status_code == 201
    record(organizer, sealed, player.name, "9 Battle Fury\n10 Ashfang Raider\n10 Traveler's Pack")
    client.force_login(organizer.user)
    event_id = Registration.objects.get(player__username=player.name).event_id
    page = client.get(reverse("event-manage", args=[event_id])).content.decode()
    assert "pool_exceeded" in page
    assert reverse("event-pool", args=[event_id, Registration.objects.get().pk]) in page


# --- hidden like decklists -------------------------------------------------------------------


def test_it_shows_the_pool_to_the_player_and_officials_only(
    sealed, organizer, judge, player, opponent, anonymous
) -> None:
    record(organizer, sealed, player.name, POOL_TEXT)
    opponent.api.post(f"{sealed}registrations/", {}, format="json")
    url = f"{sealed}registrations/{player.name}/pool/"
    for reader in (player, organizer, judge):
        response = reader.api.get(url)
        assert response.status_code == 200 and response.json()["size"] == 35, reader.name
    assert opponent.api.get(url).status_code == 403
    assert anonymous.api.get(url).status_code == 403
    listed = {r["username"]: r["pool"] for r in opponent.api.get(f"{sealed}registrations/").json()}
    assert listed[player.name] is None
    listed = {r["username"]: r["pool"] for r in player.api.get(f"{sealed}registrations/").json()}
    assert listed[player.name]["Battle Fury"] == 12


def test_it_answers_404_for_a_pool_not_recorded(sealed, organizer, player) -> None:
    assert organizer.api.get(f"{sealed}registrations/{player.name}/pool/").status_code == 404
    assert organizer.api.get(f"{sealed}registrations/nobody/pool/").status_code == 404


# --- pages -------------------------------------------------------------------------------------


def test_it_records_a_pool_from_the_dashboards_pool_page(sealed, organizer, player, client) -> None:
    registration = Registration.objects.get(player__username=player.name)
    client.force_login(organizer.user)
    url = reverse("event-pool", args=[registration.event_id, registration.pk])
    assert client.get(url).status_code == 200
    response = client.post(url, {"pool_text": POOL_TEXT, "reason": ""})
    assert response.status_code == 302
    assert Pool.objects.get(registration=registration).cards["Rusted Cleaver"] == 3
    assert "12 Battle Fury" in client.get(url).content.decode()


def test_it_imports_a_pool_file_on_the_pool_page(sealed, organizer, player, client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    registration = Registration.objects.get(player__username=player.name)
    client.force_login(organizer.user)
    url = reverse("event-pool", args=[registration.event_id, registration.pk])
    upload = SimpleUploadedFile("pool.json", json.dumps(["Battle Fury", "Battle Fury"]).encode())
    assert client.post(url, {"pool_text": "", "pool_file": upload}).status_code == 302
    assert Pool.objects.get(registration=registration).cards == {"Battle Fury": 2}


def test_it_keeps_a_bad_pool_in_the_form_saying_why(sealed, organizer, player, client) -> None:
    registration = Registration.objects.get(player__username=player.name)
    client.force_login(organizer.user)
    url = reverse("event-pool", args=[registration.event_id, registration.pk])
    response = client.post(url, {"pool_text": "3 Nothing Such"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = response.content.decode()
    assert "3 Nothing Such" in page and "not a known card" in page


def test_it_shuts_the_pool_page_to_players(sealed, player, client) -> None:
    registration = Registration.objects.get(player__username=player.name)
    client.force_login(player.user)
    url = reverse("event-pool", args=[registration.event_id, registration.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"pool_text": POOL_TEXT}).status_code == 403


def test_it_shows_the_player_their_pool_on_the_event_page(sealed, organizer, player, client) -> None:
    registration = Registration.objects.get(player__username=player.name)
    client.force_login(player.user)
    page = client.get(reverse("event-detail", args=[registration.event_id])).content.decode()
    assert "Ваш пул ещё не записан" in page  # the site speaks Russian by default
    record(organizer, sealed, player.name, POOL_TEXT)
    page = client.get(reverse("event-detail", args=[registration.event_id])).content.decode()
    assert 'data-testid="my-pool"' in page and "12 Battle Fury" in page


def test_it_registers_from_the_event_page_without_a_list_in_sealed(sealed, opponent, client) -> None:
    client.force_login(opponent.user)
    event_id = Registration.objects.get().event_id
    response = client.post(reverse("event-register", args=[event_id]), {"deck_text": ""})
    assert response.status_code == 302
    assert Registration.objects.get(player=opponent.user).deck == {}

"""A card set imported for paper events may lack fields the match engine needs: an online event
whose decks hold such a card is refused when it starts (409, naming the player, the card and the
field, in the reader's language), and so is a round about to be set up; a paper event with the
same decks runs."""

from __future__ import annotations

import pytest

from engine.decklist import parse_decklist
from engine.playable import deck_names
from tests.support.actors import make_players
from tests.support.playable import catalog_lacking
from tournaments.models import Event, Game, Round
from tournaments.selectors import playable
from tournaments.selectors.cards import catalog_for

pytestmark = pytest.mark.django_db

RUSSIAN = {"HTTP_ACCEPT_LANGUAGE": "ru"}


@pytest.fixture
def lacking(monkeypatch, legal_decks, card_sets):
    """Return ``lack()``: from then on the imported set's first main-deck card of the first deck
    lacks the field ``strength``; it returns that card's name."""

    def lack() -> str:
        rules, catalog = catalog_for(game="respons")
        card = catalog.get(next(iter(parse_decklist(legal_decks[0], game="respons").counts("main")))).name
        doctored = catalog_lacking(catalog, card, "strength")
        monkeypatch.setattr(playable, "catalog_for", lambda game: (rules, doctored))
        return card

    return lack


def registered(event_factory, count: int = 2, **settings):
    event = event_factory(rounds=2, **settings)
    event.open()
    players = make_players(count)
    event.register(*players)  # the first player has the first deck
    return event, players


def test_it_refuses_to_start_an_online_event_naming_the_player_the_card_and_the_field(
    event_factory, organizer, lacking
):
    event, players = registered(event_factory, online=True)
    card = lacking()
    response = organizer.api.post(f"{event.url}start/")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "card_not_playable"
    assert body["detail"].startswith(f"Online play cannot start: {players[0].name}'s deck has {card}, ")
    assert "“strength”" in body["detail"] and "RESPONSE" in body["detail"]
    assert {"player": players[0].name, "card": card, "field": "strength"} in body["cards"]
    row = Event.objects.get(pk=event.id)
    assert row.status == Event.Status.REGISTRATION and not Round.objects.filter(event=row).exists()


def test_it_says_so_in_russian(event_factory, organizer, lacking):
    event, players = registered(event_factory, online=True)
    card = lacking()
    response = organizer.api.post(f"{event.url}start/", **RUSSIAN)
    assert response.status_code == 409 and response.json()["code"] == "card_not_playable"
    detail = response.json()["detail"]
    assert detail.startswith("Онлайн-игру нельзя начать:") and card in detail and players[0].name in detail
    assert "РЕСПОНС" in detail


def test_a_paper_event_with_the_same_decks_starts(event_factory, lacking):
    event, _players = registered(event_factory, online=False)
    lacking()
    assert event.start()["number"] == 1


def test_a_round_is_not_set_up_once_a_card_can_no_longer_be_played(event_factory, organizer, lacking):
    event, _players = registered(event_factory, 4, online=True)
    event.start()
    assert Game.objects.count() == 2
    event.finish_round(1)
    lacking()  # the set was imported again without the field
    response = organizer.api.post(f"{event.url}next-round/")
    assert response.status_code == 409 and response.json()["code"] == "card_not_playable"
    assert Round.objects.filter(event_id=event.id).count() == 1 and Game.objects.count() == 2


def test_an_online_event_whose_cards_can_all_be_played_starts(event_factory):
    event, _players = registered(event_factory, online=True)
    assert event.start()["number"] == 1 and Game.objects.count() == 1


def test_a_start_whose_cards_can_all_be_played_reads_no_deck(event_factory, organizer, monkeypatch):
    """The engine is asked once, about every deck read lazily: with card sets that give every
    card its fields it looks at none, so a large event's decks are not parsed one by one."""
    event, _players = registered(event_factory, count=6, online=True)
    parsed: list[object] = []
    real = playable.parse_decklist
    monkeypatch.setattr(
        playable, "parse_decklist", lambda raw, game: parsed.append(raw) or real(raw, game=game)
    )
    assert organizer.api.post(f"{event.url}start/").status_code == 200
    assert parsed == []


def test_a_lacking_card_is_still_found_when_the_decks_are_read_lazily(event_factory, lacking, monkeypatch):
    event, players = registered(event_factory, count=4, online=True)
    card = lacking()
    row = Event.objects.get(pk=event.id)
    found = playable.event_unplayable(event=row)
    _rules, catalog = catalog_for(game="respons")  # a deck may name a card by an alias

    def cards(raw: dict) -> set[str]:
        return {catalog.get(name).name for name in deck_names(parse_decklist(raw, game="respons"))}

    holding = [r.player.username for r in row.registrations.select_related("player") if card in cards(r.deck)]
    assert players[0].name in holding  # the first deck holds it
    assert sorted(u.player for u in found) == sorted(holding)
    assert {(u.card, u.field) for u in found} == {(card, "strength")}

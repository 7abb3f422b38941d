"""Every free text people write has a length limit the services enforce: a deck
name, a note, a reason, an event's text over its limit is refused with a message in the
reader's language, never cut silently and never stored."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.support.events import one_table
from tournaments.models import DeckNote, Event, Match, Penalty, Registration, ResultChange, SavedDeck
from tournaments.services import events as svc
from tournaments.services.decks import deck_save
from tournaments.services.errors import BadInput
from tournaments.services.penalties import penalty_give
from tournaments.services.text import DECK_NAME_MAX, DECK_NOTE_MAX, NOTE_MAX

pytestmark = pytest.mark.django_db

HUGE = "W" * 10_000


@pytest.fixture(autouse=True)
def _english() -> None:
    # The site's default language is Russian; each test below reads English unless it says so.
    with translation.override("en"):
        yield


def assert_refused_naming(error: BadInput, field: str, most: int) -> None:
    assert error.code == "invalid"
    assert error.detail == f"{field}: at most {most} characters"


@pytest.fixture
def table(event_factory, judge):
    """A paper best-of-3 match in round 1 with a judge: (Match row, player A, player B)."""
    match, a, b = one_table(event_factory(rounds=1, best_of=3), judge)
    return Match.objects.get(pk=match["id"]), a, b


# ---------------------------------------------------------------------------------------- deck names


def test_it_refuses_a_ten_thousand_character_deck_name(player, respons_deck_text):
    with pytest.raises(ValidationError) as caught:
        deck_save(owner=player.user, name=HUGE, source=respons_deck_text)
    assert caught.value.message_dict == {
        "name": [f"A deck name has at most {DECK_NAME_MAX} characters; this one has 10000."]
    }
    assert not SavedDeck.objects.exists()


def test_it_saves_a_deck_name_of_exactly_the_limit(player, respons_deck_text):
    deck = deck_save(owner=player.user, name="N" * DECK_NAME_MAX, source=respons_deck_text)
    assert SavedDeck.objects.get(pk=deck.pk).name == "N" * DECK_NAME_MAX


def test_it_says_the_deck_name_limit_in_russian(player, respons_deck_text):
    with translation.override("ru"), pytest.raises(ValidationError) as caught:
        deck_save(owner=player.user, name=HUGE, source=respons_deck_text)
    assert caught.value.message_dict["name"] == [
        f"В названии колоды не больше {DECK_NAME_MAX} символов, а в этом — 10000."
    ]


def test_the_builder_page_shows_the_refusal_and_keeps_the_list(client, player, respons_deck_text):
    client.force_login(player.user)
    response = client.post(
        "/decks/builder/",
        {"game": "respons", "name": HUGE, "text": respons_deck_text},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert f"A deck name has at most {DECK_NAME_MAX} characters; this one has 10000." in page
    assert "Vesta" in page  # the list is still in the editor
    assert not SavedDeck.objects.exists()


# ---------------------------------------------------------------------------------------- event text


def test_it_refuses_an_event_name_over_its_limit_in_both_languages(organizer):
    with pytest.raises(BadInput) as caught:
        svc.event_create(organizer=organizer.user, name="E" * 201)
    assert caught.value.detail == "name: give the event a name (up to 200 characters)"
    with translation.override("ru"), pytest.raises(BadInput) as caught:
        svc.event_create(organizer=organizer.user, name="E" * 201)
    assert caught.value.detail == "name: дайте турниру название (не больше 200 символов)"
    assert not Event.objects.exists()


@pytest.mark.parametrize(("field", "most"), [("venue", 200), ("description", 5000)])
def test_it_refuses_event_details_over_their_limits(organizer, field, most):
    with pytest.raises(BadInput) as caught:
        svc.event_create(organizer=organizer.user, name="Cup", **{field: "x" * (most + 1)})
    assert_refused_naming(caught.value, field, most)
    assert not Event.objects.exists()


def test_it_refuses_a_reason_over_its_limit(organizer, event_factory):
    event = Event.objects.get(pk=event_factory().id)
    with pytest.raises(BadInput) as caught:
        svc.event_cancel(event=event, by=organizer.user, reason="r" * (NOTE_MAX + 1))
    assert caught.value.detail == f"reason: at most {NOTE_MAX} characters"
    assert Event.objects.get(pk=event.pk).status != Event.Status.CANCELLED


# ---------------------------------------------------------------------------------------- notes


def test_it_refuses_a_deck_check_note_over_its_limit_instead_of_cutting_it(table, judge):
    match, a, _b = table
    registration = Registration.objects.get(pk=match.player_a_id)
    with pytest.raises(BadInput) as caught:
        svc.deck_note_add(registration=registration, by=judge.user, text="n" * (DECK_NOTE_MAX + 1))
    assert_refused_naming(caught.value, "text", DECK_NOTE_MAX)
    assert not DeckNote.objects.exists()
    note = svc.deck_note_add(registration=registration, by=judge.user, text="n" * DECK_NOTE_MAX)
    assert len(note.text) == DECK_NOTE_MAX


def test_it_refuses_a_report_note_over_its_limit(table, organizer):
    match, _a, _b = table
    with pytest.raises(BadInput) as caught:
        svc.match_report(match=match, by=organizer.user, wins_a=2, wins_b=0, note="n" * (NOTE_MAX + 1))
    assert_refused_naming(caught.value, "note", NOTE_MAX)
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
    assert not ResultChange.objects.filter(match=match).exists()


def test_it_refuses_a_dispute_note_over_its_limit(table):
    match, a, b = table
    svc.match_report(match=match, by=a.user, wins_a=2, wins_b=0)
    with pytest.raises(BadInput) as caught:
        svc.match_dispute(match=Match.objects.get(pk=match.pk), by=b.user, note="n" * (NOTE_MAX + 1))
    assert_refused_naming(caught.value, "note", NOTE_MAX)
    assert Match.objects.get(pk=match.pk).disputed is False


def test_it_refuses_a_penalty_note_over_its_limit(table, judge):
    match, a, _b = table
    with pytest.raises(BadInput) as caught:
        penalty_give(match=match, by=judge.user, username=a.name, kind="warning", note="n" * (NOTE_MAX + 1))
    assert_refused_naming(caught.value, "note", NOTE_MAX)
    assert not Penalty.objects.exists()


def test_the_report_form_shows_the_refusal_of_a_long_note(client, table, organizer):
    match, _a, _b = table
    client.force_login(organizer.user)
    url = f"/events/{match.round.event_id}/matches/{match.pk}/report/"
    body = {"wins_a": "2", "wins_b": "0", "draws": "0", "note": "n" * (NOTE_MAX + 500)}
    response = client.post(url, body, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert f"note: at most {NOTE_MAX} characters" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING

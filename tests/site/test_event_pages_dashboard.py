"""The organizer's dashboard: access, lifecycle buttons, round control, decks, judges."""

import copy

import pytest

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import assert_refused, event_row, html_of, last_round, page, post
from tournaments.models import DeckNote, Match, Round
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _cup_rows(module_rows, django_db_blocker):
    """An event in registration, with a judge and six registered players (p001…): made once
    for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        organizer, judge = make_actor("olga"), make_actor("jury")
        event = EventDriver(organizer, legal_decks_read(), name="Spring Cup", rounds=2)
        organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
        event.open()
        event.register(*make_players(6))
    return event, judge


@pytest.fixture
def _shared(_cup_rows, db):
    return copy.deepcopy(_cup_rows)


@pytest.fixture
def cup(_shared):
    return _shared[0]


@pytest.fixture
def shared_actors(_shared):
    return {"organizer": _shared[0].organizer, "judge": _shared[1]}


def test_it_opens_the_dashboard_to_the_organizer_and_judges_only(
    cup, organizer, judge, player, outsider, anonymous
):
    cup.register(player)
    for official in (organizer, judge):
        status, html = page(official, f"/events/{cup.id}/manage/")
        assert status == 200
        assert "Event control" in html and "p001" in html
    for other in (player, outsider, anonymous):
        assert_refused(other, f"/events/{cup.id}/manage/")


def test_it_runs_the_event_from_the_dashboard(event_factory, organizer):
    event = event_factory(name="Fresh Cup", rounds=1)
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert "Open registration" in html and "No rounds yet" in html
    opened = post(organizer, f"/events/{event.id}/manage/open/")
    assert "Registration is open." in html_of(opened)
    event.register(*make_players(4, prefix="f"))  # p001… are the cup's
    started = post(organizer, f"/events/{event.id}/manage/start/")
    assert "round 1 is paired" in html_of(started)
    assert event_row(event).status == "running"
    assert last_round(event).matches.count() == 2


def test_it_refuses_a_second_next_round_while_results_are_missing(cup, organizer):
    cup.start()
    first = post(organizer, f"/events/{cup.id}/manage/next-round/")
    again = post(organizer, f"/events/{cup.id}/manage/next-round/")
    for response in (first, again):
        assert "Round 1 still has 3 matches without a final result." in html_of(response)
        assert 'class="flash flash-error"' in html_of(response)
    assert Round.objects.filter(event_id=cup.id).count() == 1


def test_the_missing_results_refusal_reads_in_russian_with_its_plural(cup, organizer):
    cup.start()
    response = organizer.api.post(f"/api/events/{cup.id}/next-round/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "В туре 1 ещё 3 матча без окончательного результата.",
        "code": "results_missing",
    }


def test_it_pairs_the_next_round_once_results_are_in_and_then_finishes(cup, organizer):
    cup.start()
    cup.finish_round(1)
    paired = post(organizer, f"/events/{cup.id}/manage/next-round/")
    assert "Round 2 is paired." in html_of(paired)
    assert "Finish the event" in html_of(paired)
    double = post(organizer, f"/events/{cup.id}/manage/next-round/")  # a double click: nothing paired twice
    assert "Round 2 still has" in html_of(double)
    assert Round.objects.filter(event_id=cup.id).count() == 2
    cup.finish_round(2)
    finished = post(organizer, f"/events/{cup.id}/manage/next-round/")
    assert "The event is finished." in html_of(finished)
    assert "Publish decklists" in html_of(finished)


def test_it_highlights_missing_results_and_flags_disputes(cup, organizer):
    cup.start()
    matches = list(last_round(cup).matches.order_by("table"))
    Match.objects.filter(pk=matches[0].pk).update(status=Match.Status.FINAL, wins_a=1)
    Match.objects.filter(pk=matches[1].pk).update(status=Match.Status.REPORTED, wins_a=1, disputed=True)
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert html.count('<tr class="missing') == 2
    assert html.count('<tr class="missing disputed"') == 1
    assert "2 results missing" in html and "1 of 3 results in" in html
    assert 'data-testid="disputed">DISPUTED<' in html


def test_it_enters_a_final_result_from_the_dashboard(cup, judge):
    cup.start()
    match = last_round(cup).matches.order_by("table").first()
    response = post(judge, f"/events/{cup.id}/matches/{match.pk}/report/", {"wins_a": "0", "wins_b": "1"})
    assert f"Table {match.table}: the result is final." in html_of(response)
    match.refresh_from_db()
    assert (match.status, match.wins_b) == (Match.Status.FINAL, 1)


def test_it_gives_a_match_more_time(cup, judge, outsider):
    cup.start()
    match = last_round(cup).matches.order_by("table").first()
    response = post(judge, f"/events/{cup.id}/matches/{match.pk}/extend/", {"minutes": "5"})
    assert "gets 5 more minutes" in html_of(response)
    refused = post(outsider, f"/events/{cup.id}/matches/{match.pk}/extend/", {"minutes": "5"})
    assert "not allowed" in html_of(refused)
    match.refresh_from_db()
    assert match.extension_minutes == 5
    assert "+5 min" in page(judge, f"/events/{cup.id}/manage/")[1]


def test_it_shows_each_decks_legality_under_the_events_settings(cup, organizer):
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert html.count("✓ legal") == 6
    event_update(event=event_row(cup), by=organizer.user, side_deck_max=0)  # every side deck is too big now
    _, html = page(organizer, f"/events/{cup.id}/manage/")
    assert "✓ legal" not in html
    assert "1 problem" in html


def test_it_records_a_deck_check_note(cup, judge, player, outsider):
    cup.register(player)
    registration = event_row(cup).registrations.get(player=player.user)
    url = f"/events/{cup.id}/manage/decks/{registration.pk}/"
    status, html = page(judge, url)
    assert status == 200 and "Commander Vesta" in html and "Legal under this event" in html
    response = post(judge, url, {"text": "Round 1: the deck matches the list."})
    assert "Note saved." in html_of(response) and "the deck matches the list" in html_of(response)
    assert DeckNote.objects.filter(registration=registration, author=judge.user).count() == 1
    blank = post(judge, url, {"text": "  "})
    assert blank.status_code == 400 and "write the note" in html_of(blank)
    for other in (player, outsider):
        assert_refused(other, url)


def test_it_adds_a_judge(cup, organizer, outsider):
    response = post(organizer, f"/events/{cup.id}/manage/judges/", {"username": "oscar"})
    assert "oscar is now a judge of this event." in html_of(response)
    assert event_row(cup).judges.filter(pk=outsider.user.pk).exists()
    unknown = post(organizer, f"/events/{cup.id}/manage/judges/", {"username": "nobody"})
    assert "no user named" in html_of(unknown)


def test_it_keeps_organizer_actions_from_judges(cup, judge):
    _, html = page(judge, f"/events/{cup.id}/manage/")
    assert "Start the event and pair round 1" not in html and "Add a judge" not in html
    response = post(judge, f"/events/{cup.id}/manage/start/")
    assert "not allowed" in html_of(response)
    assert event_row(cup).status == "registration"


def test_it_lets_the_organizer_drop_a_player(cup, organizer):
    cup.start()
    response = post(
        organizer, f"/events/{cup.id}/drop/", {"username": "p002", "next": f"/events/{cup.id}/manage/"}
    )
    assert response.redirect_chain[-1][0] == f"/events/{cup.id}/manage/"
    assert "dropped after round 1" in html_of(response)


def test_it_publishes_decklists_after_the_event(event_factory, organizer, outsider):
    event = event_factory(name="Tiny Cup", rounds=1)
    event.open()
    event.register(*make_players(2, prefix="t"))  # p001… are the cup's
    event.start()
    event.finish_round(1)
    event.next_round()
    assert "Commander Vesta" not in page(outsider, f"/events/{event.id}/")[1]
    response = post(organizer, f"/events/{event.id}/manage/publish-decklists/")
    assert "Decklists are public now." in html_of(response)
    assert "Commander Vesta" in page(outsider, f"/events/{event.id}/")[1]

"""The public event page: who sees what, registration, my pairing, reports, drops."""

import copy

import pytest

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import browser, event_row, html_of, match_of, page, post
from tournaments.models import Match, Registration
from tournaments.services.decks import deck_save

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _cup_rows(module_rows, django_db_blocker):
    """An event in registration with a judge; ``player`` (Vesta) and ``opponent`` (Warden)
    registered; and ``outsider``: made once for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        actors = {role: make_actor(name) for role, name in ACTORS.items()}
        organizer = actors["organizer"]
        event = EventDriver(organizer, legal_decks_read(), name="Spring Cup", rounds=2)
        organizer.api.post(f"{event.url}judges/", {"username": actors["judge"].name}, format="json")
        event.open()
        event.register(actors["player"], actors["opponent"])
    return event, actors


# The shared actors by role: the role fixtures (tests/site/conftest.py) hand them out.
ACTORS = {"organizer": "olga", "judge": "jury", "player": "anna", "opponent": "boris", "outsider": "oscar"}


@pytest.fixture
def _shared(_cup_rows, db):
    return copy.deepcopy(_cup_rows)


@pytest.fixture
def shared_actors(_shared):
    return _shared[1]


@pytest.fixture
def cup(_shared):
    return _shared[0]


def test_it_renders_the_event_page_for_every_role(cup, organizer, judge, player, outsider, anonymous):
    for actor in (organizer, judge, player, outsider, anonymous):
        status, html = page(actor, f"/events/{cup.id}/")
        assert status == 200, actor.name
        assert "Spring Cup" in html
        assert "olga" in html and "jury" in html  # organizer and judges
        assert "anna" in html and "boris" in html  # the registered players
        assert "No rounds yet" in html


def test_it_answers_404_for_an_unknown_event_or_someone_elses_draft(event_factory, outsider):
    draft = event_factory(name="Hidden")
    assert page(outsider, "/events/999999/")[0] == 404
    assert page(outsider, f"/events/{draft.id}/")[0] == 404


def test_it_hides_decklists_from_all_but_the_player_and_the_officials(cup, judge, player, outsider):
    _, mine = page(player, f"/events/{cup.id}/")
    assert "Commander Vesta" in mine  # the player's own list
    assert "Warden of Gears" not in mine  # the opponent's list is hidden
    _, theirs = page(outsider, f"/events/{cup.id}/")
    assert "Commander Vesta" not in theirs and "Warden of Gears" not in theirs
    _, judged = page(judge, f"/events/{cup.id}/")
    assert "Commander Vesta" in judged and "Warden of Gears" in judged


def test_it_registers_an_outsider_with_a_pasted_legal_deck(cup, outsider, respons_deck_text):
    _, html = page(outsider, f"/events/{cup.id}/")
    assert 'data-testid="register-panel"' in html and 'name="deck_text"' in html
    response = post(outsider, f"/events/{cup.id}/register/", {"deck_text": respons_deck_text})
    html = html_of(response)
    assert response.status_code == 200
    assert "You are registered" in html
    assert Registration.objects.filter(event_id=cup.id, player=outsider.user).exists()
    assert 'data-testid="my-pairing"' in html  # the page now shows the player's panels


def test_it_shows_every_violation_of_an_illegal_deck_and_keeps_the_list(cup, outsider, respons_deck_text):
    illegal = respons_deck_text.replace("Hero: Commander Vesta", "").replace(
        "2 Iron Sentinel", "5 Iron Sentinel"
    )
    response = post(outsider, f"/events/{cup.id}/register/", {"deck_text": illegal})
    html = html_of(response)
    assert response.status_code == 400
    assert 'data-testid="violations"' in html
    assert "<code>hero_missing</code>" in html
    assert "5 Iron Sentinel" in html  # the pasted list is not lost
    assert html.count("<li><code>") >= 2  # every problem, each with its code and message
    assert not Registration.objects.filter(event_id=cup.id, player=outsider.user).exists()


def test_it_explains_an_unreadable_or_empty_list(cup, outsider):
    empty = post(outsider, f"/events/{cup.id}/register/", {"deck_text": "  "})
    assert empty.status_code == 400
    assert "Paste a decklist or choose one of your saved decks." in html_of(empty)
    wrong = post(outsider, f"/events/{cup.id}/register/", {"deck_text": '{"game": "chess"}'})
    assert wrong.status_code == 400
    assert "unknown game" in html_of(wrong)


def test_it_registers_with_a_saved_deck(cup, outsider, respons_deck_text):
    deck = deck_save(owner=outsider.user, name="My Vesta", source=respons_deck_text, game="respons")
    _, html = page(outsider, f"/events/{cup.id}/")
    assert "My Vesta" in html
    response = post(outsider, f"/events/{cup.id}/register/", {"saved_deck": str(deck.pk), "deck_text": ""})
    assert response.status_code == 200
    registration = Registration.objects.get(event_id=cup.id, player=outsider.user)
    assert registration.deck["hero"] == "Commander Vesta"


def test_it_refuses_someone_elses_saved_deck(cup, outsider, player, respons_deck_text):
    deck = deck_save(owner=player.user, name="Anna's", source=respons_deck_text, game="respons")
    response = post(outsider, f"/events/{cup.id}/register/", {"saved_deck": str(deck.pk)})
    assert response.status_code == 404


def test_it_lets_a_player_resubmit_the_deck_while_registration_is_open(cup, player, respons_deck_text):
    _, html = page(player, f"/events/{cup.id}/")
    assert "Change my deck" in html
    bad = post(player, f"/events/{cup.id}/register/", {"deck_text": respons_deck_text.replace("Hero:", "#")})
    assert bad.status_code == 400
    assert "<code>hero_missing</code>" in html_of(bad)
    assert Registration.objects.get(event_id=cup.id, player=player.user).deck["hero"] == "Commander Vesta"
    good = post(player, f"/events/{cup.id}/register/", {"deck_text": respons_deck_text})
    assert "Your deck is updated and legal." in html_of(good)


def test_it_withdraws_before_the_start(cup, player):
    _, html = page(player, f"/events/{cup.id}/")
    assert "Withdraw my registration" in html
    response = post(player, f"/events/{cup.id}/withdraw/")
    assert "Your registration is withdrawn." in html_of(response)
    assert not Registration.objects.filter(event_id=cup.id, player=player.user).exists()


def test_it_asks_anonymous_visitors_to_sign_in_to_register(cup, anonymous):
    _, html = page(anonymous, f"/events/{cup.id}/")
    assert "Sign in to register" in html
    assert 'name="deck_text"' not in html
    response = browser(anonymous).post(f"/events/{cup.id}/register/", {"deck_text": "x"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_it_shows_the_player_their_table_and_opponent(cup, player, opponent):
    cup.start()
    match = match_of(cup, player)
    _, html = page(player, f"/events/{cup.id}/")
    assert f'data-testid="my-table">{match.table}<' in html
    assert 'data-testid="opponent">boris<' in html
    assert 'name="wins_a"' in html and 'name="wins_b"' in html and 'name="draws"' in html
    assert "Decklists are locked" in html


def test_it_reports_and_confirms_a_result_through_the_player_page(cup, player, opponent):
    cup.start()
    match = match_of(cup, player)
    a_is_player = match.player_a.player_id == player.user.pk
    result = {"wins_a": "1" if a_is_player else "0", "wins_b": "0" if a_is_player else "1", "draws": "0"}
    reported = post(player, f"/events/{cup.id}/matches/{match.pk}/report/", result)
    assert "Your opponent confirms it." in html_of(reported)
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED
    _, theirs = page(opponent, f"/events/{cup.id}/")
    assert 'data-testid="confirm-box"' in theirs and "anna reported:" in theirs
    confirmed = post(opponent, f"/events/{cup.id}/matches/{match.pk}/confirm/")
    assert "Result confirmed: it is final." in html_of(confirmed)
    match.refresh_from_db()
    assert match.status == Match.Status.FINAL
    _, mine = page(player, f"/events/{cup.id}/")
    assert "Final result" in mine


def test_it_disputes_a_report_through_the_player_page(cup, player, opponent):
    cup.start()
    match = match_of(cup, player)
    post(player, f"/events/{cup.id}/matches/{match.pk}/report/", {"wins_a": "1", "wins_b": "0"})
    response = post(opponent, f"/events/{cup.id}/matches/{match.pk}/dispute/", {"note": "I won"})
    html = html_of(response)
    assert html.count("A judge will come to your table") == 1 and html.count('class="flash') == 1
    match.refresh_from_db()
    assert match.disputed is True
    assert "The result is disputed" in page(player, f"/events/{cup.id}/")[1]


def test_it_shows_a_refused_report_as_a_message(cup, player, outsider):
    cup.start()
    match = match_of(cup, player)
    bad = post(player, f"/events/{cup.id}/matches/{match.pk}/report/", {"wins_a": "7", "wins_b": "x"})
    assert "enter a whole number" in html_of(bad)
    stranger = post(outsider, f"/events/{cup.id}/matches/{match.pk}/report/", {"wins_a": "1", "wins_b": "0"})
    assert "Only the players of this match" in html_of(stranger)
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_it_lets_a_player_drop(cup, player):
    cup.start()
    _, html = page(player, f"/events/{cup.id}/")
    assert "Drop from the event" in html
    response = post(player, f"/events/{cup.id}/drop/")
    assert "You left the event." in html_of(response)  # not "anna is dropped"
    assert Registration.objects.get(event_id=cup.id, player=player.user).dropped is True


def test_it_finds_a_player_in_the_pairings_by_name(event_factory, anonymous):
    event = event_factory(name="Big Cup")
    event.open()
    players = make_players(6)
    event.register(*players)
    event.start()
    _, html = page(anonymous, f"/events/{event.id}/")
    assert "Find yourself by name" in html and 'data-filter-rows="pairings"' in html
    assert html.count('data-names="') == 3
    _, found = page(anonymous, f"/events/{event.id}/", q="P003")
    assert found.count('data-names="') == 1 and "p003" in found


def test_it_marks_the_event_status(cup, anonymous):
    assert 'data-testid="event-status">Registration<' in page(anonymous, f"/events/{cup.id}/")[1]
    cup.start()
    assert event_row(cup).status == "running"
    assert 'data-testid="event-status">Swiss rounds<' in page(anonymous, f"/events/{cup.id}/")[1]


def test_a_signed_in_player_opening_the_registration_address_gets_the_event_pages_form(cup, outsider):
    response = browser(outsider).get(f"/events/{cup.id}/register/", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain == [(f"/events/{cup.id}/#register-h", 302)]
    assert 'name="deck_text"' in html_of(response)


def test_the_registration_address_after_the_start_says_registration_is_closed(cup, outsider):
    cup.start()
    response = browser(outsider).get(f"/events/{cup.id}/register/", follow=True)
    assert response.status_code == 200 and "Registration is closed." in html_of(response)

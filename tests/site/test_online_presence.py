"""R9.4 presence: an online game's clocks wait for both players; a player who
has not come when the event's grace period ends loses the game as a no-show. Any read of the game
by its seated player counts (the play page, the stream, the game's answer), and so does an action."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone, translation

from tests.support.events import one_table
from tests.support.online import act, game_state, online_match
from tests.support.pages import browser
from tournaments.label_actions import describe_action
from tournaments.labels import REASONS
from tournaments.models import Event, Game, Match
from tournaments.services.online import online_sweep

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(event_factory, judge):
    """An online best-of-1 match just paired: nobody has opened it yet."""
    return online_match(event_factory, judge)


def presence(match) -> tuple[bool, bool]:
    row = Match.objects.get(pk=match.id)
    return row.present_a_at is not None, row.present_b_at is not None


def sweep_later(minutes: float) -> None:
    """The beat's sweep, run as if ``minutes`` had gone by."""
    online_sweep(now=timezone.now() + timedelta(minutes=minutes))


def test_it_starts_a_game_with_no_clock_running_until_both_players_are_present(table):
    game = table.game()
    assert game.status == Game.Status.PLAYING
    assert game.decision_since is None and game.clock_used == [0.0, 0.0]
    assert game.present_by is not None
    assert abs((game.present_by - game.started_at) - timedelta(minutes=5)) < timedelta(seconds=5)
    assert presence(table) == (False, False)


def test_it_counts_a_read_of_the_game_as_presence_and_the_sweep_starts_the_clocks(table):
    state = game_state(table.a, table.id)
    assert state["clock"]["present"] == [True, False]
    assert state["clock"]["since"] is None and state["clock"]["present_by"] is not None
    assert presence(table) == (True, False)
    sweep_later(1)
    assert table.game().decision_since is None  # still waiting for seat B: no clock runs
    game_state(table.b, table.id)
    assert table.game().decision_since is None  # a read does no work
    assert online_sweep() == 1  # the beat's sweep starts the game
    game = table.game()
    assert game.present_by is None and game.decision_since is not None
    state = game_state(table.a, table.id)
    assert state["clock"]["present"] == [True, True] and state["clock"]["present_by"] is None


def test_it_charges_no_time_to_anyone_while_a_seat_is_absent(table):
    game_state(table.a, table.id)
    sweep_later(4)
    assert table.game().clock_used == [0.0, 0.0]
    assert table.game().status == Game.Status.PLAYING


def test_it_makes_the_absent_seat_lose_as_a_no_show_after_the_grace_period(table):
    game_state(table.b, table.id)
    sweep_later(5.1)
    game = table.game()
    assert (game.status, game.winner, game.reason) == (Game.Status.FINISHED, 1, "no_show")
    assert game.actions[-1] == {"seat": 0, "type": "no_show"}
    assert game.clock_used == [0.0, 0.0]
    row = Match.objects.get(pk=table.id)
    assert (row.wins_a, row.wins_b, row.status) == (0, 1, Match.Status.FINAL)


def test_it_draws_the_game_as_a_no_show_when_neither_player_came(table):
    sweep_later(6)
    game = table.game()
    assert (game.status, game.winner, game.reason) == (Game.Status.FINISHED, None, "no_show")
    row = Match.objects.get(pk=table.id)
    assert (row.wins_a, row.wins_b, row.draws, row.status) == (0, 0, 1, Match.Status.FINAL)


def test_it_counts_opening_the_play_page_and_an_action_as_presence(table):
    assert browser(table.b).get(f"/matches/{table.id}/play/").status_code == 200
    assert presence(table) == (False, True)
    response = act(table.a, table.id, 1, {"type": "concede"})
    assert response.status_code in (200, 202), response.content
    assert presence(table) == (True, True)


def test_it_counts_opening_the_stream_as_presence(table):
    response = table.a.api.get(
        f"/api/matches/{table.id}/game/stream/?seconds=1", HTTP_ACCEPT="text/event-stream"
    )
    assert response.status_code == 200
    assert presence(table) == (True, False)


def test_it_does_not_count_a_judges_or_organizers_look(table, judge, organizer):
    for official in (judge, organizer):
        assert official.api.get(f"/api/matches/{table.id}/game/").status_code == 200
        assert browser(official).get(f"/matches/{table.id}/play/").status_code == 200
    assert presence(table) == (False, False)


def test_it_keeps_the_first_moment_of_presence(table):
    game_state(table.a, table.id)
    first = Match.objects.get(pk=table.id).present_a_at
    game_state(table.a, table.id)
    assert Match.objects.get(pk=table.id).present_a_at == first


def test_it_starts_the_clocks_at_once_with_no_grace_period(event_factory, judge):
    event = event_factory(rounds=1, best_of=1, online=True, grace_minutes=0)
    match, _a, _b = one_table(event, judge)
    game = Game.objects.get(match_id=match["id"])
    assert game.present_by is None and game.decision_since is not None
    online_sweep(now=timezone.now() + timedelta(minutes=30))
    assert Game.objects.get(pk=game.pk).reason != "no_show"


def test_it_takes_the_grace_period_as_an_event_setting(organizer, event_factory):
    event = event_factory(rounds=1, online=True)
    assert organizer.api.get(event.url).json()["grace_minutes"] == 5  # the default
    response = organizer.api.patch(event.url, {"grace_minutes": 12}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["grace_minutes"] == 12 and Event.objects.get(pk=event.id).grace_minutes == 12
    for bad in (-1, 61, "soon", None):
        response = organizer.api.patch(event.url, {"grace_minutes": bad}, format="json")
        assert response.status_code == 400, (bad, response.content)
        assert response.json()["detail"].startswith("grace_minutes: ")
    created = organizer.api.post(
        "/api/events/", {"name": "Night", "online": True, "grace_minutes": 0}, format="json"
    )
    assert created.status_code == 201 and created.json()["grace_minutes"] == 0


def test_it_uses_the_events_grace_period(event_factory, judge):
    event = event_factory(rounds=1, best_of=1, online=True, grace_minutes=2)
    match, a, _b = one_table(event, judge)
    game_state(a, match["id"])
    online_sweep(now=timezone.now() + timedelta(minutes=2.1))
    game = Game.objects.get(match_id=match["id"])
    assert (game.winner, game.reason) == (0, "no_show")


def test_it_says_no_show_in_each_readers_language(table):
    assert describe_action({"type": "no_show"}) == "did not come to the game"
    with translation.override("ru"):
        assert describe_action({"type": "no_show"}) == "не пришёл на игру"
        assert describe_action({"type": "no_show", "both": True}) == "ни один игрок не пришёл на игру"
        assert str(REASONS["no_show"]) == "неявка"


def test_it_shows_the_no_show_in_the_judges_log_and_the_standings(table, judge):
    game_state(table.b, table.id)
    sweep_later(6)
    html = browser(judge).get(f"/matches/{table.id}/log/").content.decode()
    assert "no-show" in html and "did not come to the game" in html
    standings = browser(judge).get(f"/events/{table.event.id}/standings/").content.decode()
    assert 'data-testid="no-shows"' in standings and "1 no-show" in standings


def test_the_event_page_shows_the_players_game_clock_not_the_round_timer(table):
    event_page = f"/events/{table.event.id}/"
    html = browser(table.a).get(event_page).content.decode()
    assert 'data-testid="my-game-clock"' in html
    assert "The game waits for both players: no clock runs yet." in html
    waiting_until = table.game().present_by
    assert f'data-deadline="{waiting_until.isoformat(timespec="seconds")}"' in html
    game_state(table.a, table.id)
    game_state(table.b, table.id)
    online_sweep()  # both present: the clocks start
    game = table.game()
    deciding, other = game.decision_seat, 1 - game.decision_seat
    mine = browser(table.seat(deciding)).get(event_page).content.decode()
    section = mine[mine.index('data-testid="my-game-clock"') :]
    assert "Your time" in section and 'class="countdown"' in section[:200]
    runs_out = game.decision_since.timestamp() + 25 * 60  # half of the 50-minute round (R9.4)
    deadline = section.split('data-deadline="', 1)[1].split('"', 1)[0]
    assert abs(datetime.fromisoformat(deadline).timestamp() - runs_out) < 5
    theirs = browser(table.seat(other)).get(event_page).content.decode()
    section = theirs[theirs.index('data-testid="my-game-clock"') :]
    assert "(stopped: your opponent is deciding)" in section and "25:00" in section


def test_the_event_form_sets_the_grace_period(organizer):
    from tests.support.pages import EVENT_FORM, post

    html = browser(organizer).get("/events/new/").content.decode()
    assert 'name="grace_minutes"' in html and "Waiting for players, minutes" in html
    post(organizer, "/events/new/", {**EVENT_FORM, "name": "Night Cup", "online": "on", "grace_minutes": "3"})
    assert Event.objects.get(name="Night Cup").grace_minutes == 3
    post(organizer, "/events/new/", {**EVENT_FORM, "name": "Day Cup", "online": "on"})
    assert Event.objects.get(name="Day Cup").grace_minutes == 5  # left blank: the default
    response = browser(organizer).post(
        "/events/new/", {**EVENT_FORM, "name": "Bad Cup", "grace_minutes": "61"}
    )
    assert response.status_code == 400 and not Event.objects.filter(name="Bad Cup").exists()
    assert "less than or equal to 60" in response.content.decode()

"""Bot players: the organizer fills a test event with bots holding random legal decks, and
bot-against-bot matches play themselves out through the rules engine."""

import pytest

from tests.support.actors import make_players
from tests.support.pages import assert_refused, browser
from tournaments.models import Event, Game, GameAction, Match, Registration, ResultChange
from tournaments.services.decks import deck_check

pytestmark = pytest.mark.django_db(transaction=True)


def fill(actor, event, count):
    return actor.api.post(f"{event.url}bots/", {"count": count}, format="json")


@pytest.fixture
def test_event(event_factory, judge):
    event = event_factory(rounds=1, online=True)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    return event


def test_it_registers_bots_with_random_legal_decks(test_event):
    response = fill(test_event.organizer, test_event, 4)
    assert response.status_code == 201, response.content
    assert response.json()["usernames"] == [f"bot-{test_event.id}-{n}" for n in range(1, 5)]
    bots = list(Registration.objects.filter(event_id=test_event.id, is_bot=True).select_related("player"))
    assert len(bots) == 4
    for bot in bots:
        assert not bot.player.has_usable_password()
        check = deck_check(source=bot.deck, game="respons", options={"side_max": 10})
        assert check.readable and check.violations == [], check.violations
    assert fill(test_event.organizer, test_event, 2).json()["usernames"] == [
        f"bot-{test_event.id}-5",
        f"bot-{test_event.id}-6",
    ]


def test_it_lets_only_the_events_officials_add_bots(test_event, judge, player, outsider, anonymous):
    test_event.register(player)
    for actor in (player, outsider):
        assert fill(actor, test_event, 2).status_code == 403
    assert fill(anonymous, test_event, 2).status_code == 401
    assert fill(test_event.organizer, test_event, 0).status_code == 400
    assert fill(test_event.organizer, test_event, 65).status_code == 400
    assert not Registration.objects.filter(is_bot=True).exists()
    assert fill(judge, test_event, 1).status_code == 201  # a judge of the event too


def test_it_adds_bots_only_to_online_events_in_registration(event_factory):
    paper = event_factory(rounds=1)
    paper.open()
    response = fill(paper.organizer, paper, 2)
    assert response.status_code == 409 and response.json()["code"] == "not_online"
    draft = event_factory(rounds=1, online=True)
    assert fill(draft.organizer, draft, 2).status_code == 409
    capped = event_factory(rounds=1, online=True, player_cap=3)
    capped.open()
    response = fill(capped.organizer, capped, 4)
    assert response.status_code == 409 and response.json()["code"] == "event_full"


def test_it_plays_a_bot_against_bot_match_to_the_end_by_itself(test_event):
    fill(test_event.organizer, test_event, 2)
    [played] = test_event.start()["matches"]
    match = Match.objects.get(pk=played["id"])
    assert match.status == Match.Status.FINAL
    assert match.wins_a + match.wins_b + match.draws >= 1
    game = Game.objects.get(match=match, number=1)
    assert game.status == Game.Status.FINISHED and game.reason
    assert GameAction.objects.filter(match=match, by_bot=True).count() == len(game.actions)
    assert ResultChange.objects.filter(match=match, action="engine").exists()
    assert Event.objects.get(pk=test_event.id).round_set.count() == 1


def test_it_answers_a_human_player_at_once(test_event):
    """A player against a bot: after each of the player's actions the bot has moved already."""
    fill(test_event.organizer, test_event, 1)
    [human] = make_players(1, prefix="h")
    test_event.register(human)
    [played] = test_event.start()["matches"]
    for _ in range(300):
        state = human.api.get(f"/api/matches/{played['id']}/game/").json()
        if state["match_status"] == "final":
            break
        assert state["legal_actions"], "the bot left the player waiting"
        action = next((a for a in state["legal_actions"] if a["type"] == "pass"), state["legal_actions"][0])
        body = {"seq": state["next_seq"], "action": action}
        assert (
            human.api.post(f"/api/matches/{played['id']}/game/actions/", body, format="json").status_code
            == 200
        )
    assert Match.objects.get(pk=played["id"]).status == Match.Status.FINAL


def test_it_offers_the_organizer_a_fill_with_bots_page(test_event, judge, outsider):
    url = f"/events/{test_event.id}/bots/"
    organizer = browser(test_event.organizer)
    assert organizer.get(url).status_code == 200
    response = organizer.post(url, {"count": "3"}, follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Bot players are registered." in html and f"bot-{test_event.id}-3" in html
    assert Registration.objects.filter(event_id=test_event.id, is_bot=True).count() == 3
    assert browser(judge).get(url).status_code == 200  # the event's judges may too
    assert_refused(outsider, url)
    assert browser(outsider).post(url, {"count": "3"}).status_code == 403


def test_it_sets_up_the_online_demo_event_once(card_sets):
    from tournaments.services.demo_online import DEMO_ONLINE_BOTS, DEMO_ONLINE_EVENT, demo_online_event_ensure

    assert "created" in demo_online_event_ensure()
    event = Event.objects.get(name=DEMO_ONLINE_EVENT)
    assert event.online and event.status == Event.Status.RUNNING and event.organizer.username == "organizer"
    registrations = event.registrations.all()
    # Seven bots and anna: eight players, so that anna meets one of the bots in round 1.
    assert DEMO_ONLINE_BOTS == 7 and registrations.filter(is_bot=True).count() == DEMO_ONLINE_BOTS
    assert registrations.filter(player__username="anna", is_bot=False).exists()
    round_ = event.round_set.get(number=1)
    bot_matches = round_.matches.filter(player_a__is_bot=True, player_b__is_bot=True)
    assert bot_matches.exists() and all(m.status == Match.Status.FINAL for m in bot_matches)
    assert demo_online_event_ensure() == "online demo event: already there"
    assert Event.objects.filter(name=DEMO_ONLINE_EVENT).count() == 1


def test_paced_bots_wait_between_moves_and_the_sweep_moves_them_on(test_event, settings):
    """`make run` paces the demo's bots (BOT_PAUSE): one move per pause, brought by the sweep."""
    from datetime import timedelta

    from tournaments.services.online import deadline, online_sweep

    settings.BOT_PAUSE_SECONDS = 2
    fill(test_event.organizer, test_event, 2)
    [played] = test_event.start()["matches"]
    game = Game.objects.get(match_id=played["id"], number=1)
    assert game.status == Game.Status.PLAYING and game.actions == []  # the first move waits too
    match = Match.objects.select_related("round__event", "player_a", "player_b").get(pk=played["id"])
    start = game.decision_since
    assert deadline(match, game) == start + timedelta(seconds=2)
    assert online_sweep(now=start + timedelta(seconds=1)) == 0
    for moves in (1, 2, 3):
        game.refresh_from_db()
        now = game.decision_since + timedelta(seconds=2.01)
        assert online_sweep(now=now) == 1
        game.refresh_from_db()
        assert len(game.actions) == moves  # one move per sweep, not the whole game
    assert Match.objects.get(pk=played["id"]).status != Match.Status.FINAL


def test_the_embedded_beat_runs_only_when_asked_and_with_no_broker(settings, monkeypatch):
    from respons_site.celery import app
    from tournaments.services import online
    from tournaments.services.online import schedule

    ran = []
    monkeypatch.setattr(schedule, "_embedded_beat_run", lambda: ran.append(True))
    settings.EMBEDDED_BEAT = False
    assert online.embedded_beat_start() is False
    settings.EMBEDDED_BEAT = True
    app.conf.task_always_eager = False  # a broker: the real beat does this (reset per test)
    assert online.embedded_beat_start() is False
    app.conf.task_always_eager = True
    assert online.embedded_beat_start() is True
    schedule._beat.join(5)
    assert ran == [True]

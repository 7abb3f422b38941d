"""Penalties: a warning is recorded; a game loss ends the current game; a match loss ends the
match; a disqualification also drops the player. Every penalty is in the audit trail."""

import random

import pytest

from engine.games.respons.match import replay
from tests.support.actors import make_players
from tests.support.online import game_state, online_match, play_out, play_step
from tests.support.pages import browser
from tournaments.models import Game, Match, Penalty, Registration, ResultChange
from tournaments.selectors.cards import catalog_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(event_factory, judge):
    """A best-of-3 online match in round 1, a few actions into game 1."""
    match = online_match(event_factory, judge, best_of=3)
    rng = random.Random(2)
    for _ in range(3):
        play_step(match, rng)
    return match


def give(official, match_id: int, username: str, kind: str, note: str = ""):
    body = {"username": username, "kind": kind, "note": note}
    return official.api.post(f"/api/matches/{match_id}/penalties/", body, format="json")


def audit(match_id: int) -> list[ResultChange]:
    return list(ResultChange.objects.filter(match_id=match_id, action="penalty").order_by("id"))


def points(event) -> dict[str, int]:
    return {row["username"]: row["match_points"] for row in event.standings()}


def test_it_records_a_warning_and_changes_nothing_else(match, judge):
    before = len(match.game(1).actions)
    response = give(judge, match.id, match.a.name, "warning", "slow play")
    assert response.status_code == 201, response.content
    assert response.json()["kind"] == "warning" and response.json()["by"] == judge.name
    row = match.row
    assert (row.status, row.wins_a, row.wins_b) == ("pending", 0, 0)
    assert match.game(1).status == Game.Status.PLAYING and len(match.game(1).actions) == before
    penalty = Penalty.objects.get(match_id=match.id)
    assert (penalty.kind, penalty.registration.player.username, penalty.note) == (
        "warning",
        match.a.name,
        "slow play",
    )
    [change] = audit(match.id)
    assert change.by.username == judge.name and change.note == f"warning for {match.a.name}: slow play"
    assert change.old == change.new


def test_it_ends_the_game_in_progress_as_a_loss_on_a_game_loss(match, judge):
    response = give(judge, match.id, match.a.name, "game_loss", "marked cards")
    assert response.status_code == 201, response.content
    game1 = match.game(1)
    assert (game1.status, game1.winner, game1.reason) == ("finished", 1, "penalty")
    assert game1.snapshot["result"] == {"winner": 1, "reason": "penalty"}
    # Its log ends with the site's penalty_loss for A: a replay gives the same result (reason
    # ``penalty``, not a concession), not a game in progress.
    assert game1.actions[-1] == {"seat": 0, "type": "penalty_loss"}
    log = judge.api.get(f"/api/matches/{match.id}/log/?game=1").json()
    replayed = replay(log, catalog_for(game="respons")[1])
    assert replayed.result is not None and replayed.result.as_dict() == {"winner": 1, "reason": "penalty"}
    row = match.row
    assert (row.status, row.wins_a, row.wins_b) == ("pending", 0, 1)
    game2 = match.game(2)
    assert game2.first_initiative == 0  # the loser of the last game takes the initiative
    assert game_state(match.a, match.id)["game_number"] == 2
    [change] = audit(match.id)
    assert change.old["wins_b"] == 0 and change.new["wins_b"] == 1
    assert change.note.startswith(f"game_loss for {match.a.name}")
    play_out(match, random.Random(4))  # the match goes on to its end
    assert match.row.status == Match.Status.FINAL


def test_it_finishes_the_match_when_game_losses_decide_it(match, judge):
    assert give(judge, match.id, match.a.name, "game_loss").status_code == 201
    assert give(judge, match.id, match.a.name, "game_loss").status_code == 201
    row = match.row
    assert (row.status, row.wins_a, row.wins_b) == ("final", 0, 2)
    assert [g.reason for g in row.games.order_by("number")] == ["penalty", "penalty"]
    assert len(audit(match.id)) == 2
    assert points(match.event) == {match.a.name: 0, match.b.name: 3}


def test_it_counts_a_game_loss_without_a_game_in_progress_for_the_opponent(event_factory, judge):
    event = event_factory(rounds=1, best_of=3)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    a, b = make_players(2)
    event.register(a, b)
    played = event.start()["matches"][0]
    response = give(judge, played["id"], played["player_b"], "game_loss")
    assert response.status_code == 201
    assert (response.json()["wins_a"], response.json()["wins_b"], response.json()["match_status"]) == (
        1,
        0,
        "pending",
    )
    response = give(judge, played["id"], played["player_b"], "game_loss")
    assert (response.json()["wins_a"], response.json()["match_status"]) == (2, "final")


def test_it_makes_the_match_final_on_a_match_loss(match, judge):
    response = give(judge, match.id, match.b.name, "match_loss", "aggressive behaviour")
    assert response.status_code == 201
    row = match.row
    assert (row.status, row.wins_a, row.wins_b, row.draws) == ("final", 2, 0, 0)
    game = match.game(1)
    assert (game.status, game.winner, game.reason) == ("finished", 0, "penalty")
    assert game_state(match.b, match.id)["match_status"] == "final"
    blocked = match.b.api.post(
        f"/api/matches/{match.id}/game/actions/",
        {"seq": game_state(match.b, match.id)["next_seq"], "action": {"type": "pass"}},
        format="json",
    )
    assert blocked.status_code == 409
    [change] = audit(match.id)
    assert change.new == {"wins_a": 2, "wins_b": 0, "draws": 0, "status": "final"}
    assert points(match.event) == {match.a.name: 3, match.b.name: 0}


def test_it_drops_a_disqualified_player_who_is_never_paired_again(event_factory, judge):
    event = event_factory(rounds=2)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    players = make_players(4)
    event.register(*players)
    first = event.start()["matches"][0]
    cheat = first["player_a"]
    response = give(judge, first["id"], cheat, "disqualification", "collusion")
    assert response.status_code == 201
    assert (response.json()["wins_a"], response.json()["wins_b"], response.json()["match_status"]) == (
        0,
        1,
        "final",
    )
    registration = Registration.objects.get(event_id=event.id, player__username=cheat)
    assert registration.dropped and registration.dropped_after_round == 1
    event.finish_round(1)
    second = event.next_round()
    assert cheat not in {name for m in second["matches"] for name in (m["player_a"], m["player_b"])}
    standings = {row["username"]: row for row in event.standings()}
    assert standings[cheat]["dropped"] and standings[cheat]["match_points"] == 0
    [change] = audit(first["id"])
    assert change.note == f"disqualification for {cheat}: collusion"


def test_it_refuses_penalties_from_players_outsiders_and_anonymous(match, outsider, anonymous):
    for actor in (match.a, match.b, outsider):
        assert give(actor, match.id, match.a.name, "warning").status_code == 403
    assert give(anonymous, match.id, match.a.name, "warning").status_code == 401
    assert not Penalty.objects.exists()


def test_it_refuses_an_unknown_kind_a_stranger_and_a_game_loss_after_the_match(match, judge, outsider):
    assert give(judge, match.id, match.a.name, "yellow_card").status_code == 400
    response = give(judge, match.id, outsider.name, "warning")
    assert response.status_code == 400 and response.json()["code"] == "not_in_match"
    assert give(judge, match.id, match.a.name, "match_loss").status_code == 201
    response = give(judge, match.id, match.a.name, "game_loss")
    assert response.status_code == 409 and response.json()["code"] == "result_final"
    assert Penalty.objects.count() == 1


def test_it_lists_every_penalty_to_the_officials_and_to_a_player_only_their_own(match, judge, outsider):
    give(judge, match.id, match.b.name, "warning", "late for the round")
    give(judge, match.id, match.a.name, "warning", "slow play")
    for official in (judge, match.event.organizer):
        response = official.api.get(f"/api/matches/{match.id}/penalties/")
        assert [(p["username"], p["note"]) for p in response.json()] == [
            (match.b.name, "late for the round"),
            (match.a.name, "slow play"),
        ]
    for player, own, theirs in (
        (match.a, "slow play", "late for the round"),
        (match.b, "late for the round", "slow play"),
    ):
        response = player.api.get(f"/api/matches/{match.id}/penalties/")
        assert response.status_code == 200
        [penalty] = response.json()  # their own, with the judge's note; nothing of the opponent's
        assert (penalty["username"], penalty["kind"], penalty["note"]) == (player.name, "warning", own)
        assert theirs not in response.content.decode()
    assert outsider.api.get(f"/api/matches/{match.id}/penalties/").status_code == 403


def test_no_page_or_answer_gives_a_player_the_opponents_penalty_note(match, judge):
    give(judge, match.id, match.b.name, "game_loss", "marked cards")
    a = match.a
    assert "marked cards" not in a.api.get(f"/api/matches/{match.id}/").content.decode()  # no audit rows
    assert browser(a).get(f"/matches/{match.id}/log/").status_code == 403  # the judges' viewer
    assert a.api.get(f"/api/events/{match.event.id}/audit/").status_code == 403
    for url in (f"/events/{match.event.id}/", "/notifications/", f"/matches/{match.id}/play/"):
        response = browser(a).get(url)
        assert response.status_code == 200 and "marked cards" not in response.content.decode()


def test_it_gives_penalties_and_overrides_results_from_the_log_viewer(match, judge):
    page = f"/matches/{match.id}/log/"
    response = browser(judge).post(
        f"{page}penalties/",
        {"username": match.a.name, "kind": "warning", "note": "notes", "next": page},
        follow=True,
    )
    assert response.status_code == 200 and "The penalty is recorded." in response.content.decode()
    assert Penalty.objects.filter(match_id=match.id, kind="warning").exists()
    result = {"wins_a": 2, "wins_b": 1, "draws": 0}
    refused = browser(judge).post(f"{page}override/", result, follow=True).content.decode()
    assert "give the reason for overriding" in refused  # an online match's override
    response = browser(judge).post(f"{page}override/", {**result, "note": "agreed"}, follow=True)
    assert response.status_code == 200 and "The result is final." in response.content.decode()
    row = match.row
    assert (row.status, row.wins_a, row.wins_b) == ("final", 2, 1)
    assert ResultChange.objects.filter(match_id=match.id, action="judge_report", by=judge.user).exists()
    html = browser(judge).get(page).content.decode()
    assert "warning for" in html and "judge_report" in html  # the audit trail on the page

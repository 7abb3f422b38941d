"""The organizer's safety net on event day (10): hold pairings, swap two
players, a manual bye, re-pair the round, undo the last round, forbidden pairs; each one in the
audit trail with who, when, what and why."""

import itertools
import re

import pytest
from django.test import Client

from tests.support.actors import make_players
from tournaments.models import Event, Game, Match, ResultChange, Round

pytestmark = pytest.mark.django_db


def audit(event) -> list[dict]:
    return event.organizer.api.get(f"{event.url}audit/").json()


def post(actor, url: str, body: dict | None = None):
    return actor.api.post(url, body or {}, format="json")


def started(event_factory, count: int, **settings):
    cup = event_factory(**settings)
    cup.open()
    players = make_players(count)
    cup.register(*players)
    return cup, {p.name: p for p in players}


def tables(round_json: dict) -> dict[int, tuple[str, str | None]]:
    return {m["table"]: (m["player_a"], m["player_b"]) for m in round_json["matches"]}


# ------------------------------------------------------------------------------------------- hold


def test_it_holds_round_one_from_the_players_and_the_public_until_published(event_factory, anonymous):
    cup, players = started(event_factory, 4)
    body = post(cup.organizer, f"{cup.url}start/", {"hold": True}).json()
    assert body["published"] is False and len(body["matches"]) == 2
    someone = players[body["matches"][0]["player_a"]]
    for actor in (someone, anonymous):
        assert actor.api.get(f"{cup.url}rounds/1/").status_code == 404
        assert actor.api.get(f"/api/matches/{body['matches'][0]['id']}/").status_code == 404
    report = post(someone, f"/api/matches/{body['matches'][0]['id']}/report/", {"wins_a": 1, "wins_b": 0})
    assert report.status_code == 404
    assert someone.api.get(f"/events/{cup.id}/rounds/1/").status_code == 404
    browser = Client()
    browser.force_login(cup.organizer.user)
    assert 'data-testid="match-row"' in browser.get(f"/events/{cup.id}/manage/").content.decode()

    published = post(cup.organizer, f"{cup.url}pairings/publish/", {"reason": "checked"})
    assert published.status_code == 200 and published.json()["published"] is True
    assert someone.api.get(f"{cup.url}rounds/1/").status_code == 200
    assert someone.api.get(f"/events/{cup.id}/rounds/1/").status_code == 200
    entry = audit(cup)[-1]
    assert (entry["by"], entry["action"], entry["reason"]) == ("olga", "pairings_publish", "checked")


def test_it_pairs_no_next_round_over_held_pairings_and_publishes_once(event_factory):
    cup, _ = started(event_factory, 4)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    again = post(cup.organizer, f"{cup.url}next-round/")
    assert again.status_code == 409 and again.json()["code"] == "pairings_held"
    post(cup.organizer, f"{cup.url}pairings/publish/")
    twice = post(cup.organizer, f"{cup.url}pairings/publish/")
    assert twice.status_code == 409 and twice.json()["code"] == "not_held"
    cup.finish_round(1)
    held = post(cup.organizer, f"{cup.url}next-round/", {"hold": True}).json()
    assert held["number"] == 2 and held["published"] is False


def test_a_held_online_round_starts_its_games_only_when_published(event_factory):
    cup, _ = started(event_factory, 4, online=True)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    assert not Game.objects.filter(match__round__event_id=cup.id).exists()
    post(cup.organizer, f"{cup.url}pairings/publish/")
    assert Game.objects.filter(match__round__event_id=cup.id).count() == 2


# ------------------------------------------------------------------------------------------- swap


def test_it_swaps_two_players_between_tables_with_a_reason(event_factory):
    cup, _ = started(event_factory, 4)
    before = tables(cup.start())
    (a1, b1), (a2, b2) = before[1], before[2]
    response = post(
        cup.organizer, f"{cup.url}pairings/swap/", {"player_a": b1, "player_b": a2, "reason": "twins"}
    )
    assert response.status_code == 200, response.content
    after = tables(response.json()["round"])
    assert after == {1: (a1, a2), 2: (b1, b2)}
    assert response.json()["warnings"] == []  # round 1: nobody has points, nobody has met
    entry = audit(cup)[-1]
    assert (entry["action"], entry["reason"]) == ("pairings_swap", "twins")
    assert entry["old"]["tables"] == [{"table": 1, "a": a1, "b": b1}, {"table": 2, "a": a2, "b": b2}]
    assert entry["new"]["tables"] == [{"table": 1, "a": a1, "b": a2}, {"table": 2, "a": b1, "b": b2}]


def test_a_swap_warns_of_a_rematch_and_of_a_points_mismatch(event_factory):
    cup, _ = started(event_factory, 4, rounds=3)
    first = tables(cup.start())
    cup.finish_round(1)  # player A wins at each table
    second = tables(cup.next_round())
    winners = {first[1][0], first[2][0]}
    # Round 2 pairs the two winners together: swapping one winner with the player the other
    # beat in round 1 makes a rematch, of a 3-point player and a 0-point one.
    x, y = second[1]
    assert {x, y} == winners
    loser_of_x = first[1][1] if first[1][0] == x else first[2][1]
    response = post(
        cup.organizer, f"{cup.url}pairings/swap/", {"player_a": y, "player_b": loser_of_x, "reason": "r"}
    )
    assert response.status_code == 200, response.content
    text = " ".join(response.json()["warnings"])
    assert "rematch" in text and "match points" in text
    assert {w["code"] for w in audit(cup)[-1]["new"]["warnings"]} == {"rematch", "points"}
    assert set(response.json()["warnings"]) <= set(audit(cup)[-1]["said"])


def test_it_refuses_a_swap_without_a_reason_or_once_a_result_is_in(event_factory):
    cup, _ = started(event_factory, 4)
    pairs = tables(cup.start())
    body = {"player_a": pairs[1][0], "player_b": pairs[2][0]}
    assert post(cup.organizer, f"{cup.url}pairings/swap/", {**body, "reason": ""}).status_code == 400
    same = post(cup.organizer, f"{cup.url}pairings/swap/", {**body, "player_b": pairs[1][1], "reason": "r"})
    assert same.status_code == 400 and same.json()["code"] == "same_table"
    match = cup.round(1)["matches"][0]
    post(cup.organizer, f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0})
    late = post(cup.organizer, f"{cup.url}pairings/swap/", {**body, "reason": "r"})
    assert late.status_code == 409 and late.json()["code"] == "result_in"
    assert tables(cup.round(1)) == pairs


def test_only_the_organizer_corrects_pairings(event_factory, judge, outsider):
    cup, players = started(event_factory, 4)
    post(cup.organizer, f"{cup.url}judges/", {"username": judge.name})
    pairs = tables(cup.start())
    body = {"player_a": pairs[1][0], "player_b": pairs[2][0], "reason": "r"}
    for actor in (judge, outsider, players[pairs[1][0]]):
        for path, data in (
            ("pairings/swap/", body),
            ("pairings/bye/", {"username": pairs[1][0], "reason": "r"}),
            ("rounds/repair/", {"reason": "r"}),
            ("forbidden-pairs/", body),
        ):
            assert post(actor, f"{cup.url}{path}", data).status_code == 403, (actor.name, path)
        assert actor.api.get(f"{cup.url}forbidden-pairs/").status_code == 403
    assert tables(cup.round(1)) == pairs


# ------------------------------------------------------------------------------------------ a bye


def test_a_manual_bye_moves_the_bye_of_an_odd_round(event_factory):
    cup, _ = started(event_factory, 5)
    pairs = tables(cup.start())
    had_bye = next(a for a, b in pairs.values() if b is None)
    a, b = pairs[1]
    response = post(cup.organizer, f"{cup.url}pairings/bye/", {"username": a, "reason": "must leave early"})
    assert response.status_code == 200, response.content
    after = tables(response.json()["round"])
    assert after[1] == (b, had_bye) and (a, None) in after.values()
    bye = next(m for m in response.json()["round"]["matches"] if m["player_b"] is None)
    assert (bye["wins_a"], bye["status"]) == (2, "final")
    assert audit(cup)[-1]["action"] == "bye_manual"


def test_a_manual_bye_in_an_even_round_gives_the_opponent_a_bye_too(event_factory):
    cup, _ = started(event_factory, 4)
    pairs = tables(cup.start())
    a, b = pairs[1]
    response = post(cup.organizer, f"{cup.url}pairings/bye/", {"username": b, "reason": "ill"})
    assert response.status_code == 200
    assert {(b, None), (a, None)} <= set(tables(response.json()["round"]).values())
    assert response.json()["warnings"] and a in response.json()["warnings"][0]


# ---------------------------------------------------------------------------------------- re-pair


def test_it_re_pairs_the_current_round_while_no_result_is_in(event_factory):
    cup, _ = started(event_factory, 8)
    cup.start()
    seed = Round.objects.get(event_id=cup.id, number=1).seed
    response = post(cup.organizer, f"{cup.url}rounds/repair/", {"reason": "wrong players list"})
    assert response.status_code == 200 and response.json()["number"] == 1
    assert Round.objects.get(event_id=cup.id, number=1).seed != seed
    entry = audit(cup)[-1]
    assert (entry["action"], entry["old"]["seed"], entry["reason"]) == (
        "round_repair",
        seed,
        "wrong players list",
    )
    assert len(entry["new"]["tables"]) == 4
    match = cup.round(1)["matches"][0]
    post(cup.organizer, f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0})
    late = post(cup.organizer, f"{cup.url}rounds/repair/", {"reason": "again"})
    assert late.status_code == 409 and late.json()["code"] == "results_in"


def test_a_re_pair_keeps_a_held_round_held(event_factory):
    cup, _ = started(event_factory, 4)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    assert post(cup.organizer, f"{cup.url}rounds/repair/", {"reason": "r"}).json()["published"] is False


# ------------------------------------------------------------------------------------------- undo


def test_it_undoes_the_last_round_and_keeps_its_results_in_the_audit_trail(event_factory):
    cup, _ = started(event_factory, 4, rounds=3)
    cup.start()
    cup.finish_round(1)
    standings_after_one = cup.standings()
    cup.next_round()
    cup.finish_round(2)
    results = [(m["player_a"], m["player_b"], m["wins_a"]) for m in cup.round(2)["matches"]]
    response = post(
        cup.organizer, f"{cup.url}rounds/undo/", {"reason": "results entered for the wrong round"}
    )
    assert response.status_code == 200, response.content
    assert response.json()["current_round"] == 1
    assert cup.organizer.api.get(f"{cup.url}rounds/2/").status_code == 404
    assert cup.standings() == standings_after_one
    trail = audit(cup)
    entry = trail[-1]
    assert (entry["action"], entry["old"]["round"]) == ("round_undo", 2)
    assert [(t["a"], t["b"], t["wins_a"]) for t in entry["old"]["tables"]] == results
    # Each result's own entry stays too, naming its round and table.
    kept = [e for e in trail if e["action"] == "judge_report" and e["old"].get("round") == 2]
    assert len(kept) == 2
    assert cup.next_round()["number"] == 2  # and the round is played again


def test_it_refuses_to_undo_round_one(event_factory):
    cup, _ = started(event_factory, 4)
    cup.start()
    response = post(cup.organizer, f"{cup.url}rounds/undo/", {"reason": "r"})
    assert response.status_code == 409 and response.json()["code"] == "first_round"


def test_undoing_the_first_top_cut_round_goes_back_to_the_swiss_rounds(event_factory):
    cup, _ = started(event_factory, 4, rounds=2, top_cut=2)
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    cup.finish_round(2)
    assert cup.next_round()["kind"] == "top_cut"
    post(cup.organizer, f"{cup.url}rounds/undo/", {"reason": "a result of round 2 was wrong"})
    assert Event.objects.get(pk=cup.id).status == Event.Status.RUNNING


# --------------------------------------------------------------------------------- online rounds


@pytest.mark.parametrize("path", ["rounds/repair/", "rounds/undo/"])
def test_an_online_round_whose_games_started_is_neither_re_paired_nor_undone(event_factory, path):
    cup, _ = started(event_factory, 4, online=True, rounds=3)
    cup.start()
    if path == "rounds/undo/":
        cup.finish_round(1)
        cup.next_round()
    number = Round.objects.filter(event_id=cup.id).count()
    matches = set(
        Match.objects.filter(round__event_id=cup.id, round__number=number).values_list("pk", flat=True)
    )
    response = post(cup.organizer, f"{cup.url}{path}", {"reason": "r"})
    assert response.status_code == 409 and response.json()["code"] == "games_started"
    assert set(
        Match.objects.filter(round__event_id=cup.id, round__number=number).values_list("pk", flat=True)
    ) == (matches)
    assert Game.objects.filter(match__pk__in=matches).exists()


# ------------------------------------------------------------------------------- forbidden pairs


def test_the_pairer_keeps_forbidden_pairs_apart(event_factory):
    cup, players = started(event_factory, 8)
    names = sorted(players)
    allowed = {frozenset((names[i], names[7 - i])) for i in range(4)}  # the only pairing left
    for x, y in itertools.combinations(names, 2):
        if frozenset((x, y)) not in allowed:
            response = post(
                cup.organizer, f"{cup.url}forbidden-pairs/", {"player_a": x, "player_b": y, "reason": "team"}
            )
            assert response.status_code == 201, response.content
    assert {frozenset(p) for p in tables(cup.start()).values()} == allowed


def test_forbidden_pairs_are_listed_removed_and_audited(event_factory):
    cup, players = started(event_factory, 4)
    a, b = sorted(players)[:2]
    created = post(
        cup.organizer, f"{cup.url}forbidden-pairs/", {"player_a": b, "player_b": a, "reason": "siblings"}
    )
    assert created.status_code == 201
    twice = post(
        cup.organizer, f"{cup.url}forbidden-pairs/", {"player_a": a, "player_b": b, "reason": "again"}
    )
    assert twice.status_code == 409 and twice.json()["code"] == "already_forbidden"
    self_pair = post(
        cup.organizer, f"{cup.url}forbidden-pairs/", {"player_a": a, "player_b": a, "reason": "x"}
    )
    assert self_pair.status_code == 400
    stranger = post(
        cup.organizer, f"{cup.url}forbidden-pairs/", {"player_a": a, "player_b": "nobody", "reason": "x"}
    )
    assert stranger.status_code == 400 and stranger.json()["code"] == "not_registered"
    listed = cup.organizer.api.get(f"{cup.url}forbidden-pairs/").json()
    assert [(p["player_a"], p["player_b"], p["reason"]) for p in listed] == [(a, b, "siblings")]
    pair_id = created.json()["id"]
    assert (
        cup.organizer.api.delete(
            f"{cup.url}forbidden-pairs/{pair_id}/", {"reason": "not family"}, format="json"
        ).status_code
        == 204
    )
    assert cup.organizer.api.get(f"{cup.url}forbidden-pairs/").json() == []
    actions = [(e["action"], e["reason"]) for e in audit(cup)[-2:]]
    assert actions == [("pairing_forbid", "siblings"), ("pairing_allow", "not family")]
    assert ResultChange.objects.filter(event_id=cup.id, action="pairing_allow", old={"a": a, "b": b}).exists()


@pytest.mark.parametrize("path", ["pairings/swap/", "pairings/bye/", "rounds/repair/", "rounds/undo/"])
def test_a_pairing_under_a_judges_penalty_stays(event_factory, path):
    cup, _ = started(event_factory, 4, rounds=3)
    cup.start()
    cup.finish_round(1)
    pairs = tables(cup.next_round())
    match = cup.round(2)["matches"][0]
    given = post(
        cup.organizer, f"/api/matches/{match['id']}/penalties/", {"username": pairs[1][0], "kind": "warning"}
    )
    assert given.status_code == 201, given.content
    body = {"player_a": pairs[1][0], "player_b": pairs[2][0], "username": pairs[1][0], "reason": "r"}
    response = post(cup.organizer, f"{cup.url}{path}", body)
    assert response.status_code == 409 and response.json()["code"] == "penalties_given"
    assert tables(cup.round(2)) == pairs


def test_a_held_rounds_bye_counts_in_the_standings_from_publication_only(event_factory, anonymous):
    cup, _ = started(event_factory, 5)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    assert {row["match_points"] for row in anonymous.api.get(f"{cup.url}standings/").json()} == {0}
    post(cup.organizer, f"{cup.url}pairings/publish/")
    assert sorted(row["match_points"] for row in anonymous.api.get(f"{cup.url}standings/").json()) == [
        0
    ] * 4 + [3]


def test_a_held_top_cut_round_is_not_in_the_public_bracket(event_factory, anonymous):
    cup, _ = started(event_factory, 4, rounds=2, top_cut=2)
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    cup.finish_round(2)
    assert post(cup.organizer, f"{cup.url}next-round/", {"hold": True}).json()["kind"] == "top_cut"
    assert {row["top_cut"] for row in anonymous.api.get(f"{cup.url}standings/").json()} == {None}
    post(cup.organizer, f"{cup.url}pairings/publish/")
    assert sorted(filter(None, (r["top_cut"] for r in anonymous.api.get(f"{cup.url}standings/").json()))) == [
        "final",
        "final",
    ]


# ------------------------------------------------------------------------------ the dashboard lists


def test_the_swap_and_bye_lists_offer_only_players_with_a_table_to_move(event_factory):
    cup, players = started(event_factory, 6, check_in_required=True)
    absent = "p006"
    for name in sorted(players)[:5]:
        post(cup.organizer, f"{cup.url}check-in/", {"username": name, "checked_in": True})
    pairs = tables(cup.start())  # p006 is dropped at the start: never checked in
    bye_holder = next(a for a, b in pairs.values() if b is None)
    done = next((a, b) for a, b in pairs.values() if b is not None)
    match = next(m for m in cup.round(1)["matches"] if m["player_a"] == done[0])
    post(cup.organizer, f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0})
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(cup.organizer.user)
    html = browser.get(f"/events/{cup.id}/manage/").content.decode()
    for field in ("swap-a", "swap-b", "bye-player"):  # each offers the round's movable players
        assert re.search(rf'<input id="{field}" [^>]*list="movable-players"', html), field
    # The list is read when the corrections are opened (htmx), from the address the datalist names.
    source = re.search(r'<datalist id="movable-players" [^>]*hx-get="([^"]+)"', html).group(1)
    options = browser.get(source)
    assert options.status_code == 200
    offered = re.findall(r'<option value="([^"]*)">', options.content.decode())
    assert offered == sorted(set(players) - {absent, bye_holder, *done})


def test_the_keep_apart_list_offers_every_registered_player_to_the_organizer_only(event_factory, judge):
    cup, players = started(event_factory, 4)
    post(cup.organizer, f"{cup.url}judges/", {"username": judge.name})
    cup.start()
    organizer = Client(HTTP_ACCEPT_LANGUAGE="en")
    organizer.force_login(cup.organizer.user)
    html = organizer.get(f"/events/{cup.id}/manage/").content.decode()
    assert re.search(r'<datalist id="event-players"[^>]*></datalist>', html)  # not sent with the page
    source = re.search(r'<datalist id="event-players" [^>]*hx-get="([^"]+)"', html).group(1)
    offered = re.findall(r'<option value="([^"]*)">', organizer.get(source).content.decode())
    assert offered == sorted(players, key=str.casefold)
    official = Client(HTTP_ACCEPT_LANGUAGE="ru")
    official.force_login(judge.user)
    assert official.get(source).status_code == 403  # a judge corrects no pairings
    someone = Client()
    someone.force_login(players[sorted(players)[0]].user)
    assert someone.get(source).status_code == 403
    assert organizer.get(source.replace("/players/", "/everyone/")).status_code == 404

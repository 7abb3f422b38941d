"""The organizer's pairing corrections for a bracket or a round robin: every match of those is
drawn from the seeds, so a swap exchanges two players' seeds and a re-pair draws the seeds
again, and the event's rounds are paired again from them as the start did; only while no result
is in and no online game has started, each with its reason in the audit trail."""

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.support.actors import make_players
from tests.support.events import team_event
from tournaments.audit_words import audit_lines
from tournaments.models import Event, Game, Match, Notification, Registration, ResultChange, Round
from tournaments.structures import double_elimination, round_robin_round, seed_order

pytestmark = pytest.mark.django_db


def post(actor, url: str, body: dict | None = None, **extra):
    return actor.api.post(url, body or {}, format="json", **extra)


def started(event_factory, count: int, hold: bool = False, **settings):
    """An event of ``count`` players entered in order (seed 1 first in the organizer's order),
    started (held with ``hold``); return it, the players' names and the start's answer."""
    event = event_factory(**{"seeding": "organizer", **settings})
    event.open()
    players = make_players(count)
    event.register(*players)
    answer = post(event.organizer, f"{event.url}start/", {"hold": hold})
    assert answer.status_code == 200, answer.content
    return event, [p.name for p in players], answer.json()


def pairs(round_json: dict) -> list[tuple[str, str | None]]:
    return [(m["player_a"], m["player_b"]) for m in sorted(round_json["matches"], key=lambda m: m["table"])]


def seeds(event) -> dict[str, int]:
    rows = Registration.objects.filter(event_id=event.id, seed__isnull=False)
    return dict(rows.values_list("player__username", "seed"))


def swap(event, a: str, b: str, reason: str = "seeded by mistake", **extra):
    return post(
        event.organizer,
        f"{event.url}pairings/swap/",
        {"player_a": a, "player_b": b, "reason": reason},
        **extra,
    )


def repair(event, reason: str = "the list was wrong", **extra):
    return post(event.organizer, f"{event.url}rounds/repair/", {"reason": reason}, **extra)


def last_entry(event) -> ResultChange:
    entry = ResultChange.objects.filter(event_id=event.id).order_by("-id").first()
    assert entry is not None
    return entry


# ------------------------------------------------------------------------------------------- swap


def test_a_swap_of_seeds_1_and_8_changes_round_1_of_a_single_elimination_as_the_core_says(event_factory):
    event, names, first = started(event_factory, 8, structure="single_elimination")
    assert pairs(first) == [
        (names[0], names[7]),
        (names[3], names[4]),
        (names[1], names[6]),
        (names[2], names[5]),
    ]

    response = swap(event, names[0], names[7])
    assert response.status_code == 200, response.content
    assert response.json()["round"]["number"] == 1 and response.json()["warnings"] == []
    assert seeds(event)[names[0]] == 8 and seeds(event)[names[7]] == 1
    # Seed 1 (now names[7]) meets seed 8 (now names[0]); the other tables stay as they were.
    assert pairs(event.round(1)) == [
        (names[7], names[0]),
        (names[3], names[4]),
        (names[1], names[6]),
        (names[2], names[5]),
    ]
    assert Round.objects.filter(event_id=event.id).count() == 1
    assert [m["bracket_key"] for m in event.round(1)["matches"]] == ["W1-1", "W1-2", "W1-3", "W1-4"]
    entry = last_entry(event)
    assert (entry.action, entry.note, entry.by.get_username()) == ("seeds_swap", "seeded by mistake", "olga")
    assert (entry.old["seed_a"], entry.new["seed_a"]) == (1, 8)


def test_a_swap_of_seeds_changes_a_brackets_byes_and_its_round_paired_beside_round_1(event_factory):
    event, names, _first = started(event_factory, 6, structure="single_elimination")
    # 6 players: seeds 1 and 2 have byes; their second-round matches wait for round 1.
    assert swap(event, names[0], names[5]).status_code == 200
    in_round_1 = {name for pair in pairs(event.round(1)) for name in pair if name}
    assert names[0] in in_round_1 and names[5] not in in_round_1
    assert event.organizer.api.get(f"{event.url}bracket/").json()["rounds"][0]["matches"]


def test_a_round_robin_swap_changes_the_schedule_as_the_core_says(event_factory):
    event, names, first = started(event_factory, 4, structure="round_robin")
    ids = dict(Registration.objects.filter(event_id=event.id).values_list("player__username", "pk"))
    assert swap(event, names[0], names[2]).status_code == 200

    order = [names[2], names[1], names[0], names[3]]
    assert seeds(event) == {name: i for i, name in enumerate(order, start=1)}
    expected = round_robin_round(entrants=[ids[n] for n in order], round_number=1)
    by_id = {pk: name for name, pk in ids.items()}
    assert pairs(event.round(1)) == [(by_id[t.a], by_id[t.b] if t.b else None) for t in expected.tables]
    assert pairs(event.round(1)) != pairs(first)


def test_a_swap_in_the_organizers_order_moves_the_two_places_of_that_order(event_factory):
    event, names, _first = started(event_factory, 4, structure="single_elimination")
    assert swap(event, names[1], names[3]).status_code == 200
    order = dict(Registration.objects.filter(event_id=event.id).values_list("player__username", "seed_order"))
    assert order == {names[0]: 1, names[3]: 2, names[2]: 3, names[1]: 4}
    # A later re-pair "in the organizer's order" keeps the swap.
    assert repair(event).status_code == 200
    assert seeds(event) == order


# ------------------------------------------------------------------------------------------ re-pair


def test_a_re_pair_of_a_random_seeded_double_elimination_records_a_new_seed_and_rebuilds(event_factory):
    event, names, _first = started(event_factory, 8, structure="double_elimination", seeding="random")
    before = Event.objects.get(pk=event.id).seed
    old_matches = set(Match.objects.filter(round__event_id=event.id).values_list("pk", flat=True))

    response = repair(event)
    assert response.status_code == 200, response.content
    assert response.json()["number"] == 1 and response.json()["kind"] == "winners"
    after = Event.objects.get(pk=event.id).seed
    assert after != before and Round.objects.get(event_id=event.id, number=1).seed == after
    # The seeds are the core's random draw from the new seed, and round 1 is paired from them.
    regs = Registration.objects.filter(event_id=event.id).order_by("created_at", "id")
    ids = list(regs.values_list("pk", flat=True))
    drawn = seed_order(entrants=ids, method="random", seed=after)
    assert (
        list(Registration.objects.filter(event_id=event.id).order_by("seed").values_list("pk", flat=True))
        == drawn
    )
    bracket = double_elimination(seeds=drawn, grand_final_reset=False)
    firsts = bracket.rounds[0].matches
    names_of = dict(regs.values_list("pk", "player__username"))
    by_seed = {seed: names_of[pk] for seed, pk in enumerate(drawn, start=1)}
    assert pairs(event.round(1)) == [(by_seed[m.from_a.seed], by_seed[m.from_b.seed]) for m in firsts]
    assert not old_matches & set(Match.objects.filter(round__event_id=event.id).values_list("pk", flat=True))
    entry = last_entry(event)
    assert (entry.action, entry.old["seed"], entry.new["seed"]) == ("seeds_redraw", before, after)
    assert entry.new["seeds"] == [names_of[pk] for pk in drawn]


def test_a_re_pair_after_a_drop_draws_the_dropped_player_out(event_factory):
    event, names, _first = started(event_factory, 5, structure="round_robin")
    assert post(event.organizer, f"{event.url}drop/", {"username": names[4]}).status_code == 200
    assert repair(event, "Eve went home").status_code == 200
    assert set(seeds(event)) == set(names[:4])
    assert all(None not in pair for pair in pairs(event.round(1)))  # four players: no one rests


# ----------------------------------------------------------------------------------- hold, notes


def test_a_held_bracket_stays_held_and_its_players_hear_of_it_once_when_published(event_factory):
    event, names, first = started(event_factory, 4, hold=True, structure="single_elimination")
    assert first["published"] is False
    assert swap(event, names[0], names[3]).status_code == 200
    assert repair(event).json()["published"] is False
    assert not Round.objects.filter(event_id=event.id, published=True).exists()
    assert not Notification.objects.filter(kind="pairings").exists()

    assert post(event.organizer, f"{event.url}pairings/publish/").status_code == 200
    told = Notification.objects.filter(kind="pairings")
    assert sorted(told.values_list("user__username", flat=True)) == sorted(names)


# --------------------------------------------------------------------------------------- refusals


def test_a_swap_or_re_pair_is_refused_once_a_result_is_in(event_factory):
    event, names, first = started(event_factory, 4, structure="single_elimination")
    match = first["matches"][0]
    won = {"wins_a": event.best_of // 2 + 1, "wins_b": 0}
    assert post(event.organizer, f"/api/matches/{match['id']}/report/", won).status_code == 200
    for response in (swap(event, names[1], names[2]), repair(event)):
        assert response.status_code == 409 and response.json()["code"] == "results_in"
    assert pairs(event.round(1)) == pairs(first)


def test_a_walkover_of_a_dropped_player_is_no_result_that_stops_a_swap(event_factory):
    event, names, _first = started(event_factory, 4, structure="single_elimination")
    assert post(event.organizer, f"{event.url}drop/", {"username": names[3]}).status_code == 200
    assert Match.objects.filter(round__event_id=event.id, status="final").count() == 1  # settled by the drop
    response = swap(event, names[1], names[2])
    assert response.status_code == 200, response.content
    # Paired again as the start pairs a dropped player: seed 1 goes on by walkover, unplayed.
    assert pairs(event.round(1)) == [(names[2], names[1])]
    assert not Match.objects.filter(round__event_id=event.id, status="final").exists()


def test_a_bracket_whose_online_games_started_is_neither_swapped_nor_re_paired(event_factory):
    event, names, first = started(event_factory, 4, structure="single_elimination", online=True)
    assert Game.objects.filter(match__round__event_id=event.id).exists()
    for response in (swap(event, names[0], names[3]), repair(event)):
        assert response.status_code == 409 and response.json()["code"] == "games_started"
    assert pairs(event.round(1)) == pairs(first)


def test_a_held_online_bracket_is_swapped_and_its_games_set_up_when_published(event_factory):
    event, names, _first = started(event_factory, 4, hold=True, structure="single_elimination", online=True)
    assert swap(event, names[0], names[3]).status_code == 200
    assert not Game.objects.filter(match__round__event_id=event.id).exists()
    post(event.organizer, f"{event.url}pairings/publish/")
    assert Game.objects.filter(match__round__event_id=event.id).count() == 2


def test_a_bracket_has_no_manual_bye_its_byes_come_from_the_seeds(event_factory):
    event, names, _first = started(event_factory, 4, structure="double_elimination")
    body = {"username": names[0], "reason": "r"}
    response = post(event.organizer, f"{event.url}pairings/bye/", body)
    assert response.status_code == 409 and response.json()["code"] == "not_swiss"
    assert "seeds" in response.json()["detail"]
    ru = post(event.organizer, f"{event.url}pairings/bye/", body, HTTP_ACCEPT_LANGUAGE="ru")
    assert re.search("[а-яё]{4}", ru.json()["detail"]), ru.json()["detail"]


def test_a_league_is_still_refused_and_a_team_round_is_corrected_team_by_team(event_factory):
    league = event_factory(structure="league", league_days=7, league_matches=2)
    league.open()
    league.register(*make_players(2, prefix="l"))
    league.start()
    for response in (swap(league, "l001", "l002"), repair(league)):
        assert response.status_code == 409 and response.json()["code"] == "not_swiss"
    teams, _rosters = team_event(event_factory, 4)
    teams.start()
    assert repair(teams).status_code == 200  # team_corrections: the teams paired again


def test_the_refusals_and_the_audit_trail_are_said_in_russian(event_factory):
    event, names, first = started(event_factory, 4, structure="round_robin")
    assert swap(event, names[0], names[1]).status_code == 200
    assert repair(event).status_code == 200
    with translation.override("ru"):
        said = [line for e in ResultChange.objects.filter(event_id=event.id) for line in audit_lines(e)]
    assert any(line.startswith("Посев обменян") for line in said), said
    assert any(line.startswith("Посев заново") for line in said), said
    match = event.round(1)["matches"][0]
    won = {"wins_a": event.best_of // 2 + 1, "wins_b": 0}
    assert post(event.organizer, f"/api/matches/{match['id']}/report/", won).status_code == 200
    refused = swap(event, names[0], names[1], HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.json()["code"] == "results_in"
    assert re.search("[а-яё]{4}", refused.json()["detail"]), refused.json()["detail"]


# -------------------------------------------------------------------------------------- dashboard


def test_the_dashboard_swaps_and_redraws_a_brackets_seeds(event_factory):
    event, names, _first = started(event_factory, 8, structure="single_elimination")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(event.organizer.user)
    page = browser.get(f"/events/{event.id}/manage/").content.decode()
    assert 'data-testid="swap-form"' in page and 'data-testid="repair-form"' in page
    assert 'data-testid="bye-form"' not in page and "Swap two players' seeds" in page
    movable = browser.get(f"/events/{event.id}/manage/names/movable/").content.decode()
    assert all(f'value="{name}"' in movable for name in names)

    body = {"player_a": names[0], "player_b": names[7], "reason": "seeded by mistake"}
    response = browser.post(f"/events/{event.id}/manage/pairings/swap/", body, follow=True)
    assert "swapped seeds" in response.content.decode()
    assert seeds(event)[names[7]] == 1 and pairs(event.round(1))[0] == (names[7], names[0])
    response = browser.post(f"/events/{event.id}/manage/rounds/repair/", {"reason": "again"}, follow=True)
    assert "seeds are drawn again" in response.content.decode()
    assert last_entry(event).action == "seeds_redraw"

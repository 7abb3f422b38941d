"""What counts toward ratings, so that alternate accounts cannot farm them (services/rating_rules.py,
docs/players.md "Ratings"): an event rates only with at least RATING_MIN_PLAYERS (8) people in
its round 1, and the same two players rate once a period (RATING_PAIR_DAYS, 7 days) whatever the
event. Both are read from the matches, so a recompute from them gives what the updates built."""

from datetime import timedelta

import pytest

from tests.site.rating_support import League
from tests.support.actors import make_players
from tournaments.models import Match, RatedMatch, Rating
from tournaments.services.rating_recompute import ratings_recompute
from tournaments.services.ratings import MU, SIGMA, rate_pair, rating_update

pytestmark = pytest.mark.django_db


def leaderboard(actor) -> list[str]:
    body = actor.api.get("/api/ratings/?game=respons").json()
    return [row["username"] for row in body["results"]]


def played_out(cup, winner_of, django_capture_on_commit_callbacks) -> None:
    """Every match of the event's one round reported by ``winner_of(match)`` and confirmed by
    the loser, as players agreeing do in a paper event; then the event finished."""
    for match in cup.round(1)["matches"]:
        if match["player_b"] is None:
            continue
        winner, loser = winner_of(match)
        seat_a_won = winner.name == match["player_a"]
        body = {"wins_a": 1 if seat_a_won else 0, "wins_b": 0 if seat_a_won else 1, "draws": 0}
        with django_capture_on_commit_callbacks(execute=True):
            assert (
                winner.api.post(f"/api/matches/{match['id']}/report/", body, format="json").status_code == 200
            )
            assert loser.api.post(f"/api/matches/{match['id']}/confirm/").status_code == 200
    assert cup.organizer.api.post(f"{cup.url}next-round/").status_code == 200  # the event is over


def test_the_farm_fails_three_one_round_events_of_an_alt(
    event_factory, anonymous, django_capture_on_commit_callbacks
):
    """The attack as it was seen: an alt organizes three one-round paper events, the farmer beats
    a second alt who confirms each time; within a minute the farmer was second on the board."""
    farmer, alt = make_players(2, prefix="farm")
    for _ in range(3):
        cup = event_factory(rounds=1)  # its organizer is the first alt
        cup.open()
        cup.register(farmer, alt)
        cup.start()
        played_out(cup, lambda match: (farmer, alt), django_capture_on_commit_callbacks)
    assert Match.objects.filter(status=Match.Status.FINAL).count() == 3
    assert leaderboard(anonymous) == []
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()


def test_an_event_of_eight_people_rates(event_factory, anonymous, django_capture_on_commit_callbacks):
    cup = event_factory(rounds=1)
    cup.open()
    players = make_players(8)
    cup.register(*players)
    cup.start()
    by_name = {p.name: p for p in players}
    played_out(
        cup,
        lambda match: (by_name[match["player_a"]], by_name[match["player_b"]]),
        django_capture_on_commit_callbacks,
    )
    assert sorted(leaderboard(anonymous)) == sorted(by_name)
    assert RatedMatch.objects.count() == 4


def test_seven_people_and_a_bot_do_not_make_an_event_that_rates(settings):
    league = League(*[f"p{i}" for i in range(8)])
    league.regs["p7"].is_bot = True
    league.regs["p7"].save()
    matches = [league.play(f"p{i}", f"p{i + 1}", 1, 0, minute=i) for i in range(0, 8, 2)]
    for match in matches:
        rating_update(match_id=match.pk)
    assert not RatedMatch.objects.exists()
    settings.RATING_MIN_PLAYERS = 7  # seven people are enough where the operator says so
    for match in matches:
        rating_update(match_id=match.pk)
    assert RatedMatch.objects.count() == 3  # the bot's match never rates


def test_a_farm_of_eight_accounts_gains_one_win_a_week(event_factory, django_capture_on_commit_callbacks):
    """Seven alts make the events big enough: the farmer beating the same alt in three events of
    one week rates once."""
    farmer, *alts = make_players(8, prefix="farm")
    by_name = {p.name: p for p in (farmer, *alts)}

    def farmer_wins(match):
        a, b = by_name[match["player_a"]], by_name[match["player_b"]]
        return (b, a) if b is farmer else (a, b)  # the farmer wins; elsewhere seat A does

    for _ in range(3):
        cup = event_factory(rounds=1)
        cup.open()
        cup.register(farmer, *alts)
        cup.start()
        played_out(cup, farmer_wins, django_capture_on_commit_callbacks)
    mine = Rating.objects.get(player__username=farmer.name)
    opponents = {
        row.player_b_id if row.player_a_id == farmer.user.pk else row.player_a_id
        for row in RatedMatch.objects.filter(player_a_id=farmer.user.pk)
        | RatedMatch.objects.filter(player_b_id=farmer.user.pk)
    }
    assert mine.wins == len(opponents)  # one rated win per alt beaten, however often
    assert Match.objects.filter(status=Match.Status.FINAL).count() == 12


# --- the pair rule on the ledger ------------------------------------------------------------------


@pytest.fixture
def pair(settings):
    """Two players in a league that rates whatever its size (the pair rule alone)."""
    settings.RATING_MIN_PLAYERS = 2
    return League("anna", "boris", "carl")


def test_the_same_two_players_rate_once_a_week(pair):
    first = pair.play("anna", "boris", 2, 0, minute=10)
    again = pair.play("boris", "anna", 2, 0, minute=20)  # boris wins the rematch the same day
    next_week = pair.play("anna", "boris", 2, 0, minute=10 + 8 * 24 * 60)
    for match in (first, again, next_week):
        rating_update(match_id=match.pk)
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {first.pk, next_week.pk}
    anna = Rating.objects.get(player__username="anna")
    assert (anna.wins, anna.losses) == (2, 0)


def test_when_the_first_of_a_pair_goes_the_next_one_rates(pair):
    first = pair.play("anna", "boris", 2, 0, minute=10)
    again = pair.play("boris", "anna", 2, 0, minute=20)
    rating_update(match_id=first.pk)
    rating_update(match_id=again.pk)
    Match.objects.filter(pk=first.pk).update(status=Match.Status.REPORTED)  # its result reopened
    rating_update(match_id=first.pk)
    assert list(RatedMatch.objects.values_list("match_id", flat=True)) == [again.pk]
    boris = Rating.objects.get(player__username="boris")
    assert (boris.mu, boris.sigma) == pytest.approx(rate_pair(MU, SIGMA, MU, SIGMA, 1.0)[:2])


def test_the_pairs_first_match_holds_the_place_even_when_its_task_runs_last(pair):
    first = pair.play("anna", "boris", 2, 0, minute=10)
    again = pair.play("boris", "anna", 2, 0, minute=20)
    rating_update(match_id=again.pk)  # the rematch's task runs first: it rates the pair's first match
    assert list(RatedMatch.objects.values_list("match_id", flat=True)) == [first.pk]
    assert rating_update(match_id=first.pk) is False  # its own task then finds it done
    anna = Rating.objects.get(player__username="anna")
    assert (anna.wins, anna.losses) == (1, 0)


def test_the_recompute_applies_both_rules_as_the_updates_did(pair):
    plays = [
        ("anna", "boris", 2, 0, 0),
        ("boris", "carl", 0, 2, 5),
        ("boris", "anna", 2, 1, 30),  # the pair again, same week: does not rate
        ("carl", "anna", 1, 1, 60),
        ("anna", "boris", 0, 2, 9 * 24 * 60),  # next week: rates
    ]
    matches = [pair.play(a, b, wa, wb, minute=m) for a, b, wa, wb, m in plays]
    for match in reversed(matches):  # every task late, in the wrong order
        rating_update(match_id=match.pk)
    built = {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.wins, r.losses, r.draws)
        for r in Rating.objects.all()
    }
    ledger = sorted(RatedMatch.objects.values_list("match_id", flat=True))
    assert ratings_recompute(game="respons") == 4
    again = {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.wins, r.losses, r.draws)
        for r in Rating.objects.all()
    }
    assert again == built
    assert sorted(RatedMatch.objects.values_list("match_id", flat=True)) == ledger
    assert matches[2].pk not in ledger


def test_the_weeks_run_monday_to_sunday_in_utc(pair, settings):
    from tournaments.services.rating_rules import PAIR_PERIODS_FROM, pair_period

    assert PAIR_PERIODS_FROM.weekday() == 0
    sunday_night = PAIR_PERIODS_FROM + timedelta(days=6, hours=23, minutes=59)
    assert (
        pair_period(sunday_night)
        == pair_period(PAIR_PERIODS_FROM)
        != pair_period(sunday_night + timedelta(minutes=1))
    )

"""Ratings per player per game: updated when a match becomes final,
idempotent, consistent after corrections, recomputable from the final matches alone."""

import pytest
from django.core.management import call_command

from tests.site.rating_support import League
from tests.support.actors import make_players
from tournaments.models import Match, RatedMatch, Rating
from tournaments.services.rating_recompute import ratings_recompute
from tournaments.services.ratings import MU, SIGMA, rate_pair, rating_update

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_events_rate(settings):
    # These tests are about the ledger's arithmetic, on two to four players; what rates at
    # all: tests/site/test_ratings_farming.py.
    settings.RATING_MIN_PLAYERS = 2


def ratings(game: str = "respons") -> dict[str, tuple[float, float, int, int, int]]:
    """Every rating of the game: username → (mu, sigma, wins, losses, draws), rounded."""
    return {
        r.player.username: (round(r.mu, 9), round(r.sigma, 9), r.wins, r.losses, r.draws)
        for r in Rating.objects.filter(game=game).select_related("player")
    }


def rate(*matches: Match) -> None:
    for match in matches:
        rating_update(match_id=match.pk)


def test_a_final_match_moves_the_winner_up_and_the_loser_down():
    league = League("anna", "boris")
    rate(league.play("anna", "boris", 2, 1))
    anna, boris = Rating.objects.get(player__username="anna"), Rating.objects.get(player__username="boris")
    assert anna.mu > MU > boris.mu and anna.sigma < SIGMA
    assert (anna.wins, anna.losses, anna.matches, boris.losses) == (1, 0, 1, 1)
    assert anna.rating == pytest.approx(anna.mu - 3 * anna.sigma)
    assert (anna.mu, anna.sigma, boris.mu, boris.sigma) == pytest.approx(rate_pair(MU, SIGMA, MU, SIGMA, 1.0))


def test_rating_a_match_twice_changes_nothing():
    league = League("anna", "boris")
    match = league.play("anna", "boris", 2, 0)
    assert rating_update(match_id=match.pk) is True
    before = ratings()
    assert rating_update(match_id=match.pk) is False
    assert ratings() == before and RatedMatch.objects.count() == 1


def test_a_drawn_match_is_a_draw_for_both():
    league = League("anna", "boris")
    rate(league.play("anna", "boris", 1, 1, 1))
    assert ratings()["anna"][2:] == (0, 0, 1) and ratings()["anna"][0] == pytest.approx(MU)


def test_byes_bots_unfinished_and_empty_matches_do_not_rate():
    league = League("anna", "boris", "bot")
    league.regs["bot"].is_bot = True
    league.regs["bot"].save()
    bye = league.play("anna", None, 2, 0)
    bot = league.play("anna", "bot", 2, 0)
    empty = league.play("anna", "boris", 0, 0, 0)
    pending = league.play("boris", "anna", 2, 0)
    Match.objects.filter(pk=pending.pk).update(status=Match.Status.REPORTED)
    rate(bye, bot, empty, pending)
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()


def test_ratings_are_per_game():
    respons, other = League("anna", "boris"), League("carl", "dora", game="yugioh")
    rate(respons.play("anna", "boris", 2, 0), other.play("carl", "dora", 0, 2))
    assert set(ratings("respons")) == {"anna", "boris"} and set(ratings("yugioh")) == {"carl", "dora"}


def test_a_corrected_result_replays_every_match_after_it():
    league = League("anna", "boris", "carl")
    first = league.play("anna", "boris", 2, 0, minute=1)
    rate(first, league.play("boris", "carl", 2, 0, minute=2), league.play("carl", "anna", 2, 1, minute=3))
    Match.objects.filter(pk=first.pk).update(wins_a=0, wins_b=2)  # a judge's correction
    rate(first)
    # By hand: boris won the first match, then beat carl, then carl beat anna.
    a1, s_a1, b1, s_b1 = rate_pair(MU, SIGMA, MU, SIGMA, 0.0)
    b2, s_b2, c2, s_c2 = rate_pair(b1, s_b1, MU, SIGMA, 1.0)
    c3, s_c3, a3, s_a3 = rate_pair(c2, s_c2, a1, s_a1, 1.0)
    now = ratings()
    assert now["anna"][:2] == pytest.approx((a3, s_a3))
    assert now["boris"][:2] == pytest.approx((b2, s_b2))
    assert now["carl"][:2] == pytest.approx((c3, s_c3))
    assert now["anna"][2:] == (0, 2, 0) and now["boris"][2:] == (2, 0, 0)
    corrected = RatedMatch.objects.get(match_id=first.pk)
    assert corrected.score_a == 0.0 and corrected.at.minute == 1  # it keeps its place in the order


def test_a_match_no_longer_final_or_gone_with_its_round_leaves_the_ratings():
    league = League("anna", "boris", "carl")
    first, second = league.play("anna", "boris", 2, 0, minute=1), league.play("boris", "carl", 2, 0, minute=2)
    rate(first, second)
    Match.objects.filter(pk=first.pk).update(status=Match.Status.REPORTED)
    rate(first)
    assert set(ratings()) == {"boris", "carl"}  # anna has no rated match left
    assert ratings()["boris"][:2] == pytest.approx(rate_pair(MU, SIGMA, MU, SIGMA, 1.0)[:2])
    match_id = second.pk
    second.delete()  # as an undone round deletes its matches
    rate(Match(pk=match_id))
    assert not Rating.objects.exists() and not RatedMatch.objects.exists()


def test_a_match_rated_late_takes_its_place_in_the_order():
    league = League("anna", "boris", "carl")
    early, later = league.play("anna", "boris", 2, 0, minute=1), league.play("boris", "carl", 0, 2, minute=2)
    rate(later, early)  # the early one's task ran last
    in_order = ratings()
    ratings_recompute(game="respons")
    assert ratings() == in_order
    b1, s_b1 = rate_pair(MU, SIGMA, MU, SIGMA, 1.0)[2:]
    assert in_order["boris"][:2] == pytest.approx(rate_pair(b1, s_b1, MU, SIGMA, 0.0)[:2])


def test_the_recompute_command_rebuilds_what_the_updates_built():
    league = League("anna", "boris", "carl", "dora")
    results = [
        ("anna", "boris", 2, 1),
        ("carl", "dora", 1, 1),
        ("anna", "carl", 0, 2),
        ("boris", "dora", 2, 0),
    ]
    rate(*(league.play(a, b, wa, wb, minute=i) for i, (a, b, wa, wb) in enumerate(results)))
    built = ratings()
    Rating.objects.all().delete()
    RatedMatch.objects.update(mu_a_after=0)  # whatever the ledger held is rebuilt
    call_command("ratings_recompute", "--game", "respons", stdout=open("/dev/null", "w"))
    assert ratings() == built
    assert RatedMatch.objects.count() == 4


def test_the_result_an_official_enters_rates_and_an_override_corrects_it(
    event_factory, django_capture_on_commit_callbacks
):
    cup = event_factory(rounds=1)
    cup.open()
    a, b = make_players(2)
    cup.register(a, b)
    match = cup.start()["matches"][0]
    with django_capture_on_commit_callbacks(execute=True):
        cup.finish_round(1)
    winner, loser = match["player_a"], match["player_b"]
    first = ratings()
    assert first[winner][2:] == (1, 0, 0) and first[loser][2:] == (0, 1, 0)
    body = {"wins_a": 0, "wins_b": 1, "draws": 0, "note": "scorekeeping error"}
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            cup.organizer.api.post(f"/api/matches/{match['id']}/report/", body, format="json").status_code
            == 200
        )
    assert ratings()[winner][2:] == (0, 1, 0) and ratings()[loser][0] == pytest.approx(first[winner][0])


def test_the_players_agreeing_reports_rate(event_factory, django_capture_on_commit_callbacks):
    cup = event_factory(rounds=1)
    cup.open()
    a, b = make_players(2)
    cup.register(a, b)
    match = cup.start()["matches"][0]
    by_name = {a.name: a, b.name: b}
    body = {"wins_a": 1, "wins_b": 0, "draws": 0}
    url = f"/api/matches/{match['id']}/report/"
    with django_capture_on_commit_callbacks(execute=True):
        assert by_name[match["player_a"]].api.post(url, body, format="json").status_code == 200
    assert not Rating.objects.exists()  # a report waiting for the opponent does not rate
    with django_capture_on_commit_callbacks(execute=True):
        assert by_name[match["player_b"]].api.post(url, body, format="json").status_code == 200
    assert ratings()[match["player_a"]][2:] == (1, 0, 0)


def test_an_undone_round_takes_its_matches_out_of_the_ratings(
    event_factory, django_capture_on_commit_callbacks
):
    cup = event_factory(rounds=3)
    cup.open()
    cup.register(*make_players(4))
    cup.start()
    with django_capture_on_commit_callbacks(execute=True):
        cup.finish_round(1)
    one_round = ratings()
    cup.next_round()
    with django_capture_on_commit_callbacks(execute=True):
        cup.finish_round(2)
    assert RatedMatch.objects.count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        response = cup.organizer.api.post(
            f"{cup.url}rounds/undo/", {"reason": "wrong results"}, format="json"
        )
        assert response.status_code == 200, response.content
    assert RatedMatch.objects.count() == 2
    assert ratings() == one_round


def test_a_match_becoming_final_reads_its_matches_and_whether_its_event_rates_once_each():
    """The update of the usual case (a new final match after every rated one) is on the workers'
    path after every finished online match: each fact is read once, under the game's lock."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    league = League("anna", "boris")
    match = league.play("anna", "boris", 2, 1)
    with CaptureQueriesContext(connection) as captured:
        assert rating_update(match_id=match.pk) is True
    sql = [q["sql"] for q in captured.captured_queries]
    round_one_reads = [s for s in sql if "EXISTS" in s.upper() and "registration" in s]
    match_reads = [s for s in sql if '"wins_a"' in s and "tournaments_match" in s]
    # The event's round 1 once; the match once before the lock (to find the game) and once
    # under it, and the pair's matches once to rate it and once to look at the others after it.
    assert len(round_one_reads) == 1, round_one_reads
    assert len(match_reads) == 4, match_reads

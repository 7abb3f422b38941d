"""One rule of who may see and act on a match (selectors.online.match_access) and of what is
played online (match_is_online), asked by the API, the play page and the fast lane; the lane's
one-statement facts (online_rows.action_facts, which its INSERT is built on) agree with it."""

import pytest

from tests.support.events import one_table
from tournaments.models import Match
from tournaments.selectors import online_rows
from tournaments.selectors.online import match_access, match_is_online, seq_check


def assert_facts_agree(match_id: int, *actors) -> None:
    match = online_rows.match_for_play(match_id)
    for actor in actors:
        access = match_access(match=match, user=actor.user)
        facts = online_rows.action_facts(match_id, actor.user.pk)
        assert facts is not None
        assert facts.seat == access.seat, actor.name
        assert facts.online == match_is_online(match)


@pytest.mark.django_db
def test_the_players_act_in_their_seats_and_the_judge_sees_without_one(online_match, judge, outsider):
    _event, match_id, a, b = online_match
    match = Match.objects.get(pk=match_id)
    assert match_is_online(match)
    assert [match_access(match=match, user=p.user).seat for p in (a, b)] == [0, 1]
    seen_by_judge = match_access(match=match, user=judge.user)
    assert (seen_by_judge.seat, seen_by_judge.official, seen_by_judge.allowed) == (None, True, True)
    stranger = match_access(match=match, user=outsider.user)
    assert (stranger.seat, stranger.official, stranger.allowed) == (None, False, False)
    assert_facts_agree(match_id, a, b, judge, outsider)
    # The API and the play page say the same: the outsider is refused by both.
    assert outsider.api.get(f"/api/matches/{match_id}/game/").status_code == 403
    assert judge.api.get(f"/api/matches/{match_id}/game/").status_code == 200
    assert a.api.get(f"/api/matches/{match_id}/game/").json()["seat"] == 0


@pytest.mark.django_db
def test_a_paper_events_match_is_not_played_online(event_factory, judge, outsider):
    match_row, a, b = one_table(event_factory(rounds=1, best_of=3), judge)
    match = Match.objects.get(pk=match_row["id"])
    assert not match_is_online(match)
    assert_facts_agree(match.pk, a, b, judge, outsider)
    assert a.api.get(f"/api/matches/{match.pk}/game/").json()["code"] == "not_online"


def test_an_action_number_is_used_the_next_or_a_gap() -> None:
    assert [seq_check(seq, 3) for seq in (1, 2, 3, 4, 9)] == ["used", "used", "next", "gap", "gap"]

"""The top cut: after the Swiss rounds the best seeds play single elimination until one is left."""

from tournaments.models import (
    Event,
    Match,
    Round,
)
from tournaments.selectors.events import (
    swiss_history,
)
from tournaments.services.errors import WrongState
from tournaments.services.events.common import S
from tournaments.services.events.pairing import _create_round, _pair_swiss
from tournaments.swiss import (
    compute_standings,
    next_top_cut_round,
    top_cut_pairings,
    top_cut_seeds,
    top_cut_winner,
)


def _advance(event: Event, last: Round, *, published: bool) -> Round | None:
    if last.kind == Round.Kind.SWISS and last.number < (event.swiss_rounds or 0):
        return _pair_swiss(event, last.number + 1, published=published)
    if last.kind == Round.Kind.SWISS:
        if not event.top_cut:
            _finish(event)
            return None
        players, history = swiss_history(event=event)
        standings = compute_standings(players=players, history=history)
        try:
            seeds = top_cut_seeds(standings, event.top_cut)
        except ValueError as error:
            raise WrongState(str(error), code="too_few_players") from None
        event.status = S.TOP_CUT
        event.save(update_fields=["status"])
        return _create_round(event, Round.Kind.TOP_CUT, top_cut_pairings(seeds), None, published=published)
    previous = [(*_top_cut_pair(m), _winner(m)) for m in last.matches.order_by("table")]
    # The better Swiss seed sits at seat A, as in the first top-cut round.
    players, history = swiss_history(event=event)
    seeds = [s.player_id for s in compute_standings(players=players, history=history)]
    pairs = next_top_cut_round(previous, seeds=seeds)
    if not pairs:
        _finish(event)
        return None
    return _create_round(event, Round.Kind.TOP_CUT, pairs, None, published=published)


def _finish(event: Event) -> None:
    event.status = S.FINISHED
    event.save(update_fields=["status"])
    return None


def _top_cut_pair(match: Match) -> tuple[int, int]:
    """The two registrations of a top-cut match (the top cut has no byes)."""
    assert match.player_b_id is not None, "a top-cut match has two players"
    return match.player_a_id, match.player_b_id


def _winner(match: Match) -> int:
    a, b = _top_cut_pair(match)
    return top_cut_winner(a=a, b=b, wins_a=match.wins_a, wins_b=match.wins_b)

"""Pairing a round: the Swiss rounds to play, a Swiss round paired (no rematch, forbidden pairs
kept apart) and a round's matches created, byes final at once.
"""

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    Match,
    Round,
)
from tournaments.plainsql import insert_columns
from tournaments.selectors.events import (
    forbidden_pairs,
    swiss_history,
)
from tournaments.services.errors import WrongState
from tournaments.services.notifications import notifications_round_posted
from tournaments.services.ratings import registration_ratings
from tournaments.swiss import (
    PairingError,
    pair_round,
    recommended_rounds,
)


def swiss_rounds_for(event: Event, players: int) -> int:
    """Return the Swiss rounds to play: the event's count, or the recommended one (Appendix E).

    Capped at the most rounds the field can play without a rematch (n - 1 for an even
    field, n for an odd one, where byes fill the gap), so the event never gets stuck.
    """
    most = players - 1 if players % 2 == 0 else players
    return max(1, min(event.rounds or recommended_rounds(players), most))


def _create_round(
    event: Event, kind: str, pairs: list[tuple[int, int]], bye: int | None, *, published: bool = True
) -> Round:
    number = event.round_set.count() + 1
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=kind,
        seed=event.seed,
        started_at=now,
        ends_at=now + timedelta(minutes=event.round_minutes),
        published=published,
    )
    a = [a for a, _b in pairs]
    b: list[int | None] = [b for _a, b in pairs]
    tables = list(range(1, len(pairs) + 1))
    status, wins_a = [str(Match.Status.PENDING)] * len(pairs), [0] * len(pairs)
    if bye is not None:
        # R: a bye is a 2–0 match win, final at once (issue: Swiss pairing).
        a.append(bye)
        b.append(None)
        tables.append(len(pairs) + 1)
        status.append(str(Match.Status.FINAL))
        wins_a.append(2)
    # An 8,192-player round's 4,096 matches in one statement.
    insert_columns(
        Match,
        len(a),
        round_id=round_.pk,
        table=tables,
        player_a_id=a,
        player_b_id=b,
        status=status,
        wins_a=wins_a,
    )
    if published:  # held pairings are told to no one: pairings_publish tells them once
        notifications_round_posted(round_=round_)
    return round_


def _pair_swiss(event: Event, number: int, *, seed: int | None = None, published: bool = True) -> Round:
    players, history = swiss_history(event=event)
    try:
        pairing = pair_round(
            players=players,
            history=history,
            round_number=number,
            seed=event.seed if seed is None else seed,
            forbidden=forbidden_pairs(event=event),
            ratings=registration_ratings(event=event) if number == 1 and event.seed_by_rating else None,
        )
    except PairingError as error:
        raise WrongState(
            _("No pairing avoids a rematch: %(error)s") % {"error": error}, code="unpairable"
        ) from None
    round_ = _create_round(event, Round.Kind.SWISS, list(pairing.pairs), pairing.bye, published=published)
    if seed is not None:
        Round.objects.filter(pk=round_.pk).update(seed=seed)  # a re-pair's seed: still reproducible
        round_.seed = seed
    return round_

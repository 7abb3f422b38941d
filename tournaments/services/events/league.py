"""Running a league on the site (docs/structures.md, "The site"): its window opened at the
start, the list of players looking for a match, a challenge that makes a match, the
organizer's "match the waiting players", and the close.

The core (:class:`tournaments.structures.League`) decides whether two players may be matched
now; this module stores what it allows. Every write locks the event row first, so two
challenges at once never give a player two matches.
"""

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.events import Role
from tournaments.selectors.events.league import (
    event_league,
    league_closes_at,
    league_round,
    league_waiting,
    refusal_words,
)
from tournaments.services.errors import BadInput, NotAllowed, WrongState
from tournaments.services.events.common import S, _require
from tournaments.services.notifications import notifications_league_matched
from tournaments.services.online import games_start
from tournaments.services.ratings import registration_ratings
from tournaments.structures import League, Refusal


def league_open(event: Event, *, now: datetime) -> Round:
    """Open the league's window at ``now`` (its start) and store its one round, which lasts
    the window: from ``now`` until ``league_days`` later."""
    event.league_opens_at = now
    event.save(update_fields=["league_opens_at"])
    closes_at = league_closes_at(event)
    assert closes_at is not None
    return Round.objects.create(
        event=event,
        number=1,
        kind=Round.Kind.LEAGUE,
        seed=event.seed,
        started_at=now,
        ends_at=closes_at,
        published=True,
    )


def _refused(refusal: Refusal) -> WrongState:
    return WrongState(refusal_words(refusal.code, dict(refusal.params)), code=refusal.code)


def _locked_league(event: Event) -> tuple[Event, League]:
    event = Event.objects.select_for_update().get(pk=event.pk)
    league = event_league(event=event)
    if event.structure != Event.Structure.LEAGUE or event.status != S.RUNNING or league is None:
        raise WrongState(refusal_words("closed"), code="closed")
    return event, league


def _player_of(event: Event, user: User) -> Registration:
    mine = event.registrations.filter(
        player=user, status=Registration.Status.ACTIVE, seed__isnull=False
    ).first()
    if mine is None:
        raise NotAllowed(refusal_words("not_a_player"), code="not_a_player")
    return mine


def league_looking_set(*, event: Event, by: User, looking: bool, now: datetime | None = None) -> Registration:
    """Put the player ``by`` on the list of players looking for a match, or take them off it;
    return their registration. Joining is refused (WrongState, the core's code) when they may
    not be matched now: the window is not open, they left, they play a match, or they have
    no match left. Raises NotAllowed for someone who is not a player of the league."""
    now = now or timezone.now()
    with transaction.atomic():
        event, league = _locked_league(event)
        mine = _player_of(event, by)
        if not looking:
            if mine.league_looking_since is not None:
                mine.league_looking_since = None
                mine.save(update_fields=["league_looking_since", "updated_at"])
            return mine
        refused = league.player_refusal(mine.pk, now=now)
        if refused is not None:
            raise _refused(refused)
        if mine.league_looking_since is None:
            mine.league_looking_since = now
            mine.save(update_fields=["league_looking_since", "updated_at"])
        return mine


def league_challenge(*, event: Event, by: User, opponent: str, now: datetime | None = None) -> Match:
    """The player ``by`` challenges ``opponent`` (a username) from the list of players looking
    for a match: being on the list is accepting a challenge, so the match is made at once
    (online, its first game is set up); return it. Refused (WrongState, with the code) when the
    opponent is not on the list (``not_looking``) or the core refuses the pair (``rematch``,
    ``limit``, ``busy``, ``closed``, …); NotAllowed for someone who is not a player."""
    now = now or timezone.now()
    with transaction.atomic():
        event, league = _locked_league(event)
        mine = _player_of(event, by)
        other = event.registrations.filter(
            player__username=opponent, status=Registration.Status.ACTIVE, seed__isnull=False
        ).first()
        if other is None:
            raise BadInput(refusal_words("unknown_player"), code="unknown_player")
        refused = league.refusal(mine.pk, other.pk, now=now)
        if refused is not None:
            raise _refused(refused)
        if other.league_looking_since is None:
            raise WrongState(
                refusal_words("not_looking", {"player": other.player.username}), code="not_looking"
            )
        match = _matches_make(event, [(mine.pk, other.pk)])[0]
    return match


def league_pair_waiting(*, event: Event, by: User, now: datetime | None = None) -> tuple[list[Match], int]:
    """Match the players waiting on the list (organizer): as many pairs as the core finds, each
    player with someone close in the standings, never a rematch. Return the matches made and
    how many players still wait."""
    _require(event, by, Role.ORGANIZER)
    now = now or timezone.now()
    with transaction.atomic():
        event, league = _locked_league(event)
        if now < league.rules.opens_at:
            raise WrongState(refusal_words("not_open"), code="not_open")
        if now >= league.rules.closes_at:
            raise WrongState(refusal_words("closed"), code="closed")
        waiting = [r.pk for r in league_waiting(event=event)]
        ratings = registration_ratings(event=event)
        pairing = league.pair_waiting(waiting=waiting, now=now, ratings=ratings, seed=event.seed)
        matches = _matches_make(event, list(pairing.pairs))
        return matches, len(pairing.unmatched)


def _matches_make(event: Event, pairs: list[tuple[int, int]]) -> list[Match]:
    """Store each pair as a match of the league's round (tables numbered on from the last),
    take both players off the list, tell each of them (the bell, e-mail) and, online, set up
    each match's first game (by the workers when there are many: games_start)."""
    round_ = league_round(event=event)
    assert round_ is not None
    last = round_.matches.aggregate(last=Max("table"))["last"] or 0
    matches = [
        Match(round=round_, table=last + i, player_a_id=a, player_b_id=b)
        for i, (a, b) in enumerate(pairs, start=1)
    ]
    Match.objects.bulk_create(matches)
    players = [pid for pair in pairs for pid in pair]
    Registration.objects.filter(pk__in=players).update(league_looking_since=None)
    made = list(
        round_.matches.filter(table__gt=last)
        .select_related("round__event", "player_a__player", "player_b__player")
        .order_by("table")
    )
    notifications_league_matched(matches=made)
    if event.online and made:
        # As a paired round's: the organizer matching thousands of waiting players does not wait
        # for their games to be dealt (services/online round_games_start).
        games_start(match_ids=[m.pk for m in made])
    return made


def league_finish_due(*, event: Event, now: datetime) -> bool:
    """Finish the league when its window has closed and every match made has its final
    result; return whether it finished. The list of players looking is emptied at the close."""
    closes_at = league_closes_at(event)
    if closes_at is None or now < closes_at:
        return False
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.RUNNING:
            return False
        event.registrations.filter(league_looking_since__isnull=False).update(league_looking_since=None)
        if Match.objects.filter(round__event=event).exclude(status=Match.Status.FINAL).exists():
            return False
        event.status = S.FINISHED
        event.save(update_fields=["status"])
        return True


def leagues_sweep(*, now: datetime | None = None) -> int:
    """Finish every running league whose window has closed and whose matches are all final
    (the periodic task); return how many finished."""
    now = now or timezone.now()
    running = Event.objects.filter(
        structure=Event.Structure.LEAGUE, status=S.RUNNING, league_opens_at__isnull=False
    )
    return sum(league_finish_due(event=event, now=now) for event in running)

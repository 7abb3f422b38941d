"""Reads of a league on the site (docs/structures.md, "The site"): the core's :class:`League`
built from the stored matches, its live standings, the list of players looking for a match,
and each refusal of the core in the reader's language.

A league is stored as one round of kind ``league`` (number 1, from the window's opening to its
close); each of its matches is a ``Match`` of that round, numbered in the order it was made.
"""

from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments.models import Event, Match, Registration, Round
from tournaments.structures import League, LeagueRules, Refusal
from tournaments.swiss import MatchRecord, Player

# Each refusal's words by its code (the core's codes, then the site's own), with its params.
REFUSAL_WORDS = {
    "not_open": gettext_lazy("The league has not opened yet."),
    "closed": gettext_lazy("The league is closed: no more matches are made."),
    "dropped": gettext_lazy("%(player)s has left the league."),
    "busy": gettext_lazy("%(player)s is playing a league match now."),
    "limit": gettext_lazy("%(player)s has played all %(matches)s league matches."),
    "rematch": gettext_lazy("%(player)s and %(opponent)s have already been matched in this league."),
    "same_player": gettext_lazy("A player cannot play themself."),
    "unknown_player": gettext_lazy("This player is not in the league."),
    "not_looking": gettext_lazy("%(player)s is not looking for a match: challenge a player on the list."),
    "not_a_player": gettext_lazy("Only a player of the league can do this."),
}


def refusal_words(code: str, params: dict[str, Any] | None = None) -> str:
    """Return the refusal ``code`` in the reader's language, its ``params`` filled in."""
    template = str(REFUSAL_WORDS[code])
    return template % (params or {}) if "%(" in template else template


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """Return a core refusal as the API says it: its ``code`` and ``detail`` in the reader's language."""
    return {"code": refusal.code, "detail": refusal_words(refusal.code, dict(refusal.params))}


def is_league(event: Event) -> bool:
    """Whether the event is played as a league."""
    return event.structure == Event.Structure.LEAGUE


def league_closes_at(event: Event) -> datetime | None:
    """Return when the league's window closes (None before the start)."""
    if event.league_opens_at is None:
        return None
    return event.league_opens_at + timedelta(days=event.league_days or 0)


def league_round(*, event: Event) -> Round | None:
    """Return the league's one round (None before the start)."""
    return event.round_set.filter(kind=Round.Kind.LEAGUE).first()


def _players(event: Event) -> list[Player]:
    rows = (
        event.registrations.filter(status=Registration.Status.ACTIVE, seed__isnull=False)
        .order_by("seed")
        .values_list("pk", "player__username", "dropped")
    )
    return [Player(id=pk, name=name, dropped=dropped) for pk, name, dropped in rows]


def event_league(*, event: Event) -> League | None:
    """Return the league as the core sees it now: its rules, players, finished matches and
    the matches in progress (None before the start)."""
    if event.league_opens_at is None:
        return None
    rules = LeagueRules.over(
        opens_at=event.league_opens_at, days=event.league_days or 1, matches=event.league_matches or 1
    )
    rows = Match.objects.filter(
        round__event=event, round__kind=Round.Kind.LEAGUE, player_b__isnull=False
    ).values_list("player_a_id", "player_b_id", "wins_a", "wins_b", "draws", "status")
    history, pending = [], []
    for a, b, wa, wb, d, status in rows:
        if status == Match.Status.FINAL:
            history.append(MatchRecord(round=1, a=a, b=b, wins_a=wa, wins_b=wb, draws=d))
        else:
            pending.append((a, b))
    return League(rules=rules, players=_players(event), history=history, pending=pending)


def league_waiting(*, event: Event) -> list[Registration]:
    """Return the players looking for a match, in the order they joined the list."""
    return list(
        event.registrations.filter(
            status=Registration.Status.ACTIVE, dropped=False, league_looking_since__isnull=False
        )
        .select_related("player")
        .order_by("league_looking_since", "id")
    )


def league_standings(*, event: Event) -> list[dict[str, Any]]:
    """Return the live standings in the API's shape: rank, match points, the event's
    tiebreakers and each player's matches left (``remaining``); empty before the start."""
    league = event_league(event=event)
    if league is None:
        return []
    return [row.as_dict() for row in league.standings(tiebreakers=event.tiebreakers)]


def league_placings(*, event: Event) -> dict[int, int]:
    """Return registration id → rank in the league's standings (empty before the start)."""
    league = event_league(event=event)
    if league is None:
        return {}
    return {row.entrant: row.rank for row in league.standings(tiebreakers=event.tiebreakers)}


def league_view(*, event: Event, reader: Any = None, now: datetime | None = None) -> dict[str, Any]:
    """Return the league's window and options, the list of players looking for a match and,
    for a player of the league, their own state: whether they are on the list, their matches
    played and left, their match in progress, why they may not be matched now (``refusal``),
    and for each listed player whether they may challenge them (or why not)."""
    now = now or timezone.now()
    closes_at = league_closes_at(event)
    out: dict[str, Any] = {
        "league_days": event.league_days,
        "league_matches": event.league_matches,
        "opens_at": event.league_opens_at,
        "closes_at": closes_at,
        "open": bool(
            event.status == Event.Status.RUNNING
            and event.league_opens_at is not None
            and closes_at is not None
            and event.league_opens_at <= now < closes_at
        ),
        "looking": [],
        "you": None,
    }
    league = event_league(event=event)
    if league is None:
        return out
    mine = None
    if reader is not None and getattr(reader, "is_authenticated", False):
        mine = event.registrations.filter(
            player=reader, status=Registration.Status.ACTIVE, seed__isnull=False
        ).first()
    if mine is not None:
        refused = league.player_refusal(mine.pk, now=now)
        current = (
            Match.objects.filter(round__event=event, round__kind=Round.Kind.LEAGUE, player_b__isnull=False)
            .filter(Q(player_a=mine) | Q(player_b=mine))
            .exclude(status=Match.Status.FINAL)
            .values_list("pk", flat=True)
            .first()
        )
        played = len(league.tallies[mine.pk].opponents)
        out["you"] = {
            "username": reader.username,
            "looking": mine.league_looking_since is not None,
            "matches_played": played,
            "matches_left": 0 if mine.dropped else max(0, league.rules.matches - league.started(mine.pk)),
            "match": current,
            "refusal": refusal_json(refused) if refused is not None else None,
        }
    for registration in league_waiting(event=event):
        entry: dict[str, Any] = {
            "username": registration.player.username,
            "since": registration.league_looking_since,
            "match_points": league.tallies[registration.pk].match_points
            if registration.pk in league.tallies
            else 0,
            "you": mine is not None and registration.pk == mine.pk,
        }
        if mine is not None and registration.pk != mine.pk:
            refused = league.refusal(mine.pk, registration.pk, now=now)
            entry["can_challenge"] = refused is None
            entry["refusal"] = refusal_json(refused) if refused is not None else None
        out["looking"].append(entry)
    return out

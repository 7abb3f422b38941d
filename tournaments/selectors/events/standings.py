"""Standings (cached per event until a result changes), the top cut's bracket and the final
results.
"""

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum

from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.events.registration import event_players, no_shows
from tournaments.swiss import (
    MatchRecord,
    Placing,
    Player,
    Standing,
    compute_standings,
    final_placings,
    top_cut_stage,
)


def swiss_history(*, event: Event) -> tuple[list[Player], list[MatchRecord]]:
    """Return the Swiss core's inputs: every active player and every final Swiss match.

    Rounds a late entry missed come back as 0–2 losses (MatchRecord.missed). A player dropped
    at the start for not checking in (``dropped_after_round`` 0) never played: not listed.
    """
    # Plain rows, no model objects and no decklists: an 8,192-player event's standings are read
    # on every standings page.
    registrations = list(
        event_players(event=event)
        .exclude(dropped=True, dropped_after_round=0)
        .values_list("pk", "player__username", "dropped", "late_round")
    )
    players = [
        Player(id=pk, name=name, dropped=dropped, late_round=late_round)
        for pk, name, dropped, late_round in registrations
    ]
    records: list[MatchRecord] = []
    rows = Match.objects.filter(
        # A held round's bye is final at once, but counts from publication only.
        round__event=event,
        round__kind=Round.Kind.SWISS,
        round__published=True,
        status=Match.Status.FINAL,
    ).values_list("round__number", "player_a_id", "player_b_id", "wins_a", "wins_b", "draws")
    for number, a, b, wins_a, wins_b, draws in rows:
        records.append(MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws))
    for pk, _name, _dropped, late_round in registrations:
        for number in range(1, (late_round or 1)):
            records.append(MatchRecord.missed(round=number, player=pk))
    return players, records


STANDINGS_CACHE_SECONDS = 600


def results_version(event: Event) -> str:
    """Return what the standings depend on, in two aggregate queries: every match and every
    registration of the event (their number, last change and the values a standing reads, and
    whether their round is published), so that any result, drop, entry, withdrawal or round
    published gives another version."""
    matches = Match.objects.filter(round__event=event).aggregate(
        n=Count("id"),
        published=Count("id", filter=Q(round__published=True)),
        at=Max("updated_at"),
        final=Count("id", filter=Q(status=Match.Status.FINAL)),
        a=Sum("wins_a"),
        b=Sum("wins_b"),
        d=Sum("draws"),
    )
    players = event.registrations.aggregate(
        n=Count("id"),
        at=Max("updated_at"),
        active=Count("id", filter=Q(status=Registration.Status.ACTIVE)),
        dropped=Count("id", filter=Q(dropped=True)),
        late=Sum("late_round"),
    )
    values = ":".join(str(v) for v in (*matches.values(), *players.values()))
    return hashlib.sha256(values.encode()).hexdigest()[:32]


T = TypeVar("T")


def cached_by_results(
    *, event: Event, name: str, make: Callable[[str], T], version: str | None = None, seconds: int
) -> T:
    """Return ``make(version)``, kept in the cache under ``name``, the event and its results
    version (results_version), so that it is made again exactly when a result, drop, entry or
    publication changes it. ``version`` is the one the caller already asked for: a value made
    from another cached value (the standings API's rows from the standings) asks for it once."""
    version = version or results_version(event)
    key = f"{name}:{event.pk}:{version}"
    value = cache.get(key)
    if value is None:
        value = make(version)
        cache.set(key, value, seconds)
    return value


def event_standings(*, event: Event, version: str | None = None) -> list[Standing]:
    """Return the Swiss standings (match points, OMW%, GW%, OGW%), dropped players marked.

    Kept in the cache under the event's results version (an 8,192-player event's
    standings take a second of Python to compute; reading them back takes milliseconds).
    """

    def make(_version: str) -> list[Standing]:
        players, records = swiss_history(event=event)
        return compute_standings(players=players, history=records)

    standings = cached_by_results(
        event=event, name="standings", make=make, version=version, seconds=STANDINGS_CACHE_SECONDS
    )
    return list(standings)


@dataclass(frozen=True)
class BracketMatch:
    """One top-cut match: the players with their Swiss ranks (seeds), and the winner once final."""

    match: Match
    a: str
    b: str
    seed_a: int
    seed_b: int
    winner: str | None


@dataclass(frozen=True)
class BracketRound:
    """One top-cut round: ``stage`` is "final", "semifinal", "quarterfinal" (topcut.STAGES)."""

    round: Round
    stage: str
    matches: list[BracketMatch]


@dataclass(frozen=True)
class EventResults:
    """The final places (each with the player's Swiss line), the top-cut bracket, and the
    winner's name (None until the final has a final result; always None without a top cut)."""

    placings: list[tuple[Placing, Standing]]
    bracket: list[BracketRound]
    winner: str | None


def _top_cut_winner_id(match: Match) -> int | None:
    """Return the winner of a final top-cut match, or None while it has no final result."""
    if match.status != Match.Status.FINAL or match.player_b_id is None or match.wins_a == match.wins_b:
        return None
    return match.player_a_id if match.wins_a > match.wins_b else match.player_b_id


def event_results(*, event: Event, version: str | None = None) -> EventResults:
    """Return the event's final places: after a top cut the winner, the finalist, each
    elimination round's losers by Swiss rank, then everyone else by Swiss rank; without a top
    cut, the Swiss standings (see tournaments.swiss.final_placings). ``version``: the results
    version the caller already has (cached_by_results)."""
    standings = event_standings(event=event, version=version)
    by_id = {s.player_id: s for s in standings}
    # A held top-cut round is nobody's business until published.
    rounds = list(event.round_set.filter(kind=Round.Kind.TOP_CUT, published=True).order_by("number"))
    matches: dict[int, list[Match]] = {r.pk: [] for r in rounds}
    for match in Match.objects.filter(round__in=rounds).order_by("table"):
        matches[match.round_id].append(match)
    played = [
        [(m.player_a_id, m.player_b_id, _top_cut_winner_id(m)) for m in matches[r.pk] if m.player_b_id]
        for r in rounds
    ]
    placings = final_placings(standings, played)
    bracket = [
        BracketRound(
            round=r,
            stage=top_cut_stage(len(matches[r.pk])),
            matches=[
                BracketMatch(
                    match=m,
                    a=by_id[m.player_a_id].name,
                    b=by_id[m.player_b_id].name,
                    seed_a=by_id[m.player_a_id].rank,
                    seed_b=by_id[m.player_b_id].rank,
                    winner=by_id[w].name if (w := _top_cut_winner_id(m)) else None,
                )
                for m in matches[r.pk]
                if m.player_b_id
            ],
        )
        for r in rounds
        if matches[r.pk]
    ]
    winner = next((by_id[p.player_id].name for p in placings if p.top_cut == "winner"), None)
    return EventResults(placings=[(p, by_id[p.player_id]) for p in placings], bracket=bracket, winner=winner)


def standings_json(*, event: Event) -> list[dict[str, Any]]:
    """Return the final standings in the api.md shape (percentages in [0, 1], 4 places):
    ``rank`` is the final place (after a top cut, its winner is 1st), ``swiss_rank`` the place
    after the Swiss rounds, ``top_cut`` how far the player went in the top cut ("winner",
    "final", "semifinal", "quarterfinal"; null: not in it).

    Kept in the cache as rows under the event's results version, as the standings are (the
    version covers every match, the top cut's included, and every registration): an unchanged
    event's rows are read back, not made again from the standings' objects and the top cut."""

    def make(version: str) -> list[dict[str, Any]]:
        return [
            {
                "rank": p.rank,
                "username": s.name,
                "match_points": s.match_points,
                "wins": s.wins,
                "losses": s.losses,
                "draws": s.draws,
                "omw": round(s.omw, 4),
                "gw": round(s.gw, 4),
                "ogw": round(s.ogw, 4),
                "dropped": s.dropped,
                "swiss_rank": s.rank,
                "top_cut": p.top_cut,
            }
            for p, s in event_results(event=event, version=version).placings
        ]

    return cached_by_results(event=event, name="standings-json", make=make, seconds=STANDINGS_CACHE_SECONDS)


def standings_table(*, event: Event, results: EventResults | None = None) -> list[dict[str, Any]]:
    """Return the final standings rows (see standings_json) with the tiebreakers as
    percentages (0–100, 2 places); ``results`` saves reading them again."""
    results = results or event_results(event=event)
    absent = no_shows(event=event)
    return [
        {
            "rank": p.rank,
            "name": s.name,
            "no_shows": absent.get(s.player_id, 0),
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": round(100 * s.omw, 2),
            "gw": round(100 * s.gw, 2),
            "ogw": round(100 * s.ogw, 2),
            "dropped": s.dropped,
            "swiss_rank": s.rank,
            "top_cut": p.top_cut,
        }
        for p, s in results.placings
    ]

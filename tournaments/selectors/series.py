"""Reads of series / leagues: the standings by points per placing."""

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, F, Max, Q, QuerySet, Sum

from tournaments.models import Event, Match, Registration, Series
from tournaments.selectors.players import event_placings
from tournaments.users import Visitor


@dataclass(frozen=True)
class SeriesResult:
    event: int  # the event's id
    placing: int
    points: int


@dataclass(frozen=True)
class SeriesStanding:
    rank: int
    username: str
    points: int
    events: int
    wins: int  # events won (1st place)
    best: int  # best placing
    results: list[SeriesResult]


def series_listed() -> QuerySet[Series]:
    return Series.objects.select_related("organizer")


def series_events(*, series: Series) -> list[Event]:
    """The series' events, in order of their start (then creation)."""
    return list(series.events.order_by("starts_at", "created_at", "pk"))


def series_editable_by(*, series: Series, user: Visitor) -> bool:
    """Whether ``user`` may change the series: its organizer, or staff (as the services allow)."""
    return user.is_authenticated and (user.pk == series.organizer_id or user.is_staff)


CANDIDATES_MAX = 300  # events offered in the edit page's list


def series_event_candidates(*, series: Series) -> list[Event]:
    """The events the series' organizer could add to it: their own, of the series' game, not
    cancelled (a cancelled event earns no points) and not in it yet; the latest first."""
    events = (
        Event.objects.filter(organizer_id=series.organizer_id, game=series.game)
        .exclude(status=Event.Status.CANCELLED)
        .exclude(series=series)
        .order_by(F("starts_at").desc(nulls_last=True), "-created_at", "-pk")
    )
    return list(events[:CANDIDATES_MAX])


def placing_points(series: Series, placing: int) -> int:
    """The points ``placing`` (from 1) earns: the table's, else the participation points."""
    table = series.points or []
    return int(table[placing - 1]) if placing <= len(table) else series.participation_points


STANDINGS_CACHE_SECONDS = 600


def _series_version(series: Series, events: list[Event]) -> str:
    """What the series' standings depend on, in two aggregate queries over all its finished
    events (not two per event): the points table, the events, every match and registration."""
    ids = [e.pk for e in events]
    matches = Match.objects.filter(round__event_id__in=ids).aggregate(
        n=Count("id"),
        published=Count("id", filter=Q(round__published=True)),
        at=Max("updated_at"),
        final=Count("id", filter=Q(status=Match.Status.FINAL)),
        a=Sum("wins_a"),
        b=Sum("wins_b"),
        d=Sum("draws"),
    )
    players = Registration.objects.filter(event_id__in=ids).aggregate(
        n=Count("id"), at=Max("updated_at"), dropped=Count("id", filter=Q(dropped=True))
    )
    values = (series.points, series.participation_points, ids, *matches.values(), *players.values())
    return hashlib.sha256(repr(values).encode()).hexdigest()[:32]


def series_standings(*, series: Series) -> list[SeriesStanding]:
    """Every player's line of the series' standings (:func:`series_standings_page`)."""
    _count, lines = series_standings_page(series=series, page=1, page_size=None)
    return lines


def series_standings_page(
    *, series: Series, page: int = 1, page_size: int | None = 100
) -> tuple[int, list[SeriesStanding]]:
    """Every player with a final place in a finished event of the series, best first: by points,
    then events won, then best placing, then name. Players equal on all three share a rank.
    Events not finished yet earn nothing until they finish. Kept in the cache under the
    series' version (:func:`_series_version`)."""
    finished = [e for e in series_events(series=series) if e.status == Event.Status.FINISHED]
    key = f"series-rows:{series.pk}:{_series_version(series, finished)}"
    rows = cache.get(key)
    if rows is None:
        # Kept as plain tuples: unpickling thousands of frozen dataclasses cost a third of a second.
        rows = [
            (
                s.rank,
                s.username,
                s.points,
                s.events,
                s.wins,
                s.best,
                [(r.event, r.placing, r.points) for r in s.results],
            )
            for s in _standings(series, finished)
        ]
        cache.set(key, rows, STANDINGS_CACHE_SECONDS)
    start = (page - 1) * (page_size or 0)
    shown = rows[start : start + page_size] if page_size else rows
    return len(rows), [
        SeriesStanding(rank, name, points, events, wins, best, [SeriesResult(*r) for r in results])
        for rank, name, points, events, wins, best, results in shown
    ]


def _standings(series: Series, finished: list[Event]) -> list[SeriesStanding]:
    tally: dict[str, list[SeriesResult]] = {}
    for event in finished:
        placings = event_placings(event=event)
        names = dict(Registration.objects.filter(pk__in=list(placings)).values_list("pk", "player__username"))
        for registration, placing in placings.items():
            result = SeriesResult(event=event.pk, placing=placing, points=placing_points(series, placing))
            tally.setdefault(names[registration], []).append(result)
    rows = [
        (
            sum(r.points for r in results),
            sum(r.placing == 1 for r in results),
            min(r.placing for r in results),
            name,
        )
        for name, results in tally.items()
    ]
    rows.sort(key=lambda row: (-row[0], -row[1], row[2], row[3].casefold()))
    standings: list[SeriesStanding] = []
    for i, (points, wins, best, name) in enumerate(rows, start=1):
        previous = standings[-1] if standings else None
        shared = previous is not None and (previous.points, previous.wins, previous.best) == (
            points,
            wins,
            best,
        )
        standings.append(
            SeriesStanding(
                rank=previous.rank if shared and previous else i,
                username=name,
                points=points,
                events=len(tally[name]),
                wins=wins,
                best=best,
                results=tally[name],
            )
        )
    return standings

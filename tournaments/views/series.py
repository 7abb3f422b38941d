"""Pages: the series list and a series' leaderboard (issue #23 point 5)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Event
from tournaments.numbers import whole_number
from tournaments.selectors.series import series_events, series_listed, series_standings_page
from tournaments.views.players import page_links

PAGE_ROWS = 100


def series_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/series/list.html", {"series_list": series_listed()[:200]})


def series_detail(request: HttpRequest, series_id: int) -> HttpResponse:
    """The series' leaderboard, its events and its points table."""
    series = get_object_or_404(series_listed(), pk=series_id)
    events = series_events(series=series)
    points = [(place, value) for place, value in enumerate(series.points or [], start=1)]
    number = whole_number(request.GET.get("page", ""), low=1, high=100_000) or 1
    count, standings = series_standings_page(series=series, page=number, page_size=PAGE_ROWS)
    pages = max(1, -(-count // PAGE_ROWS))
    return render(
        request,
        "tournaments/series/detail.html",
        {
            "series": series,
            "events": events,
            "finished": [e for e in events if e.status == Event.Status.FINISHED],
            "standings": standings,
            "pager": page_links(request, number, pages),
            "points": points,
        },
    )

"""Series / leagues: /api/series/, /api/series/{id}/, its events and standings."""

from typing import Any

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments.api.schema import errors
from tournaments.models import Event, Series
from tournaments.selectors.events import event_seen
from tournaments.selectors.series import series_events, series_listed, series_standings_page
from tournaments.services import series as svc
from tournaments.services.series import PLACES_MAX, POINTS_MAX
from tournaments.users import SignedInRequest

POINTS_HELP = "points per final placing, 1st place first; places past the table earn participation_points"


class SeriesIn(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=list(game_keys()), default=settings.DEFAULT_GAME)
    points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=POINTS_MAX),
        min_length=1,
        max_length=PLACES_MAX,
        help_text=POINTS_HELP,
    )
    participation_points = serializers.IntegerField(min_value=0, max_value=POINTS_MAX, default=0)
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True, default="")


class SeriesPatchIn(serializers.Serializer):
    name = serializers.CharField(max_length=200, required=False)
    points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=POINTS_MAX),
        min_length=1,
        max_length=PLACES_MAX,
        required=False,
        help_text=POINTS_HELP,
    )
    participation_points = serializers.IntegerField(min_value=0, max_value=POINTS_MAX, required=False)
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True)


class SeriesEventIn(serializers.Serializer):
    event = serializers.IntegerField(min_value=1, help_text="the event's id")


class SeriesEventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    starts_at = serializers.DateTimeField(allow_null=True)


class SeriesOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    organizer = serializers.CharField()
    description = serializers.CharField()
    points = serializers.ListField(child=serializers.IntegerField())
    participation_points = serializers.IntegerField()
    events = SeriesEventOut(many=True)


class SeriesResultOut(serializers.Serializer):
    event = serializers.IntegerField()
    placing = serializers.IntegerField()
    points = serializers.IntegerField()


class SeriesStandingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    points = serializers.IntegerField()
    events = serializers.IntegerField(help_text="finished events of the series played")
    wins = serializers.IntegerField(help_text="events won")
    best_placing = serializers.IntegerField()
    results = SeriesResultOut(many=True)


class SeriesStandingsOut(serializers.Serializer):
    series = serializers.IntegerField()
    name = serializers.CharField()
    events_counted = serializers.IntegerField(
        help_text="finished events (the others earn points once finished)"
    )
    count = serializers.IntegerField(help_text="players in the whole standings")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    standings = SeriesStandingOut(many=True, help_text="a page of them, best first")


def series_json(series: Series) -> dict[str, Any]:
    return {
        "id": series.pk,
        "name": series.name,
        "game": series.game,
        "organizer": series.organizer.get_username(),
        "description": series.description,
        "points": series.points,
        "participation_points": series.participation_points,
        "events": [
            {
                "id": e.pk,
                "name": e.name,
                "status": e.status,
                "starts_at": e.starts_at.isoformat().replace("+00:00", "Z") if e.starts_at else None,
            }
            for e in series_events(series=series)
        ],
    }


def _series(series_id: int) -> Series:
    return get_object_or_404(series_listed(), pk=series_id)


class SeriesListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: SeriesOut(many=True)}, operation_id="series_list")
    def get(self, request: Request) -> Response:
        return Response([series_json(s) for s in series_listed()[:500]])

    @extend_schema(request=SeriesIn, responses={201: SeriesOut}, operation_id="series_create")
    def post(self, request: SignedInRequest) -> Response:
        data = SeriesIn(data=request.data)
        data.is_valid(raise_exception=True)
        series = svc.series_create(organizer=request.user, **data.validated_data)
        return Response(series_json(_series(series.pk)), status=status.HTTP_201_CREATED)


class SeriesDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: SeriesOut}, operation_id="series_retrieve")
    def get(self, request: Request, series_id: int) -> Response:
        return Response(series_json(_series(series_id)))

    @extend_schema(request=SeriesPatchIn, responses={200: SeriesOut}, operation_id="series_update")
    def patch(self, request: SignedInRequest, series_id: int) -> Response:
        data = SeriesPatchIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.series_update(series=_series(series_id), by=request.user, **data.validated_data)
        return Response(series_json(_series(series_id)))


class SeriesEventsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=SeriesEventIn, responses={200: SeriesOut, **errors(409)}, operation_id="series_events_add"
    )
    def post(self, request: SignedInRequest, series_id: int) -> Response:
        data = SeriesEventIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = event_seen(event_id=data.validated_data["event"], user=request.user)
        if event is None:
            raise Http404
        svc.series_event_add(series=_series(series_id), by=request.user, event=event)
        return Response(series_json(_series(series_id)))


class SeriesEventDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(request=None, responses={204: None}, operation_id="series_events_remove")
    def delete(self, request: SignedInRequest, series_id: int, event_id: int) -> Response:
        series = _series(series_id)
        event = get_object_or_404(Event.objects.filter(series=series), pk=event_id)
        svc.series_event_remove(series=series, by=request.user, event=event)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeriesStandingsIn(serializers.Serializer):
    page = serializers.IntegerField(min_value=1, max_value=100_000, default=1)
    page_size = serializers.IntegerField(min_value=1, max_value=500, default=100)


def standings_json(series: Series, page: int = 1, page_size: int = 100) -> dict[str, Any]:
    count, standings = series_standings_page(series=series, page=page, page_size=page_size)
    return {
        "series": series.pk,
        "name": series.name,
        "events_counted": sum(1 for e in series_events(series=series) if e.status == Event.Status.FINISHED),
        "count": count,
        "page": page,
        "pages": max(1, -(-count // page_size)),
        "standings": [
            {
                "rank": s.rank,
                "username": s.username,
                "points": s.points,
                "events": s.events,
                "wins": s.wins,
                "best_placing": s.best,
                "results": [{"event": r.event, "placing": r.placing, "points": r.points} for r in s.results],
            }
            for s in standings
        ],
    }


class SeriesStandingsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[SeriesStandingsIn],
        responses={200: SeriesStandingsOut},
        operation_id="series_standings",
        description="The series' leaderboard: points per final placing summed over its finished events; "
        "ties broken by events won, then the best placing (equal on all three: the same rank).",
    )
    def get(self, request: Request, series_id: int) -> Response:
        query = SeriesStandingsIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(standings_json(_series(series_id), **query.validated_data))

"""The metagame API (point 6): an event's, and a game's over a period, with CSV.

Reads only what is public once decklists are published (selectors.metagame). A read never
computes: it answers the stored numbers, and queues their (re)computation when they are
missing or out of date (services.metagame): 202 with ``status: "computing"`` and the
progress until the first numbers exist; afterwards 200, ``stale: true`` while newer
numbers are being computed.
"""

import csv
from datetime import date
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments.api.schema import errors
from tournaments.models import Event, MetagameReport
from tournaments.selectors.events import event_seen
from tournaments.selectors.metagame import CSV_TABLES, Scope, metagame_csv_rows, metagame_namer
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.metagame import metagame_request

PERIOD_DAYS_MAX = 3660  # a period of at most about ten years


class MetagameOut(serializers.Serializer):
    """The metagame of a scope. The numbers (``identities`` … ``first_player``) are present once
    computed; ``hidden`` means the event's decklists are not published: nothing is shown."""

    status = serializers.ChoiceField(choices=["hidden", "computing", "ready"])
    stale = serializers.BooleanField(help_text="newer numbers are being computed; these are the last ones")
    progress = serializers.IntegerField(help_text="percent done of the computation under way (100: none)")
    computed_at = serializers.DateTimeField(allow_null=True)
    scope = serializers.DictField(help_text="game, event (or null), since, until (ISO dates or null)")
    events = serializers.IntegerField(required=False, help_text="published events covered")
    players = serializers.IntegerField(required=False)
    matches = serializers.IntegerField(required=False, help_text="final matches between two players")
    games = serializers.IntegerField(required=False, help_text="adjudicated online games")
    identities = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="per hero/leader, most played first: name (the stable key), label (the name in the "
        "reader's language), players, share, matches, wins, losses, draws, win_rate (a draw counts half; "
        "null with no match)",
    )
    archetypes = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="per archetype (identity · dominant trait or card type), as identities: name the stable "
        "key, label with the hero and the trait in the reader's language",
    )
    matchups = serializers.DictField(
        required=False,
        help_text="names: the most played identities; cells[i][j]: row i against column j "
        "(matches, wins, losses, draws, win_rate) or null when they never met",
    )
    cards = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="per card: decks including it, inclusion rate, matches and win_rate of those decks; "
        "games_played, play_rate, played_win_rate from online logs (null without online games)",
    )
    first_player = serializers.DictField(
        required=False,
        help_text="online games with a known starter: games, wins, losses, draws, win_rate of the starter",
    )


class PeriodIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(game_keys()))
    since = serializers.DateField(required=False, default=None, help_text="events on or after (ISO date)")
    until = serializers.DateField(required=False, default=None, help_text="events on or before (ISO date)")


class TableIn(serializers.Serializer):
    table = serializers.ChoiceField(choices=list(CSV_TABLES), required=False, default="identities")


class PeriodTableIn(PeriodIn, TableIn):
    pass


def metagame_answer(*, scope: Scope | None) -> tuple[dict[str, Any], int]:
    """Return the answer's body and status for a scope (None: an unpublished event)."""
    if scope is None:
        empty = {"status": "hidden", "stale": False, "progress": 100, "computed_at": None, "scope": {}}
        return {
            **empty,
            "detail": _("The metagame is shown once the organizer publishes the decklists."),
        }, 200
    report = metagame_request(scope=scope)
    computing = report.status == MetagameReport.Status.COMPUTING
    head = {
        "status": "ready" if report.data else "computing",
        "stale": bool(report.data) and computing,
        "progress": report.progress if computing else 100,
        "computed_at": report.computed_at.isoformat() if report.computed_at else None,
        "scope": scope.as_json(),
    }
    if not report.data:
        return head, 202
    numbers = {k: v for k, v in report.data.items() if k not in ("scope", "computed_at")}
    named = metagame_namer(game=scope.game, language=(get_language() or "ru")[:2])
    for table in ("identities", "archetypes"):
        numbers[table] = [{**row, "label": named(row["name"])} for row in numbers.get(table, [])]
    return {**head, **numbers}, 200


def _event(request: Request, event_id: int) -> Event:
    """The event if the caller may see it (drafts are 404 to all but their organizer)."""
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    return event


def event_scope(event: Event) -> Scope | None:
    """The event's scope, or None while its decklists are hidden (nothing is shown then)."""
    return Scope.of_event(event) if event.decklists_public else None


def period_scope(game: str, since: date | None, until: date | None) -> Scope:
    if since and until and since > until:
        raise BadInput(_("since: must be on or before until"), code="invalid")
    if since and until and (until - since).days > PERIOD_DAYS_MAX:
        raise BadInput(_("until: a period of at most ten years"), code="invalid")
    return Scope.of_period(game, since, until)


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run as a formula (a card name may start with - + @ =)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value


def metagame_csv(*, scope: Scope | None, table: str, filename: str) -> HttpResponse:
    """Return one table of the scope's numbers as a CSV download; 409 while there are none."""
    if scope is None:
        raise WrongState(
            _("The metagame is shown once the organizer publishes the decklists."), code="hidden"
        )
    report = metagame_request(scope=scope)
    if not report.data:
        raise WrongState(_("The metagame is being computed: try again in a moment."), code="computing")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}-{table}.csv"'
    response.write("\ufeff")  # a byte-order mark, so spreadsheet programs read UTF-8 (Cyrillic names)
    csv.writer(response).writerows([_cell(v) for v in row] for row in metagame_csv_rows(report.data, table))
    return response


_ANSWERS = {
    200: MetagameOut,
    202: OpenApiResponse(MetagameOut, description="being computed: no numbers yet; ask again"),
}
_CSV = {
    (200, "text/csv"): OpenApiResponse(str, description="the table as CSV (UTF-8 with a byte-order mark)")
}


class EventMetagameApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses=_ANSWERS,
        operation_id="events_metagame",
        description="The event's metagame from its final results and adjudicated games, once its "
        "decklists are published (status hidden before: nothing is shown).",
    )
    def get(self, request: Request, event_id: int) -> Response:
        body, code = metagame_answer(scope=event_scope(_event(request, event_id)))
        return Response(body, status=code)


class EventMetagameCsvApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[TableIn], responses={**_CSV, **errors(409)}, operation_id="events_metagame_csv"
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        query = TableIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        event = _event(request, event_id)
        return metagame_csv(
            scope=event_scope(event),
            table=query.validated_data["table"],
            filename=f"event-{event.pk}-metagame",
        )


class MetagameApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[PeriodIn],
        responses={**_ANSWERS, **errors(400)},
        operation_id="metagame_retrieve",
        description="A game's metagame over a period: its events with published decklists.",
    )
    def get(self, request: Request) -> Response:
        query = PeriodIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        body, code = metagame_answer(scope=period_scope(**query.validated_data))
        return Response(body, status=status.HTTP_202_ACCEPTED if code == 202 else status.HTTP_200_OK)


class MetagameCsvApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[PeriodTableIn], responses={**_CSV, **errors(400, 409)}, operation_id="metagame_csv"
    )
    def get(self, request: Request) -> HttpResponse:
        query = PeriodTableIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        scope = period_scope(data["game"], data["since"], data["until"])
        return metagame_csv(scope=scope, table=data["table"], filename=f"{data['game']}-metagame")

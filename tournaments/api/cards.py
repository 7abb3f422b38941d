"""GET /api/cards/ (card browser data) and POST /api/decks/validate/."""

from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments import label_messages
from tournaments.api.errors import ApiError
from tournaments.api.parsers import JSONParser, PlainTextParser
from tournaments.api.violations import violations_said
from tournaments.models import Card
from tournaments.numbers import whole_number
from tournaments.selectors.cards import cards_search
from tournaments.services.decks import deck_check


class CardOut(serializers.ModelSerializer):
    set = serializers.CharField(source="card_set.code")
    aliases = serializers.SerializerMethodField()
    factions = serializers.SerializerMethodField()
    card = serializers.JSONField(source="summary", help_text="every field of the card as the game defines it")

    class Meta:
        model = Card
        fields = ["id", "game", "set", "number", "name", "aliases", "type", "cost", "factions", "card"]

    def get_aliases(self, card: Card) -> list[str]:
        return list(card.summary.get("aliases", []))

    def get_factions(self, card: Card) -> list[str]:
        return [f for f in card.factions_key.split("|") if f]


class CardPage(LimitOffsetPagination):
    default_limit = 100
    max_limit = 500


class CardListApi(ListAPIView):
    """Cards of every imported set; search by name in either language, filter by faction, type, cost."""

    serializer_class = CardOut
    pagination_class = CardPage
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=list(game_keys())),
            OpenApiParameter("q", str, description="part of the name or an alias, any language"),
            OpenApiParameter("faction", str),
            OpenApiParameter("type", str),
            OpenApiParameter("cost", int, description="exact cost; 7 means 7 or more"),
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        params = self.request.query_params
        game = params.get("game", "")
        if game and game not in game_keys():
            raise ApiError(_("Unknown game “%(game)s”.") % {"game": game}, code="unknown_game")
        cost_raw = params.get("cost", "").strip()
        cost = whole_number(cost_raw, high=999)
        if cost_raw and cost is None:
            raise ApiError(_("cost must be a whole number ≥ 0."), code="invalid")
        return cards_search(
            game=game or None,
            q=params.get("q", "")[:100],
            faction=params.get("faction", "")[:40],
            card_type=params.get("type", "")[:40],
            cost=cost,
        )


class ViolationOut(serializers.Serializer):
    code = serializers.CharField()
    card = serializers.CharField(allow_null=True)
    message = serializers.CharField()


class DeckCheckOut(serializers.Serializer):
    legal = serializers.BooleanField()
    violations = ViolationOut(many=True)
    game = serializers.CharField()
    deck = serializers.JSONField(allow_null=True)
    stats = serializers.JSONField()


class EventFormatQuery(DefaultContentNegotiation):
    """Content negotiation that leaves ``?format=`` alone: here it is the event's format (sealed...),
    not DRF's choice of renderer (which answered 404 to any value but json and api)."""

    # A stand-in for DRF's api_settings: the negotiation reads only this one setting from it.
    settings: Any = SimpleNamespace(URL_FORMAT_OVERRIDE=None)


class DeckValidateApi(APIView):
    """Validate a decklist: a decklist JSON object, ``{"deck": object-or-text, ...options}``, or text."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser, PlainTextParser]
    content_negotiation_class = EventFormatQuery

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT, "text/plain": OpenApiTypes.STR},
        responses={200: DeckCheckOut},
        parameters=[
            OpenApiParameter("game", str, enum=list(game_keys()), description="game of a text decklist"),
            OpenApiParameter("side_max", int, description="the event's side-deck maximum"),
            OpenApiParameter("format", str, description="event format, e.g. sealed (WoW)"),
        ],
        operation_id="decks_validate",
    )
    def post(self, request: Request) -> Response:
        source, options, game = deck_request(request)
        check = deck_check(source=source, game=game, options=options)
        if not check.readable:
            raise ApiError(
                check.parse_message,
                code="bad_decklist",
                problems=[
                    {"where": p.where, "message": label_messages.parse_problem_parts(p)[1]}
                    for p in check.parse_problems
                ],
            )
        body = check.as_json()
        body["violations"] = violations_said(body["violations"])  # in the reader's language
        return Response(body)


def deck_request(request: Request) -> tuple[Any, dict[str, Any], str | None]:
    """Return (decklist source, options, game) from a request body and query string.

    Raises ApiError (400) for a body that holds no decklist or a bad option.
    """
    data = request.data
    params = request.query_params
    options: dict[str, Any] = {}
    game = params.get("game") or None
    if isinstance(data, dict) and "deck" in data:
        source = data["deck"]
        game = (
            data.get("game") if isinstance(data.get("game"), str) and not isinstance(source, dict) else game
        )
        for key in ("side_max", "format"):
            if key in data:
                options[key] = data[key]
    else:
        source = data
    for key in ("side_max", "format"):
        if key in params:
            options[key] = params[key]
    if "side_max" in options:
        raw = options["side_max"]
        side_max = None if isinstance(raw, bool) else whole_number(raw, high=1000)
        if side_max is None:
            raise ApiError(
                _("%(field)s: must be a whole number from %(low)d to %(high)d")
                % {"field": "side_max", "low": 0, "high": 1000},
                code="invalid",
            )
        options["side_max"] = side_max
    if game is not None and game not in game_keys():
        raise ApiError(_("Unknown game “%(game)s”.") % {"game": game}, code="unknown_game")
    if not isinstance(source, str | dict) or not source:
        raise ApiError(_("Send a decklist: a JSON object, or its text."), code="bad_decklist")
    return source, options, game

"""Practice against a bot (api.md "Practice against a bot"): start a practice game, list yours,
resign one, and the sample decks a game offers. The game itself is played through the online
API of its match (``GET /api/matches/{match}/game/``, ``POST …/game/actions/``), as any match."""

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.schema import errors
from tournaments.models import Practice
from tournaments.selectors.practice import (
    practice_games,
    practice_json,
    practice_of,
    practice_quota,
    practice_samples,
    practices_of,
    sample_names,
)
from tournaments.services.practice import practice_resign, practice_start
from tournaments.users import SignedInRequest

LISTED = 50  # the practice list answers the latest games


class PracticeIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=practice_games(), help_text="the game's key, e.g. respons")
    saved_deck = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="the id of one of your saved decks"
    )
    sample = serializers.CharField(
        max_length=200, required=False, help_text="the key of a sample deck (GET /api/practice/samples/)"
    )
    deck = serializers.JSONField(required=False, help_text="a decklist JSON object (formats.md) or its text")


class PracticeDeckOut(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Practice.DeckSource.values, help_text="saved, sample or list")
    name = serializers.CharField(allow_blank=True, help_text="the saved deck's name, or the sample's key")


class PracticeOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    match = serializers.IntegerField(help_text="played through /api/matches/{match}/game/")
    deck = PracticeDeckOut()
    status = serializers.ChoiceField(choices=["playing", "over"])
    result = serializers.ChoiceField(choices=["win", "loss", "draw"], allow_null=True)
    reason = serializers.CharField(allow_blank=True, help_text="how the game ended (the engine's word)")
    created_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(help_text="the game stops by then at the latest (a draw)")
    play_url = serializers.CharField()


class PracticeListOut(serializers.Serializer):
    running = serializers.IntegerField(help_text="your practice games going now")
    running_max = serializers.IntegerField(help_text="at most this many at once (PRACTICE_PER_USER)")
    today = serializers.IntegerField(help_text="practice games you started in the last 24 hours")
    today_max = serializers.IntegerField(help_text="at most this many in 24 hours (PRACTICE_PER_DAY)")
    results = PracticeOut(many=True)


class SampleOut(serializers.Serializer):
    key = serializers.CharField(help_text="what POST /api/practice/ takes as sample")
    name = serializers.CharField(help_text="its hero or leader and camp, in the reader's language")
    deck = serializers.JSONField(help_text="the decklist (formats.md)")


class SamplesIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=practice_games())


def _practice(request: SignedInRequest, practice_id: int) -> Practice:
    """The caller's practice game ``practice_id``; 404 for anyone else's (never told apart)."""
    practice = practice_of(user=request.user, practice_id=practice_id)
    if practice is None:
        raise Http404
    return practice


class PracticeListApi(APIView):
    """GET: your practice games, newest first, and your quota. POST: start one."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PracticeListOut}, operation_id="practice_list")
    def get(self, request: SignedInRequest) -> Response:
        quota = practice_quota(user=request.user)
        body: dict[str, Any] = {
            "running": quota.running,
            "running_max": quota.running_max,
            "today": quota.today,
            "today_max": quota.today_max,
            "results": [practice_json(p) for p in practices_of(user=request.user, limit=LISTED)],
        }
        return Response(body)

    @extend_schema(
        request=PracticeIn,
        responses={201: PracticeOut, **errors(409)},
        operation_id="practice_create",
        description="Start a practice game against the game's bot with exactly one of `saved_deck`, "
        "`sample` or `deck`. An illegal deck is 400 `illegal_deck` with every violation; past "
        "PRACTICE_PER_USER games at once 429 `practice_limit`, past PRACTICE_PER_DAY in 24 hours "
        "429 `quota_exceeded`, each with Retry-After. Not rated, in no event.",
    )
    def post(self, request: SignedInRequest) -> Response:
        data = PracticeIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        deck = values.get("deck")
        if "deck" in values and (not isinstance(deck, str | dict) or not deck):
            raise ApiError(_("deck: send a decklist JSON object or its text"), code="bad_decklist")
        practice = practice_start(
            player=request.user,
            game=values["game"],
            saved_deck=values.get("saved_deck"),
            sample=values.get("sample"),
            deck=deck,
        )
        found = practice_of(user=request.user, practice_id=practice.pk)
        assert found is not None
        return Response(practice_json(found), status=status.HTTP_201_CREATED)


class PracticeDetailApi(APIView):
    """GET: one of your practice games (404 for anyone else's)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: PracticeOut}, operation_id="practice_retrieve")
    def get(self, request: SignedInRequest, practice_id: int) -> Response:
        return Response(practice_json(_practice(request, practice_id)))


class PracticeResignApi(APIView):
    """POST: resign one of your practice games (a concession, applied by a worker)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={202: PracticeOut, **errors(409)},
        operation_id="practice_resign",
        description="Concede the practice game: sent as the action `concede` through the match's "
        "action ledger; 202 with the game as it stands (`over` once a worker has applied it). "
        "409 `practice_over` when it is over already.",
    )
    def post(self, request: SignedInRequest, practice_id: int) -> Response:
        practice_resign(practice=_practice(request, practice_id), by=request.user)
        return Response(practice_json(_practice(request, practice_id)), status=status.HTTP_202_ACCEPTED)


class PracticeSamplesApi(APIView):
    """GET: a game's sample decks, for anyone (their cards are public)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("game", str, required=True, description="the game's key")],
        responses={200: SampleOut(many=True)},
        operation_id="practice_samples",
    )
    def get(self, request: Request) -> Response:
        data = SamplesIn(data=request.query_params)
        data.is_valid(raise_exception=True)
        game = data.validated_data["game"]
        names = sample_names(game=game)
        return Response(
            [{"key": s.key, "name": names[s.key], "deck": s.deck} for s in practice_samples(game=game)]
        )

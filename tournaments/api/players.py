"""GET and PATCH /api/players/{username}/: a player's profile."""

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.ratings import rating_json
from tournaments.api.schema import errors
from tournaments.selectors.players import (
    HeadToHead,
    ProfileMatch,
    head_to_head,
    player_named,
    player_profile,
    profile_visible,
)
from tournaments.services.players import profile_hide
from tournaments.users import SignedInRequest, User, Visitor


class ProfileIn(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1, max_value=100_000, default=1, help_text="of the match history"
    )
    vs = serializers.CharField(
        max_length=150, required=False, default="", help_text="another player's username: head-to-head"
    )


class ProfilePatchIn(serializers.Serializer):
    hidden = serializers.BooleanField(
        help_text="true: only the player, staff and their events' officials see it"
    )


class RecordOut(serializers.Serializer):
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()


class ProfileEventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    status = serializers.CharField()
    starts_at = serializers.DateTimeField(allow_null=True)
    placing = serializers.IntegerField(allow_null=True, help_text="final place, once the event is finished")
    record = RecordOut(help_text="match wins, losses, draws (a bye is a win)")
    dropped = serializers.BooleanField()
    deck = serializers.JSONField(
        allow_null=True, help_text="formats.md decklist, once the event publishes them"
    )


class ProfileMatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    result = serializers.ChoiceField(choices=["win", "loss", "draw", "bye", "pending"])
    wins = serializers.IntegerField(help_text="games won by this player")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    rating_before = serializers.FloatField(allow_null=True)
    rating_after = serializers.FloatField(allow_null=True)
    replay = serializers.CharField(allow_null=True, help_text="the replay of an online match, once final")


class HeadToHeadOut(serializers.Serializer):
    opponent = serializers.CharField()
    record = RecordOut()
    matches = ProfileMatchOut(many=True)


class ProfileRatingOut(serializers.Serializer):
    game = serializers.CharField()
    rank = serializers.IntegerField()
    rating = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    last_played_at = serializers.DateTimeField()


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    hidden = serializers.BooleanField()
    ratings = ProfileRatingOut(many=True)
    events = ProfileEventOut(many=True)
    matches = ProfileMatchOut(many=True, help_text="the match history, newest first, a page at a time")
    matches_count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    head_to_head = HeadToHeadOut(required=False, help_text="with ?vs=username")


def match_json(line: ProfileMatch) -> dict[str, Any]:
    match = line.match
    online_final = line.event.online and match.status == "final" and match.player_b_id is not None
    return {
        "id": match.pk,
        "event": line.event.pk,
        "event_name": line.event.name,
        "round": match.round.number,
        "table": match.table,
        "opponent": line.opponent,
        "result": line.result,
        "wins": line.wins,
        "losses": line.losses,
        "draws": line.draws,
        "rating_before": None if line.rating_before is None else round(line.rating_before, 2),
        "rating_after": None if line.rating_after is None else round(line.rating_after, 2),
        "replay": f"/api/matches/{match.pk}/replay/" if online_final else None,
    }


def head_to_head_json(h2h: HeadToHead) -> dict[str, Any]:
    return {
        "opponent": h2h.opponent.get_username(),
        "record": vars(h2h.record),
        "matches": [match_json(line) for line in h2h.matches],
    }


def visible_player(username: str, user: Visitor) -> User:
    """The player, when the reader may see their profile. Raises 404 (unknown) or 403 (hidden)."""
    player = player_named(username)
    if player is None:
        raise ApiError(
            _("There is no player called %(name)s.") % {"name": username}, code="not_found", status_code=404
        )
    if not profile_visible(player=player, user=user):
        raise ApiError(_("This player keeps their profile private."), code="profile_hidden", status_code=403)
    return player


def profile_json(request: Request, player: User, page: int = 1, vs: str = "") -> dict[str, Any]:
    profile = player_profile(player=player, user=request.user, page=page)
    body: dict[str, Any] = {
        "username": player.get_username(),
        "hidden": profile.hidden,
        "ratings": [
            {"game": line.rating.game, **rating_json(line.rank, line.rating)} for line in profile.ratings
        ],
        "events": [
            {
                "id": e.event.pk,
                "name": e.event.name,
                "game": e.event.game,
                "status": e.event.status,
                "starts_at": e.event.starts_at.isoformat().replace("+00:00", "Z")
                if e.event.starts_at
                else None,
                "placing": e.placing,
                "record": vars(e.record),
                "dropped": e.registration.dropped,
                "deck": e.deck,
            }
            for e in profile.events
        ],
        "matches": [match_json(line) for line in profile.matches],
        "matches_count": profile.matches_count,
        "page": profile.page,
        "pages": profile.pages,
    }
    for line in body["ratings"]:
        line.pop("username")
    if vs:
        opponent = visible_player(vs, request.user)
        body["head_to_head"] = head_to_head_json(
            head_to_head(player=player, opponent=opponent, user=request.user)
        )
    return body


class PlayerProfileApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[ProfileIn],
        responses={200: ProfileOut, **errors(403)},
        operation_id="players_retrieve",
        description="A player's profile: ratings per game, events played, the match history, and with "
        "?vs=username the head-to-head. A hidden profile answers 403 (profile_hidden) to all but the "
        "player, staff and the officials of their events.",
    )
    def get(self, request: Request, username: str) -> Response:
        query = ProfileIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        player = visible_player(username, request.user)
        return Response(profile_json(request, player, **query.validated_data))

    @extend_schema(
        request=ProfilePatchIn,
        responses={200: ProfileOut},
        operation_id="players_update",
        description="Hide the profile from the public, or show it again (the player only).",
    )
    def patch(self, request: SignedInRequest, username: str) -> Response:
        data = ProfilePatchIn(data=request.data)
        data.is_valid(raise_exception=True)
        player = player_named(username)
        if player is None:
            raise ApiError(
                _("There is no player called %(name)s.") % {"name": username},
                code="not_found",
                status_code=404,
            )
        profile_hide(player=player, by=request.user, hidden=data.validated_data["hidden"])
        return Response(profile_json(request, player))

"""GET /api/ratings/: a game's leaderboard."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments.models import Rating
from tournaments.selectors.ratings import PAGE_SIZE, PAGE_SIZE_MAX, PERIODS, leaderboard_page


class LeaderboardIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(game_keys()), help_text="the game's key, e.g. respons")
    period = serializers.ChoiceField(
        choices=list(PERIODS),
        default="all",
        help_text="only players with a rated match in the last week, month, ...",
    )
    page = serializers.IntegerField(min_value=1, max_value=1_000_000, default=1)
    page_size = serializers.IntegerField(min_value=1, max_value=PAGE_SIZE_MAX, default=PAGE_SIZE)


class RatingOut(serializers.Serializer):
    rank = serializers.IntegerField(help_text="place in the whole (filtered) leaderboard, from 1")
    username = serializers.CharField()
    rating = serializers.FloatField(help_text="mu − 3σ (openskill's ordinal), rounded to 2 places")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    last_played_at = serializers.DateTimeField()


class LeaderboardOut(serializers.Serializer):
    game = serializers.CharField()
    period = serializers.CharField()
    count = serializers.IntegerField(help_text="players on the whole leaderboard")
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = RatingOut(many=True)


def rating_json(rank: int | None, r: Rating) -> dict[str, object]:
    """A rating row (its player loaded) as the API gives it (``rank`` None: outside a leaderboard)."""
    row: dict[str, object] = {} if rank is None else {"rank": rank}
    row.update(
        username=r.player.username,
        rating=round(r.rating, 2),
        mu=round(r.mu, 4),
        sigma=round(r.sigma, 4),
        matches=r.matches,
        wins=r.wins,
        losses=r.losses,
        draws=r.draws,
        last_played_at=r.last_played_at.isoformat().replace("+00:00", "Z"),
    )
    return row


class LeaderboardApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[LeaderboardIn],
        responses={200: LeaderboardOut},
        operation_id="ratings_list",
        description="A game's leaderboard, best first, a page at a time: Weng-Lin ratings (openskill) "
        "from every rated match (docs/players.md, Ratings).",
    )
    def get(self, request: Request) -> Response:
        query = LeaderboardIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = leaderboard_page(**query.validated_data)
        return Response(
            {
                "game": query.validated_data["game"],
                "period": query.validated_data["period"],
                "count": page.count,
                "page": page.page,
                "page_size": page.page_size,
                "pages": page.pages,
                "results": [rating_json(rank, rating) for rank, rating in page.rows],
            }
        )

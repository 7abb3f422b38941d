"""URLs of the play pages (included from respons_site/urls.py)."""

from django.urls import URLPattern, path

from tournaments.api.online import GameEventsApi
from tournaments.views import play

urlpatterns: list[URLPattern] = [
    path("matches/<id:match_id>/play/", play.match_play, name="match-play"),
    # The play page's game log (a read-only API view; it could live in tournaments/api/urls.py).
    path("api/matches/<id:match_id>/game/events/", GameEventsApi.as_view(), name="api-match-game-events"),
]

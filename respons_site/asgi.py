"""ASGI entry point (``uvicorn respons_site.asgi:application``): what serves online play — the
live game streams (``GET /api/matches/{id}/game/stream/``) without a thread per open stream,
and players' actions through the fast lane (``tournaments/api/lane.py``) — and, behind the
lane, the whole site."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "respons_site.settings")
# Each request runs in a thread of its own here: pool the database connections (config.py).
os.environ.setdefault("DATABASE_POOL", "true")
django_application = get_asgi_application()

from tournaments.api.lane import PlayLane  # noqa: E402  (after Django is set up)
from tournaments.request_limits import BodyLimit  # noqa: E402

# The body limit first (413 before the lane or Django reads a byte too many), then the lane.
# django-stubs narrow ASGIHandler's scope to a dict (ASGI's is any mapping; servers pass a dict).
application = BodyLimit(PlayLane(django_application))  # type: ignore[arg-type]

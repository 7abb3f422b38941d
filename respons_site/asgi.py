"""ASGI entry point (``uvicorn respons_site.asgi:application``): what serves the live game
streams (``GET /api/matches/{id}/game/stream/``) without a thread per open stream."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "respons_site.settings")
# Each request runs in a thread of its own here: pool the database connections (config.py).
os.environ.setdefault("DATABASE_POOL", "true")
application = get_asgi_application()

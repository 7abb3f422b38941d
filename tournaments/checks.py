"""Deployment checks of ``manage.py check`` (Django's system checks) for set-ups that would run
but leave something undone."""

from typing import Any

from django.conf import settings
from django.core.checks import Warning

from tournaments.services import jobs


def online_sweep_runs(app_configs: Any, **kwargs: Any) -> list[Warning]:
    """Without a broker, only the embedded beat runs the online sweep: turned off
    (EMBEDDED_BEAT=false), no clock of an online match runs out and no later game of a match
    starts, so the players of an online event would wait for ever."""
    if jobs.in_process() and not settings.EMBEDDED_BEAT:
        return [
            Warning(
                "EMBEDDED_BEAT is off and no broker is configured: nothing runs the online sweep, so "
                "online matches never time out nor start their next game.",
                hint="Unset EMBEDDED_BEAT (it is on by default without a broker), or set "
                "CELERY_BROKER_URL and run workers and `celery -A respons_site beat`.",
                id="respons.W001",
            )
        ]
    return []


def lane_covers_django(app_configs: Any, **kwargs: Any) -> list[Warning]:
    """A middleware or DRF setting the fast lane does not do in its own way: the lane stands
    aside (every online action goes through Django, slower) until it is taught it."""
    from tournaments.api import lane_covers

    missing = lane_covers.gaps()
    if not missing:
        return []
    return [
        Warning(
            "The fast lane does not cover: " + "; ".join(missing) + ". Online actions and streams go "
            "through Django until it does.",
            hint="Make the lane do what the new piece does (tournaments/api/lane.py) and list it with "
            "how in tournaments/api/lane_covers.py.",
            id="respons.W002",
        )
    ]

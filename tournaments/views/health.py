"""/healthz: database and broker reachability, for operators (JSON).

Anyone may ask, so the answer says only whether each check passed (and how long it took): why
one failed — an error naming the database's or the broker's host and port — goes to the log,
where the operator looks, never to the caller."""

import logging
import time

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from kombu import Connection

log = logging.getLogger(__name__)


def _failed(name: str, error: Exception) -> dict[str, object]:
    log.warning(
        "healthz: the %s check failed: %s", name, str(error).splitlines()[0] if str(error) else repr(error)
    )
    return {"ok": False}


def _check_database() -> dict[str, object]:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure is a health finding, not a crash
        return _failed("database", error)
    return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}


def _check_broker() -> dict[str, object]:
    if settings.CELERY_TASK_ALWAYS_EAGER:  # the configured mode (the broker it names is checked)
        return {"ok": True, "mode": "in-process"}
    started = time.perf_counter()
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as error:
        return _failed("broker", error)
    return {"ok": True, "mode": "broker", "ms": round((time.perf_counter() - started) * 1000, 1)}


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """Return 200 with each check when all pass, 503 when any fails."""
    checks = {"database": _check_database(), "broker": _check_broker()}
    ok = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if ok else "fail", "checks": checks}, status=200 if ok else 503)

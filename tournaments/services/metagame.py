"""The metagame's cache (point 6): ask for a scope's numbers, compute them in a task.

A read (:func:`metagame_request`) never computes: it returns the stored report and, when
there is none or its fingerprint (selectors.metagame.metagame_fingerprint) is not the current
one, marks it as being computed and queues ``tournaments.metagame_build`` once the request's
transaction commits. So a match becoming final, a result overridden or decklists published
invalidate the numbers without any other service knowing about the metagame. Without a
broker (``make run``, tests) the task runs in-process when the request commits.
"""

import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import MetagameReport
from tournaments.selectors.metagame import Scope, metagame_compute, metagame_fingerprint
from tournaments.services import jobs
from tournaments.services.errors import OverLimit

R = MetagameReport.Status
STUCK_AFTER = timedelta(minutes=15)  # a computation not done by then (a worker lost): queued again
# Periods are chosen by the reader (any since/until): at most this many new ones are computed
# at once, so a visitor cannot queue a heavy computation per date they type.
PERIODS_AT_ONCE = 4
BUSY_WAIT = 30  # seconds a refused period is asked to wait (Retry-After)
# Periods are kept while someone reads them: one unread for PERIOD_KEPT_FOR is dropped, and of
# the rest only the PERIODS_KEPT read most recently (any since/until makes a new row).
PERIOD_KEPT_FOR = timedelta(days=30)
PERIODS_KEPT = 500
READ_MARK_EVERY = timedelta(hours=1)  # how often a read is written down (reads stay read-only)


def _queue(key: str) -> None:
    transaction.on_commit(lambda: jobs.task(jobs.METAGAME_BUILD).delay(key))


def metagame_request(*, scope: Scope, queue: Callable[[str], None] = _queue) -> MetagameReport:
    """Return the scope's report; queue its computation when it is missing or out of date
    (at most one at a time per scope, unless one is stuck for :data:`STUCK_AFTER`)."""
    wanted = metagame_fingerprint(scope)
    now = timezone.now()
    report = MetagameReport.objects.filter(key=scope.key).first()
    if report is not None and (report.read_at is None or now - report.read_at >= READ_MARK_EVERY):
        MetagameReport.objects.filter(pk=report.pk).update(read_at=now)
    if report is not None and report.fingerprint == wanted and report.status == R.READY:
        return report
    with transaction.atomic():
        report, created = MetagameReport.objects.select_for_update().get_or_create(
            key=scope.key, defaults={"read_at": now}
        )
        if created and scope.event_id is None:
            metagame_prune(now=now)
        pending = (
            report.status == R.COMPUTING
            and report.wanted == wanted
            and report.requested_at is not None
            and now - report.requested_at < STUCK_AFTER
        )
        if (report.fingerprint == wanted and report.status == R.READY) or pending:
            return report
        if scope.event_id is None and not report.data and _periods_computing() >= PERIODS_AT_ONCE:
            raise OverLimit(_("Too many periods are being computed: try again in a moment."), wait=BUSY_WAIT)
        report.status, report.wanted, report.requested_at, report.progress = R.COMPUTING, wanted, now, 0
        report.save(update_fields=["status", "wanted", "requested_at", "progress"])
        queue(scope.key)
    report.refresh_from_db()  # without a broker the task has run on commit: its numbers are here
    return report


def metagame_prune(*, now: datetime | None = None) -> int:
    """Drop the periods' reports nobody has read for :data:`PERIOD_KEPT_FOR`, and beyond the
    :data:`PERIODS_KEPT` read most recently; return how many went. An event's report stays
    (one per event). Run when a new period is asked for, so the table never grows unbounded."""
    now = now or timezone.now()
    periods = MetagameReport.objects.filter(key__startswith="game:")
    dropped, _kinds = periods.filter(read_at__lt=now - PERIOD_KEPT_FOR).delete()
    surplus = list(
        periods.order_by("-read_at", "-pk").values_list("pk", flat=True)[PERIODS_KEPT : PERIODS_KEPT + 1000]
    )
    if surplus:
        dropped += MetagameReport.objects.filter(pk__in=surplus).delete()[0]
    return dropped


def _periods_computing() -> int:
    return MetagameReport.objects.filter(
        key__startswith="game:", status=R.COMPUTING, requested_at__gte=timezone.now() - STUCK_AFTER
    ).count()


def metagame_build(*, key: str) -> int:
    """Compute and store the numbers of the scope ``key`` names (the task's work); return how
    many players they cover."""
    scope = Scope.parse(key)
    started = time.perf_counter()
    wanted = metagame_fingerprint(scope)  # read first: a change during the computation recomputes

    def progress(percent: int) -> None:
        MetagameReport.objects.filter(key=key, status=R.COMPUTING).update(progress=min(99, percent))

    data = metagame_compute(scope, progress)
    now = timezone.now()
    MetagameReport.objects.update_or_create(
        key=key,
        defaults={
            "status": R.READY,
            "progress": 100,
            "fingerprint": wanted,
            "wanted": wanted,
            "data": {**data, "computed_at": now.isoformat()},
            "computed_at": now,
            "compute_seconds": round(time.perf_counter() - started, 3),
        },
    )
    return int(data["players"])

"""Work done once a transaction commits: a Celery task with a broker, else the same work in
this process (on a thread of its own with ``settings.NOTIFY_IN_BACKGROUND``). The e-mail of a
notification and a webhook's delivery are sent so: a rolled-back moment sends nothing, and no
request waits for a mail server or a receiver."""

import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import connection, transaction

from tournaments.services import jobs

logger = logging.getLogger(__name__)


def after_commit(task: str, pk: int, inline: Callable[[int], object]) -> None:
    """Queue the task named ``task`` with ``pk`` once the transaction commits. Without a broker
    (tasks run in-process) ``inline(pk)`` runs then instead: the same work, its tries at once,
    and never a failure raised into the request that made the moment; with settings.NOTIFY_IN_BACKGROUND (the
    default) on a thread of its own, so a slow mail server or webhook receiver never holds up
    the request (sending never blocks a request)."""
    if not jobs.in_process():
        transaction.on_commit(lambda: jobs.task(task).delay(pk))
    elif settings.NOTIFY_IN_BACKGROUND:
        transaction.on_commit(lambda: in_background(inline, pk))
    else:
        transaction.on_commit(lambda: inline(pk))


def in_background(work: Callable[[int], object], pk: int) -> threading.Thread:
    """Run ``work(pk)`` on a daemon thread with its own database connection, closed after."""

    def run() -> None:
        try:
            work(pk)
        except Exception:  # logged, never raised: the request that made the moment is long done
            logger.exception("work after commit for %s failed", pk)
        finally:
            connection.close()

    thread = threading.Thread(target=run, name=f"respons-notify-{pk}", daemon=True)
    thread.start()
    return thread

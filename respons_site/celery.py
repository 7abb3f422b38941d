"""The Celery app. Without CELERY_BROKER_URL tasks run eagerly, in-process."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "respons_site.settings")

app = Celery("respons_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def _usable_database_connection(task: Any = None, **_kwargs: Any) -> None:
    """Keep a worker's database connection across tasks (settings.CELERY_DB_REUSE_MAX), but
    drop it before a task when it broke or aged out, as Django does before each request.
    (Not for a task run in-process: it shares the caller's connection and transaction.)"""
    if task is None or getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()

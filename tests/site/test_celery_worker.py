"""A real Celery worker process on the real Redis broker writes to the database."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import require_or_skip
from tournaments.models import WorkerHeartbeat

ROOT = Path(__file__).resolve().parents[2]


def _database_url() -> str:
    db = connection.settings_dict
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def start_worker(queue: str) -> subprocess.Popen[bytes]:
    """Start ``celery worker`` on the configured broker and the test database."""
    env = dict(os.environ, DATABASE_URL=_database_url(), CELERY_BROKER_URL=settings.CELERY_BROKER_URL)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "respons_site",
            "worker",
            "--pool",
            "solo",
            "--queues",
            queue,
            "--loglevel",
            "WARNING",
            "--without-gossip",
            "--without-mingle",
            "--hostname",
            f"{queue}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop_worker(worker: subprocess.Popen[bytes]) -> str:
    if worker.poll() is None:
        os.killpg(worker.pid, signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
    return worker.stdout.read().decode(errors="replace") if worker.stdout else ""


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_it_runs_a_task_in_a_real_worker_that_writes_to_the_database():
    require_or_skip(not settings.CELERY_TASK_ALWAYS_EAGER, "CELERY_BROKER_URL is not set (Redis)")
    require_or_skip(connection.vendor == "postgresql", "the worker shares the test database: PostgreSQL")
    from respons_site.celery import app
    from tournaments.tasks import worker_heartbeat

    app.conf.task_always_eager = False
    queue = f"test-{uuid.uuid4().hex[:8]}"
    token = uuid.uuid4().hex
    worker = start_worker(queue)
    try:
        worker_heartbeat.apply_async(args=[token], queue=queue)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not WorkerHeartbeat.objects.filter(token=token).exists():
            assert worker.poll() is None, "the worker died"
            time.sleep(0.2)
    finally:
        output = stop_worker(worker)
    beat = WorkerHeartbeat.objects.filter(token=token).first()
    assert beat is not None, f"no heartbeat written by the worker; its output:\n{output}"
    assert beat.hostname

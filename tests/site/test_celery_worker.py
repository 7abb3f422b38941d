"""A real Celery worker process on the real Redis broker writes to the database."""

import uuid

import pytest

from tests.support.workers import real_broker, wait_until
from tournaments.models import WorkerHeartbeat

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_it_runs_a_task_in_a_real_worker_that_writes_to_the_database():
    from tournaments.tasks import worker_heartbeat

    token = uuid.uuid4().hex
    with real_broker() as broker:
        worker = broker.start_worker()
        worker_heartbeat.delay(token)
        beat = wait_until(
            lambda: WorkerHeartbeat.objects.filter(token=token).first(),
            timeout=30,
            what=lambda: f"a heartbeat written by the worker; its output:\n{worker.output()}",
        )
    assert beat.hostname

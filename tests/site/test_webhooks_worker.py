"""Webhooks through a real Celery worker on the real broker: the moment's request
only queues the delivery; the worker posts it, and retries it after a refusal with back-off."""

import json

import pytest

from tests.support.events import one_table
from tests.support.webhooks import Receiver, add
from tests.support.workers import real_broker, wait_until
from tournaments.models import WebhookDelivery

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_delivers_the_pairings_after_a_refused_first_try(event_factory, organizer, judge, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    flaky = Receiver(statuses=[503])
    try:
        event = event_factory(rounds=1)
        assert add(organizer, event, flaky.url).status_code == 201
        with real_broker() as broker:
            worker = broker.start_worker(env={"WEBHOOKS_ALLOW_PRIVATE": "true"})
            one_table(event, judge)
            delivery = wait_until(
                lambda: WebhookDelivery.objects.filter(status="delivered").first(),
                timeout=60,
                what=lambda: f"the delivery, retried by the worker; its output:\n{worker.output()}",
            )
    finally:
        flaky.close()
    assert delivery.attempts == 2 and len(flaky.requests) == 2
    assert json.loads(flaky.requests[1]["body"])["kind"] == "pairings"

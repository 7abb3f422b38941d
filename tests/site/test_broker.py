"""Celery's Redis transport reuses its command clients (respons_site/broker.py)."""

from django.conf import settings
from kombu import Connection

from respons_site import broker
from respons_site.celery import app
from tests.support.workers import require_real_services


def test_a_redis_broker_uses_the_transport_that_keeps_its_clients():
    require_real_services()
    assert settings.CELERY_BROKER_TRANSPORT == "respons_site.broker:Transport"
    assert isinstance(app.connection_for_write().transport, broker.Transport)


def test_a_channel_makes_its_command_client_once_and_still_carries_messages():
    require_real_services()
    url = settings.CELERY_BROKER_URL
    with Connection(url, transport=broker.Transport) as connection:
        channel = connection.channel()
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second  # one handle on the channel's pool, not one per call
        queue = connection.SimpleQueue("respons-test-broker")
        try:
            queue.clear()
            queue.put({"n": 1})
            queue.put({"n": 2})
            received = [queue.get(timeout=5) for _ in range(2)]
            for message in received:
                message.ack()
            assert [m.payload for m in received] == [{"n": 1}, {"n": 2}]
        finally:
            queue.clear()
            queue.close()

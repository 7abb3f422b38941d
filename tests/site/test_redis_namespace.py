"""Each deployment has its own names in Redis (settings.REDIS_NAMESPACE): the live channel and
the drain's flags. Redis pub/sub ignores the database number, so two deployments sharing one
Redis server must not hear each other's games (they carry the players' hands)."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from respons_site import config
from tests.support.services import require_or_skip
from tests.support.workers import wait_until
from tournaments.services import live
from tournaments.services import online as svc

ROOT = Path(__file__).resolve().parents[2]

# One web process of a site: it watches seat 0 of a match and, once told on its own site's
# channel that the test is over (a second match: MARKER), says what it received for the first.
# One listener thread dispatches messages in order: what came before the marker has arrived.
_LISTENER = """
import sys
import django
django.setup()
from tournaments.services import live, online
sub, end = live.subscribe(int(sys.argv[1]), 0), live.subscribe(int(sys.argv[2]), 0)
print(live.CHANNEL, online.DRAIN_WOKEN, online.DRAIN_NUDGED, flush=True)
assert end.get(30)[0], "no end marker"
changed, text = sub.get(0)
print("received" if changed else "nothing", text, flush=True)
"""


def site_listening(match_id: int, marker_id: int, broker: str) -> tuple[subprocess.Popen[str], list[str]]:
    """Start a web process of the site on ``broker`` (its own settings, from the environment) that
    listens for ``match_id``; return it and its Redis names (channel, wake-up flag, nudge flag)."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_NAMESPACE"}
    env.update(CELERY_BROKER_URL=broker, DJANGO_SETTINGS_MODULE="respons_site.settings")
    process = subprocess.Popen(
        [sys.executable, "-c", _LISTENER, str(match_id), str(marker_id)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    names = process.stdout.readline().split()
    assert len(names) == 3, process.communicate(timeout=10)
    return process, names


def another_database(url: str) -> str:
    """The same Redis server, another database number (where a second deployment would be):
    eight on, of 16, so never the next test process's (tests/parallel.py gives it the next)."""
    number = int(config._redis_database(url))
    base = url.split("?")[0].rstrip("/")
    if base.rsplit("/", 1)[-1].isdigit():
        base = base.rsplit("/", 1)[0]
    return f"{base}/{(number + 8) % 16}"


@pytest.mark.django_db(transaction=False)
def test_a_second_deployment_on_the_same_redis_receives_none_of_the_first_ones_games(monkeypatch):
    from respons_site.celery import app

    broker = str(settings.CELERY_BROKER_URL)
    require_or_skip(broker.startswith("redis://"), "CELERY_BROKER_URL is not a Redis URL")
    app.conf.task_always_eager = False  # this process is a worker of the first site
    match_id = 900_000_000 + uuid.uuid4().int % 100_000_000
    marker_id = match_id + 1
    same_site, same_names = site_listening(match_id, marker_id, broker)
    other_site, other_names = site_listening(match_id, marker_id, another_database(broker))
    try:
        assert same_names == [live.CHANNEL, svc.DRAIN_WOKEN, svc.DRAIN_NUDGED]
        assert not set(other_names) & set(same_names)
        client = live.redis_client()
        for channel in (same_names[0], other_names[0]):
            wait_until(
                lambda channel=channel: client.pubsub_numsub(channel)[0][1] >= 1,
                timeout=20,
                what=f"a listener on {channel}",
            )
        live.publish(match_id, ['{"hand":["secret"]}', "{}"])
        for channel in (same_names[0], other_names[0]):  # each site publishes its end marker
            monkeypatch.setattr(live, "CHANNEL", channel)
            live.publish(marker_id, ["{}", "{}"])
        same_out, same_err = same_site.communicate(timeout=20)
        other_out, other_err = other_site.communicate(timeout=20)
        assert same_out.split()[-2:] == ["received", '{"hand":["secret"]}'], same_err
        assert other_out.split()[-2:] == ["nothing", "None"], other_err
    finally:
        for process in (same_site, other_site):
            if process.poll() is None:
                process.kill()
                process.communicate()


def test_it_names_redis_after_the_brokers_database_number(monkeypatch):
    monkeypatch.delenv("REDIS_NAMESPACE", raising=False)
    assert config.redis_namespace("redis://127.0.0.1:6379/6") == "respons:6"
    assert config.redis_namespace("redis://:pw@redis.internal:6379/7") == "respons:7"
    assert config.redis_namespace("redis+socket:///run/redis.sock?virtual_host=3") == "respons:3"
    assert config.redis_namespace("redis://127.0.0.1:6379") == "respons:0"
    assert config.redis_namespace(None) == "respons:0"


def test_every_process_of_one_deployment_derives_the_same_name(monkeypatch):
    # The web tier may reach Redis by another host name than the workers do.
    monkeypatch.delenv("REDIS_NAMESPACE", raising=False)
    assert config.redis_namespace("redis://redis:6379/4") == config.redis_namespace("redis://10.0.0.5:6379/4")


def test_the_operator_may_name_it(monkeypatch):
    monkeypatch.setenv("REDIS_NAMESPACE", " shop-2 ")
    assert config.redis_namespace("redis://127.0.0.1:6379/6") == "shop-2"


@pytest.mark.parametrize("value", ["", "   ", "two words", "tab\there", "x" * 101])
def test_it_refuses_an_unusable_name(monkeypatch, value):
    monkeypatch.setenv("REDIS_NAMESPACE", value)
    with pytest.raises(config.ConfigError, match="REDIS_NAMESPACE"):
        config.redis_namespace("redis://127.0.0.1:6379/6")


def test_the_channel_and_the_flags_are_in_the_namespace():
    prefix = f"{settings.REDIS_NAMESPACE}:"
    assert [live.CHANNEL, svc.DRAIN_WOKEN, svc.DRAIN_NUDGED] == [
        f"{prefix}live",
        f"{prefix}drain-woken",
        f"{prefix}drain-nudged",
    ]


def test_the_rate_counters_and_the_cache_are_in_the_namespace():
    from django.core.cache import caches

    from tournaments.services import limits

    prefix = f"{settings.REDIS_NAMESPACE}:"
    key, _limit, _left = limits.window_key("signup", "203.0.113.9", "20/hour", 0.0)
    assert key.startswith(f"{prefix}limit:")
    assert limits._streams_key(7).startswith(f"{prefix}limit:")  # the open streams'
    for counter, lock, _free in limits._login_keys("anna", "203.0.113.9"):  # the sign-in backoff's
        assert counter.startswith(f"{prefix}limit:") and lock.startswith(f"{prefix}limit:")
    assert caches["default"].make_key("standings").startswith(prefix)


def test_a_counted_request_leaves_no_key_outside_the_namespace():
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    from tournaments.services import limits

    backend = caches["default"]
    require_or_skip(isinstance(backend, RedisCache), "no Redis cache (CACHE_URL or a redis:// broker)")
    client = backend._cache.get_client(write=True)
    address = f"198.51.100.{uuid.uuid4().int % 250}-{uuid.uuid4().hex[:8]}"  # this run's own keys
    assert limits.hit(scope="signup", ident=address, rate="20/hour") is None
    limits.login_attempt_begin(username="anna", ip=address)
    written = [k.decode() for k in client.scan_iter(match=f"*{address}*")]
    prefix = f"{settings.REDIS_NAMESPACE}:limit:"
    assert len(written) == 2 and all(k.startswith(prefix) for k in written), written
    client.delete(*written)

"""Outgoing webhooks: an event's organizer adds receivers; each moment of the event is
posted to them after the commit, signed with HMAC-SHA256, retried with back-off, logged; Discord's
payload on request; no address on the machine or the private network unless the setting allows it."""

import hashlib
import hmac
import json
import time

import pytest

from tests.support.actors import make_players
from tests.support.events import one_table
from tests.support.webhooks import Receiver, add
from tournaments.models import Webhook, WebhookDelivery
from tournaments.tasks import WEBHOOK_RETRIES, webhook_deliver


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def local_allowed(settings):
    # Only through the setting may a webhook post to this machine (the test's receiver).
    settings.WEBHOOKS_ALLOW_PRIVATE = True


def pair_round_one(event, judge) -> dict:
    match, _a, _b = one_table(event, judge)
    return match


def test_it_posts_the_pairings_signed_with_the_secret(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    created = add(organizer, event, receiver.url)
    assert created.status_code == 201, created.content
    secret = created.json()["secret"]
    assert len(secret) == 64 and "secret" not in organizer.api.get(f"{event.url}webhooks/").json()[0]
    with django_capture_on_commit_callbacks(execute=True):
        match = pair_round_one(event, judge)
    [request] = receiver.requests
    body = json.loads(request["body"])
    assert body["kind"] == "pairings" and body["event"] == {"id": event.id, "name": "Cup"}
    assert body["data"]["pairings"] == [{"table": 1, "a": match["player_a"], "b": match["player_b"]}]
    expected = "sha256=" + hmac.new(secret.encode(), request["body"], hashlib.sha256).hexdigest()
    assert request["headers"]["X-Respons-Signature"] == expected
    assert request["headers"]["X-Respons-Kind"] == "pairings"
    [delivery] = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 1, 200)


def test_it_posts_nothing_when_the_transaction_rolls_back(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        pair_round_one(event, judge)
    assert receiver.requests == [] and len(callbacks) >= 1


def test_it_sends_discords_payload_when_asked(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url, discord=True)
    with django_capture_on_commit_callbacks(execute=True):
        pair_round_one(event, judge)
    body = json.loads(receiver.requests[0]["body"])
    assert body == {"content": "Cup: round 1 is paired (1 tables)."}


def test_it_posts_disputes_and_penalties(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        match, a, b = one_table(event, judge)
        a.api.post(f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0}, format="json")
        b.api.post(f"/api/matches/{match['id']}/dispute/", {}, format="json")
        body = {"username": a.name, "kind": "warning"}
        judge.api.post(f"/api/matches/{match['id']}/penalties/", body, format="json")
    kinds = [json.loads(r["body"])["kind"] for r in receiver.requests]
    assert kinds == ["pairings", "dispute", "penalty"]
    assert json.loads(receiver.requests[2]["body"])["data"]["player"] == a.name


def test_it_retries_with_back_off_until_the_receiver_takes_it(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    flaky = Receiver(statuses=[500, 503])
    try:
        event = event_factory(rounds=1)
        add(organizer, event, flaky.url)
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        flaky.close()
    assert len(flaky.requests) == 3
    [delivery] = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.error) == ("delivered", 3, "")
    # Celery's autoretry waits 1, 2, 4... seconds between tries (eager here: at once).
    assert webhook_deliver.retry_backoff is True and webhook_deliver.max_retries == WEBHOOK_RETRIES


def test_the_celery_task_retries_through_celerys_autoretry(event_factory, organizer, local_allowed):
    flaky = Receiver(statuses=[500, 502])
    try:
        event = event_factory(rounds=1)
        hook = Webhook.objects.get(pk=add(organizer, event, flaky.url).json()["id"])
        delivery = WebhookDelivery.objects.create(webhook=hook, kind="pairings", payload={"x": 1})
        # Eager retries re-run the task in place; let Celery's Retry flow through them.
        conf = webhook_deliver.app.conf
        before, conf.task_eager_propagates = conf.task_eager_propagates, False
        try:
            result = webhook_deliver.apply(args=[delivery.pk])
        finally:
            conf.task_eager_propagates = before
    finally:
        flaky.close()
    assert result.get() is True and len(flaky.requests) == 3
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 3)


def test_it_logs_a_delivery_that_never_got_through_as_failed(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    down = Receiver(statuses=[500] * (WEBHOOK_RETRIES + 1))
    try:
        event = event_factory(rounds=1)
        hook = add(organizer, event, down.url).json()
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        down.close()
    assert len(down.requests) == WEBHOOK_RETRIES + 1
    log = organizer.api.get(f"{event.url}webhooks/{hook['id']}/deliveries/").json()
    assert [(d["status"], d["attempts"], d["response_status"], d["error"]) for d in log] == [
        ("failed", WEBHOOK_RETRIES + 1, 500, "HTTP 500")
    ]


def test_it_does_not_follow_a_redirect(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    target = Receiver()
    bouncer = Receiver(redirect_to=target.url)
    try:
        event = event_factory(rounds=1)
        add(organizer, event, bouncer.url)
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        bouncer.close()
        target.close()
    assert target.requests == []
    assert WebhookDelivery.objects.get().status == "failed"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://10.0.0.5/hook",
        "http://192.168.1.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
        "http://2130706433/hook",  # 127.0.0.1 written as a number
    ],
)
def test_it_refuses_an_address_on_the_machine_or_the_private_network(event_factory, organizer, url):
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "url_refused" and "private or local" in response.json()["detail"]
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/x",
        "file:///etc/passwd",
        "http://user:pw@example.org/",
        "not a url",
        "http://h:99999999/",
    ],
)
def test_it_refuses_what_is_not_a_plain_http_address(event_factory, organizer, url):
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 400 and response.json()["code"] == "url_refused", response.content


def test_it_refuses_a_local_address_at_delivery_time_too(
    event_factory, organizer, judge, receiver, settings, django_capture_on_commit_callbacks
):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    settings.WEBHOOKS_ALLOW_PRIVATE = False  # e.g. the name now resolves to a local address
    with django_capture_on_commit_callbacks(execute=True):
        pair_round_one(event, judge)
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "failed" and "private or local" in delivery.error


def test_only_the_organizer_manages_webhooks(
    event_factory, organizer, judge, outsider, anonymous, local_allowed, receiver
):
    event = event_factory(rounds=1)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    for actor in (judge, outsider):
        assert add(actor, event, receiver.url).status_code == 403
        assert actor.api.get(f"{event.url}webhooks/").status_code == 403
    assert add(anonymous, event, receiver.url).status_code == 401
    hook = add(organizer, event, receiver.url).json()
    assert outsider.api.delete(f"{event.url}webhooks/{hook['id']}/").status_code == 403
    assert organizer.api.delete(f"{event.url}webhooks/{hook['id']}/").status_code == 204
    assert not Webhook.objects.exists()


def test_it_keeps_webhooks_per_event_bounded(event_factory, organizer, receiver, local_allowed, settings):
    settings.WEBHOOKS_PER_EVENT = 2
    event = event_factory(rounds=1)
    assert [add(organizer, event, receiver.url).status_code for _ in range(3)] == [201, 201, 429]


def test_it_hides_another_events_webhook(event_factory, organizer, receiver, local_allowed):
    first, second = event_factory(rounds=1), event_factory(rounds=1)
    hook = add(organizer, first, receiver.url).json()
    assert organizer.api.delete(f"{second.url}webhooks/{hook['id']}/").status_code == 404


def test_players_are_not_the_receivers_audience(event_factory, organizer, judge, receiver, local_allowed):
    # Nothing is queued for an event without webhooks (no delivery rows at all).
    event = event_factory(rounds=1)
    event.open()
    event.register(*make_players(2))
    event.start()
    assert not WebhookDelivery.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_slow_receiver_never_holds_up_the_request(
    event_factory, organizer, judge, local_allowed, settings
):
    settings.NOTIFY_IN_BACKGROUND = True  # what a site with no broker does (the tests turn it off)
    slow = Receiver(delay=3.0)
    try:
        event = event_factory(rounds=1)
        assert add(organizer, event, slow.url).status_code == 201
        started = time.monotonic()
        pair_round_one(event, judge)  # posts the pairings: a webhook to the slow receiver
        assert time.monotonic() - started < 2.5  # the start's requests did not wait 3 s for it
        deadline = time.monotonic() + 20
        while not slow.requests and time.monotonic() < deadline:
            time.sleep(0.1)
        assert slow.requests, "the delivery never came"
        assert json.loads(slow.requests[0]["body"])["kind"] == "pairings"
    finally:
        slow.close()


# --- where a delivery may go, and what proves it fresh ------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://[::127.0.0.1]/hook",  # IPv4-compatible
        "http://[::ffff:127.0.0.1]/hook",  # IPv4-mapped
        "http://[64:ff9b::7f00:1]/hook",  # NAT64, well-known prefix
        "http://[64:ff9b:1::7f00:1]/hook",  # NAT64, local-use prefix
        "http://[2002:7f00:1::1]/hook",  # 6to4 of 127.0.0.1
        "http://[2002:a00:5::1]/hook",  # 6to4 of 10.0.0.5
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook",  # Teredo, client 127.0.0.1
    ],
)
def test_it_refuses_an_ipv6_address_that_leads_to_a_local_ipv4_one(event_factory, organizer, url):
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "url_refused" and "private or local" in response.json()["detail"]
    assert not Webhook.objects.exists()


PUBLIC = "93.184.216.34"  # what the attacker's name answers when it is checked


def one_delivery(event_factory, organizer, url: str) -> WebhookDelivery:
    """A webhook of a new event for ``url`` (made while its name looked public) and one
    delivery of it, not sent yet."""
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 201, response.content
    hook = Webhook.objects.get(pk=response.json()["id"])
    return WebhookDelivery.objects.create(webhook=hook, kind="pairings", payload={"kind": "pairings"})


def test_it_connects_to_the_address_it_checked_not_to_the_name_looked_up_again(
    event_factory, organizer, receiver, monkeypatch
):
    """DNS rebinding: the name resolves to a public address when it is checked, then to this
    machine. The delivery connects to the address it checked, so it never reaches 127.0.0.1."""
    import socket as sockets

    from tournaments.services.webhooks import webhook_deliver_once

    lookup, connect = sockets.getaddrinfo, sockets.create_connection
    asked: list[object] = []

    def rebinding(host, *args, **kwargs):
        if host != "rebind.example":
            return lookup(host, *args, **kwargs)
        asked.append(host)
        address = PUBLIC if len(asked) == 1 else "127.0.0.1"
        return [(sockets.AF_INET, sockets.SOCK_STREAM, 6, "", (address, receiver.server.server_port))]

    connected: list[object] = []

    def connecting(address, *args, **kwargs):
        connected.append(address[0])
        if address[0] == PUBLIC:  # no network in the tests: that address refuses
            raise ConnectionRefusedError("refused")
        return connect(address, *args, **kwargs)

    monkeypatch.setattr(sockets, "getaddrinfo", rebinding)
    monkeypatch.setattr(sockets, "create_connection", connecting)
    url = f"http://rebind.example:{receiver.server.server_port}/hook"
    delivery = one_delivery(event_factory, organizer, url)  # checked: the public address
    asked.clear()
    webhook_deliver_once(delivery_id=delivery.pk, last_try=True)
    assert receiver.requests == []
    assert connected == [PUBLIC] and len(asked) == 1
    delivery.refresh_from_db()
    assert delivery.status == "failed" and "refused" in delivery.error


def test_it_checks_the_address_of_the_socket_it_connected(event_factory, organizer, receiver, monkeypatch):
    """Whatever the name said, a connection that ends up on this machine (a gateway that
    translates the address, say) is closed before a byte of the payload is sent."""
    import socket as sockets

    from tournaments.services.webhooks import webhook_deliver_once

    lookup, connect = sockets.getaddrinfo, sockets.create_connection

    def public(host, *args, **kwargs):
        if host != "translated.example":
            return lookup(host, *args, **kwargs)
        return [(sockets.AF_INET, sockets.SOCK_STREAM, 6, "", (PUBLIC, receiver.server.server_port))]

    def to_this_machine(address, *args, **kwargs):
        return connect(("127.0.0.1", address[1]), *args, **kwargs)

    monkeypatch.setattr(sockets, "getaddrinfo", public)
    monkeypatch.setattr(sockets, "create_connection", to_this_machine)
    delivery = one_delivery(
        event_factory, organizer, f"http://translated.example:{receiver.server.server_port}/hook"
    )
    webhook_deliver_once(delivery_id=delivery.pk, last_try=True)
    assert receiver.requests == []
    delivery.refresh_from_db()
    assert delivery.status == "failed" and "private or local address (127.0.0.1)" in delivery.error


def test_each_delivery_is_signed_with_its_time_so_a_replay_can_be_refused(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    secret = add(organizer, event, receiver.url).json()["secret"]
    before = int(time.time())
    with django_capture_on_commit_callbacks(execute=True):
        pair_round_one(event, judge)
    after = int(time.time())
    [request] = receiver.requests
    headers, body = request["headers"], request["body"]
    stamp = headers["X-Respons-Timestamp"]
    assert stamp.isdigit() and before <= int(stamp) <= after
    signed = stamp.encode() + b"." + body
    expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    assert headers["X-Respons-Timestamped-Signature"] == expected
    # The body's own signature stays for receivers written before (docs/security.md).
    assert (
        headers["X-Respons-Signature"]
        == "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    )


def test_over_https_it_names_the_host_to_the_server_it_pinned_and_checks_its_certificate(
    settings, tmp_path, monkeypatch
):
    """The pinned connection still says the URL's host name in the TLS handshake (SNI) and checks
    the certificate against it: a server that cannot prove it is that host gets nothing."""
    import socket as sockets
    import ssl
    import subprocess
    import threading

    from tournaments.services.webhooks import _post

    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the test's server is on this machine
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "1", "-subj", "/CN=hook.example"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    named: list[str | None] = []
    server.sni_callback = lambda sock, name, context: named.append(name)
    listener = sockets.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    received: list[bytes] = []

    def serve() -> None:
        conn, _ = listener.accept()
        try:
            with server.wrap_socket(conn, server_side=True) as tls:
                received.append(tls.recv(1024))
        except (ssl.SSLError, OSError):
            pass  # the client refused the certificate

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    lookup = sockets.getaddrinfo

    def resolve(host, *args, **kwargs):
        if host == "hook.example":
            return [(sockets.AF_INET, sockets.SOCK_STREAM, 6, "", ("127.0.0.1", port))]
        return lookup(host, *args, **kwargs)

    monkeypatch.setattr(sockets, "getaddrinfo", resolve)
    try:
        with pytest.raises(ssl.SSLCertVerificationError):  # self-signed: not trusted
            _post(f"https://hook.example:{port}/hook", b"{}", {"Content-Type": "application/json"})
        thread.join(10)
    finally:
        listener.close()
    assert named == ["hook.example"] and received == []

"""An event's outgoing webhooks: registering a receiver (its address checked, never this
machine's or a private network's), and delivering each moment's payload signed, to the address
checked again at connection time, with retries (docs/security.md, "Webhooks").

The moments themselves are said in :mod:`tournaments.services.notifications`, which calls
:func:`webhooks_fire` in the transaction that makes them.
"""

import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import secrets
import socket
import ssl
import time
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Event,
    ResultChange,
    Webhook,
    WebhookDelivery,
)
from tournaments.selectors.events import Role, event_role
from tournaments.services import jobs
from tournaments.services.errors import BadInput, NotAllowed, OverLimit
from tournaments.services.sending import after_commit

WEBHOOK_RETRIES = 6  # tries after the first: about two minutes of back-off in all
SIGNATURE_HEADER = "X-Respons-Signature"
TIMESTAMP_HEADER = "X-Respons-Timestamp"
TIMESTAMPED_SIGNATURE_HEADER = "X-Respons-Timestamped-Signature"
logger = logging.getLogger(__name__)


class DeliveryFailed(Exception):
    """A webhook receiver did not take the payload (the task retries with back-off)."""


def _webhook_inline(pk: int) -> None:
    for attempt in range(WEBHOOK_RETRIES + 1):
        try:
            webhook_deliver_once(delivery_id=pk, last_try=attempt == WEBHOOK_RETRIES)
            return
        except DeliveryFailed:
            continue


# IPv6 ranges whose addresses carry an IPv4 address that is where the packets end up: NAT64
# (RFC 6052, 8215) and the deprecated IPv4-compatible form (RFC 4291) in their last 32 bits.
# (IPv4-mapped, 6to4 and Teredo addresses have their own properties in ``ipaddress``.)
_LAST_32_BITS = tuple(ipaddress.IPv6Network(net) for net in ("64:ff9b::/96", "64:ff9b:1::/48", "::/96"))


def _embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to: IPv4-mapped, 6to4, Teredo (server and
    client), NAT64 and IPv4-compatible forms (``[::127.0.0.1]``, ``[64:ff9b::7f00:1]``,
    ``[2002:7f00:1::1]`` all reach this machine's 127.0.0.1)."""
    found = [v4 for v4 in (address.ipv4_mapped, address.sixtofour) if v4 is not None]
    if address.teredo is not None:
        found.extend(address.teredo)
    if any(address in net for net in _LAST_32_BITS):
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return found


def address_refused(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether a webhook may not post to ``address``: loopback, private, link-local, reserved or
    multicast, or an IPv6 form of such an IPv4 address (settings.WEBHOOKS_ALLOW_PRIVATE lifts it)."""
    if settings.WEBHOOKS_ALLOW_PRIVATE:
        return False
    if not address.is_global or address.is_multicast:
        return True
    if isinstance(address, ipaddress.IPv6Address):
        return any(not v4.is_global or v4.is_multicast for v4 in _embedded_ipv4(address))
    return False


def _refused_text(address: object) -> str:
    return _("it resolves to a private or local address (%(address)s)") % {"address": address}


def _resolved(host: str, port: int) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """Every address ``host`` resolves to, each checked; raise BadInput (``url_refused``) when it
    does not resolve or any of them may not be posted to."""
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise _url_refused(_("the host name does not resolve")) from None
    addresses = []
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if address_refused(address):
            raise _url_refused(_refused_text(address))
        addresses.append(address)
    if not addresses:
        raise _url_refused(_("the host name does not resolve"))
    return addresses


def _url_refused(why: str) -> BadInput:
    return BadInput(_("url: refused: %(why)s.") % {"why": why}, code="url_refused")


def webhook_url_check(url: str) -> str:
    """Return ``url`` if a webhook may post to it; raise BadInput (code ``url_refused``) if not:
    http or https only, no user name or password in it, and its host must resolve to public
    addresses (WEBHOOKS_ALLOW_PRIVATE lets a local receiver through)."""
    url = (url or "").strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or len(url) > 500:
        raise BadInput(_("url: an http or https address, at most 500 characters."), code="url_refused")
    if parts.username or parts.password:
        raise BadInput(_("url: no user name or password in the address."), code="url_refused")
    try:
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        raise BadInput(_("url: the port is not a number."), code="url_refused") from None
    _resolved(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
    return url


def _require_organizer(event: Event, by: User) -> None:
    if event_role(event=event, user=by) != Role.ORGANIZER:
        raise NotAllowed(_("Only the organizer of this event can manage its webhooks."))


def webhook_create(*, event: Event, by: User, url: str, discord: bool = False) -> Webhook:
    """Add a webhook to the event (organizer); its secret is drawn here. Raises NotAllowed,
    BadInput (the URL), OverLimit past WEBHOOKS_PER_EVENT."""
    _require_organizer(event, by)
    url = webhook_url_check(url)
    if event.webhooks.count() >= settings.WEBHOOKS_PER_EVENT:
        raise OverLimit(
            ngettext(
                "An event has at most %(n)d webhook.",
                "An event has at most %(n)d webhooks.",
                settings.WEBHOOKS_PER_EVENT,
            )
            % {"n": settings.WEBHOOKS_PER_EVENT},
            wait=0,
            code="too_many_webhooks",
        )
    with transaction.atomic():
        hook = Webhook.objects.create(
            event=event, url=url, discord=bool(discord), secret=secrets.token_hex(32), created_by=by
        )
        ResultChange.objects.create(event=event, by=by, action="webhook_add", new=_webhook_audit(hook))
    return hook


def webhook_delete(*, webhook: Webhook, by: User) -> None:
    """Remove a webhook and its delivery log (organizer)."""
    _require_organizer(webhook.event, by)
    with transaction.atomic():
        ResultChange.objects.create(
            event=webhook.event, by=by, action="webhook_remove", old=_webhook_audit(webhook)
        )
        webhook.delete()


def _webhook_audit(hook: Webhook) -> dict[str, Any]:
    """What the audit trail keeps of a webhook: its number, the receiver's scheme and host, and
    the payload kind; never the secret, nor the URL's path and query (a Discord webhook's URL
    carries its token there, and the judges read the audit trail too)."""
    parts = urlsplit(hook.url)
    return {"webhook": hook.pk, "url": f"{parts.scheme}://{parts.netloc}/…", "discord": hook.discord}


def webhooks_fire(*, event: Event, kind: str, data: dict[str, Any], text: str) -> None:
    """Log one delivery per webhook of the event and queue each on commit."""
    body = {"kind": kind, "event": {"id": event.pk, "name": event.name}, "data": data, "text": text}
    for hook in event.webhooks.all():
        payload = {"content": text[:2000]} if hook.discord else body
        delivery = WebhookDelivery.objects.create(webhook=hook, kind=kind, payload=payload)
        after_commit(jobs.WEBHOOK_DELIVER, delivery.pk, _webhook_inline)


def webhook_signature(secret: str, body: bytes) -> str:
    """The signature header's value: ``sha256=`` and the HMAC-SHA256 of the body, in hex."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhook_timestamped_signature(secret: str, timestamp: int, body: bytes) -> str:
    """The timestamped signature header's value: ``sha256=`` and the HMAC-SHA256, in hex, of the
    timestamp in decimal, a full stop, then the body. A receiver that checks it and refuses a
    timestamp far from its clock refuses a delivery replayed later (docs/security.md)."""
    signed = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


class _Pinned:
    """http.client's connection to the one address that was checked, not to the host name looked
    up again (a name that resolves elsewhere by then — DNS rebinding — cannot lead it to this
    machine or the private network). The Host header and, over https, the name the certificate
    is checked against (SNI) stay the URL's host. The address of the socket actually connected
    is checked again before anything is sent."""

    address: str
    host: str
    port: int
    timeout: float | None
    sock: Any

    def _open(self) -> socket.socket:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        try:
            peer = ipaddress.ip_address(str(sock.getpeername()[0]).split("%")[0])
            if address_refused(peer):
                raise _url_refused(_refused_text(peer))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except BaseException:
            sock.close()
            raise
        return sock


class _PinnedHTTP(_Pinned, http.client.HTTPConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = self._open()


class _PinnedHTTPS(_Pinned, http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        self.sock = self._context.wrap_socket(self._open(), server_hostname=self.host)  # type: ignore[attr-defined]  # http.client's own


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST ``body`` to ``url`` at the address its host resolves to now, checked; return the
    answer's status (a redirect is never followed: its status is the answer). Raise BadInput
    (``url_refused``), OSError or http.client's errors."""
    parts = urlsplit(url)
    assert parts.hostname is not None  # webhook_url_check said so when the webhook was made
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    address = _resolved(parts.hostname, port)[0]
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = _PinnedHTTPS if https else _PinnedHTTP
    conn = kind(parts.hostname, port, address=str(address), timeout=settings.WEBHOOK_TIMEOUT_SECONDS)
    try:
        conn.request("POST", path, body=body, headers=headers)
        answer = conn.getresponse()
        answer.read(64 * 1024)  # what a receiver says is not kept; a little is read to be polite
        return answer.status
    finally:
        conn.close()


def webhook_deliver_once(*, delivery_id: int, last_try: bool = False) -> bool:
    """Post one delivery's payload; return True once delivered (now or before). Raise
    DeliveryFailed when the receiver did not take it (the task retries); on ``last_try`` the
    delivery is marked failed instead."""
    claimed = WebhookDelivery.objects.filter(pk=delivery_id, status=WebhookDelivery.Status.PENDING).update(
        attempts=F("attempts") + 1
    )
    if not claimed:
        return WebhookDelivery.objects.filter(
            pk=delivery_id, status=WebhookDelivery.Status.DELIVERED
        ).exists()
    delivery = WebhookDelivery.objects.select_related("webhook").get(pk=delivery_id)
    hook = delivery.webhook
    body = json.dumps(delivery.payload, ensure_ascii=False, separators=(",", ":")).encode()
    status, error = None, ""
    timestamp = int(time.time())  # this try's: a retry is signed anew
    try:
        status = _post(
            hook.url,
            body,
            {
                "Content-Type": "application/json",
                "User-Agent": "Respons-Webhooks/1",
                SIGNATURE_HEADER: webhook_signature(hook.secret, body),
                TIMESTAMP_HEADER: str(timestamp),
                TIMESTAMPED_SIGNATURE_HEADER: webhook_timestamped_signature(hook.secret, timestamp, body),
                "X-Respons-Kind": delivery.kind,
                "X-Respons-Delivery": str(delivery.pk),
            },
        )
    except BadInput as refused:
        error = refused.detail
    except (OSError, ValueError, http.client.HTTPException) as failure:
        error = str(failure) or failure.__class__.__name__
    ok = status is not None and 200 <= status < 300
    if status is not None and not ok:
        error = f"HTTP {status}"
    fields: dict[str, Any] = {"response_status": status, "error": error[:500]}
    if ok:
        fields.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=timezone.now(), error="")
    elif last_try:
        fields.update(status=WebhookDelivery.Status.FAILED)
    WebhookDelivery.objects.filter(pk=delivery_id).update(**fields)
    if not ok and not last_try:
        raise DeliveryFailed(error or f"HTTP {status}")
    return ok

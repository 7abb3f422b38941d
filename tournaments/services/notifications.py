"""Notifications: the in-site bell, e-mail and an event's outgoing webhooks.

The services that create a moment (pairings posted, a report to confirm, a dispute, a penalty)
call one function here, inside their transaction; the rows are written there and the sending
(e-mail, webhooks) is a Celery task queued on commit, so no request waits for a mail server or a
receiver, and a rolled-back moment sends nothing.

"A game waits for my move" is not stored: it is read from the games' state when the bell is
shown (selectors.notifications.games_waiting_for), so the online hot path writes and queues
nothing per action.
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
import threading
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import connection, transaction
from django.db.models import Count, Exists, F, OuterRef
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Event,
    Match,
    Notification,
    NotificationPreference,
    Penalty,
    ResultChange,
    Round,
    Webhook,
    WebhookDelivery,
)
from tournaments.selectors.events import Role, event_role
from tournaments.services import jobs
from tournaments.services.errors import BadInput, NotAllowed, OverLimit

K = Notification.Kind
WEBHOOK_RETRIES = 6  # tries after the first: about two minutes of back-off in all
SIGNATURE_HEADER = "X-Respons-Signature"
TIMESTAMP_HEADER = "X-Respons-Timestamp"
TIMESTAMPED_SIGNATURE_HEADER = "X-Respons-Timestamped-Signature"
logger = logging.getLogger(__name__)


class DeliveryFailed(Exception):
    """A webhook receiver did not take the payload (the task retries with back-off)."""


def _after_commit(task: str, pk: int, inline: Callable[[int], object]) -> None:
    """Queue the task named ``task`` with ``pk`` once the transaction commits. Without a broker
    (tasks run in-process) ``inline(pk)`` runs then instead: the same work, its tries at once,
    and never a failure raised into the request that made the moment; with settings.NOTIFY_IN_BACKGROUND (the
    default) on a thread of its own, so a slow mail server or webhook receiver never holds up
    the request (sending never blocks a request)."""
    if not jobs.in_process():
        transaction.on_commit(lambda: jobs.task(task).delay(pk))
    elif settings.NOTIFY_IN_BACKGROUND:
        transaction.on_commit(lambda: _in_background(inline, pk))
    else:
        transaction.on_commit(lambda: inline(pk))


def _in_background(work: Callable[[int], object], pk: int) -> threading.Thread:
    """Run ``work(pk)`` on a daemon thread with its own database connection, closed after."""

    def run() -> None:
        try:
            work(pk)
        except Exception:  # logged, never raised: the request that made the moment is long done
            logger.exception("notification work for %s failed", pk)
        finally:
            connection.close()

    thread = threading.Thread(target=run, name=f"respons-notify-{pk}", daemon=True)
    thread.start()
    return thread


def _email_inline(pk: int) -> None:
    try:
        notification_email_send(notification_id=pk)
    except OSError:
        logger.warning("notification %s: the e-mail could not be sent", pk, exc_info=True)


def _webhook_inline(pk: int) -> None:
    for attempt in range(WEBHOOK_RETRIES + 1):
        try:
            webhook_deliver_once(delivery_id=pk, last_try=attempt == WEBHOOK_RETRIES)
            return
        except DeliveryFailed:
            continue


# --- The bell ---------------------------------------------------------------------------------


def notification_send(
    *,
    user: User,
    kind: str,
    event: Event | None = None,
    match: Match | None = None,
    params: dict[str, Any] | None = None,
    url: str = "",
    email_kinds: list[str] | None = None,
) -> Notification:
    """Record a notification for ``user`` and, if their preferences ask for it and they have an
    address, queue its e-mail on commit; return the row. ``email_kinds``: the user's choice, when
    the caller read it already (many users at once)."""
    note = Notification.objects.create(
        user=user, kind=kind, event=event, match=match, params=params or {}, url=url
    )
    address = getattr(user, "email", "") or ""
    # .invalid never receives mail (RFC 2606): the demo users' addresses.
    if email_kinds is None and address:
        email_kinds = email_kinds_of(user=user)
    if address and not address.lower().endswith(".invalid") and kind in (email_kinds or []):
        _after_commit(jobs.NOTIFICATION_EMAIL, note.pk, _email_inline)
    return note


# Notifications written in one statement per this many (a round of 8,192 players pairs them all).
NOTIFY_BATCH = 2000


def _notifications_send_many(notes: list[tuple[User, Notification, list[str]]]) -> None:
    """:func:`notification_send` for many (user, unsaved notification, the user's e-mail kinds) at
    once: the rows in a few statements, each e-mail queued on commit as one alone would be."""
    saved = Notification.objects.bulk_create([note for _user, note, _kinds in notes], batch_size=NOTIFY_BATCH)
    for (user, _note, kinds), note in zip(notes, saved, strict=True):
        address = getattr(user, "email", "") or ""
        if (
            address
            and not address.lower().endswith(".invalid")
            and note.kind in kinds
            and note.pk is not None
        ):
            _after_commit(jobs.NOTIFICATION_EMAIL, note.pk, _email_inline)


def notification_text(note: Notification) -> str:
    """The notification in the current language."""
    p = note.params
    if note.kind == K.PAIRINGS:
        if p.get("league"):
            return _("%(event)s: your league match against %(opponent)s is made (table %(table)s).") % p
        if p.get("bye"):
            return _("%(event)s, round %(round)s: you have a bye.") % p
        return _("%(event)s, round %(round)s: table %(table)s against %(opponent)s.") % p
    if note.kind == K.TO_CONFIRM:
        return _("%(event)s, round %(round)s: %(opponent)s reported %(result)s. Confirm or dispute it.") % p
    if note.kind == K.DISPUTE:
        return (
            _("%(event)s, round %(round)s, table %(table)s: the result is disputed; a judge will decide.") % p
        )
    if note.kind == K.PENALTY:
        return _("%(event)s, round %(round)s: a penalty for you: %(penalty)s.") % {
            **p,
            "penalty": Penalty.Kind(p["penalty"]).label if p.get("penalty") in Penalty.Kind.values else "",
        }
    if note.kind == K.TEAM_DROP:
        if p.get("disqualified"):
            return (
                _(
                    "%(event)s: %(player)s was disqualified, and with them your team “%(team)s” is out: "
                    "none of you is paired again."
                )
                % p
            )
        if p.get("by_organizer"):
            return (
                _(
                    "%(event)s: the organizer dropped %(player)s, and with them your team “%(team)s”: "
                    "none of you is paired again."
                )
                % p
            )
        return (
            _(
                "%(event)s: %(player)s dropped from the event, and with them your team “%(team)s”: "
                "none of you is paired again."
            )
            % p
        )
    return str(note.kind)


def notifications_read(*, user: User, ids: Iterable[int] | None = None) -> int:
    """Mark the user's notifications read (``ids``: those only; None: all); return how many."""
    rows = Notification.objects.filter(user=user, read_at=None)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    return rows.update(read_at=timezone.now())


def email_kinds_of(*, user: User) -> list[str]:
    """The kinds the user gets by e-mail too (all of them until they choose)."""
    pref = NotificationPreference.objects.filter(user=user).first()
    return list(K.values) if pref is None else [k for k in pref.email_kinds if k in K.values]


def preferences_set(*, user: User, email_kinds: Iterable[str]) -> NotificationPreference:
    """Choose the kinds the user gets by e-mail; raise BadInput for an unknown kind."""
    kinds = list(dict.fromkeys(email_kinds))
    unknown = [k for k in kinds if k not in K.values]
    if unknown:
        raise BadInput(_("email_kinds: unknown kind %(kind)s") % {"kind": unknown[0]})
    pref, _created = NotificationPreference.objects.update_or_create(
        user=user, defaults={"email_kinds": kinds}
    )
    return pref


def notification_email_send(*, notification_id: int) -> bool:
    """Send one notification's e-mail (the task's work); return whether one was sent."""
    note = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if note is None or not note.user.email:
        return False
    # The site keeps no language per user: the mail says it in each of the site's languages,
    # the default one first.
    codes = [settings.LANGUAGE_CODE] + [c for c, _name in settings.LANGUAGES if c != settings.LANGUAGE_CODE]
    texts = []
    for code in codes:
        with translation.override(code):
            texts.append(notification_text(note))
            if code == settings.LANGUAGE_CODE:
                subject = f"Respons: {note.get_kind_display()}"
    text = "\n\n".join(dict.fromkeys(texts))
    send_mail(subject, text, None, [note.user.email])
    return True


# --- The moments (called from the services that make them) ------------------------------------


def _opponent_name(match: Match, registration_id: int) -> str:
    other = match.player_b if match.player_a_id == registration_id else match.player_a
    return other.player.get_username() if other is not None else ""


# A round of at most this many tables tells its players in the request that posts it; a larger
# one (an 8,192-player round writes 8,192 notifications) in a task once the request commits.
NOTIFY_IN_REQUEST = 64


def notifications_round_posted(*, round_: Round) -> None:
    """Pairings posted: tell each person paired in the round where they sit, and the event's webhooks.

    Without a broker (services.jobs.in_process), or for a round of at most
    :data:`NOTIFY_IN_REQUEST` tables, it is done here, in the caller's transaction. With one, a
    larger round is told by a worker once the caller commits (:func:`notifications_round_send`),
    so the organizer's start or next round answers without writing thousands of rows."""
    if jobs.in_process() or round_.matches.count() <= NOTIFY_IN_REQUEST:
        _round_posted_send(round_)
        return
    round_id = round_.pk
    transaction.on_commit(lambda: jobs.task(jobs.ROUND_NOTIFY).delay(round_id))


def notifications_round_send(*, round_id: int) -> bool:
    """Tell the players of a posted round where they sit (the task's work); return whether it did.

    Idempotent, so a task delivered twice is harmless: the round is locked, and a round already
    told (a pairings notification of one of its matches exists), held again, or gone (undone)
    is skipped. A round re-paired before the task ran is told its new tables once: the re-pair
    replaces the round (the old one's task finds it gone) and queues a task of its own."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").filter(pk=round_id).first()
        if round_ is None or not round_.published:
            return False
        if Notification.objects.filter(kind=K.PAIRINGS, match__round_id=round_id).exists():
            return False
        _round_posted_send(round_)
    return True


# A large posted round whose players nobody has told this long after (its task lost with a
# broker restarted, say) is queued again by the sweep, for as long as the round is recent.
ROUND_NOTIFY_STALLED = timedelta(minutes=2)
ROUND_NOTIFY_WITHIN = timedelta(hours=6)


def round_notify_stalled_requeue(*, now: datetime) -> list[int]:
    """Queue the pairings notification of each large round posted between
    :data:`ROUND_NOTIFY_WITHIN` and :data:`ROUND_NOTIFY_STALLED` ago that told nobody yet;
    return the rounds. A round queued again is left alone for as long (a key in the cache, which
    is Redis with a broker); the task is idempotent, so a slow first task racing it is harmless."""
    told = Notification.objects.filter(kind=K.PAIRINGS, match__round_id=OuterRef("pk"))
    rounds = list(
        Round.objects.filter(
            published=True,
            started_at__lte=now - ROUND_NOTIFY_STALLED,
            started_at__gt=now - ROUND_NOTIFY_WITHIN,
            event__status__in=[Event.Status.RUNNING, Event.Status.TOP_CUT],
        )
        .annotate(tables=Count("matches"))
        .filter(tables__gt=NOTIFY_IN_REQUEST)
        .exclude(Exists(told))
        .order_by("pk")
        .values_list("pk", flat=True)[:20]
    )
    queued = []
    for round_id in rounds:
        if cache.add(
            f"round-notify-stalled:{round_id}", 1, timeout=int(ROUND_NOTIFY_STALLED.total_seconds())
        ):
            logger.warning("sweep: round %s was never told its pairings; queued again", round_id)
            jobs.task(jobs.ROUND_NOTIFY).delay(round_id)
            queued.append(round_id)
    return queued


def _seat_notes(
    matches: list[Match], params_of: Callable[[Match], dict[str, Any]], url_of: Callable[[Match], str]
) -> list[tuple[User, Notification, list[str]]]:
    """Return a pairings notification for each person seated in ``matches`` (bots are told
    nothing), with their e-mail choice: the match's own words (``params_of``) and the
    opponent's name; everyone's choice read in one query (a round can pair thousands)."""
    users = [r.player_id for m in matches for r in (m.player_a, m.player_b) if r is not None]
    chosen = dict(
        NotificationPreference.objects.filter(user_id__in=users).values_list("user_id", "email_kinds")
    )
    notes: list[tuple[User, Notification, list[str]]] = []
    for match in matches:
        params, url, event = params_of(match), url_of(match), match.round.event
        for reg in (match.player_a, match.player_b):
            if reg is None or reg.is_bot:
                continue
            note = Notification(
                user=reg.player,
                kind=str(K.PAIRINGS),
                event=event,
                match=match,
                params={**params, "opponent": _opponent_name(match, reg.pk)},
                url=url,
            )
            notes.append((reg.player, note, chosen.get(reg.player_id, list(K.values))))
    return notes


def _round_posted_send(round_: Round) -> None:
    event = round_.event
    url = reverse("event-round", args=[event.pk, round_.number])
    matches = list(round_.matches.select_related("player_a__player", "player_b__player"))
    for match in matches:
        match.round = round_  # the notes name its event without a query each
    _notifications_send_many(
        _seat_notes(
            matches,
            lambda m: {"event": event.name, "round": round_.number, "table": m.table, "bye": m.is_bye},
            lambda _m: url,
        )
    )
    webhooks_fire(
        event=event,
        kind=str(K.PAIRINGS),
        data={
            "round": round_.number,
            "pairings": [
                {
                    "table": m.table,
                    "a": m.player_a.player.get_username(),
                    "b": m.player_b.player.get_username() if m.player_b else None,
                }
                for m in matches
            ],
        },
        text=f"{event.name}: round {round_.number} is paired ({len(matches)} tables).",
    )


def notifications_league_matched(*, matches: Iterable[Match]) -> None:
    """League matches made (a challenge taken, or the organizer's matching of the waiting
    players): tell both players of each whom they play and at which table."""

    def words(match: Match) -> dict[str, Any]:
        round_ = match.round
        return {"event": round_.event.name, "round": round_.number, "table": match.table, "league": True}

    def url(match: Match) -> str:
        return reverse("event-detail", args=[match.round.event.pk])

    _notifications_send_many(_seat_notes(list(matches), words, url))


def notifications_result_changed(*, match: Match, action: str, by: User) -> None:
    """A player's report (the opponent must confirm it) or a dispute (both players and the
    officials hear of it); other result changes notify no one."""
    if action not in ("report", "dispute"):
        return
    event, round_no = match.round.event, match.round.number
    result = f"{match.wins_a}-{match.wins_b}-{match.draws}"
    base = {"event": event.name, "round": round_no, "table": match.table, "result": result}
    url = reverse("event-detail", args=[event.pk])
    players = [r for r in (match.player_a, match.player_b) if r is not None and not r.is_bot]
    if action == "report":
        for reg in players:
            if reg.player_id != by.pk:
                params = {**base, "opponent": by.get_username()}
                notification_send(
                    user=reg.player, kind=str(K.TO_CONFIRM), event=event, match=match, params=params, url=url
                )
        return
    users = {reg.player_id: reg.player for reg in players}
    users[event.organizer_id] = event.organizer
    for judge in event.judges.all():
        users[judge.pk] = judge
    for user in users.values():
        notification_send(user=user, kind=str(K.DISPUTE), event=event, match=match, params=base, url=url)
    webhooks_fire(
        event=event,
        kind=str(K.DISPUTE),
        data={"round": round_no, "table": match.table, "result": result},
        text=f"{event.name}: round {round_no}, table {match.table}: the result is disputed.",
    )


def notifications_penalty(*, penalty: Penalty) -> None:
    """A penalty: the penalized player hears of it, and the event's webhooks."""
    match, reg = penalty.match, penalty.registration
    event = match.round.event
    params = {"event": event.name, "round": match.round.number, "table": match.table, "penalty": penalty.kind}
    if not reg.is_bot:
        notification_send(
            user=reg.player,
            kind=str(K.PENALTY),
            event=event,
            match=match,
            params=params,
            url=reverse("event-detail", args=[event.pk]),
        )
    webhooks_fire(
        event=event,
        kind=str(K.PENALTY),
        data={
            "round": match.round.number,
            "table": match.table,
            "player": reg.player.get_username(),
            "penalty": penalty.kind,
        },
        text=f"{event.name}: round {match.round.number}, table {match.table}: {penalty.kind} for "
        f"{reg.player.get_username()}.",
    )


def notifications_team_dropped(
    *,
    event: Event,
    team: str,
    player: str,
    by_organizer: bool,
    users: Iterable[User],
    disqualified: bool = False,
) -> None:
    """A team dropped whole because ``player`` dropped (or the organizer dropped them, or an
    official disqualified them): each of ``users``, the teammates, hears of it."""
    params = {"event": event.name, "team": team, "player": player, "by_organizer": by_organizer}
    if disqualified:
        params["disqualified"] = True
    url = reverse("event-detail", args=[event.pk])
    for user in users:
        notification_send(user=user, kind=str(K.TEAM_DROP), event=event, params=params, url=url)


# --- Webhooks ---------------------------------------------------------------------------------


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
        _after_commit(jobs.WEBHOOK_DELIVER, delivery.pk, _webhook_inline)


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

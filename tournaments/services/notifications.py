"""Notifications (issue #16): the in-site bell, e-mail and an event's outgoing webhooks.

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
import ipaddress
import json
import logging
import secrets
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import connection, transaction
from django.db.models import F
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
from tournaments.services.errors import BadInput, NotAllowed, OverLimit

K = Notification.Kind
SIGNATURE_HEADER = "X-Respons-Signature"
logger = logging.getLogger(__name__)


class DeliveryFailed(Exception):
    """A webhook receiver did not take the payload (the task retries with back-off)."""


def _after_commit(task: Any, pk: int, inline: Callable[[int], object]) -> None:
    """Queue ``task(pk)`` once the transaction commits. Without a broker (tasks run in-process)
    ``inline(pk)`` runs then instead: the same work, its tries at once, and never a failure
    raised into the request that made the moment; with settings.NOTIFY_IN_BACKGROUND (the
    default) on a thread of its own, so a slow mail server or webhook receiver never holds up
    the request (issue #16: sending never blocks a request)."""
    if not task.app.conf.task_always_eager:
        transaction.on_commit(lambda: task.delay(pk))
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
    from tournaments.tasks import WEBHOOK_RETRIES

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
        from tournaments.tasks import notification_email

        _after_commit(notification_email, note.pk, _email_inline)
    return note


def notification_text(note: Notification) -> str:
    """The notification in the current language."""
    p = note.params
    if note.kind == K.PAIRINGS:
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


def notifications_round_posted(*, round_: Round) -> None:
    """Pairings posted: tell each person paired in the round where they sit, and the event's webhooks."""
    event = round_.event
    url = reverse("event-round", args=[event.pk, round_.number])
    matches = list(round_.matches.select_related("player_a__player", "player_b__player"))
    # Everyone's e-mail choice in one query (a round can pair hundreds of people).
    users = [r.player_id for m in matches for r in (m.player_a, m.player_b) if r is not None]
    chosen = dict(
        NotificationPreference.objects.filter(user_id__in=users).values_list("user_id", "email_kinds")
    )
    for match in matches:
        for reg in (match.player_a, match.player_b):
            if reg is None or reg.is_bot:
                continue
            params = {
                "event": event.name,
                "round": round_.number,
                "table": match.table,
                "opponent": _opponent_name(match, reg.pk),
                "bye": match.is_bye,
            }
            notification_send(
                user=reg.player,
                kind=str(K.PAIRINGS),
                event=event,
                match=match,
                params=params,
                url=url,
                email_kinds=chosen.get(reg.player_id, list(K.values)),
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


# --- Webhooks ---------------------------------------------------------------------------------


def _address_refused(host: str) -> str | None:
    """Why ``host`` may not be posted to (it resolves to a loopback, private, link-local,
    reserved or multicast address; or not at all), or None."""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return _("the host name does not resolve")
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global or address.is_multicast:
            if not settings.WEBHOOKS_ALLOW_PRIVATE:
                return _("it resolves to a private or local address (%(address)s)") % {"address": address}
    return None


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
    why = _address_refused(parts.hostname)
    if why:
        raise BadInput(_("url: refused: %(why)s.") % {"why": why}, code="url_refused")
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
    from tournaments.tasks import webhook_deliver

    body = {"kind": kind, "event": {"id": event.pk, "name": event.name}, "data": data, "text": text}
    for hook in event.webhooks.all():
        payload = {"content": text[:2000]} if hook.discord else body
        delivery = WebhookDelivery.objects.create(webhook=hook, kind=kind, payload=payload)
        _after_commit(webhook_deliver, delivery.pk, _webhook_inline)


def webhook_signature(secret: str, body: bytes) -> str:
    """The signature header's value: ``sha256=`` and the HMAC-SHA256 of the body, in hex."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    # A redirect could lead to an internal address after the check: a 3xx is a failure.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


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
    try:
        webhook_url_check(hook.url)  # again: the name may resolve elsewhere now
        request = urllib.request.Request(
            hook.url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "User-Agent": "Respons-Webhooks/1",
                SIGNATURE_HEADER: webhook_signature(hook.secret, body),
                "X-Respons-Kind": delivery.kind,
                "X-Respons-Delivery": str(delivery.pk),
            },
        )
        with _opener.open(request, timeout=settings.WEBHOOK_TIMEOUT_SECONDS) as answer:
            status = answer.status
    except urllib.error.HTTPError as refusal:
        status, error = refusal.code, f"HTTP {refusal.code}"
    except BadInput as refused:
        error = refused.detail
    except (OSError, ValueError) as failure:
        error = str(failure) or failure.__class__.__name__
    ok = status is not None and 200 <= status < 300
    fields: dict[str, Any] = {"response_status": status, "error": error[:500]}
    if ok:
        fields.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=timezone.now(), error="")
    elif last_try:
        fields.update(status=WebhookDelivery.Status.FAILED)
    WebhookDelivery.objects.filter(pk=delivery_id).update(**fields)
    if not ok and not last_try:
        raise DeliveryFailed(error or f"HTTP {status}")
    return ok

"""Notifications: the in-site bell and e-mail, and the moments an event's webhooks hear of.

The services that create a moment (pairings posted, a report to confirm, a dispute, a penalty)
call one function here, inside their transaction; the rows are written there and the sending
(e-mail here, webhooks in :mod:`tournaments.services.webhooks`) is a Celery task queued on commit
(:mod:`tournaments.services.sending`), so no request waits for a mail server or a receiver, and
a rolled-back moment sends nothing.

"A game waits for my move" is not stored: it is read from the games' state when the bell is
shown (selectors.notifications.games_waiting_for), so the online hot path writes and queues
nothing per action.
"""

import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    Match,
    Notification,
    NotificationPreference,
    Penalty,
    Round,
)
from tournaments.services import jobs
from tournaments.services.errors import BadInput
from tournaments.services.sending import after_commit
from tournaments.services.webhooks import webhooks_fire

K = Notification.Kind
logger = logging.getLogger(__name__)


def _email_inline(pk: int) -> None:
    try:
        notification_email_send(notification_id=pk)
    except OSError:
        logger.warning("notification %s: the e-mail could not be sent", pk, exc_info=True)


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
        after_commit(jobs.NOTIFICATION_EMAIL, note.pk, _email_inline)
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
            after_commit(jobs.NOTIFICATION_EMAIL, note.pk, _email_inline)


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
    # Large: a table numbered past the limit (tables are numbered from 1), one probe of the
    # (round, table) index instead of counting an 8,192-player round's matches every sweep.
    large = Match.objects.filter(round_id=OuterRef("pk"), table__gt=NOTIFY_IN_REQUEST)
    rounds = list(
        Round.objects.filter(
            published=True,
            started_at__lte=now - ROUND_NOTIFY_STALLED,
            started_at__gt=now - ROUND_NOTIFY_WITHIN,
            event__status__in=[Event.Status.RUNNING, Event.Status.TOP_CUT],
        )
        .filter(Exists(large))
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

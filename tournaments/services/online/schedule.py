"""The periodic sweep (the beat): matches whose clock, timer or round time ran out, or whose
queued work was left behind, are adjudicated; without a broker an embedded beat does it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError
from django.utils import timezone

from tournaments.models import Event, Game, GameAction, Match
from tournaments.selectors import online_rows
from tournaments.services import jobs
from tournaments.services.notifications import round_notify_stalled_requeue
from tournaments.services.online.adjudicate import match_adjudicate
from tournaments.services.online.queue import deadline, drain_wake, followup_queue, match_bots_only
from tournaments.services.online.setup import games_set_up_send

log = logging.getLogger(__name__)


A = GameAction.Status
SWEEP_AHEAD = timedelta(seconds=2.5)  # the sweep runs every 2 s (settings.CELERY_BEAT_SCHEDULE)


# The embedded beat finishes closed leagues every this many sweeps (a minute), as the beat's
# "league-sweep" entry does (settings.CELERY_BEAT_SCHEDULE).
LEAGUE_BEATS = 30


SWEEP_GAMES = 5000  # the games in play a sweep looks at, people's first


# Queued work the sweep takes up: its own task should have run long before (lost with a broker
# that failed between the commit and the publish, say).
LEFT_BEHIND = timedelta(seconds=30)


# An online round whose games wait to be set up, none of them set up for this long, has its
# set-up handed to the workers again (its tasks lost with a broker that failed between the
# organizer's commit and the publish, say); then not again for as long, so a busy queue is
# not flooded with copies (the set-up is idempotent: a copy finds its games made).
SETUP_STALLED = timedelta(minutes=2)


# Actions waiting longer than this have a drain woken by the sweep: their wake-up was lost (a
# task gone with Redis, a worker that died with its flag set and no action since to wake another).
DRAIN_STALLED = timedelta(seconds=3)


def matches_due(*, now: datetime | None = None) -> list[int]:
    """Return the online matches a sweep should adjudicate: queued work left behind (its task
    lost, :data:`LEFT_BEHIND`), or a clock, timer or the round's time run out."""
    now = now or timezone.now()
    return _due(now, _deadlines())


def _due(now: datetime, deadlines: list[tuple[int, Any, bool]]) -> list[int]:
    return sorted(
        _queued_matches(now) | {match_id for match_id, when, match_bots in deadlines if when <= now}
    )


def _queued_matches(now: datetime) -> set[int]:
    # Only actions waiting longer than a task normally takes: every submission queues its own
    # task, and a sweep re-queueing work already queued would flood a busy broker.
    rows = GameAction.objects.filter(status=A.QUEUED, created_at__lte=now - LEFT_BEHIND)
    return set(rows.values_list("match_id", flat=True).distinct()[:1000])


def _deadlines() -> list[tuple[int, Any, bool]]:
    """Return (match id, deadline, bots only) of every online match in play."""
    live_games = (
        Game.objects.filter(
            match__round__event__online=True,
            match__status__in=[Match.Status.PENDING, Match.Status.REPORTED],
        )
        .exclude(status=Game.Status.FINISHED)
        .select_related("match__round__event", "match__player_a", "match__player_b")
        .defer("snapshot", "decks", "actions", "card_sets", "match__player_a__deck", "match__player_b__deck")
        # People's games first: a flood of bot games never pushes theirs past the limit.
        .order_by("match__player_a__is_bot", "match__player_b__is_bot", "id")
    )
    out = []
    for game in live_games[:SWEEP_GAMES]:
        when = deadline(game.match, game)
        if when is not None:
            out.append((game.match_id, when, match_bots_only(game.match)))
    return out


def online_sweep(
    *,
    now: datetime | None = None,
    run: Callable[[int], Any] | None = None,
    run_bots: Callable[[int], Any] | None = None,
) -> int:
    """Adjudicate every match that is due; return how many. (The periodic task.)

    With a broker (``run`` queues a task; ``run_bots`` queues a bot-only match's, by default
    ``run``), it also queues a task at the exact deadline of every match that falls due before
    the next sweep, so a clock is enforced on time (O2.2), not up to a sweep later, and wakes
    the drain for actions waiting longer than :data:`DRAIN_STALLED`, hands a stalled round's
    set-up to the workers again (:func:`setups_stalled_requeue`) and queues again a large round's
    pairings notification that was never delivered (``round_notify_stalled_requeue``).
    """
    now = now or timezone.now()
    deadlines = _deadlines()
    ids = _due(now, deadlines)
    bot_ids = {match_id for match_id, _when, bots in deadlines if bots}
    for match_id in ids:
        send = (run_bots or run) if match_id in bot_ids else run
        try:
            (send or (lambda pk: match_adjudicate(match_id=pk, now=now)))(match_id)
        except OperationalError:
            raise
        except Exception:  # one match that cannot be adjudicated holds up no other
            log.exception("sweep: match %s could not be adjudicated", match_id)
    if run is not None:
        for match_id, when, bots in deadlines:
            if now < when <= now + SWEEP_AHEAD:
                followup_queue(match_id, when + timedelta(seconds=0.2), bots=bots)
        setups_stalled_requeue(now=now)
        round_notify_stalled_requeue(now=now)
        if online_rows.actions_waiting(before=now - DRAIN_STALLED):
            drain_wake()
    return len(ids)


def setups_stalled_requeue(*, now: datetime) -> list[int]:
    """Hand the set-up of each stalled online round to the workers again; return the rounds.

    A round is stalled when some of its matches still wait for their first game, the round was
    paired over :data:`SETUP_STALLED` ago and none of its games was set up for as long. A round
    handed again is left alone for as long (a key in the cache, which is Redis with a broker)."""
    waiting = Match.objects.filter(
        round__published=True,
        round__started_at__lte=now - SETUP_STALLED,
        round__event__online=True,
        round__event__status__in=[Event.Status.RUNNING, Event.Status.TOP_CUT],
        status=Match.Status.PENDING,
        player_b__isnull=False,
        games__isnull=True,
    )
    rounds = set(waiting.values_list("round_id", flat=True).distinct()[:100])
    recent = set(
        Game.objects.filter(match__round_id__in=rounds, started_at__gt=now - SETUP_STALLED)
        .values_list("match__round_id", flat=True)
        .distinct()
    )
    handed = []
    for round_id in sorted(rounds - recent):
        if not cache.add(f"setup-stalled:{round_id}", 1, timeout=int(SETUP_STALLED.total_seconds())):
            continue
        ids = list(waiting.filter(round_id=round_id).order_by("table").values_list("id", flat=True))
        log.warning(
            "sweep: round %s has %d games never set up; handed to the workers again", round_id, len(ids)
        )
        games_set_up_send(ids)
        handed.append(round_id)
    return handed


_beat_lock = threading.Lock()


_beat: threading.Thread | None = None


def embedded_beat_start() -> bool:
    """Without a broker, do the beat's work in this web process (settings.EMBEDDED_BEAT): a
    daemon thread runs :func:`online_sweep` every 2 s, so clocks, sideboarding timers and
    paced bots move on with nobody watching. Returns whether the thread runs."""
    global _beat
    if not settings.EMBEDDED_BEAT or not jobs.in_process():
        return False
    with _beat_lock:
        if _beat is None or not _beat.is_alive():
            _beat = threading.Thread(target=_embedded_beat_run, name="respons-beat", daemon=True)
            _beat.start()
    return True


def _embedded_beat_run() -> None:
    import logging
    import time

    from django.db import close_old_connections

    beats = 0
    while True:
        time.sleep(2)
        beats += 1
        try:
            online_sweep()
            if beats % LEAGUE_BEATS == 0:  # by name: the league sweep is a task of the events' services
                jobs.task(jobs.LEAGUES_SWEEP)()
        except Exception:  # a locked SQLite file or a bad row: try again at the next sweep
            logging.getLogger(__name__).exception("embedded beat: sweep failed")
        finally:
            close_old_connections()

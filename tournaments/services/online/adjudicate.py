"""Adjudication: the workers apply the queued actions of a match exactly once and under a row
lock, many matches a transaction (the drain), and publish each seat's new answer once committed
(docs/ARCHITECTURE.md, "Online play"). What one locked match goes through is spelt out here
(:func:`_adjudicate`): the actions of a bad shape refused, a sideboarding game started, the
actions played through the engine with the clocks and the bots (:mod:`.play`), the round's time
checked and the game's end recorded (:mod:`.results`)."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import OperationalError, transaction
from django.utils import timezone

from tournaments import online_rules, plainsql
from tournaments.models import Game, GameAction, Match
from tournaments.selectors import online_rows
from tournaments.selectors.online import match_answers
from tournaments.services import live
from tournaments.services.online.engines import engine_for, engine_forget
from tournaments.services.online.play import actions_play, actions_shapely, refuse
from tournaments.services.online.queue import DRAIN_WOKEN, drain_again_soon, followups_schedule
from tournaments.services.online.results import round_time_check
from tournaments.services.online.setup import game_begin

log = logging.getLogger(__name__)


# A player's action wakes a worker to drain every match's queue (:func:`matches_drain`), many
# matches per transaction: up to DRAIN_BATCH a pass. While a wake-up is pending (the Redis key
# DRAIN_WOKEN, which the worker deletes before it looks) further actions send none; the key
# expires after DRAIN_WOKEN_MS in case the woken worker died first.
DRAIN_BATCH = 64


def _publish_after_commit(answers: dict[int, list[str] | None]) -> None:
    """After the commit, push each match's new answers (by match id) to the streams open on it."""
    ready = {match_id: texts for match_id, texts in answers.items() if texts is not None}
    if ready:
        transaction.on_commit(lambda: live.publish_many(ready))


def match_changed(match_id: int) -> None:
    """Publish the match's current answers once the transaction commits (for changes made
    outside the workers: penalties, result overrides)."""

    def send() -> None:
        match = online_rows.match_for_play(match_id)
        answers = match_answers(match, online_rows.match_games(match))
        if answers is not None:
            live.publish(match.pk, answers)

    transaction.on_commit(send)


def actions_drain() -> int:
    """The woken worker's work: clear the wake-up flag, then drain (:func:`matches_drain`).
    Cleared first, so an action committed after it wakes a worker again, and one committed
    before it is seen by the drain."""
    client = live.redis_client()
    if client is not None:
        try:
            client.delete(DRAIN_WOKEN)
        except Exception as error:  # then it expires (DRAIN_WOKEN_MS): drain all the same
            log.warning("drain wake-up flag unavailable (%s)", error)
    return matches_drain()


def match_adjudicate(*, match_id: int, now: datetime | None = None) -> int:
    """Apply every queued action of a match exactly once; return how many were processed.

    Runs under a row lock on the match, so two workers never apply the same action
    or interleave. Also: charges and enforces the clocks (O2.1), starts a game whose
    sideboarding is over, makes bot moves, records a finished game, starts the next
    game or records the match result, and ends matches whose round time is up. Once
    committed, each seat's new answer is pushed to its open streams (:mod:`.live`).

    Should adjudicating the queue together fail (a bug, or an action nothing can take), the
    actions are taken one at a time and each that fails alone is refused
    (:func:`_adjudicate_each`): one bad action never freezes its match. Raises only what fails
    with no action at all (or the database being away, OperationalError).
    """
    now = now or timezone.now()
    try:
        with transaction.atomic():
            match = online_rows.match_for_play(match_id, lock=True)
            queued, seqs = online_rows.queued_actions(match)
            games = online_rows.match_games(match, snapshots=False)
            processed, answers = _adjudicate(match, games, queued, seqs, now)
            _publish_after_commit({match.pk: answers})
        return processed
    except OperationalError:
        raise
    except Exception:
        log.exception("adjudicating match %s failed; its actions one at a time", match_id)
        return _adjudicate_each(match_id, now)


def _adjudicate_each(match_id: int, now: datetime) -> int:
    """Adjudicate the match's queued actions one at a time, each in a savepoint; refuse each that
    fails alone (O3.4, ``unprocessable``), so that the actions after it (the opponent's concede,
    say) apply. Raises what fails with no action at all."""
    processed = 0
    with transaction.atomic():
        match = online_rows.match_for_play(match_id, lock=True)
        queued, seqs = online_rows.queued_actions(match)
        rows: list[GameAction | None] = list(queued) or [None]
        for row in rows:
            try:
                with transaction.atomic():
                    games = online_rows.match_games(match, snapshots=False)
                    done, _answers_now = _adjudicate(match, games, [row] if row else [], list(seqs), now)
            except OperationalError:
                raise
            except Exception:
                if row is None:
                    raise
                log.exception(
                    "match %s: action %s (seat %s) cannot be adjudicated; refused",
                    match_id,
                    row.seq,
                    row.seat,
                )
                match = online_rows.match_for_play(match_id)  # as it was before the savepoint
                games = online_rows.match_games(match, snapshots=False)
                game = games[-1] if games else None
                refuse(
                    row,
                    online_rules.UNPROCESSABLE,
                    "this action cannot be adjudicated",
                    now,
                    game,
                    code="unprocessable",
                    shown=False,
                )
                if game is not None:
                    plainsql.update(game, ["refused"])
                done = 1
            processed += done
            seqs = online_rows.queued_actions(match)[1]
        games = online_rows.match_games(match, snapshots=False)
        _publish_after_commit({match.pk: match_answers(match, games)})
    return processed


def matches_drain(*, batch: int = DRAIN_BATCH, now: datetime | None = None) -> int:
    """Adjudicate the queued actions of every match that has some, many matches per
    transaction; return how many actions were processed. (The task a player's action wakes.)

    Each pass locks up to ``batch`` matches with queued actions, skipping those another
    worker holds, reads them, their queues and games in three statements, adjudicates each
    as :func:`match_adjudicate` does, sends the writes together and commits once; the
    answers are published in one round trip. Passes go on until no unlocked match has
    queued actions, so an action committed while a pass ran is taken by the next one.
    A pass that fails is undone and its matches adjudicated one transaction each, so one
    bad match holds up no other; a match that fails alone is left to the sweep.
    """
    total = 0
    failed: set[int] = set()
    while True:
        at = now or timezone.now()
        ids: list[int] = []
        try:
            with transaction.atomic(), plainsql.deferred_updates():
                matches = online_rows.matches_with_queued_actions(batch, leave=failed)
                if not matches:
                    if online_rows.actions_waiting(leave=failed):
                        transaction.on_commit(drain_again_soon)
                    return total
                ids = [match.pk for match in matches]
                queues = online_rows.queued_of(matches)
                games = online_rows.games_of(matches, snapshots=False)
                answers = {}
                for match in matches:
                    queued, seqs = queues[match.pk]
                    processed, answers[match.pk] = _adjudicate(match, games[match.pk], queued, seqs, at)
                    total += processed
                _publish_after_commit(answers)
                # A pass short of the batch took every match it could lock: unless another
                # match's actions wait (held by another worker, or committed meanwhile), this
                # was the last pass, and an empty one after it (a transaction of two statements
                # per drain) is spared. Actions of the matches just drained committed after their
                # queues were read woke a drain of their own (the wake-up flag was cleared first).
                last = len(matches) < batch and not online_rows.actions_waiting(leave=failed | set(ids))
            if last:
                return total
        except OperationalError:
            raise  # the database is away: the task retries
        except Exception:
            if not ids:
                raise
            log.exception("adjudicating matches %s together failed; one at a time", ids)
            total += _one_by_one(ids, at, failed)


def _one_by_one(ids: list[int], now: datetime, failed: set[int]) -> int:
    """Adjudicate each match in a transaction of its own; add those that fail to ``failed``."""
    processed = 0
    for match_id in ids:
        try:
            processed += match_adjudicate(match_id=match_id, now=now)
        except OperationalError:
            raise
        except Exception:  # left queued: the sweep takes it up again (LEFT_BEHIND)
            log.exception("adjudicating match %s failed", match_id)
            failed.add(match_id)
    return processed


def _adjudicate(
    match: Match, games: list[Game], queued: list[GameAction], seqs: list[int], now: datetime
) -> tuple[int, list[str] | None]:
    """Adjudicate one locked match (its games, queued actions and both seats' next numbers read
    with it); return how many actions were processed and both seats' answers to publish."""
    game = games[-1] if games else None
    processed = len(queued)
    checked = actions_shapely(match, game, queued, now)
    if len(checked) < len(queued):
        queued = checked
        if game is not None:
            plainsql.update(game, ["refused"])
    if match.status == Match.Status.FINAL or game is None:
        for row in queued:
            final = match.status == Match.Status.FINAL
            reason = "the match is over" if final else "no game yet"
            refuse(row, online_rules.NOT_NOW, reason, now, game, code="match_over" if final else "no_game")
        if game is not None and queued:
            plainsql.update(game, ["refused"])
        return processed, match_answers(match, games, seqs)
    if game.status == Game.Status.SIDEBOARDING:
        if len(game.sideboard_ready) >= 2 or (game.sideboard_until and now >= game.sideboard_until):
            game_begin(game, now)
            game.save()
        else:
            for row in queued:
                message = "sideboarding: the game has not started yet"
                refuse(row, online_rules.NOT_NOW, message, now, game, code="sideboarding")
            plainsql.update(game, ["refused"])
            followups_schedule(match, game, now)
            return processed, match_answers(match, games, seqs)
    if game.status == Game.Status.PLAYING:
        engine = engine_for(game)
        try:
            actions_play(match, game, engine, queued, now, seqs)
        except BaseException:
            engine_forget(game)  # the transaction rolls back: forget the state it had advanced
            raise
    elif queued:
        for row in queued:
            refuse(row, online_rules.NOT_NOW, "the game is over", now, game, code="game_finished")
        plainsql.update(game, ["refused"])
    round_time_check(match, now)
    if match.status == Match.Status.FINAL or games[-1].status == Game.Status.FINISHED:
        games = online_rows.match_games(match)
    followups_schedule(match, games[-1], now)
    return processed, match_answers(match, games, seqs)

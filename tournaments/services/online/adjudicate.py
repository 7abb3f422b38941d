"""Adjudication: the workers apply the queued actions of a match through its game's engine,
exactly once and under a row lock, run the clocks (O2.1), let bots move, record finished games,
start the next one and finally the match result (docs/ARCHITECTURE.md, "Online play")."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import OperationalError, transaction
from django.utils import timezone

from engine.actions import action_problem
from engine.match import MatchState as EngineMatch
from tournaments import online_rules, plainsql
from tournaments.models import ELIMINATION_KINDS, Game, GameAction, Match, ResultChange
from tournaments.selectors import online_rows
from tournaments.selectors.online import (
    clock_limit,
    current_game,
    match_answers,
    match_engine,
    seats_present,
)
from tournaments.services import live
from tournaments.services.online.engines import _remember, engine_for, engine_forget
from tournaments.services.online.queue import (
    DRAIN_WOKEN,
    _bots,
    _drain_again_soon,
    _schedule_followups,
    queue_adjudication,
)
from tournaments.services.online.setup import game_begin, game_create, snapshot_store
from tournaments.services.ratings import rating_update_queue

A = GameAction.Status


log = logging.getLogger(__name__)


# A long bot-vs-bot stretch is split over several tasks: short ones, since a worker busy with a
# bot task makes a person's action wait until it ends.
BOT_MOVES_PER_TASK = 64


REFUSED_SHOWN = 5  # each seat's answer lists its latest refused actions


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
                        transaction.on_commit(_drain_again_soon)
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
    checked = _shapely(match, game, queued, now)
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
            _schedule_followups(match, game, now)
            return processed, match_answers(match, games, seqs)
    if game.status == Game.Status.PLAYING:
        engine = engine_for(game)
        try:
            _play(match, game, engine, queued, now, seqs)
        except BaseException:
            engine_forget(game)  # the transaction rolls back: forget the state it had advanced
            raise
    elif queued:
        for row in queued:
            refuse(row, online_rules.NOT_NOW, "the game is over", now, game, code="game_finished")
        plainsql.update(game, ["refused"])
    _round_time_check(match, now)
    if match.status == Match.Status.FINAL or games[-1].status == Game.Status.FINISHED:
        games = online_rows.match_games(match)
    _schedule_followups(match, games[-1], now)
    return processed, match_answers(match, games, seqs)


def refuse(
    row: GameAction,
    rule: str,
    message: str,
    now: datetime,
    game: Game | None,
    *,
    code: str = "",
    params: dict[str, Any] | None = None,
    shown: bool = True,
) -> None:
    """Refuse a submitted action (kept for judges) and list it in its seat's answer; the
    caller saves ``game``. ``message`` is English; ``code`` and ``params`` (the engine's
    IllegalAction.code/params, or the site's own) let each reader's page say it in their
    language (tournaments/label_messages.py): an answer is built once for both seats, in no language."""
    # ``shown`` False: the answer lists only the action's type (a shape no answer should carry:
    # too deep, too large, not plain JSON).
    params = dict(params or {})
    row.status, row.rule, row.message, row.processed_at = A.REFUSED, rule, message, now
    row.code, row.params = code, params
    plainsql.update(row, ["status", "rule", "message", "code", "params", "processed_at"])
    if game is not None:
        refused = [list(seat) for seat in game.refused or [[], []]]
        entry = {
            "seq": row.seq,
            "action": row.action if shown else _type_only(row.action),
            "rule": rule,
            "message": message,
            "code": code,
            "params": params,
        }
        refused[row.seat] = [entry, *refused[row.seat]][:REFUSED_SHOWN]
        game.refused = refused


def _type_only(action: Any) -> dict[str, Any]:
    """An action as a refusal lists it when it cannot be shown as it came: its type, if it is text."""
    kind = action.get("type") if isinstance(action, dict) else None
    return (
        {"type": kind[:40]}
        if isinstance(kind, str) and action_problem({"type": kind[:40]}, types=None) is None
        else {}
    )


def _shapely(match: Match, game: Game | None, queued: list[GameAction], now: datetime) -> list[GameAction]:
    """The queued actions of a shape the event's game takes (O3.1, :func:`engine.actions.
    action_problem`), the others refused first — whatever came in before the intake checked
    shapes, or past it, never reaches the engine, a JSON encoder or a batch it could fail."""
    engine = match_engine(match.round.event.game)
    good = []
    for row in queued:
        problem = engine.action_problem(row.action)
        if problem is None:
            good.append(row)
        else:
            refuse(
                row,
                online_rules.SHAPE,
                problem.message,
                now,
                game,
                code=problem.code,
                params=problem.params,
                shown=False,
            )
    return good


def _charge(game: Game, now: datetime) -> None:
    """Charge the time since the pending decision began to the seat deciding (O2.1); nothing
    while the game waits for its seats (``present_by``: no clock runs)."""
    if game.present_by is not None:
        return
    if game.decision_seat is not None and game.decision_since is not None:
        elapsed = max(0.0, (now - game.decision_since).total_seconds())
        game.clock_used[game.decision_seat] = round(game.clock_used[game.decision_seat] + elapsed, 3)
    game.decision_since = now


def _presence_check(match: Match, game: Game, engine: EngineMatch, now: datetime) -> None:
    """A game waiting for its seats (``present_by``) starts its clocks once both are present;
    at ``present_by`` a seat still absent loses it as a no-show (O1.2: the site applies
    ``no_show``; neither seat present: the game is drawn, reason ``no_show`` all the same)."""
    if game.present_by is None:
        return
    present = seats_present(match)
    if all(present):
        game.present_by, game.decision_since = None, now
    elif now >= game.present_by:
        game.present_by = None
        if not engine.is_over:
            if any(present):
                engine.apply(present.index(False), {"type": "no_show"})
            else:
                engine.apply(0, {"type": "no_show", "both": True})


def _timed_out(game: Game, limit: float) -> int | None:
    seat = game.decision_seat
    if seat is not None and game.clock_used[seat] >= limit:
        return seat
    return None


def _play(
    match: Match, game: Game, engine: EngineMatch, queued: list[GameAction], now: datetime, seqs: list[int]
) -> None:
    """Apply the queued actions (and the bots' moves, which move ``seqs`` on) to the game."""
    event = match.round.event
    engine_type = match_engine(event.game)
    limit = clock_limit(event)
    since = game.decision_since
    _presence_check(match, game, engine, now)
    _charge(game, now)
    if not engine.is_over and (late := _timed_out(game, limit)) is not None:
        engine.apply(late, {"type": "timeout"})  # O2.2: out of time, the game is lost
    for row in queued:
        if engine.is_over:
            reason = engine.result.reason if engine.result else ""
            over = f"the game is over ({reason})"
            refuse(row, online_rules.NOT_NOW, over, now, game, code="game_over", params={"reason": reason})
            continue
        if row.game_number is not None and row.game_number != game.number:
            # Sent while an earlier game was on: it answers none of this game's decisions (O3.2).
            message = f"this action was sent during game {row.game_number}"
            refuse(
                row,
                online_rules.STALE,
                message,
                now,
                game,
                code="stale_game",
                params={"game": row.game_number},
            )
            continue
        try:
            # Bound to a decision (its number): refused as stale once that one is past (O3.2).
            engine.apply(row.seat, row.action, seq=row.decision)
        except engine_type.illegal_action as error:
            refusal: Any = error  # an engine.match.Refusal: rule, message, code, params
            # Kept for judges, with the code and values that say it in each reader's language.
            refuse(row, refusal.rule, refusal.message, now, game, code=refusal.code, params=refusal.params)
            continue
        row.status, row.processed_at = A.APPLIED, now
        row.game_number, row.log_index = game.number, len(engine.actions) - 1
        row.clock_after = list(game.clock_used)
        plainsql.update(row, ["status", "processed_at", "game_number", "log_index", "clock_after"])
    _bots_move(match, game, engine, now, since, seqs)
    # The stored log (read under the match's lock) is the engine's up to what it held then
    # (engine_for brought the engine to it): only the actions applied since are written,
    # appended to it; were it anything else, the whole log is written.
    stored = game.actions
    appended = (
        {"actions": list(engine.actions[len(stored) :])} if engine.actions[: len(stored)] == stored else None
    )
    game.actions = list(engine.actions)
    pending = engine.decision()
    game.decision_seat = pending.seat if pending is not None else None
    _remember(game, engine)
    if engine.is_over:
        _finish_game(match, game, engine, now)
    else:
        snapshot_store(game, engine, game_key=event.game)
        # The hot path: only what an action changes (not the decks, seed or card sets), the
        # log by its new actions alone (a long game's action costs what a short one's does).
        plainsql.update(
            game,
            ["actions", "snapshot", "refused", "clock_used", "decision_seat", "decision_since", "present_by"],
            appended=appended,
        )


def _bots_move(
    match: Match, game: Game, engine: EngineMatch, now: datetime, since: datetime | None, seqs: list[int]
) -> None:
    """Make the bots' moves (numbered on from ``seqs``, which they move on). Paced
    (settings.BOT_PAUSE_SECONDS): one move per adjudication, once the pause since the last one
    (``since``) is over; :func:`deadline` brings the next one."""
    bots = _bots(match)
    if not any(bots):
        return
    engine_type = match_engine(match.round.event.game)
    pause = settings.BOT_PAUSE_SECONDS
    moves = 0
    while not engine.is_over and moves < BOT_MOVES_PER_TASK:
        pending = engine.decision()
        if pending is None or not bots[pending.seat]:
            return
        if pause and (moves or since is None or (now - since).total_seconds() < pause):
            return
        action = engine_type.make_bot("heuristic", game.seed + len(engine.actions)).act(engine, pending.seat)
        engine.apply(pending.seat, action)
        GameAction.objects.create(
            match=match,
            seat=pending.seat,
            seq=seqs[pending.seat],
            action=action,
            decision=pending.seq,
            status=A.APPLIED,
            game_number=game.number,
            log_index=len(engine.actions) - 1,
            by_bot=True,
            processed_at=now,
            clock_after=list(game.clock_used),
        )
        seqs[pending.seat] += 1
        moves += 1
    if moves >= BOT_MOVES_PER_TASK:
        only = all(bots)
        transaction.on_commit(lambda: queue_adjudication(match.pk, bots=only))


def _finish_game(match: Match, game: Game, engine: EngineMatch, now: datetime) -> None:
    result = engine.result
    assert result is not None
    game.status, game.winner, game.reason, game.finished_at = (
        Game.Status.FINISHED,
        result.winner,
        result.reason,
        now,
    )
    game.decision_seat = None
    snapshot_store(game, engine, game_key=match.round.event.game)
    game.save()
    count_game(match, result.winner)
    _after_game(match, loser=None if result.winner is None else 1 - result.winner, now=now)


def count_game(match: Match, winner: int | None) -> None:
    if winner == 0:
        match.wins_a += 1
    elif winner == 1:
        match.wins_b += 1
    else:
        match.draws += 1


def _after_game(match: Match, *, loser: int | None, now: datetime) -> None:
    """Start the next game (its loser takes initiative) or record the match result."""
    event = match.round.event
    needed = event.best_of // 2 + 1
    played = match.games.count()
    decided = max(match.wins_a, match.wins_b) >= needed or played >= event.best_of
    if match.round.kind in ELIMINATION_KINDS and match.wins_a == match.wins_b:
        decided = False  # a top-cut match cannot end drawn: play on
    if decided or played >= event.best_of + 3:
        record_result(match, action="engine")
    else:
        match.save(update_fields=["wins_a", "wins_b", "draws", "updated_at"])
        game_create(match, number=played + 1, first_initiative=loser)


def record_result(match: Match, *, action: str, by: User | None = None, note: str = "") -> None:
    old = {"status": match.status}
    match.status, match.disputed = Match.Status.FINAL, False
    # Only what a result changes: a whole-row save from this copy could undo a presence mark
    # made since it was read (O1.1; marks are guarded UPDATEs of their own).
    match.save(update_fields=["status", "disputed", "wins_a", "wins_b", "draws", "updated_at"])
    new = {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}
    ResultChange.objects.create(match=match, by=by, action=action, old=old, new=new, note=note)
    if not any(_bots(match)):  # a match against a bot does not rate: no task for it (bots flood)
        rating_update_queue(match.pk)  # the players' ratings follow the final result (after commit)


def _round_time_check(match: Match, now: datetime) -> None:
    """Round end (the event's rule for unfinished matches): the game in progress is a draw."""
    if match.status == Match.Status.FINAL:
        return
    deadline = match.round.ends_at + timedelta(minutes=match.extension_minutes)
    if now < deadline:
        return
    game = current_game(match)
    if game is not None and game.status != Game.Status.FINISHED:
        game.status, game.reason, game.finished_at, game.decision_seat = (
            Game.Status.FINISHED,
            "round_end",
            now,
            None,
        )
        game.save()
        match.draws += 1
    record_result(match, action="round_end", note="round time is over: the game in progress counts as a draw")

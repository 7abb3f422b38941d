"""An online game played on: the queued actions of a locked match applied through its game's
engine, the refused ones listed in their seat's answer, the clocks charged and enforced (O2.1),
the seats' presence awaited (O1.2), the bots' moves made; what a finished game leads to is
:mod:`.results`'s. The workers of :mod:`.adjudicate` call it under the match's row lock."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction

from engine.actions import action_problem
from engine.match import MatchState as EngineMatch
from tournaments import online_rules, plainsql
from tournaments.models import Game, GameAction, Match
from tournaments.selectors.online import clock_limit, match_engine, seats_present
from tournaments.services.online.engines import engine_remember
from tournaments.services.online.queue import match_bots, queue_adjudication
from tournaments.services.online.results import game_finish
from tournaments.services.online.setup import snapshot_store

A = GameAction.Status


# A long bot-vs-bot stretch is split over several tasks: short ones, since a worker busy with a
# bot task makes a person's action wait until it ends.
BOT_MOVES_PER_TASK = 64


REFUSED_SHOWN = 5  # each seat's answer lists its latest refused actions


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


def actions_shapely(
    match: Match, game: Game | None, queued: list[GameAction], now: datetime
) -> list[GameAction]:
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


def actions_play(
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
    engine_remember(game, engine)
    if engine.is_over:
        game_finish(match, game, engine, now)
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
    bots = match_bots(match)
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

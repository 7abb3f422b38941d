"""An online game's end and what follows it: a finished game recorded and counted, the next
game started (its loser takes initiative) or the match result recorded, and the round's time
enforced (the game in progress is a draw when it is up)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User

from engine.match import MatchState as EngineMatch
from tournaments.models import ELIMINATION_KINDS, Game, Match, ResultChange
from tournaments.selectors.online import current_game
from tournaments.services.online.queue import match_bots
from tournaments.services.online.setup import game_create, snapshot_store
from tournaments.services.rating_batch import rating_queue


def game_finish(match: Match, game: Game, engine: EngineMatch, now: datetime) -> None:
    """Record the end of ``game`` the engine reached, then start the next game or record the
    match's result."""
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
    if not any(match_bots(match)):  # a match against a bot does not rate: no task for it (bots flood)
        rating_queue(match.pk)  # the players' ratings follow the final result (after commit)


def round_time_check(match: Match, now: datetime) -> None:
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

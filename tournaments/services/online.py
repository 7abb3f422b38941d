"""Online play: games adjudicated by the rules engine in Celery workers (issue: online matches).

The web process only records what a seat submits (:func:`game_action_submit`) and
queues :func:`match_adjudicate`, which a worker runs under a row lock on the match:
it applies every queued action through the engine exactly once, runs the clocks
(R9.4), lets bots move, records finished games, starts the next one and finally the
match result. A snapshot of each seat's view is stored after every change, so reading
a game never needs the engine.
"""

import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from engine import RULES_VERSION
from engine.decklist import decklist_to_json, parse_decklist
from engine.games.respons.bots import HeuristicBot
from engine.games.respons.deck import validate_swap
from engine.games.respons.match import IllegalAction, replay
from engine.games.respons.match import Match as EngineMatch
from tournaments.models import CardSet, Event, Game, GameAction, Match, ResultChange, Round
from tournaments.selectors.cards import catalog_for
from tournaments.services.errors import BadInput, NotAllowed, WrongState

A = GameAction.Status
BOT_MOVES_PER_TASK = 400  # a long bot-vs-bot stretch is split over several tasks

_cache_lock = threading.RLock()
# (game id, seed) -> (log length, engine state); the seed guards against a reused id.
_engines: "OrderedDict[tuple[int, int], tuple[int, EngineMatch]]" = OrderedDict()
_ENGINE_CACHE_SIZE = 2048


# --- reading a game -----------------------------------------------------------------------


def game_log(game: Game) -> dict[str, Any]:
    """Return the game's match log in the formats.md shape (what `engine replay` reads)."""
    match = game.match
    names = [
        match.player_a.player.get_username(),
        match.player_b.player.get_username() if match.player_b else "",
    ]
    return {
        "game": match.round.event.game,
        "rules_version": RULES_VERSION,
        "seed": game.seed,
        "shuffle": True,
        "first_initiative": game.first_initiative,
        "cards": list(game.card_sets),
        "players": [{"name": names[seat], "deck": game.decks[seat]} for seat in (0, 1)],
        "actions": list(game.actions),
    }


def engine_for(game: Game) -> EngineMatch:
    """Return the engine state of a game, rebuilt from its log unless a cached copy is current.

    The cache is per process and checked against the stored log length, so a state
    advanced by another worker (or rolled back) is never used stale.
    """
    key = (game.pk, game.seed)
    with _cache_lock:
        cached = _engines.get(key)
        if cached is not None and cached[0] == len(game.actions):
            _engines.move_to_end(key)
            return cached[1]
    _rules, catalog = catalog_for(game=game.match.round.event.game)
    engine = replay(game_log(game), catalog)
    _remember(game, engine)
    return engine


def _remember(game: Game, engine: EngineMatch) -> None:
    with _cache_lock:
        _engines[(game.pk, game.seed)] = (len(engine.actions), engine)
        _engines.move_to_end((game.pk, game.seed))
        while len(_engines) > _ENGINE_CACHE_SIZE:
            _engines.popitem(last=False)


def clock_limit(event: Event) -> float:
    """Return each player's match clock in seconds (default: half the round length, R9.4)."""
    return float(event.clock_seconds or event.round_minutes * 30)


def seat_of(match: Match, user: AbstractBaseUser) -> int | None:
    """Return the user's seat in the match (0 = player A, 1 = player B), or None."""
    if match.player_a.player_id == user.pk:
        return 0
    if match.player_b is not None and match.player_b.player_id == user.pk:
        return 1
    return None


def current_game(match: Match) -> Game | None:
    return match.games.order_by("-number").first()


def next_seq(match: Match, seat: int) -> int:
    """Return the seat's next action number (its submissions so far + 1)."""
    last = match.game_actions.filter(seat=seat).aggregate(n=Max("seq"))["n"]
    return (last or 0) + 1


# --- starting games -------------------------------------------------------------------------


def round_games_start(*, round_id: int) -> int:
    """Create game 1 of every match of an online round; return how many were started."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    if not round_.event.online:
        return 0
    started = 0
    for match in round_.matches.filter(player_b__isnull=False).select_related("player_a", "player_b"):
        if not match.games.exists():
            _game_create(match, number=1, first_initiative=None)
            started += 1
            transaction.on_commit(lambda pk=match.pk: queue_adjudication(pk))
    return started


def _card_set_codes(event: Event) -> list[str]:
    return list(CardSet.objects.filter(game=event.game).order_by("id").values_list("code", flat=True))


def _game_create(match: Match, *, number: int, first_initiative: int | None) -> Game:
    event = match.round.event
    assert match.player_b is not None
    sideboarding = number > 1 and event.side_deck_max > 0
    now = timezone.now()
    decks = [match.player_a.deck, match.player_b.deck]
    previous = match.games.filter(number=number - 1).first()
    if previous is not None:
        decks = list(previous.decks)  # sideboarding starts from the deck of the last game
    game = Game.objects.create(
        match=match,
        number=number,
        status=Game.Status.SIDEBOARDING if sideboarding else Game.Status.PLAYING,
        seed=random.SystemRandom().randrange(2**31),
        first_initiative=first_initiative,
        card_sets=_card_set_codes(event),
        decks=decks,
        clock_used=[0.0, 0.0],
        sideboard_until=now + timedelta(seconds=event.sideboard_seconds) if sideboarding else None,
        sideboard_ready=[seat for seat, r in enumerate((match.player_a, match.player_b)) if r.is_bot],
    )
    if game.status == Game.Status.PLAYING:
        _begin(game, now)
        game.save()
    return game


def _begin(game: Game, now: Any) -> None:
    engine = engine_for(game)
    game.status = Game.Status.PLAYING
    game.decision_since = now
    _store_snapshot(game, engine)


# --- submitting ---------------------------------------------------------------------------


def game_action_submit(*, match: Match, by: AbstractBaseUser, seq: Any, action: Any) -> GameAction:
    """Record a seat's action for the workers and queue its adjudication; return the ledger row.

    A ``seq`` already used returns that row unchanged (a retry is applied once); a
    ``seq`` beyond the next one raises WrongState (409, ``seq_gap``).
    """
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
        raise BadInput("seq: a whole number ≥ 1", code="invalid")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadInput('action: a JSON object with a "type"', code="invalid")
    seat = seat_of(match, by)
    if seat is None:
        raise NotAllowed("Only the players of this match can act in it.")
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
        existing = match.game_actions.filter(seat=seat, seq=seq).first()
        if existing is not None:
            return existing
        expected = next_seq(match, seat)
        if seq != expected:
            message = f"seq {seq} skips ahead: the next action number is {expected}."
            raise WrongState(message, code="seq_gap", next_seq=expected)
        if not match.round.event.online:
            raise WrongState("This match is not played online.", code="not_online")
        if match.status == Match.Status.FINAL:
            raise WrongState("The match is over.", code="match_over")
        row = GameAction.objects.create(match=match, seat=seat, seq=seq, action=action)
        transaction.on_commit(lambda: queue_adjudication(match.pk))
    return row


def queue_adjudication(match_id: int) -> None:
    """Queue the worker task for a match (in-process when no broker is configured)."""
    from tournaments.tasks import adjudicate_match

    adjudicate_match.delay(match_id)


def sideboard_submit(*, match: Match, by: AbstractBaseUser, deck: Any | None) -> Game:
    """Set the seat's deck for the next game (R2.7 swaps only), or just say ready (deck None)."""
    seat = seat_of(match, by)
    if seat is None:
        raise NotAllowed("Only the players of this match can sideboard.")
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
        game = current_game(match)
        if game is None or game.status != Game.Status.SIDEBOARDING:
            raise WrongState("Sideboarding happens between games.", code="not_sideboarding")
        if deck is not None:
            registered = match.player_a.deck if seat == 0 else match.player_b.deck
            event = match.round.event
            try:
                before = parse_decklist(registered, game=event.game)
                after = parse_decklist(deck, game=event.game)
            except Exception as error:  # DeckParseError carries the line or key
                raise BadInput(f"deck: {error}", code="bad_decklist") from None
            _rules, catalog = catalog_for(game=event.game)
            problems = validate_swap(before, after, catalog, side_max=event.side_deck_max)
            if problems:
                violations = [v.as_dict() for v in problems]
                raise BadInput(
                    "R2.7: this is not a legal sideboard swap.", code="bad_swap", violations=violations
                )
            game.decks[seat] = decklist_to_json(after)
        if seat not in game.sideboard_ready:
            game.sideboard_ready.append(seat)
        game.save(update_fields=["decks", "sideboard_ready"])
        transaction.on_commit(lambda: queue_adjudication(match.pk))
    return game


# --- adjudicating -------------------------------------------------------------------------


def match_adjudicate(*, match_id: int, now: Any = None) -> int:
    """Apply every queued action of a match exactly once; return how many were processed.

    Runs under a row lock on the match, so two workers never apply the same action
    or interleave. Also: charges and enforces the clocks (R9.4), starts a game whose
    sideboarding is over, makes bot moves, records a finished game, starts the next
    game or records the match result, and ends matches whose round time is up.
    """
    now = now or timezone.now()
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__event", "player_a__player", "player_b__player")
            .get(pk=match_id)
        )
        processed = 0
        queued = list(match.game_actions.filter(status=A.QUEUED).order_by("id"))
        game = current_game(match)
        if match.status == Match.Status.FINAL or game is None:
            for row in queued:
                _refuse(
                    row,
                    "R9.5",
                    "the match is over" if match.status == Match.Status.FINAL else "no game yet",
                    now,
                )
            return len(queued)
        if game.status == Game.Status.SIDEBOARDING:
            if len(game.sideboard_ready) >= 2 or (game.sideboard_until and now >= game.sideboard_until):
                _begin(game, now)
                game.save()
            else:
                for row in queued:
                    _refuse(row, "R2.7", "sideboarding: the game has not started yet", now)
                return len(queued)
        if game.status == Game.Status.PLAYING:
            engine = engine_for(game)
            try:
                processed = _play(match, game, engine, queued, now)
            except BaseException:
                # The transaction rolls back: forget the engine state it had advanced.
                with _cache_lock:
                    _engines.pop((game.pk, game.seed), None)
                raise
        elif queued:
            for row in queued:
                _refuse(row, "R9.5", "the game is over", now)
            processed = len(queued)
        _round_time_check(match, now)
        _schedule_followups(match)
    return processed


def _refuse(row: GameAction, rule: str, message: str, now: Any) -> None:
    row.status, row.rule, row.message, row.processed_at = A.REFUSED, rule, message, now
    row.save(update_fields=["status", "rule", "message", "processed_at"])


def _charge(game: Game, now: Any) -> None:
    """Charge the time since the pending decision began to the seat deciding (R9.4)."""
    if game.decision_seat is not None and game.decision_since is not None:
        elapsed = max(0.0, (now - game.decision_since).total_seconds())
        game.clock_used[game.decision_seat] = round(game.clock_used[game.decision_seat] + elapsed, 3)
    game.decision_since = now


def _timed_out(game: Game, limit: float) -> int | None:
    seat = game.decision_seat
    if seat is not None and game.clock_used[seat] >= limit:
        return seat
    return None


def _play(match: Match, game: Game, engine: EngineMatch, queued: list[GameAction], now: Any) -> int:
    event = match.round.event
    limit = clock_limit(event)
    _charge(game, now)
    if not engine.is_over and (late := _timed_out(game, limit)) is not None:
        engine.apply(late, {"type": "timeout"})  # R9.4: out of time, the game is lost
    for row in queued:
        if engine.is_over:
            _refuse(row, "R9.5", f"the game is over ({engine.result.reason if engine.result else ''})", now)
            continue
        try:
            engine.apply(row.seat, row.action)
        except IllegalAction as error:
            _refuse(row, error.rule, error.message, now)  # kept for judges
            continue
        row.status, row.processed_at = A.APPLIED, now
        row.game_number, row.log_index = game.number, len(engine.actions) - 1
        row.save(update_fields=["status", "processed_at", "game_number", "log_index"])
    _bots_move(match, game, engine, now)
    game.actions = list(engine.actions)
    pending = engine.decision()
    game.decision_seat = pending.seat if pending is not None else None
    _remember(game, engine)
    if engine.is_over:
        _finish_game(match, game, engine, now)
    else:
        _store_snapshot(game, engine)
        game.save()
    return len(queued)


def _bots(match: Match) -> tuple[bool, bool]:
    return (match.player_a.is_bot, bool(match.player_b and match.player_b.is_bot))


def _bots_move(match: Match, game: Game, engine: EngineMatch, now: Any) -> None:
    bots = _bots(match)
    moves = 0
    while not engine.is_over and moves < BOT_MOVES_PER_TASK:
        pending = engine.decision()
        if pending is None or not bots[pending.seat]:
            return
        action = HeuristicBot(seed=game.seed + len(engine.actions)).act(engine, pending.seat)
        engine.apply(pending.seat, action)
        GameAction.objects.create(
            match=match,
            seat=pending.seat,
            seq=next_seq(match, pending.seat),
            action=action,
            status=A.APPLIED,
            game_number=game.number,
            log_index=len(engine.actions) - 1,
            by_bot=True,
            processed_at=now,
        )
        moves += 1
    if moves >= BOT_MOVES_PER_TASK:
        transaction.on_commit(lambda: queue_adjudication(match.pk))


def _store_snapshot(game: Game, engine: EngineMatch) -> None:
    pending = engine.decision()
    game.snapshot = {
        "seq": engine.seq,
        "turn": engine.turn,
        "decision": pending.as_dict() if pending is not None else None,
        "result": engine.result.as_dict() if engine.result is not None else None,
        "views": [engine.observation(0), engine.observation(1)],
        "legal": [engine.legal_actions(0), engine.legal_actions(1)],
    }
    game.decision_seat = pending.seat if pending is not None else None


def _finish_game(match: Match, game: Game, engine: EngineMatch, now: Any) -> None:
    result = engine.result
    assert result is not None
    game.status, game.winner, game.reason, game.finished_at = (
        Game.Status.FINISHED,
        result.winner,
        result.reason,
        now,
    )
    game.decision_seat = None
    _store_snapshot(game, engine)
    game.save()
    _count_game(match, result.winner)
    _after_game(match, loser=None if result.winner is None else 1 - result.winner, now=now)


def _count_game(match: Match, winner: int | None) -> None:
    if winner == 0:
        match.wins_a += 1
    elif winner == 1:
        match.wins_b += 1
    else:
        match.draws += 1


def _after_game(match: Match, *, loser: int | None, now: Any) -> None:
    """Start the next game (its loser takes initiative) or record the match result."""
    event = match.round.event
    needed = event.best_of // 2 + 1
    played = match.games.count()
    decided = max(match.wins_a, match.wins_b) >= needed or played >= event.best_of
    if match.round.kind == Round.Kind.TOP_CUT and match.wins_a == match.wins_b:
        decided = False  # a top-cut match cannot end drawn: play on
    if decided or played >= event.best_of + 3:
        _record_result(match, action="engine")
    else:
        match.save(update_fields=["wins_a", "wins_b", "draws", "updated_at"])
        _game_create(match, number=played + 1, first_initiative=loser)


def _record_result(match: Match, *, action: str, by: AbstractBaseUser | None = None, note: str = "") -> None:
    old = {"status": match.status}
    match.status, match.disputed = Match.Status.FINAL, False
    match.save()
    new = {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}
    ResultChange.objects.create(match=match, by=by, action=action, old=old, new=new, note=note)


def _round_time_check(match: Match, now: Any) -> None:
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
    _record_result(
        match, action="round_end", note="round time is over: the game in progress counts as a draw"
    )


def _schedule_followups(match: Match) -> None:
    """With a real broker, wake a worker when the pending clock would run out (R9.4)."""
    from tournaments.tasks import adjudicate_match

    # The app's live setting, not settings.CELERY_TASK_ALWAYS_EAGER: tests switch the app to
    # eager at run time, and an eager task ignores its ETA, runs at once and schedules again.
    if adjudicate_match.app.conf.task_always_eager or match.status == Match.Status.FINAL:
        return
    game = current_game(match)
    if game is None:
        return
    if game.status == Game.Status.SIDEBOARDING and game.sideboard_until:
        eta = game.sideboard_until
    elif game.status == Game.Status.PLAYING and game.decision_seat is not None and game.decision_since:
        left = clock_limit(match.round.event) - game.clock_used[game.decision_seat]
        eta = game.decision_since + timedelta(seconds=max(0.0, left) + 0.2)
    else:
        return
    eta = min(eta, match.round.ends_at + timedelta(minutes=match.extension_minutes, seconds=1))
    transaction.on_commit(lambda: adjudicate_match.apply_async((match.pk,), eta=eta))


def matches_due(*, now: Any = None) -> list[int]:
    """Return the online matches a sweep should adjudicate: queued work, a clock or timer run out,
    or the round's time over. Cheap enough to run every few seconds."""
    now = now or timezone.now()
    due: set[int] = set(
        GameAction.objects.filter(status=A.QUEUED).values_list("match_id", flat=True).distinct()[:1000]
    )
    live = Game.objects.filter(
        match__round__event__online=True, match__status__in=[Match.Status.PENDING, Match.Status.REPORTED]
    ).exclude(status=Game.Status.FINISHED)
    for game in live.select_related("match__round__event")[:5000]:
        match = game.match
        if now >= match.round.ends_at + timedelta(minutes=match.extension_minutes):
            due.add(match.pk)
        elif game.status == Game.Status.SIDEBOARDING and game.sideboard_until and now >= game.sideboard_until:
            due.add(match.pk)
        elif game.status == Game.Status.PLAYING and game.decision_seat is not None and game.decision_since:
            used = game.clock_used[game.decision_seat] + (now - game.decision_since).total_seconds()
            if used >= clock_limit(match.round.event):
                due.add(match.pk)
    return sorted(due)


def online_sweep(*, now: Any = None, run: Callable[[int], Any] | None = None) -> int:
    """Adjudicate every match that is due; return how many. (Periodic task, and lazily on reads.)"""
    ids = matches_due(now=now)
    for match_id in ids:
        (run or (lambda pk: match_adjudicate(match_id=pk, now=now)))(match_id)
    return len(ids)

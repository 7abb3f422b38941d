"""Reads for the judges' pages: a game replayed to any step, its action list, the clocks,
refused actions and penalties of a match, and the live progress of an online round."""

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.problems import InputError
from tournaments.label_messages import refusal_message, refusal_text
from tournaments.labels import reader_language
from tournaments.models import Game, GameAction, Match, Penalty, Round
from tournaments.selectors.cards import card_names_shown, catalog_for
from tournaments.selectors.online import clock_limit, current_game, game_log, match_engine
from tournaments.selectors.spectate import action_words
from tournaments.users import User

# Judge views of replayed steps, shared by the requests of a process. A game's log only
# grows, so (game, seed, step, the step's last action) names one state for good.
_views_lock = threading.Lock()
_views: "OrderedDict[tuple[Any, ...], dict[str, Any]]" = OrderedDict()
_VIEWS_MAX = 512


@dataclass(frozen=True)
class StepView:
    """The full (judge) view of a game after ``step`` of its ``total`` actions."""

    step: int
    total: int
    view: dict[str, Any]
    error: str = ""


def game_step_view(*, game: Game, step: int) -> StepView:
    """Return the judge view after the first ``step`` actions (clamped to 0..len(actions)).

    The state is rebuilt from the log with the engine's ``replay(log, catalog, upto=step)``
    and cached; a log the engine refuses comes back with ``error`` and the state reached.
    """
    total = len(game.actions)
    step = max(0, min(step, total))
    key = (game.pk, game.seed, step, repr(game.actions[step - 1]) if step else "")
    with _views_lock:
        cached = _views.get(key)
        if cached is not None:
            _views.move_to_end(key)
            return StepView(step=step, total=total, view=cached)
    game_key = game.match.round.event.game
    engine = match_engine(game_key)
    _rules, catalog = catalog_for(game=game_key)
    try:
        view = engine.replay(game_log(game), catalog, upto=step).judge_view()
    except engine.replay_error as error:
        refused: Any = error  # the protocol's replay_error: index, seat, error, match
        illegal = refused.error
        said = refusal_text(
            code=illegal.code,
            params=illegal.params,
            rule=illegal.rule,
            message=illegal.message,
            game=game_key,
        )
        text = _("action %(index)s (seat %(seat)s): %(refusal)s") % {
            "index": refused.index,
            "seat": refused.seat,
            "refusal": said,
        }
        return StepView(step=refused.index, total=total, view=refused.match.judge_view(), error=text)
    except InputError as error:
        # A stored log the engine cannot read at all: its key path and problem, as the engine says them.
        text = _("The stored log cannot be read: %(problem)s") % {"problem": error.one_line()}
        return StepView(step=0, total=total, view={}, error=text)
    with _views_lock:
        _views[key] = view
        while len(_views) > _VIEWS_MAX:
            _views.popitem(last=False)
    return StepView(step=step, total=total, view=view)


@dataclass(frozen=True)
class ActionLine:
    """One applied action of a game: its number (1-based), seat, player, sentence and when."""

    number: int
    seat: int
    player: str
    text: str
    action: dict[str, Any]
    by_bot: bool = False
    at: datetime | None = None


def game_action_lines(*, game: Game) -> list[ActionLine]:
    """Return every action of the game log as a readable line in the reader's language, every
    card named (:func:`~tournaments.selectors.spectate.action_words`)."""
    match = game.match
    names = _names(match)
    ledger = {
        row.log_index: row
        for row in GameAction.objects.filter(
            match=match, game_number=game.number, status=GameAction.Status.APPLIED
        ).only("log_index", "by_bot", "created_at", "processed_at")
    }
    said = action_words(game=game)
    lines = []
    for index, action in enumerate(game.actions):
        seat = int(action.get("seat", 0))
        row = ledger.get(index)
        lines.append(
            ActionLine(
                number=index + 1,
                seat=seat,
                player=names[seat],
                text=said(action),
                action=action,
                by_bot=bool(row and row.by_bot),
                at=(row.processed_at or row.created_at) if row else None,
            )
        )
    return lines


def _names(match: Match) -> tuple[str, str]:
    return (
        match.player_a.player.get_username(),
        match.player_b.player.get_username() if match.player_b else "",
    )


@dataclass(frozen=True)
class SeatClock:
    seat: int
    player: str
    used: float
    limit: float
    running: bool

    @property
    def left(self) -> float:
        return max(0.0, self.limit - self.used)

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.used / self.limit)) if self.limit else 0


def game_clocks(*, game: Game, now: datetime | None = None) -> list[SeatClock]:
    """Return each seat's clock (O2.1): seconds used, including the decision running now, and the limit."""
    now = now or timezone.now()
    limit = clock_limit(game.match.round.event)
    used = [*(game.clock_used or []), 0.0, 0.0]
    names = _names(game.match)
    clocks = []
    for seat in (0, 1):
        running = (
            game.status == Game.Status.PLAYING
            and game.decision_seat == seat
            and game.decision_since is not None
        )
        spent = float(used[seat])
        if running and game.decision_since is not None:
            spent += max(0.0, (now - game.decision_since).total_seconds())
        clocks.append(SeatClock(seat=seat, player=names[seat], used=spent, limit=limit, running=running))
    return clocks


@dataclass(frozen=True)
class RefusedAction:
    seat: int
    player: str
    seq: int
    action: dict[str, Any]
    text: str
    rule: str
    message: str  # as the engine (or the site) said it, in English
    message_text: str  # in the reader's language
    at: datetime


def _action_text(action: Any, said: Callable[[dict[str, Any]], str] | None) -> str:
    return said(action) if isinstance(action, dict) and said is not None else str(action)


def match_refused_actions(*, match: Match) -> list[RefusedAction]:
    """Return the match's refused submissions (every game), oldest first."""
    names = _names(match)
    rows = GameAction.objects.filter(match=match, status=GameAction.Status.REFUSED).order_by("id")
    names_shown = card_names_shown(game=match.round.event.game, language=reader_language())

    def shown(name: str) -> str:
        return names_shown.get(name, name)

    # Each game's cards by its own instance ids: a refused action is said with its game's.
    games = {game.number: game for game in match.games.all()}
    words = {number: action_words(game=game) for number, game in games.items()}
    last = max(words, default=0)  # a refusal kept before its game was numbered: the latest game's
    return [
        RefusedAction(
            seat=row.seat,
            player=names[row.seat] if row.seat in (0, 1) else "?",
            seq=row.seq,
            action=row.action,
            text=_action_text(row.action, words.get(row.game_number or last)),
            rule=row.rule,
            message=row.message,
            message_text=refusal_message(
                code=row.code, params=row.params, message=row.message, card_name=shown
            ),
            at=row.processed_at or row.created_at,
        )
        for row in rows
    ]


def match_penalties(*, match: Match, player: User | None = None) -> list[Penalty]:
    """Return the match's penalties, oldest first, with the player and the official: all of them
    (an official's read), or with ``player`` only the ones given to that player (what a player
    of the match reads: their own, note included; never the opponent's, nor that there are any)."""
    penalties = match.penalties.select_related("registration__player", "by").order_by("at", "id")
    if player is not None:
        penalties = penalties.filter(registration__player_id=player.pk)
    return list(penalties)


def penalty_json(penalty: Penalty) -> dict[str, Any]:
    """Return the API shape of a penalty."""
    return {
        "id": penalty.pk,
        "match": penalty.match_id,
        "username": penalty.registration.player.get_username(),
        "kind": penalty.kind,
        "note": penalty.note,
        "by": penalty.by.get_username(),
        "at": penalty.at.isoformat(),
    }


# --- the board, arranged for the page --------------------------------------------------------


def board_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the tactical field as display rows, seat 1 on top (back row first), seat 0 below.

    RESPONSE's lines run 1–5 left to right as seat 0 sees them (R3.3); line n faces line n. Each row
    is ``{"seat", "row", "cells": [cell dict or None per line]}``.
    """
    rows = []
    for seat, row_order in ((1, (3, 2, 1)), (0, (1, 2, 3))):
        seats = view.get("seats") or []
        cells = seats[seat].get("cells", []) if len(seats) > seat else []
        by_place = {(c["line"], c["row"]): c for c in cells}
        for row in row_order:
            rows.append(
                {"seat": seat, "row": row, "cells": [by_place.get((line, row)) for line in range(1, 6)]}
            )
    return rows


# --- round progress ------------------------------------------------------------------------------


@dataclass
class MatchProgress:
    """One match of a round as the progress page shows it. For the public (``official`` False)
    only what a spectator of the event may know now: no action count, whose decision it is or
    when the game last moved (each would tell who is thinking at this moment, and for how long,
    which the spectator delay keeps from them)."""

    match: Match
    game_number: int | None = None  # the current game (None: none has started)
    game_status: str = ""  # Game.Status: playing, sideboarding or finished
    actions: int | None = None  # the current game's actions so far (officials only)
    deciding: str = ""  # the username whose decision it is (officials only; "" when nobody's)
    last_activity: datetime | None = None  # the last action submitted or applied (officials only)
    bots: tuple[bool, bool] = (False, False)

    @property
    def sideboarding(self) -> bool:
        return self.game_status == Game.Status.SIDEBOARDING


def round_progress_rows(*, round: Round, official: bool) -> list[MatchProgress]:
    """Return every match of the round with its current game: for ``official`` readers, its
    actions so far, whose decision it is and the time of its last activity (the last action
    submitted or applied, else the game's start or end); for anyone else the game's number and
    status only (:class:`MatchProgress`)."""
    matches = round.matches.select_related("player_a__player", "player_b__player").order_by("table")
    if official:
        matches = matches.annotate(
            last_done=Max("game_actions__processed_at"), last_sent=Max("game_actions__created_at")
        )
    games = Game.objects.filter(match__round=round).order_by("number")
    latest: dict[int, Game] = {}
    for row in games.defer("snapshot", "decks") if official else games.only("match_id", "number", "status"):
        latest[row.match_id] = row
    rows = []
    for match in matches:
        game = latest.get(match.pk)
        progress = MatchProgress(
            match=match,
            game_number=game.number if game is not None else None,
            game_status=game.status if game is not None else "",
            bots=(match.player_a.is_bot, bool(match.player_b and match.player_b.is_bot)),
        )
        if official:
            # The ledger's latest times, annotated above for officials only.
            ledger = (getattr(match, "last_done", None), getattr(match, "last_sent", None))
            times: list[datetime] = [t for t in ledger if t is not None]
            if game is not None:
                times += [t for t in (game.started_at, game.finished_at) if t is not None]
                playing = game.status == Game.Status.PLAYING and match.status != Match.Status.FINAL
                seat = game.decision_seat
                progress.actions = len(game.actions)
                progress.deciding = _names(match)[seat] if playing and seat in (0, 1) else ""
            progress.last_activity = max(times) if times else None
        rows.append(progress)
    return rows


def match_of_official_page(*, match_id: int) -> Match | None:
    """Return the match with its players and event loaded, or None."""
    return (
        Match.objects.select_related("round__event", "player_a__player", "player_b__player")
        .filter(pk=match_id)
        .first()
    )


def default_game_number(*, match: Match) -> int:
    """Return the game to show first: the current (latest) one, or 1."""
    game = current_game(match)
    return game.number if game is not None else 1

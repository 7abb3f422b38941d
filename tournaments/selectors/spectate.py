"""Reads for spectators and replays: who may watch a match, the delayed spectator
view of its current game, and any step of a final match's games.

A spectator sees only the engine's ``spectator_view()`` (no hand, no face-down card, no seed),
and never the present state of a game being played: a player's friend watching could relay it.
The view shown is the game rebuilt from its log up to an earlier step (the engine's
``replay(log, catalog, upto=k)``), exactly as far behind as the event's delay says:

- **N turns**: the state at the moment the turn N turns before the current one began (with the
  default 2, in turn 7 the spectator sees the start of turn 5: nothing of turns 5, 6 and 7). The
  turn shown is always the current one minus N; while the game is fewer than N turns in, its
  setup. A turn is what the game's state counts as ``turn`` (the same attribute the workers keep
  in the snapshot); a game that counts none falls back to minutes.
- **N minutes**: the state after the last action applied at least N minutes ago (the ledger's
  ``processed_at``): the state the game stood in N minutes ago, to the instant.

A finished game is shown whole: there is nothing left to relay. Everything is reached through
the registry and the protocol of ``engine/match.py``: nothing here names a game.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import orjson
from django.db.models import Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.problems import InputError
from engine.registry import get_game
from tournaments.label_actions import describe_action, describe_game_action
from tournaments.labels import action_label, reader_language
from tournaments.models import Event, Game, GameAction, Match, Round
from tournaments.selectors.cards import card_names_shown, catalog_for
from tournaments.selectors.events import event_role, is_official
from tournaments.selectors.online import clock_limit, game_log, match_engine, match_is_online
from tournaments.selectors.practice import seat_names
from tournaments.users import Visitor

# --- who may watch ------------------------------------------------------------------------------


@dataclass(frozen=True)
class WatchAccess:
    """May the reader watch an event's matches (and replay them once final)? ``refusal``: ``""``
    when allowed, else ``"sign_in"`` (signed-in users only) or ``"off"`` (nobody may)."""

    refusal: str
    official: bool = False

    @property
    def allowed(self) -> bool:
        return not self.refusal


def watch_access(*, event: Event, user: Visitor) -> WatchAccess:
    """Return whether ``user`` may watch ``event``'s online matches: its officials always; anyone
    else as the event's ``spectators`` setting says (nobody, signed-in users, everyone). A player
    watching their own match gets the spectator view like anyone (nothing more)."""
    official = user.is_authenticated and is_official(event_role(event=event, user=user))
    if official:
        return WatchAccess(refusal="", official=True)
    setting = event.spectators
    if setting == Event.Spectators.EVERYONE:
        return WatchAccess(refusal="")
    if setting == Event.Spectators.USERS:
        return WatchAccess(refusal="" if user.is_authenticated else "sign_in")
    return WatchAccess(refusal="off")


def replay_access(*, match: Match, user: Visitor) -> WatchAccess:
    """:func:`watch_access` for a match's replay: its two players may always replay it too."""
    access = watch_access(event=match.round.event, user=user)
    if access.allowed or not user.is_authenticated:
        return access
    players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
    return WatchAccess(refusal="") if user.pk in players else access


# --- the engine, replayed ----------------------------------------------------------------------

_cache_lock = threading.Lock()
# (kind, game, game id, seed, decks, step, the step's last action) -> a view or the game's turns.
# A game's log only grows, so these name one state for good (the judges' viewer keys its views
# alike).
_cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_CACHE_MAX = 1024


def _cached(key: tuple[Any, ...], build: Any) -> Any:
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    value = build()
    with _cache_lock:
        _cache[key] = value
        while len(_cache) > _CACHE_MAX:
            _cache.popitem(last=False)
    return value


def _key(kind: str, game: Game, step: int) -> tuple[Any, ...]:
    # The decks too: a game waiting in sideboarding has no action yet, and its decks may change.
    decks = hashlib.sha256(orjson.dumps(game.decks, option=orjson.OPT_SORT_KEYS)).hexdigest()
    last = repr(game.actions[step - 1]) if step else ""
    return (kind, game.match.round.event.game, game.pk, game.seed, decks, step, last)


def state_at(game: Game, step: int) -> Any:
    """Return the game's engine state after its first ``step`` actions (the state just before an
    illegal action, if the log holds one earlier), or None for a log the engine cannot set up
    (a deck it refuses)."""
    key = game.match.round.event.game
    engine = match_engine(key)
    _rules, catalog = catalog_for(game=key)
    try:
        return engine.replay(game_log(game), catalog, upto=step)
    except engine.replay_error as error:
        refused: Any = error  # the protocol's replay_error: the state just before the action
        return refused.match
    except InputError:
        return None


def step_view(*, game: Game, step: int, full: bool = False) -> dict[str, Any]:
    """Return the game's view after its first ``step`` actions (clamped to the log): the
    spectator view, or with ``full`` the judge view (every hidden card). Cached per step."""
    step = max(0, min(step, len(game.actions)))

    def build() -> dict[str, Any]:
        state = state_at(game, step)
        if state is None:
            return {}
        view: dict[str, Any] = state.judge_view() if full else state.spectator_view()
        return view

    return dict(_cached(_key("judge" if full else "spectator", game, step), build))


def game_turns(*, game: Game) -> list[int | None]:
    """Return the game's turn after each prefix of its log (``[turn after 0 actions, after 1,
    …]``; None where the game counts no turns). Rebuilt once per action, then cached."""
    total = len(game.actions)

    def build() -> list[int | None]:
        state = state_at(game, 0)
        turns: list[int | None] = [getattr(state, "turn", None)]
        if state is None:
            return turns + [None] * total
        try:
            for action in game.actions:
                body = {k: v for k, v in action.items() if k != "seat"}
                state.apply(int(action["seat"]), body)
                turns.append(getattr(state, "turn", None))
        except Exception:  # an action the engine refuses: no turns past it
            turns += [None] * (total + 1 - len(turns))
        return turns

    return list(_cached(_key("turns", game, total), build))


@dataclass(frozen=True)
class Delay:
    """How far behind a spectator is: ``step`` (actions shown), the unit really used
    (``turns`` or ``minutes``, ``""`` for a finished game shown whole) and the amount."""

    step: int
    unit: str
    amount: int
    turn: int | None = None


def turn_began(turns: list[int], turn: int) -> int:
    """Return the step at which ``turn`` began in a game whose turn after each prefix of its log
    is ``turns``: the first state of that turn (0 before the first one counted). A turn the game
    skipped gives the last state before the next one, never a later turn's."""
    step = next((i for i, counted in enumerate(turns) if counted >= turn), len(turns) - 1)
    return step - 1 if step and turns[step] > turn else step


def spectated_step(*, game: Game, event: Event, now: datetime | None = None) -> Delay:
    """Return the step of ``game`` a spectator may see now (see the module's docstring)."""
    total = len(game.actions)
    if game.status == Game.Status.FINISHED:
        return Delay(step=total, unit="", amount=0)
    amount = max(1, event.spectate_delay)  # never the present state, whatever the row says
    if event.spectate_delay_unit == Event.DelayUnit.TURNS:
        turns = game_turns(game=game)
        if all(turn is not None for turn in turns):
            counted = [int(turn) for turn in turns if turn is not None]
            step = turn_began(counted, counted[-1] - amount)
            return Delay(step=step, unit="turns", amount=amount, turn=counted[step])
    cutoff = (now or timezone.now()) - timedelta(minutes=amount)
    last = _applied(game).filter(processed_at__lte=cutoff).aggregate(n=Max("log_index"))["n"]
    step = min(total, last + 1) if last is not None else 0
    return Delay(step=step, unit="minutes", amount=amount)


def _applied(game: Game) -> QuerySet[GameAction]:
    """The ledger rows of the game's applied actions (each with its place in the log)."""
    return GameAction.objects.filter(
        match_id=game.match_id,
        game_number=game.number,
        status=GameAction.Status.APPLIED,
        log_index__isnull=False,
    )


def _moves_at(*, game: Game, delay: Delay) -> datetime | None:
    """When a game's view delayed by minutes moves on by itself: the next action not shown yet
    turns N minutes old (None: a delay in turns, or no such action)."""
    if delay.unit != "minutes":
        return None
    first = _applied(game).filter(log_index__gte=delay.step).order_by("log_index").first()
    if first is None or first.processed_at is None:
        return None
    return first.processed_at + timedelta(minutes=delay.amount)


def spectate_moves_at(*, match: Match, now: datetime) -> datetime | None:
    """Return when the spectator answer of ``match`` (as it is at ``now``) changes by itself, or
    None when only the game moving on can change it. For the spectate stream, which then sends
    the view at that moment, neither earlier nor later; the time is in no answer (it would tell
    when an action not shown yet was made)."""
    game = match.games.order_by("-number").first()
    if game is None or game.status == Game.Status.FINISHED:
        return None
    return _moves_at(game=game, delay=spectated_step(game=game, event=match.round.event, now=now))


# --- the answers -------------------------------------------------------------------------------


def _names(match: Match) -> list[str]:
    return seat_names(match=match)  # a practice game's bot by its game, not its account


def _games(games: list[Game]) -> list[dict[str, Any]]:
    return [{"number": g.number, "status": g.status, "winner": g.winner, "reason": g.reason} for g in games]


def spectated_clocks(*, game: Game, step: int) -> list[float] | None:
    """Return each seat's banked clock (seconds used) as it was when the game stood at ``step``
    (its first ``step`` actions applied), or None when that is not known (actions applied
    before the figures were kept). A finished game shown whole has its final figures; a game
    in progress never its present ones: they would tell how long a seat has been thinking
    about a decision the spectator is not shown yet."""
    if step >= len(game.actions) and game.status == Game.Status.FINISHED:
        return list(game.clock_used or [0.0, 0.0])
    if step == 0:
        return [0.0, 0.0]
    row = (
        GameAction.objects.filter(
            match_id=game.match_id,
            game_number=game.number,
            status=GameAction.Status.APPLIED,
            log_index__lt=step,
        )
        .order_by("-log_index")
        .values_list("log_index", "clock_after")
        .first()
    )
    # Actions the site applied itself (a timeout, a no-show) have no row: the figures of the
    # action before them are older, never newer, than the step's.
    if row is None or row[1] is None:
        return None
    return [float(used) for used in row[1]]


def spectate_answer(*, match: Match, now: datetime | None = None) -> dict[str, Any] | None:
    """Return the api.md answer of ``GET /api/matches/{id}/spectate/``: the latest game's
    spectator view as the event's delay allows, the match score, the names and the banked
    clocks as they were at the step shown (:func:`spectated_clocks`; None when not known).
    None: the match has no game yet."""
    games = list(match.games.order_by("number"))
    if not games or not match_is_online(match):
        return None
    event = match.round.event
    game = games[-1]
    delay = spectated_step(game=game, event=event, now=now)
    return {
        "match": match.pk,
        "event": event.pk,
        "game": event.game,
        "names": _names(match),
        "table": match.table,
        "round": match.round.number,
        "match_status": match.status,
        "wins_a": match.wins_a,
        "wins_b": match.wins_b,
        "draws": match.draws,
        "game_number": game.number,
        "game_status": game.status,
        "games": _games(games),
        "step": delay.step,
        "delay": {"amount": delay.amount, "unit": delay.unit, "turn": delay.turn},
        "clock": {"limit": clock_limit(event), "used": spectated_clocks(game=game, step=delay.step)},
        "round_ends_at": match.round.ends_at.isoformat(),
        "view": step_view(game=game, step=delay.step),
    }


# --- actions in words ---------------------------------------------------------------------------


def game_card_ids(*, game: Game) -> dict[int, str]:
    """Return the card name of every card instance the game's log made, by every id it ever had
    (the ids its actions name: a card gets a new one as it goes into a hand or face down), from
    the log replayed once to its end (to just before an action the engine refuses); empty for a
    log the engine cannot set up. Cached per game and log."""
    total = len(game.actions)

    def build() -> dict[int, str]:
        state = state_at(game, total)
        minted = getattr(state, "minted", None) or {}  # an engine whose actions name ids keeps them
        return {int(ident): str(inst.name) for ident, inst in minted.items()}

    found: dict[int, str] = _cached(_key("card_ids", game, total), build)
    return found


def action_words(*, game: Game) -> Callable[[dict[str, Any]], str]:
    """Return a function saying an action of ``game`` in full in the reader's language, every
    card it names by its name there: only for readers who may see every card (officials, a
    replay once the decklists are published). A game whose actions name places and cards by
    name keeps its own sentences; any other game's name cards by instance id, resolved once per
    game."""
    key = game.match.round.event.game
    shown = card_names_shown(game=key, language=reader_language())
    if get_game(key).texts.action_sentences == "cells":
        return lambda action: describe_action(action, card_name=lambda name: shown.get(name, name), game=key)
    names = _names(game.match)
    ids = game_card_ids(game=game)

    def card(value: Any) -> str | None:
        name = ids.get(value) if isinstance(value, int) else value if isinstance(value, str) else None
        return shown.get(name, name) if name is not None else None

    def player(seat: int) -> str:
        return names[seat] or _("seat %(n)s") % {"n": seat}

    return lambda action: describe_game_action(action, game=key, card=card, player=player)


@dataclass(frozen=True)
class ReplayLine:
    number: int
    seat: int
    player: str
    type: str
    text: str  # the action in words; "" in public replays (an action may name a hidden card)
    label: str  # what an action of its type does, in the reader's language: it names no card


def replay_lines(*, game: Game, full: bool) -> list[ReplayLine]:
    """Return the game's actions for the replay's list: with ``full`` each in words (cards named
    in the reader's language), else only who did what kind of thing (a mulligan names the cards
    put back: hidden until the decklists are published). Each has its type's ``label`` too."""
    match = game.match
    key = match.round.event.game
    names = _names(match)
    said = action_words(game=game) if full else None
    lines = []
    for index, action in enumerate(game.actions):
        seat = int(action.get("seat", 0))
        text = said(action) if said is not None else ""
        kind = str(action.get("type", ""))
        lines.append(
            ReplayLine(
                number=index + 1,
                seat=seat,
                player=names[seat],
                type=kind,
                text=text,
                label=action_label(game=key, kind=kind),
            )
        )
    return lines


def replay_full(*, match: Match, official: bool) -> bool:
    """Whether the replay shows every card: once the event's decklists are published (and
    always to its officials); before that, public information only."""
    return official or match.round.event.decklists_public


def replay_answer(*, match: Match, game: Game, step: int | None, full: bool) -> dict[str, Any]:
    """Return the api.md answer of ``GET /api/matches/{id}/replay/``: game ``game`` after
    ``step`` actions (default: the end), its actions, the match's games and score."""
    total = len(game.actions)
    step = total if step is None else max(0, min(step, total))
    games = list(match.games.order_by("number"))
    return {
        "match": match.pk,
        "event": match.round.event_id,
        "game": match.round.event.game,
        "names": _names(match),
        "wins_a": match.wins_a,
        "wins_b": match.wins_b,
        "draws": match.draws,
        "games": _games(games),
        "game_number": game.number,
        "winner": game.winner,
        "reason": game.reason,
        "full": full,
        "step": step,
        "total": total,
        "view": step_view(game=game, step=step, full=full),
        "actions": [line.__dict__ for line in replay_lines(game=game, full=full)],
    }


# --- the TV page --------------------------------------------------------------------------------


def tv_round(*, event: Event) -> Round | None:
    """Return the round the TV page shows: the latest published one, or None before round 1."""
    return event.round_set.filter(published=True).order_by("-number").first()


def tv_matches(*, round: Round) -> list[Match]:
    """Return the round's matches by table with their players (names loaded)."""
    return list(round.matches.select_related("player_a__player", "player_b__player").order_by("table"))

"""Reads of online play: a game's engine and log, who may see or act on a match, the seats'
numbers and presence, and the api.md answer a seat (or an official) reads.

Every game is reached through the registry (``get_game(event.game).match_engine``): nothing
here knows one. The hot path's statements are :mod:`tournaments.selectors.online_rows`'.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max
from django.utils import timezone

from engine.decklist import Decklist, parse_decklist
from engine.match import MatchEngine
from engine.problems import InputError
from engine.registry import game_keys, get_game
from tournaments.models import Event, Game, Match, Registration
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.events import event_role, is_official
from tournaments.users import Visitor

PRESENT_FIELDS = ("present_a_at", "present_b_at")
# Each seat's last sign of life (docs/api.md "Presence"): its page's heartbeat, any read of its game.
SEEN_FIELDS = ("seen_a_at", "seen_b_at")


# --- the game's engine ----------------------------------------------------------------------


def match_engine(game: str) -> MatchEngine[Any]:
    """Return the match engine of the game ``game`` (a registry key).

    Raises LookupError for a game without one (a deck-only game cannot be played online).
    """
    engine = get_game(game).match_engine
    if engine is None:
        raise LookupError(f"the game {game!r} has no match engine: it cannot be played online")
    return engine


def engine_catch_up(
    engine: Any,
    stored: list[dict[str, Any]],
    *,
    game: str,
    applied: Callable[[int, Sequence[Any]], None] | None = None,
) -> bool:
    """Apply to ``engine`` (a state of the game ``game``) the actions of the stored log
    ``stored`` it lacks; return whether it now holds that log.

    False when its own actions are not the start of ``stored`` (a state advanced in a
    transaction that rolled back, another game under the same key) or one of the rest does not
    apply: the state may then be part advanced, and the caller replays the log instead.
    ``applied(index, events)`` is told each action applied, by its index in the log, with the
    events it made."""
    done = len(engine.actions)
    if done > len(stored) or engine.actions != stored[:done]:
        return False
    try:
        for index in range(done, len(stored)):
            entry = stored[index]
            events = engine.apply(entry["seat"], {k: v for k, v in entry.items() if k != "seat"})
            if applied is not None:
                applied(index, events)
    except (match_engine(game).illegal_action, KeyError, TypeError):
        return False
    return True


@cache
def sideboarding_allowed(*, game: str, side_max: int) -> bool:
    """Return whether the game's rules let a deck change between the games of a match with an
    event side deck of ``side_max`` cards (the game's swap rule: RESPONSE R2.7, Your War Y2.4,
    Chronomagia C2.1).

    A game that allows none refuses any change with ``no_sideboarding`` (engine/match.py
    ``swap_problems``); the probe changes an empty deck, so it asks the rules, not a deck."""
    if side_max <= 0:
        return False
    _rules, catalog = catalog_for(game=game)
    before, after = Decklist(game=game, zones={}), Decklist(game=game, zones={"side": {"?": 1}})
    problems = match_engine(game).swap_problems(before, after, catalog, options={"side_max": side_max})
    return all(problem.code != "no_sideboarding" for problem in problems)


def online_games() -> list[str]:
    """Return the registry keys of the games an event may play online (those with an engine)."""
    return [key for key in game_keys() if get_game(key).match_engine is not None]


# --- "is online", who may see or act --------------------------------------------------------


def match_is_online(match: Match) -> bool:
    """Whether the match is played online: its event is, and it has two players (not a bye)."""
    return bool(match.round.event.online) and match.player_b_id is not None


def seat_of(match: Match, user: User | AnonymousUser) -> int | None:
    """Return the user's seat in the match (0 = player A, 1 = player B), or None."""
    return seat_of_user_id(match, user.pk)


def seat_of_user_id(match: Match, user_id: Any) -> int | None:
    """:func:`seat_of` by the user's id."""
    if user_id is None:
        return None
    if match.player_a.player_id == user_id:
        return 0
    if match.player_b is not None and match.player_b.player_id == user_id:
        return 1
    return None


@dataclass(frozen=True)
class MatchAccess:
    """Who the reader is to a match: its ``seat`` (0, 1) or None, and whether an official."""

    seat: int | None
    official: bool

    @property
    def allowed(self) -> bool:
        """Whether the reader may see the match's games (a player of it or an official)."""
        return self.seat is not None or self.official


def match_access(*, match: Match, user: User | AnonymousUser) -> MatchAccess:
    """Return who ``user`` is to ``match``: the one rule of who may see and act on a match's
    games (its players act in their seat; its event's officials see everything and act in no
    seat). The API, the play page and the fast lane ask this (the lane's statement is checked
    against it by tests/site/test_lane.py)."""
    if not user.is_authenticated:
        return MatchAccess(seat=None, official=False)
    seat = seat_of(match, user)
    if seat is not None:
        return MatchAccess(seat=seat, official=False)
    return MatchAccess(seat=None, official=is_official(event_role(event=match.round.event, user=user)))


# --- the seats' action numbers, presence, clocks ---------------------------------------------


def next_seq(match: Match, seat: int) -> int:
    """Return the seat's next action number (its submissions so far + 1)."""
    last = match.game_actions.filter(seat=seat).aggregate(n=Max("seq"))["n"]
    return (last or 0) + 1


def next_seqs(match: Match) -> list[int]:
    """Return both seats' next action numbers (one query)."""
    seqs = [1, 1]
    for seat, last in match.game_actions.values_list("seat").annotate(n=Max("seq")).order_by():
        seqs[seat] = last + 1
    return seqs


def seq_check(seq: int, next_number: int) -> str:
    """Return where ``seq`` stands against a seat's ``next_number``: ``"used"`` (a number
    already taken: a retry, or a conflict), ``"next"``, or ``"gap"`` (it skips ahead). The one
    rule of a seat's action numbers (api.md), for the API and the fast lane alike."""
    if seq < next_number:
        return "used"
    return "next" if seq == next_number else "gap"


def seats_present(match: Match) -> list[bool]:
    """Whether each seat is present: it has read or acted in its game (a bot always is)."""
    b = match.player_b
    return [
        match.present_a_at is not None or match.player_a.is_bot,
        b is not None and (match.present_b_at is not None or b.is_bot),
    ]


def presence_refresh() -> timedelta:
    """How old a seat's last sign of life may be before a read writes it again: a sixth of the
    time that makes a seat away, so two heartbeats of the play page (every third of it) never
    both find it fresh, and a seat reading every second costs one write in a few seconds."""
    return timedelta(seconds=settings.PRESENCE_AWAY_SECONDS / 6)


def seen_stale(match: Match, seat: int, now: datetime) -> bool:
    """Whether the seat's last sign of life should be written again at ``now``."""
    seen = getattr(match, SEEN_FIELDS[seat])
    return seen is None or now - seen >= presence_refresh()


def match_presence(*, match: Match, now: datetime | None = None) -> dict[str, Any]:
    """Return the answer's ``presence`` (docs/api.md "Presence"): ``away_after`` (seconds) and,
    per seat, ``seen_at`` (its last sign of life, ISO 8601, or None) and ``connected`` (a sign
    of life within ``away_after`` of ``now``; a bot always is). Only whether and since when a
    seat is connected: nothing of its game (docs/security.md)."""
    now = now or timezone.now()
    away_after = settings.PRESENCE_AWAY_SECONDS
    regs = (match.player_a, match.player_b)
    seats = []
    for seat in (0, 1):
        seen = getattr(match, SEEN_FIELDS[seat])
        reg = regs[seat]
        bot = reg is not None and reg.is_bot
        connected = bot or (seen is not None and (now - seen).total_seconds() <= away_after)
        seats.append({"seen_at": seen.isoformat() if seen else None, "connected": connected, "bot": bot})
    return {"away_after": away_after, "seats": seats}


def clock_limit(event: Event) -> float:
    """Return each player's match clock in seconds (default: half the round length, O2.1)."""
    return float(event.clock_seconds or event.round_minutes * 30)


@dataclass(frozen=True)
class GameClock:
    """A seat's clock in the current game of an online match (O2.1), as its event page shows it."""

    left: float  # seconds left on the seat's clock now
    running: bool  # the seat is deciding and the clocks run
    runs_out_at: datetime | None  # when it runs out, if it is running
    present_by: datetime | None  # the game waits for a seat until then (no clock runs)


def game_clock(*, match: Match, user: Visitor) -> GameClock | None:
    """Return the user's clock in the match's current game, or None: not an online match, not
    the user's, no game in play. Read from the stored game (no engine, no work)."""
    if not match_is_online(match) or match.status == Match.Status.FINAL:
        return None
    seat = seat_of_user_id(match, getattr(user, "pk", None))
    game = (
        Game.objects.filter(match=match)
        .only("status", "clock_used", "decision_seat", "decision_since", "present_by")
        .order_by("-number")
        .first()
    )
    if seat is None or game is None or game.status != Game.Status.PLAYING:
        return None
    used = float((game.clock_used or [0.0, 0.0])[seat])
    running = False
    if game.present_by is None and game.decision_seat == seat and game.decision_since is not None:
        running = True
        used += max(0.0, (timezone.now() - game.decision_since).total_seconds())
    left = max(0.0, clock_limit(match.round.event) - used)
    return GameClock(
        left=left,
        running=running,
        runs_out_at=timezone.now() + timedelta(seconds=left) if running else None,
        present_by=game.present_by,
    )


def current_game(match: Match) -> Game | None:
    """Return the match's latest game, or None before its first."""
    return match.games.order_by("-number").first()


# --- the log --------------------------------------------------------------------------------

_headers_lock = threading.Lock()
# (game id, seed, first seat, decks, card sets) -> the log's setup keys as the engine writes them.
_headers: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
_HEADERS_MAX = 1024


def _log_header(key: str, game: Game) -> dict[str, Any]:
    """Return the setup keys of the game's log (``rules_version`` and the game's own, such as
    RESPONSE's ``shuffle`` and ``first_initiative``), as its engine writes them for a match
    set up like this game. A deck the engine cannot play gets no keys of its own: the replay
    then says what is wrong (InputError)."""
    cache_key = (game.pk, game.seed, game.first_initiative, orjson.dumps(game.decks), tuple(game.card_sets))
    with _headers_lock:
        header = _headers.get(cache_key)
        if header is not None:
            _headers.move_to_end(cache_key)
            return header
    engine = match_engine(key)
    _rules, catalog = catalog_for(game=key)
    try:
        decks = [parse_decklist(raw, game=key) for raw in game.decks]
        options = {"first": game.first_initiative}
        header = engine.new_match(catalog, decks, seed=game.seed, options=options).to_log(
            list(game.card_sets)
        )
    except InputError:
        return {}
    header.pop("actions", None)
    with _headers_lock:
        _headers[cache_key] = header
        while len(_headers) > _HEADERS_MAX:
            _headers.popitem(last=False)
    return header


def game_engine_new(game: Game, decks: list[Decklist]) -> Any:
    """Return a new game's engine state, set up from ``decks`` (the game's stored decks, parsed),
    and keep its log's setup keys for :func:`game_log`: the one set-up a new game needs, where
    reading its log first and replaying it would set it up twice. The same state as the replay
    of its log (the engine's setup is a function of the decks, the seed and the options).
    Raises InputError for a deck the engine cannot play."""
    key = game.match.round.event.game
    _rules, catalog = catalog_for(game=key)
    names = _seat_names(game.match)
    options = {"first": game.first_initiative, "names": names}
    engine = match_engine(key).new_match(catalog, decks, seed=game.seed, options=options)
    header = engine.to_log(list(game.card_sets))
    header.pop("actions", None)
    cache_key = (game.pk, game.seed, game.first_initiative, orjson.dumps(game.decks), tuple(game.card_sets))
    with _headers_lock:
        _headers[cache_key] = header
        while len(_headers) > _HEADERS_MAX:
            _headers.popitem(last=False)
    return engine


def _seat_names(match: Match) -> list[str]:
    """Both seats' usernames ("" for none), read with the match when its players came with it."""
    registrations = [match.player_a, match.player_b]
    player = Registration._meta.get_field("player")
    if all(r is None or player.is_cached(r) for r in registrations):  # read with the match (a worker)
        return [r.player.get_username() if r is not None else "" for r in registrations]
    users = [r.player_id if r is not None else None for r in registrations]
    User = get_user_model()
    known = [pk for pk in users if pk is not None]
    usernames = dict(User.objects.filter(pk__in=known).values_list("pk", User.USERNAME_FIELD))
    return [usernames.get(pk, "") for pk in users]  # one query, and only when the log is read


def game_log(game: Game) -> dict[str, Any]:
    """Return the game's match log in the formats.md shape (what `engine replay` reads): the
    envelope (game, rules version, seed, cards, players with their names and decks, actions)
    and the setup keys of the game's own engine."""
    deferred = game.get_deferred_fields() & {"decks", "card_sets"}
    if deferred:  # read without them (online_rows.games_of): both in one query
        game.refresh_from_db(fields=sorted(deferred))
    match = game.match
    names = _seat_names(match)
    key = match.round.event.game
    return {
        **_log_header(key, game),
        "game": key,
        "seed": game.seed,
        "cards": list(game.card_sets),
        "players": [{"name": names[seat], "deck": game.decks[seat]} for seat in (0, 1)],
        "actions": list(game.actions),
    }


# --- the answer a seat reads ----------------------------------------------------------------


def game_answer(
    match: Match, games: list[Game], seat: int | None, *, next_seq: int | None, judge_view: Any = None
) -> dict[str, Any]:
    """Return the api.md answer of ``GET /api/matches/{id}/game/`` for ``seat``.

    ``seat`` None is an official, who gets ``judge_view`` (the engine's full view) and no
    legal actions. Everything else comes from the stored snapshot: no engine, no query.
    """
    game = games[-1]
    snapshot = game.snapshot or {}
    deciding = (snapshot.get("decision") or {}).get("seat")
    legal: list[Any]
    described: list[str] = []
    if seat is None:
        view, legal, refused = judge_view if judge_view is not None else {}, [], []
    else:
        view = (snapshot.get("views") or [{}, {}])[seat]
        legal = (snapshot.get("legal") or [[], []])[seat] if deciding == seat else []
        refused = (game.refused or [[], []])[seat]
        if legal:
            described = (snapshot.get("described") or [[], []])[seat]
            if len(described) != len(legal):  # a snapshot stored before descriptions were kept
                described = []
    return {
        "game_number": game.number,
        "seat": seat,
        "view": view,
        "legal_actions": legal,
        # legal_actions[i] in words (English, describe_action), or [] when not kept.
        "legal_described": described,
        "next_seq": next_seq,
        "match_status": match.status,
        "wins_a": match.wins_a,
        "wins_b": match.wins_b,
        "draws": match.draws,
        "game_status": game.status,
        "clock": {
            "limit": clock_limit(match.round.event),
            "used": game.clock_used,
            "deciding": game.decision_seat,
            "since": game.decision_since.isoformat() if game.decision_since else None,
            "round_ends_at": match.round.ends_at.isoformat(),
            "sideboard_until": game.sideboard_until.isoformat() if game.sideboard_until else None,
            # O1.2: no clock runs until both seats are present; a seat absent at present_by
            # loses the game as a no-show (None: the clocks run).
            "present_by": game.present_by.isoformat() if game.present_by else None,
            "present": seats_present(match),
        },
        "games": [
            {"number": g.number, "status": g.status, "winner": g.winner, "reason": g.reason} for g in games
        ],
        "refused": refused,
        # Whether each seat is connected now, and since when it is not (docs/api.md "Presence").
        "presence": match_presence(match=match),
    }


def answer_text(answer: dict[str, Any]) -> str:
    """The answer as one line of JSON (what the streams send; orjson: several times faster than
    the standard library, which the workers' profile showed among their largest costs)."""
    return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS).decode()


def match_answers(match: Match, games: list[Game], seqs: list[int] | None = None) -> list[str] | None:
    """Both seats' answers as JSON text, or None for a match with no game to show; ``seqs``:
    both seats' next action numbers when the caller knows them."""
    if not games or match.player_b is None:
        return None
    seqs = seqs or next_seqs(match)
    return [answer_text(game_answer(match, games, seat, next_seq=seqs[seat])) for seat in (0, 1)]

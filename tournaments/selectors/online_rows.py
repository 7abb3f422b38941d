"""The reads of the online hot path, one plain statement each (:mod:`tournaments.plainsql`).

A player's action costs the web process :func:`action_facts` and one INSERT (its statement,
with the other writes of the hot path, is in ``services/online/rows.py``). A worker's drain
pass reads many matches at once: :func:`matches_with_queued_actions` (locked),
:func:`queued_of` and :func:`games_of`; a single match's adjudication the same reads for one
(:func:`match_for_play`, :func:`queued_actions`, :func:`match_games`). Each returns what the
ORM query it replaces returned.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection

from tournaments.models import Event, Game, GameAction, Match, Registration, Round
from tournaments.plainsql import Read, Table, any_of, column_of, cursor, fetch, quote, remember, selecting

User = get_user_model()
_USER_SKIP = [f.name for f in User._meta.concrete_fields if f.name not in ("id", User.USERNAME_FIELD)]

_MATCH = Table(Match, "m")
_ROUND = Table(Round, "r")
_EVENT = Table(Event, "e")
# The registrations without their decks (a game keeps its own copy), their users by name only.
_REG_A = Table(Registration, "ra", skip=["deck"])
_REG_B = Table(Registration, "rb", skip=["deck"])
_USER_A = Table(User, "ua", skip=_USER_SKIP)
_USER_B = Table(User, "ub", skip=_USER_SKIP)
_PLAY = [_MATCH, _ROUND, _EVENT, _REG_A, _REG_B, _USER_A, _USER_B]
# A game without its decks and card sets (read again only to rebuild an engine from the log);
# a worker, which rewrites the snapshot after every action, does not read that either.
_GAME = Table(Game, "g", skip=["decks", "card_sets"])
_GAME_TO_PLAY = Table(Game, "g", skip=["decks", "card_sets", "snapshot"])
# "Waiting for a worker" is written into the statements, not passed: a prepared statement runs
# a generic plan, which can use the partial index of queued actions (``game_action_queued``)
# only when its condition is in the text. With a parameter, and the table's statistics, the
# plan read every action of every match (measured: 0.9 ms and 2,000 blocks per look, not 0.1).
_QUEUED = "'" + str(GameAction.Status.QUEUED).replace("'", "''") + "'"
_ACTION = Table(GameAction, "q")


# Each statement is written once per process (the column lists come from the models).
@cache
def _match_joins() -> str:
    """A match with its round, event and both registrations (the second one may be missing)."""
    return (
        f"FROM {_MATCH.name} JOIN {_ROUND.name} ON {_ROUND.column('id')} = {_MATCH.column('round')} "
        f"JOIN {_EVENT.name} ON {_EVENT.column('id')} = {_ROUND.column('event')} "
        f"JOIN {_REG_A.name} ON {_REG_A.column('id')} = {_MATCH.column('player_a')} "
        f"LEFT JOIN {_REG_B.name} ON {_REG_B.column('id')} = {_MATCH.column('player_b')}"
    )


@cache
def _match_for_play_sql(where: str, lock: bool) -> str:
    rest = (
        f"{_match_joins()} "
        f"JOIN {_USER_A.name} ON {_USER_A.column('id')} = {_REG_A.column('player')} "
        f"LEFT JOIN {_USER_B.name} ON {_USER_B.column('id')} = {_REG_B.column('player')} "
        f"WHERE {where}"
    )
    # SQLite has no row locks (a write there locks the whole file).
    return rest + " FOR UPDATE OF m" if lock else rest


@cache
def _games_sql(where: str) -> str:
    return f"FROM {_GAME.name} WHERE {where} ORDER BY {_GAME.column('match')}, {_GAME.column('number')}"


@cache
def _queued_sql(where: str) -> str:
    """The queued actions of the matches ``where`` says (of ``m0``) with both seats' last action
    numbers: a row per queued action, or one with the action's columns NULL for a match with
    none queued."""
    action = quote(GameAction._meta.db_table)
    match_col, seat_col, seq_col = (
        column_of(GameAction._meta.get_field(f)) for f in ("match", "seat", "seq")
    )
    last = f"(SELECT MAX({seq_col}) FROM {action} WHERE {match_col} = m0.id AND {seat_col} = %s)"
    return (
        f"SELECT m0.id, {last}, {last}, {_ACTION.columns} FROM {quote(Match._meta.db_table)} m0 "
        f"LEFT JOIN {_ACTION.name} ON {_ACTION.column('match')} = m0.id "
        f"AND {_ACTION.column('status')} = {_QUEUED} "
        f"WHERE {where} ORDER BY {_ACTION.column('id')}"
    )


@cache
def facts_sql() -> str:
    """What an action POST checks, in one statement (the parameters: the decision the action
    answers, or None, then the user twice and the match). ``answered``: the seat has an action
    bound to that decision of the current game waiting for a worker already."""
    match, event = _MATCH, _EVENT
    game = quote(Game._meta.db_table)
    action = quote(GameAction._meta.db_table)
    g_match, g_number = (column_of(Game._meta.get_field(f)) for f in ("match", "number"))
    a_match, a_seat, a_seq, a_status, a_game, a_decision = (
        column_of(GameAction._meta.get_field(f))
        for f in ("match", "seat", "seq", "status", "game_number", "decision")
    )
    seat = f"CASE WHEN {_REG_A.column('player')} = %s THEN 0 WHEN {_REG_B.column('player')} = %s THEN 1 END"
    return (
        f"SELECT x.seat, x.online, x.game IS NOT NULL AS started, x.status, "
        f"(SELECT MAX({a_seq}) FROM {action} WHERE {a_match} = x.id AND {a_seat} = x.seat) AS last_seq, "
        f"x.game, x.game_key, "
        f"EXISTS (SELECT 1 FROM {action} WHERE {a_match} = x.id AND {a_status} = {_QUEUED} "
        f"AND {a_seat} = x.seat AND {a_game} = x.game AND {a_decision} = %s) AS answered, "
        "CASE x.seat WHEN 0 THEN x.present_a WHEN 1 THEN x.present_b END IS NOT NULL AS present "
        f"FROM (SELECT {match.column('id')} AS id, {seat} AS seat, "
        f"{match.column('present_a_at')} AS present_a, {match.column('present_b_at')} AS present_b, "
        f"{event.column('online')} AND {match.column('player_b')} IS NOT NULL AS online, "
        f"(SELECT MAX({g_number}) FROM {game} WHERE {g_match} = {match.column('id')}) AS game, "
        f"{match.column('status')} AS status, {event.column('game')} AS game_key "
        f"{_match_joins()} WHERE {match.column('id')} = %s) x"
    )


def match_for_play(match_id: int, *, lock: bool = False) -> Match:
    """Return the match with its round, event, both registrations (decks deferred) and their
    users (names only); ``lock``: ``SELECT ... FOR UPDATE`` of the match row.

    Raises Match.DoesNotExist for an unknown id, as ``.get()`` does."""
    return fetch(match_for_play_read(match_id, lock=lock))


def match_for_play_read(match_id: int, *, lock: bool = False) -> Read[Match]:
    """:func:`match_for_play` as a :class:`~tournaments.plainsql.Read` (its build raises
    Match.DoesNotExist for an unknown id)."""
    lock = lock and connection.features.has_select_for_update_of

    def only(matches: list[Match]) -> Match:
        if not matches:
            raise Match.DoesNotExist(f"no match {match_id}")
        return matches[0]

    sql = _match_for_play_sql(f"{_MATCH.column('id')} = %s", lock)
    return selecting(_PLAY, sql, [match_id], lambda rows: only(_linked(rows)))


def matches_with_queued_actions(limit: int, *, leave: Collection[int] = ()) -> list[Match]:
    """Lock and return (as :func:`match_for_play`) up to ``limit`` matches with actions waiting
    for a worker, skipping the matches another worker holds (``FOR UPDATE SKIP LOCKED`` on
    PostgreSQL; SQLite, with no row locks, runs one worker at a time) and those in ``leave``."""
    left, values = any_of(_MATCH.column("id"), list(leave)) if leave else ("", [])
    return fetch(selecting(_PLAY, _waiting_sql(left), [*values, limit], _linked))


@cache
def _waiting_sql(leave: str) -> str:
    """:func:`matches_with_queued_actions`' statement; ``leave``: the condition on matches
    to leave out, or empty."""
    action = quote(GameAction._meta.db_table)
    match_col, status_col = (column_of(GameAction._meta.get_field(f)) for f in ("match", "status"))
    where = f"{_MATCH.column('id')} IN (SELECT {match_col} FROM {action} WHERE {status_col} = {_QUEUED})"
    if leave:
        where = f"{where} AND NOT {leave}"
    sql = f"{_match_for_play_sql(where, False)} ORDER BY {_MATCH.column('id')} LIMIT %s"
    if connection.features.has_select_for_update_skip_locked and connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF m SKIP LOCKED"
    return sql


def actions_waiting(*, leave: Collection[int] = (), before: datetime | None = None) -> bool:
    """Whether any action waits for a worker (the matches in ``leave`` aside; submitted
    ``before`` a time, if given), whoever holds its match."""
    column = column_of(GameAction._meta.get_field("match"))
    left, values = any_of(column, list(leave)) if leave else ("", [])
    since = [] if before is None else [before]
    with cursor() as cursor_:
        cursor_.execute(_actions_waiting_sql(left, before is not None), [*since, *values])
        return bool(cursor_.fetchone()[0])


@cache
def _actions_waiting_sql(leave: str, timed: bool) -> str:
    action = quote(GameAction._meta.db_table)
    where = f"{column_of(GameAction._meta.get_field('status'))} = {_QUEUED}"
    if timed:
        where = f"{where} AND {column_of(GameAction._meta.get_field('created_at'))} < %s"
    if leave:
        where = f"{where} AND NOT {leave}"
    return f"SELECT EXISTS (SELECT 1 FROM {action} WHERE {where})"


def _linked(rows: list[list[Any]]) -> list[Match]:
    """The matches of :data:`_PLAY` rows, each with its round, event, registrations and users
    attached (as ``select_related`` leaves them)."""
    matches = []
    for match, round_, event, reg_a, reg_b, user_a, user_b in rows:
        remember(round_, "event", event)
        remember(match, "round", round_)
        remember(reg_a, "player", user_a)
        remember(match, "player_a", reg_a)
        if reg_b is not None:
            remember(reg_b, "player", user_b)
        remember(match, "player_b", reg_b)
        matches.append(match)
    return matches


def match_games(match: Match, *, snapshots: bool = True) -> list[Game]:
    """Return the match's games in order (the last one is the current game)."""
    return games_of([match], snapshots=snapshots)[match.pk]


def games_of(matches: list[Match], *, snapshots: bool = True) -> dict[int, list[Game]]:
    """Return each match's games in order, by match id (one statement). Their decks and card sets
    are left deferred (loaded if asked for), and so are their snapshots unless ``snapshots``."""
    if not matches:
        return {}
    return fetch(games_read(matches, snapshots=snapshots))


def games_read(matches: list[Match], *, snapshots: bool = True) -> Read[dict[int, list[Game]]]:
    """:func:`games_of` (of at least one match) as a :class:`~tournaments.plainsql.Read`."""
    by_id = {match.pk: match for match in matches}
    table = _GAME if snapshots else _GAME_TO_PLAY
    where, params = any_of(table.column("match"), list(by_id))

    def by_match(rows: list[list[Any]]) -> dict[int, list[Game]]:
        games: dict[int, list[Game]] = {match_id: [] for match_id in by_id}
        for (game,) in rows:
            remember(game, "match", by_id[game.match_id])
            games[game.match_id].append(game)
        return games

    return selecting([table], _games_sql(where), params, by_match)


def next_seq_read(match_id: int, seat: int) -> Read[int]:
    """The seat's next action number (its submissions so far + 1), as a
    :class:`~tournaments.plainsql.Read`."""
    return Read(_last_seq_sql(), [match_id, seat], lambda rows: (rows[0][0] or 0) + 1)


@cache
def _last_seq_sql() -> str:
    match_col, seat_col, seq_col = (
        column_of(GameAction._meta.get_field(f)) for f in ("match", "seat", "seq")
    )
    table = quote(GameAction._meta.db_table)
    return f"SELECT MAX({seq_col}) FROM {table} WHERE {match_col} = %s AND {seat_col} = %s"


def queued_actions(match: Match) -> tuple[list[GameAction], list[int]]:
    """Return the match's actions waiting for a worker (in the order they came) and both seats'
    next action numbers (their submissions so far + 1), in one statement."""
    return queued_of([match])[match.pk]


def queued_of(matches: list[Match]) -> dict[int, tuple[list[GameAction], list[int]]]:
    """:func:`queued_actions` of many matches, by match id, in one statement."""
    by_id = {match.pk: match for match in matches}
    out: dict[int, tuple[list[GameAction], list[int]]] = {}
    if not matches:
        return out
    where, params = any_of("m0.id", list(by_id))
    with cursor() as cursor_:
        cursor_.execute(_queued_sql(where), [0, 1, *params])
        rows = cursor_.fetchall()
    for match_id, last_a, last_b, *columns in rows:
        queued, _seqs = out.setdefault(match_id, ([], [(last_a or 0) + 1, (last_b or 0) + 1]))
        row = _ACTION.build(columns)
        if row is not None:
            remember(row, "match", by_id[match_id])
            queued.append(row)
    return out


@dataclass(frozen=True)
class ActionFacts:
    """What the action POST checks, read in one statement (:func:`action_facts`)."""

    seat: int | None  # the caller's seat, None for anyone else
    online: bool  # an online event's match with two players
    started: bool  # its first game exists
    final: bool
    next_seq: int  # the caller's next action number (1 when not seated)
    game: str  # the event's game (engine.registry key)
    game_number: int | None  # the current game
    answered: bool  # an action of the seat bound to the decision asked about waits already
    present: bool = False  # the seat has read or acted in its game already (O1.1)


def action_facts(match_id: int, user_id: Any, *, decision: int | None = None) -> ActionFacts | None:
    """Return what an action POST by ``user_id`` answering ``decision`` (or None) needs to know
    of the match, or None for an unknown match."""
    sql = facts_sql()
    with cursor() as cursor_:
        cursor_.execute(sql, [decision, user_id, user_id, match_id])
        row = cursor_.fetchone()
    if row is None:
        return None
    seat, online, started, status, last, game_number, game, answered, present = row
    return ActionFacts(
        seat=seat,
        online=bool(online),
        started=bool(started),
        final=status == Match.Status.FINAL,
        next_seq=(last or 0) + 1,
        game=game,
        game_number=game_number,
        answered=bool(answered),
        present=bool(present),
    )

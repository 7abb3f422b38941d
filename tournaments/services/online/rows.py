"""The writes of the online hot path, one plain statement each (:mod:`tournaments.plainsql`):
a seat's action recorded with the facts that allow it (:func:`action_insert`), and a seat
marked present (:func:`presence_mark`). The fast lane (``tournaments/api/lane.py``) runs them on
its own connections; each is a :class:`~tournaments.plainsql.Read` of what the statement
returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from tournaments import plainsql
from tournaments.models import GameAction, Match
from tournaments.plainsql import Read, column_of, quote
from tournaments.selectors.online_rows import facts_sql


@cache
def _submit_sql(by_token: bool = False) -> str:
    """The facts (:func:`~tournaments.selectors.online_rows.facts_sql`) and the INSERT of the
    action when they allow it, in one statement
    (the parameters: the facts', then the action's columns but the seat and game, which the facts
    give, then the status that is over, the seq the caller sends and the games whose players may
    send an action of its type; ``by_token``: then the token's key, its user and the time tokens
    must be younger than — the token checked in the same statement, so a revoked or expired one
    records nothing; then the time the seat is marked present at, twice, and the match). The
    action recorded marks its seat present (O1.1) in the same statement, once: an UPDATE of the
    match only while the seat is not present yet."""
    fields = [f for f in GameAction._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(column_of(f) for f in fields)
    from_facts = {"seat": "f.seat", "game_number": "f.game"}
    present_a, present_b = (column_of(Match._meta.get_field(f)) for f in ("present_a_at", "present_b_at"))
    match_id = f"{quote(Match._meta.db_table)}.{column_of(Match._meta.pk)}"
    values = ", ".join(from_facts.get(f.name, "%s") for f in fields)
    return (
        f"WITH f AS ({facts_sql()}), "
        f"ins AS (INSERT INTO {quote(GameAction._meta.db_table)} ({columns}) SELECT {values} FROM f "
        "WHERE f.seat IS NOT NULL AND f.online AND f.started AND f.status <> %s "
        "AND COALESCE(f.last_seq, 0) + 1 = %s AND NOT f.answered AND f.game_key = ANY(%s) "
        f"{_token_good_sql() if by_token else ''}"
        "ON CONFLICT DO NOTHING RETURNING 1), "
        f"here AS (UPDATE {quote(Match._meta.db_table)} SET {present_a} = COALESCE({present_a}, "
        f"CASE WHEN f.seat = 0 THEN %s::timestamptz END), {present_b} = COALESCE({present_b}, "
        f"CASE WHEN f.seat = 1 THEN %s::timestamptz END) FROM f WHERE {match_id} = %s "
        "AND NOT f.present AND EXISTS (SELECT 1 FROM ins) RETURNING 1) "
        "SELECT f.seat, f.online, f.started, f.status, f.last_seq, EXISTS (SELECT 1 FROM ins), "
        "EXISTS (SELECT 1 FROM here) FROM f"
    )


def action_insert(
    match_id: int,
    user_id: int,
    seq: int,
    action: dict[str, Any],
    *,
    decision: int | None,
    games: Sequence[str],
    token: tuple[str, datetime] | None = None,
) -> Read[bool]:
    """The statement that records a seat's action in one round trip, as a
    :class:`~tournaments.plainsql.Read` of whether it did: it reads the facts (``action_facts``) and
    inserts the action (queued, bound to ``decision`` of the current game) only when they allow
    it — the caller seated, the match online, started and not over, ``seq`` the seat's next
    number, no action of the seat bound to ``decision`` waiting already, and the event's game one
    of ``games`` (those whose players may send an action of its type: ``engine.registry.
    games_taking``); ``token``: (key, issued after) and the token with that key is ``user_id``'s,
    created after that time, its user active. (The fast lane, ``tournaments/api/lane.py``, runs
    it on its own connections; anything but an insert is left to the API view, which says what
    is wrong.)"""
    row = GameAction(match_id=match_id, seat=0, seq=seq, action=action, decision=decision)
    values = [
        plainsql.save_value(field, row, True) if value is _PER_ROW else value
        for field, value in _insert_template()
    ]
    params = [decision, user_id, user_id, match_id, *values, Match.Status.FINAL, seq, list(games)]
    if token is not None:
        params += [token[0], user_id, token[1]]
    now = timezone.now()
    params += [now, now, match_id]
    return Read(_submit_sql(token is not None), params, lambda rows: bool(rows) and bool(rows[0][5]))


@cache
def _token_good_sql() -> str:
    """The condition that the token of a key is a user's, younger than a time, the user active
    (its parameters: the key, the user's id, the time)."""
    from rest_framework.authtoken.models import Token

    user, token = get_user_model()._meta, Token._meta
    t_user = column_of(token.get_field("user"))
    return (
        f"AND EXISTS (SELECT 1 FROM {quote(token.db_table)} t JOIN {quote(user.db_table)} u "
        f"ON u.{column_of(user.pk)} = t.{t_user} WHERE t.{column_of(token.pk)} = %s "
        f"AND t.{t_user} = %s AND u.{column_of(user.get_field('is_active'))} "
        f"AND t.{column_of(token.get_field('created'))} > %s) "
    )


_PER_ROW = object()
_SET_PER_ROW = ("match", "seq", "action", "decision")  # what action_insert's caller gives


@cache
def _insert_template() -> list[tuple[Any, Any]]:
    """The INSERT's fields but the seat and game, each with its value when it is the same for every row
    (the model's defaults, prepared once) or :data:`_PER_ROW` (the caller's, and a time the
    field sets itself, ``auto_now_add``)."""
    default = GameAction()
    out = []
    for field in GameAction._meta.concrete_fields:
        if field.primary_key or field.name in ("seat", "game_number"):  # the facts give them
            continue
        per_row = field.name in _SET_PER_ROW or getattr(field, "auto_now_add", False)
        out.append(
            (
                field,
                _PER_ROW if per_row else field.get_db_prep_save(field.pre_save(default, True), connection),
            )
        )
    return out


def presence_mark(match_id: int, seat: int, now: datetime, refresh: timedelta) -> Read[bool]:
    """Mark the seat present in the match (O1.1) unless it is, and write its last sign of life
    unless it is fresher than ``refresh``: one guarded UPDATE, as a
    :class:`~tournaments.plainsql.Read` of whether it wrote anything (the fast lane's stream)."""
    return Read(_presence_sql(seat), [now, now, match_id, now - refresh], lambda rows: bool(rows))


@cache
def _presence_sql(seat: int) -> str:
    column = column_of(Match._meta.get_field(("present_a_at", "present_b_at")[seat]))
    seen = column_of(Match._meta.get_field(("seen_a_at", "seen_b_at")[seat]))
    return (
        f"UPDATE {quote(Match._meta.db_table)} SET {column} = COALESCE({column}, %s), {seen} = %s "
        f"WHERE {column_of(Match._meta.pk)} = %s AND ({column} IS NULL OR {seen} IS NULL OR {seen} <= %s) "
        "RETURNING 1"
    )

"""Model rows read and written in plain SQL, for the online hot path (issue: online matches).

Every action a player sends costs one request and one worker task, and profiles of both
(``bench/bench_online.py``) put the ORM's query building — not the database, not the
rules engine — first: a ``select_related`` over four tables or a ``save(update_fields=...)``
costs several times the statement it sends. Here the statements are written once, and the
rows still come back as model instances: each field's own database converters (so SQLite's
text dates and JSON work as PostgreSQL's do) and ``Model.from_db``, as the ORM does; writes
go through each field's ``pre_save`` and ``get_db_prep_save`` (``auto_now``, JSON adaptation).

JSON columns (the engine's log, the seats' views) are the bulk of what the hot path reads and
writes: here they are decoded and encoded with orjson, several times faster than the standard
library, into the same values (``JSONField`` with no custom encoder or decoder only), and
written with server-side binding, so a large document travels as a parameter instead of being
quoted into the statement's text.

Only the few statements of that path use it; everything else stays on the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from types import SimpleNamespace
from typing import Any, Generic, TypeVar

import orjson
import psycopg
from django.db import connection
from django.db.models import Field, JSONField, Model
from django.db.models.fields.mixins import FieldCacheMixin
from django.utils import timezone
from psycopg.types.json import Jsonb

T = TypeVar("T")


def quote(name: str) -> str:
    return connection.ops.quote_name(name)


def column_of(field: object) -> str:
    """The quoted column of a concrete field (as ``Model._meta.get_field`` returns it).

    Raises TypeError for a field with no column (the reverse side of a relation).
    """
    name = getattr(field, "column", None)
    if not isinstance(name, str):
        raise TypeError(f"{field!r} has no column")
    return quote(name)


class Table:
    """A model's columns under an alias in a plain SELECT; ``skip``: fields left deferred
    (read by the ORM on first access, as with ``.defer()``)."""

    def __init__(self, model: type[Model], alias: str, *, skip: Sequence[str] = ()) -> None:
        self.model = model
        self.alias = alias
        self.fields: list[Field[Any, Any]] = [f for f in model._meta.concrete_fields if f.name not in skip]
        self.names = [f.attname for f in self.fields]

    @cached_property
    def name(self) -> str:
        """``"table" alias``, for a FROM or JOIN clause."""
        return f"{quote(self.model._meta.db_table)} {self.alias}"

    @cached_property
    def columns(self) -> str:
        """The columns, in the order :meth:`build` reads them."""
        return ", ".join(f"{self.alias}.{column_of(f)}" for f in self.fields)

    def column(self, field: str) -> str:
        return f"{self.alias}.{column_of(self.model._meta.get_field(field))}"

    @cached_property
    def _converters(self) -> list[tuple[Any, list[Callable[..., Any]]]]:
        out = []
        for f in self.fields:
            column = f.get_col(self.alias)  # what the ORM hands its converters
            own = [_json_from_db] if _plain_json(f) else f.get_db_converters(connection)
            out.append((column, connection.ops.get_db_converters(column) + own))
        return out

    def build(self, values: Sequence[Any]) -> Any:
        """Return the model instance of this table's slice of a row (None when its primary key
        is NULL: the missing side of a LEFT JOIN)."""
        converted = []
        for (column, converters), value in zip(self._converters, values, strict=True):
            for convert in converters:
                value = convert(value, column, connection)
            converted.append(value)
        if converted[self.names.index(self.model._meta.pk.attname)] is None:
            return None
        return self.model.from_db(connection.alias, self.names, converted)


@contextmanager
def cursor() -> Iterator[Any]:
    """A cursor for the hot path's reads. On PostgreSQL each statement is prepared on the
    connection (server-side binding, ``prepare=True``): planned once per connection and then
    run from PostgreSQL's plan cache. Django's own cursors bind on the client and send the
    statement whole each time, and the planning of the worker's seven-table match read cost
    ten times its execution (pg_stat_statements in ``bench/bench_online.py``). Django's
    wrappers stay around it: errors, execute wrappers and the query log work as usual."""
    if connection.vendor != "postgresql":
        with connection.cursor() as plain:
            yield plain
        return
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    raw = _PreparingCursor(connection.connection)
    wrap = connection.make_debug_cursor if connection.queries_logged else connection.make_cursor
    # django-stubs type the argument as Django's own CursorWrapper; Django wraps a DB-API cursor.
    with wrap(raw) as wrapped:  # type: ignore[arg-type]
        yield wrapped


def any_of(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    """``column`` is one of ``values``: one array parameter on PostgreSQL (one statement text,
    so one prepared statement, whatever the count), ``IN (%s, ...)`` elsewhere."""
    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s)", [list(values)]
    return f"{column} IN ({', '.join(['%s'] * len(values))})", list(values)


class _PreparingCursor(psycopg.Cursor):
    """psycopg's server-side binding cursor, preparing every statement it runs (Django turns
    psycopg's automatic preparing off: ``prepare_threshold`` None, for connection poolers)."""

    def execute(self, query: Any, params: Any = None, *, prepare: Any = None, binary: Any = None) -> Any:
        result = super().execute(query, params, prepare=True, binary=binary)
        if self._query is None:  # psycopg keeps no text of a prepared run: Django's query log reads it
            self._query = SimpleNamespace(query=str(query).encode())  # type: ignore[assignment]
        return result


def _plain_json(field: Field[Any, Any]) -> bool:
    """A JSON column orjson reads and writes exactly as the field would (no custom encoder or
    decoder: the standard library's, which orjson matches value for value)."""
    return isinstance(field, JSONField) and field.encoder is None and field.decoder is None


def _json_from_db(value: Any, expression: Any, connection_: Any) -> Any:
    """``JSONField.from_db_value`` with orjson (text that is not JSON comes back as it is)."""
    if not isinstance(value, str | bytes):
        return value
    try:
        return orjson.loads(value)
    except orjson.JSONDecodeError:
        return value


def _json_dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)  # int keys become text, as json does


def save_value(field: Field[Any, Any], instance: Model, add: bool) -> Any:
    """What the field's ``get_db_prep_save`` would send for ``instance`` (JSON through orjson on
    PostgreSQL, whose jsonb keeps no text; SQLite keeps the text, and the ORM's lookups compare
    it with the standard library's, so there it is the standard library's)."""
    value = field.pre_save(instance, add)
    if value is None or not _plain_json(field) or connection.vendor != "postgresql":
        return field.get_db_prep_save(value, connection)
    return Jsonb(value, dumps=_json_dumps)


@dataclass(frozen=True)
class Read(Generic[T]):
    """A statement and what its rows make: run here by :func:`fetch`, or on another connection
    (the fast lane's asynchronous ones, ``tournaments/api/lane.py``) by whoever holds it."""

    sql: str
    params: Sequence[Any]
    build: Callable[[list[Any]], T]


def fetch(read: Read[T]) -> T:
    """Run ``read`` (prepared: :func:`cursor`); return what its rows make."""
    with cursor() as cursor_:
        cursor_.execute(read.sql, read.params)
        return read.build(cursor_.fetchall())


def selecting(
    tables: Sequence[Table], rest: str, params: Sequence[Any], then: Callable[[list[list[Any]]], T]
) -> Read[T]:
    """``SELECT <every table's columns> <rest>``, whose rows make, per row, one instance per
    table, handed to ``then``."""

    def build(rows: list[Any]) -> T:
        out = []
        for row in rows:
            instances, start = [], 0
            for table in tables:
                instances.append(table.build(row[start : start + len(table.fields)]))
                start += len(table.fields)
            out.append(instances)
        return then(out)

    return Read(f"SELECT {', '.join(t.columns for t in tables)} {rest}", params, build)


def remember(instance: Model, field: str, related: Model | None) -> None:
    """Attach a related row read with ``instance`` (what ``select_related`` does)."""
    relation = instance._meta.get_field(field)
    if not isinstance(relation, FieldCacheMixin):
        raise TypeError(f"{field!r} of {type(instance).__name__} is not a relation")
    relation.set_cached_value(instance, related)


def update(instance: Model, fields: Iterable[str], *, appended: dict[str, list[Any]] | None = None) -> None:
    """``instance.save(update_fields=fields)`` in one plain UPDATE (no signals: none are used).

    ``appended``: JSON list fields (among ``fields``) whose stored value the instance's only
    extends, with the items it added: on PostgreSQL only those travel, appended by ``||``
    (the column's stored list is the instance's with them, the caller's to be sure of: it
    holds the row's lock and read it in the same transaction), instead of the whole list
    written again; elsewhere the whole value is written as usual.

    Inside :func:`deferred_updates` the statement waits to be sent with the others."""
    names = tuple(fields)
    tails = appended if appended and connection.vendor == "postgresql" else {}
    sql, chosen = _update_sql(type(instance), names, tuple(n for n in names if n in tails))
    values = [
        Jsonb(tails[f.name], dumps=_json_dumps) if f.name in tails else save_value(f, instance, False)
        for f in chosen
    ]
    pending = _deferred.get()
    if pending is not None:
        pending.add(sql, [*values, instance.pk], (type(instance), instance.pk))
        return
    with cursor() as cursor_:
        cursor_.execute(sql, [*values, instance.pk])


class _Deferred:
    """The UPDATEs of :func:`update` waiting to be sent, by statement; sent before any other
    statement runs on the connection (so every read and write sees them, in order)."""

    def __init__(self) -> None:
        self.pending: dict[str, list[list[Any]]] = {}
        self.rows: set[tuple[Any, Any]] = set()
        self.sending = False

    def add(self, sql: str, params: list[Any], row: tuple[Any, Any]) -> None:
        if row in self.rows:  # the same row twice: the first write goes first
            self.send()
        self.pending.setdefault(sql, []).append(params)
        self.rows.add(row)

    def send(self) -> None:
        if not self.pending:
            return
        pending, self.pending, self.rows = self.pending, {}, set()
        self.sending = True
        try:
            with cursor() as cursor_:
                for sql, params in pending.items():
                    if len(params) == 1:
                        # One row: a plain execute costs the client about half what psycopg's
                        # pipeline mode does (entered and synced for each executemany).
                        cursor_.execute(sql, params[0])
                    else:
                        cursor_.executemany(sql, params)  # psycopg: one round trip (pipeline mode)
        finally:
            self.sending = False

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        """Django's execute_wrapper hook: whatever else runs, the waiting writes go first."""
        if not self.sending:
            self.send()
        return execute(sql, params, many, context)


_deferred: ContextVar[_Deferred | None] = ContextVar("plainsql_deferred", default=None)


@contextmanager
def deferred_updates() -> Iterator[None]:
    """Collect the :func:`update` statements of the block and send them together — one
    ``executemany`` per statement, a single round trip each with psycopg — before the next
    other statement on the connection, or when the block ends. Nothing else changes: a read
    in the block sees every earlier write, and a row written twice is written in order.
    On an exception nothing more is sent (the caller's transaction rolls back)."""
    pending = _Deferred()
    token = _deferred.set(pending)
    try:
        with connection.execute_wrapper(pending):
            yield
            pending.send()
    finally:
        _deferred.reset(token)


def insert_unless_taken(instance: Model) -> bool:
    """Insert a new row unless a unique constraint already holds its values; return whether
    it was inserted. One statement (``ON CONFLICT DO NOTHING``): no savepoint, and a
    caller's transaction is never broken by the conflict. The primary key is not read back."""
    sql, fields = _insert_sql(type(instance))
    values = [save_value(f, instance, True) for f in fields]
    with cursor() as cursor_:
        cursor_.execute(sql, values)
        return cursor_.rowcount == 1


# Values a plain column sends as they are (what its field's get_db_prep_save returns unchanged).
_NATIVE = (int, str, bool, type(None))


def insert_columns(model: type[Model], count: int, **columns: Any) -> None:
    """Insert ``count`` new rows of ``model`` in one statement, given by column: each keyword a
    field's attribute name (``player_a_id``) with a list of ``count`` values, or one value for
    every row; a field not named takes its default, an ``auto_now`` one the time of writing.
    The keys are not read back.

    On PostgreSQL a column given a value a row is one array (``unnest``), and a list of plain
    integers, texts and booleans (keys, tables, statuses) goes as it is; a column of one value
    is one parameter. Django's ``bulk_create`` builds a model instance per row and prepares each
    of its values apart (the 4,096 matches of an 8,192-player round: 180 ms of the organizer's
    start). Elsewhere, ``bulk_create`` of the same rows."""
    if count == 0:
        return
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    unknown = set(columns) - {f.attname for f in fields}
    if unknown:
        raise TypeError(f"{meta.label} has no column {sorted(unknown)[0]}")
    now = timezone.now()
    arrays: dict[Field[Any, Any], list[Any]] = {}  # a value a row
    scalars: dict[Field[Any, Any], Any] = {}  # one value for every row
    for field in fields:
        given = columns.get(field.attname, _DEFAULT)
        if isinstance(given, list):
            if len(given) != count:
                raise ValueError(f"{field.attname}: {len(given)} values for {count} rows")
            arrays[field] = given
        elif given is not _DEFAULT:
            scalars[field] = given
        elif getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            scalars[field] = now
        else:
            scalars[field] = field.get_default()
    if connection.vendor != "postgresql":
        rows = [{f.attname: value for f, value in scalars.items()} for _ in range(count)]
        for field, column in arrays.items():
            for row, value in zip(rows, column, strict=True):
                row[field.attname] = value
        model._default_manager.bulk_create([model(**row) for row in rows])
        return
    for field, column in arrays.items():
        if isinstance(field, JSONField) or not all(type(v) in _NATIVE for v in column):
            arrays[field] = [_save_plain(field, v) for v in column]
    # INSERT … SELECT u.c0, %s::integer, u.c1 … FROM unnest(%s::integer[], …) AS u(c0, c1, …):
    # a column a row as an array, a column of one value as one parameter.
    order = [f for f in fields if f in arrays or f in scalars]
    unnested = {f: f"c{i}" for i, f in enumerate(arrays)}
    picked = ", ".join(f"u.{unnested[f]}" if f in unnested else f"%s::{f.db_type(connection)}" for f in order)
    tail: list[Any]
    if arrays:
        casts = ", ".join(f"%s::{f.db_type(connection)}[]" for f in arrays)
        source, tail = f"unnest({casts}) AS u({', '.join(unnested.values())})", list(arrays.values())
    else:
        source, tail = "generate_series(1, %s)", [count]
    names = ", ".join(column_of(f) for f in order)
    sql = f"INSERT INTO {quote(meta.db_table)} ({names}) SELECT {picked} FROM {source}"
    params = [_save_plain(f, scalars[f]) for f in order if f in scalars] + tail
    # Bound on the server (plainsql.cursor): the arrays travel as parameters, not quoted into text.
    with cursor() as cursor_:
        cursor_.execute(sql, params)


_DEFAULT = object()


def _save_plain(field: Field[Any, Any], value: Any) -> Any:
    """What the field's ``get_db_prep_save`` sends for ``value`` (JSON through orjson)."""
    if value is None or not _plain_json(field):
        return field.get_db_prep_save(value, connection)
    return Jsonb(value, dumps=_json_dumps)


# The statements are written once per model (and fields) and process.
_statements: dict[tuple[Any, ...], tuple[str, list[Any]]] = {}


def _update_sql(
    model: type[Model], names: tuple[str, ...], appended: tuple[str, ...] = ()
) -> tuple[str, list[Any]]:
    key = ("update", model, names, appended)
    if key not in _statements:
        meta = model._meta
        chosen = [meta.get_field(name) for name in names]
        sets = ", ".join(
            f"{column_of(f)} = {column_of(f)} || %s" if f.name in appended else f"{column_of(f)} = %s"
            for f in chosen
        )
        sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {column_of(meta.pk)} = %s"
        _statements[key] = (sql, chosen)
    return _statements[key]


def _insert_sql(model: type[Model]) -> tuple[str, list[Any]]:
    key = ("insert", model)
    if key not in _statements:
        meta = model._meta
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        columns = ", ".join(column_of(f) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({marks}) ON CONFLICT DO NOTHING"
        _statements[key] = (sql, fields)
    return _statements[key]

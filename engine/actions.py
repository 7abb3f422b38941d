"""The shape of an action a player sends, checked before anything stores it (R10.3).

One check for every game and every way in (the site's API view and its fast lane): the
action is a JSON object whose ``type`` is one the game lets a *player* send (its rules'
``action_types``: a game's site-only actions, such as RESPONSE's ``timeout`` (R9.4), are
applied by the site alone), made of plain JSON values (objects with text keys, lists, text,
whole numbers a browser reads exactly, finite numbers, true, false, null), at most
:data:`MAX_ACTION_DEPTH` levels deep and :data:`MAX_ACTION_BYTES` long as compact JSON.

Whether the action is *legal* is the match engine's question, asked later; this only keeps
out what no engine, database column or JSON encoder along the way should ever be handed
(an action nested hundreds of levels deep, a megabyte of text, a lone surrogate, a NUL).
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, TypeGuard

MAX_ACTION_DEPTH = 8  # the action object is level 1; RESPONSE's deepest shape has 3
MAX_ACTION_BYTES = 4096  # as compact JSON in UTF-8; RESPONSE's largest is a few hundred
MAX_SAFE_INTEGER = 2**53 - 1  # a whole number JavaScript (the play page) reads exactly


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON whole number (``True`` is not one, though Python says it is
    an int): logs' seeds, seats and turn limits, ``new_match``'s options, card fields."""
    return isinstance(value, int) and not isinstance(value, bool)


ACTION_SHAPE_CODES: tuple[str, ...] = (
    "not_an_action",
    "action_type",
    "action_value",
    "action_too_deep",
    "action_too_large",
)


@dataclass(frozen=True, slots=True)
class ActionProblem:
    """Why an action is refused before it is stored: a stable ``code`` (one of
    :data:`ACTION_SHAPE_CODES`), an English ``message`` and its values (``params``), so that
    a front end can say it in another language."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)
    rule: str = "R10.3"


def action_problem(
    raw: Any,
    *,
    types: Collection[str] | None,
    max_depth: int = MAX_ACTION_DEPTH,
    max_bytes: int = MAX_ACTION_BYTES,
) -> ActionProblem | None:
    """Return what is wrong with the shape of ``raw`` as a player's action, or None.

    ``types``: the action types a player may send (a game's ``action_types``), or None to
    leave the type to the caller (who checks it some other way). Never raises, and never
    recurses: an action of any depth costs at most ``max_depth`` levels of looking.
    """
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        return ActionProblem("not_an_action", 'an action is a JSON object with a "type"')
    if types is not None and raw["type"] not in types:
        kind = raw["type"][:40]
        return ActionProblem(
            "action_type", f"a player cannot send an action of type {kind!r}", {"kind": kind}
        )
    size = 0
    level: list[Any] = [raw]
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            message = f"an action may be nested at most {max_depth} levels deep"
            return ActionProblem("action_too_deep", message, {"limit": max_depth})
        deeper: list[Any] = []
        for value in level:
            items: Collection[Any] = value.values() if isinstance(value, dict) else value
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str) or not _plain_text(key):
                        return _not_plain(key)
                    size += len(key) + 3
            for item in items:
                if isinstance(item, dict | list):
                    deeper.append(item)
                    size += 2
                elif not _plain_scalar(item):
                    return _not_plain(item)
                else:
                    size += len(item) + 2 if isinstance(item, str) else 6
            if size > max_bytes:
                return _too_large(max_bytes)
        level = deeper
    # Shallow and plain by now: its exact length is cheap to measure.
    if len(json.dumps(raw, ensure_ascii=False, separators=(",", ":")).encode()) > max_bytes:
        return _too_large(max_bytes)
    return None


def _plain_text(text: str) -> bool:
    """Text every JSON encoder and database column takes: valid UTF-8 (no lone surrogate), no
    NUL (PostgreSQL's jsonb refuses it)."""
    if "\x00" in text:
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _plain_scalar(value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and _plain_text(value)


def _not_plain(value: Any) -> ActionProblem:
    return ActionProblem(
        "action_value",
        "an action holds only plain JSON values (text, whole numbers up to 2^53, finite numbers, "
        "true, false, null, lists and objects)",
        {"value": repr(value)[:40]},
    )


def _too_large(limit: int) -> ActionProblem:
    return ActionProblem("action_too_large", f"an action is at most {limit} bytes of JSON", {"limit": limit})

"""Reading input files with one-line errors (formats.md: exit 2 names the file and the place)."""

import json
from pathlib import Path
from typing import Any

from engine.problems import InputError, Problem


def read_text(path: str | Path, *, error: type[InputError] = InputError) -> str:
    """Return a UTF-8 file's text (a BOM is dropped).

    Raises ``error`` naming the file when it cannot be read or is not UTF-8.
    """
    source = str(path)
    try:
        return Path(path).read_bytes().decode("utf-8-sig")
    except OSError as failure:
        message = f"cannot read the file: {failure.strerror or failure}"
        raise error(Problem("", message), source=source) from None
    except UnicodeDecodeError as failure:
        raise error(Problem(f"byte {failure.start}", "not UTF-8 text"), source=source) from None


# No file of formats.md nests deeper than a few levels; deeper is a mistake or an attack on
# whatever walks it next (Python's recursion limit: a RecursionError, a traceback).
MAX_JSON_DEPTH = 64


def json_depth(data: Any, limit: int) -> int:
    """Return how deeply ``data`` nests lists and objects, counting no further than ``limit + 1``."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        todo.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest


def read_json(path: str | Path, *, error: type[InputError] = InputError) -> Any:
    """Return a JSON file's decoded content.

    Raises ``error`` naming the file and the line and column of bad JSON, or saying that it
    nests deeper than :data:`MAX_JSON_DEPTH` levels.
    """
    text = read_text(path, error=error)
    too_deep = error(Problem("", f"nested deeper than {MAX_JSON_DEPTH} levels"), source=str(path))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as failure:
        where = f"line {failure.lineno} column {failure.colno}"
        raise error(Problem(where, f"not valid JSON: {failure.msg}"), source=str(path)) from None
    except RecursionError:
        raise too_deep from None
    if json_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise too_deep
    return data

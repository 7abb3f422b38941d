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


def read_json(path: str | Path, *, error: type[InputError] = InputError) -> Any:
    """Return a JSON file's decoded content.

    Raises ``error`` naming the file and the line and column of bad JSON.
    """
    text = read_text(path, error=error)
    try:
        return json.loads(text)
    except json.JSONDecodeError as failure:
        where = f"line {failure.lineno} column {failure.colno}"
        raise error(Problem(where, f"not valid JSON: {failure.msg}"), source=str(path)) from None

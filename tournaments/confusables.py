"""The Unicode TR39 skeleton of a string, from Unicode's own confusables data.

``tournaments/data/confusables.txt`` is Unicode's file of UTS #39 (Unicode Security
Mechanisms), version 13.0.0, kept verbatim with its copyright header (Unicode's terms of use
allow copying the data files). The skeleton is UTS #39 section 4's transformation: the string
in NFD, each character replaced by its prototype from the file, the result in NFD again; two
strings with the same skeleton are confusable. It is what ICU's ``SpoofChecker.getSkeleton``
computes from the same data; ICU's Python binding is a source-only package that needs ICU's
headers and a C++ compiler on every machine that installs the site (docs/ARCHITECTURE.md), and
the transformation itself is a table lookup.
"""

import unicodedata
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "confusables.txt"


@cache
def prototypes() -> dict[str, str]:
    """Return each confusable character's prototype (the file's source → target lines)."""
    table: dict[str, str] = {}
    for line in DATA.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, _kind = (field.strip() for field in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(point, 16)) for point in target.split())
    return table


def skeleton(text: str) -> str:
    """Return the UTS #39 skeleton of ``text``."""
    table = prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)

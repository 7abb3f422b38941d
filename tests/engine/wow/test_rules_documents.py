"""RULES.md and RULES.ru.md say the same rules under the same numbers, in the same order, so
that the Russian reads like the English."""

from __future__ import annotations

import re
from pathlib import Path

import engine.games.wow

FOLDER = Path(engine.games.wow.__file__).parent
BULLET = re.compile(r"^- \*\*(W[\d.–]+(?: [a-z_/ ]+| тотем)?)\*\*", re.MULTILINE)


def numbered(name: str) -> list[str]:
    text = (FOLDER / name).read_text(encoding="utf-8")
    return [n.replace("тотем", "totem") for n in BULLET.findall(text)]


def test_the_russian_rules_have_the_english_numbered_sections_in_the_same_order():
    english, russian = numbered("RULES.md"), numbered("RULES.ru.md")
    assert len(english) > 60
    assert russian == english


def test_the_russian_rules_have_no_section_apart_from_the_numbered_ones():
    headings = re.findall(r"^## (.+)$", (FOLDER / "RULES.ru.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert all(re.match(r"W\d", heading) for heading in headings), headings

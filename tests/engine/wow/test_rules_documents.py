"""RULES.md and RULES.ru.md say the same rules under the same numbers, in the same order, so
that the Russian reads like the English."""

from __future__ import annotations

import re
from pathlib import Path

import engine.games.wow

FOLDER = Path(engine.games.wow.__file__).parent
BULLET = re.compile(r"^- \*\*(W[\d.–W]+(?: [a-z_/ ]+| тотем)?)\*\*", re.MULTILINE)


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


def rule_numbers(text: str) -> set[str]:
    """Return every rule number of the numbered sections (``W1.1–W1.3`` gives three)."""
    found: set[str] = set()
    for label in BULLET.findall(text):
        span = re.fullmatch(r"W(\d+)\.(\d+)(?:–W(\d+)\.(\d+))?", label)
        if span is None:
            continue  # W18's words: tested by their word (test_w18_…)
        section, first, _, last = span.groups()
        found |= {f"w{section}_{n}" for n in range(int(first), int(last or first) + 1)}
    return found


def test_every_numbered_rule_has_a_test_named_by_its_number():
    tests = FOLDER.parents[2] / "tests" / "engine"
    names = " ".join(
        " ".join(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
        for path in [*tests.glob("wow/test_*.py"), *tests.glob("games/test_wow*.py")]
    )
    named = set(re.findall(r"(w\d+_\d+)_", names))
    rules = rule_numbers((FOLDER / "RULES.md").read_text(encoding="utf-8"))
    assert len(rules) > 60 and "w11_9" in rules and "w12_3" in rules
    assert rules - named == set()

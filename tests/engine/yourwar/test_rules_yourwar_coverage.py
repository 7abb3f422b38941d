"""Every rule of Your War's RULES.md (each section, each numbered rule) has a test named by its
number among the rules tests built from positions (test_rules_yourwar_*.py)."""

from __future__ import annotations

import re
from pathlib import Path

RULES_MD = Path(__file__).resolve().parents[3] / "engine" / "games" / "yourwar" / "RULES.md"


def test_every_section_and_numbered_rule_of_rules_md_has_a_test_named_by_its_number() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    numbers = set(re.findall(r"^## (Y\d+)\b", text, re.M)) | set(re.findall(r"^- (Y\d+\.\d+)\b", text, re.M))
    assert len(numbers) > 40
    tests = "".join(
        path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_rules_*.py")
    )
    named = set(re.findall(r"^def test_(y\d+)_", tests, re.M))
    named |= set(re.findall(r"^def test_(y\d+_\d+)_", tests, re.M))
    missing = sorted(n for n in numbers if n.lower().replace(".", "_") not in named)
    assert missing == []

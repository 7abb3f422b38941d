"""The site cites its own rules of online play (docs/online-rules.md, O…) and a game's rules by
the game's own numbers: no module, template or script of the site quotes a RESPONSE rule
(R9.4 …) but RESPONSE's own code, or a line that names RESPONSE beside the number."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = [ROOT / "tournaments", ROOT / "templates"]
SUFFIXES = {".py", ".html", ".js", ".txt"}
# RESPONSE's own code in the site: its board module draws its tactical field.
RESPONSE_ONLY = {
    ROOT / "tournaments" / "static" / "respons" / "boards" / name for name in ("respons.js", "respons.css")
}
RESPONSE_RULE = re.compile(r"\bR\d+\.\d+")


def cited(path: Path, root: Path = ROOT) -> list[str]:
    """Return the lines of ``path`` that cite a RESPONSE rule without naming RESPONSE."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for number, line in enumerate(lines, 1)
        if RESPONSE_RULE.search(line) and "RESPONSE" not in line
    ]


def site_files() -> list[Path]:
    return sorted(
        path
        for root in SITE
        for path in root.rglob("*")
        if path.suffix in SUFFIXES and "migrations" not in path.parts and path not in RESPONSE_ONLY
    )


def test_no_site_file_cites_a_response_rule_outside_responses_own_code():
    found = [line for path in site_files() for line in cited(path)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_citation(tmp_path):
    (tmp_path / "x.py").write_text(
        "refuse(row, 'R9.5', why)\nok = 'O3.3'\n# RESPONSE R2.7\n", encoding="utf-8"
    )
    assert cited(tmp_path / "x.py", root=tmp_path) == ["x.py:1: refuse(row, 'R9.5', why)"]
    assert len(site_files()) > 100  # it reads the site's sources, not an empty folder

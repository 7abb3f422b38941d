"""The site reaches a game only through the registry (docs/ARCHITECTURE.md):
no module of ``tournaments/`` or ``respons_site/`` imports a game's package, and none names a
game by its key but the one setting, ``DEFAULT_GAME``."""

import ast
from pathlib import Path

from engine.registry import game_keys

ROOT = Path(__file__).resolve().parents[2]
SITE = [ROOT / "tournaments", ROOT / "respons_site"]
# Where a game's key may still be written, and why.
NAMED_HERE = {
    ROOT / "respons_site" / "settings.py": "DEFAULT_GAME, and the cache's key prefix (the project's name)",
    ROOT / "tournaments" / "services" / "demo.py": "the demo's open event plays another game on purpose",
}


def site_modules() -> list[Path]:
    return sorted(p for root in SITE for p in root.rglob("*.py") if "migrations" not in p.parts)


def test_no_site_module_imports_a_games_package() -> None:
    found = []
    for path in site_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.startswith("engine.games")]
    assert not found, found


def test_no_site_module_names_a_game_by_its_key() -> None:
    keys = set(game_keys())
    found = []
    for path in site_modules():
        if path in NAMED_HERE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in keys:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, found


def test_the_check_above_finds_a_key() -> None:
    tree = ast.parse('game = "respons"')
    assert any(isinstance(n, ast.Constant) and n.value in set(game_keys()) for n in ast.walk(tree))

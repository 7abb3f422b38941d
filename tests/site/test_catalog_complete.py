"""Every word the site can show has its Russian: the messages marked for translation in the
code, the templates and the games' own texts (engine/games/*/texts.py) are all in the Russian
catalog, and the services and the API hand out no English sentence that is not marked."""

import ast
import shutil
import subprocess
from pathlib import Path

from django.conf import settings
from django.utils.translation.template import templatize

from tests.support.catalog import PO, read_po
from tests.support.services import require_or_skip

ROOT = Path(settings.BASE_DIR)

# The keywords makemessages passes to xgettext, and the games' no-op markers ``N_`` and ``NC_``
# (their texts are in the engine, which cannot import Django; see CONTRIBUTING.md, "Add a game").
KEYWORDS = [
    "--keyword=gettext_noop",
    "--keyword=gettext_lazy",
    "--keyword=ngettext_lazy:1,2",
    "--keyword=pgettext:1c,2",
    "--keyword=npgettext:1c,2,3",
    "--keyword=pgettext_lazy:1c,2",
    "--keyword=npgettext_lazy:1c,2,3",
    "--keyword=N_",
    "--keyword=NC_:1c,2",
    "--keyword=NN_:1,2",
]


def _python_sources() -> list[Path]:
    return sorted(
        path
        for folder in ("tournaments", "respons_site", "engine")
        for path in (ROOT / folder).rglob("*.py")
        if "migrations" not in path.parts
    )


def _template_sources(into: Path) -> list[Path]:
    """Return the templates, each turned into the Python-like text xgettext reads (what
    makemessages does with them)."""
    converted = []
    for number, path in enumerate(sorted((ROOT / "templates").rglob("*.html"))):
        out = into / f"template_{number}.py"
        out.write_text(templatize(path.read_text(encoding="utf-8"), origin=str(path)), encoding="utf-8")
        converted.append(out)
    return converted


def _used_messages(tmp_path: Path) -> set[tuple[str, str]]:
    """Return (context, msgid) of every message marked for translation in the sources."""
    xgettext = shutil.which("xgettext")
    require_or_skip(xgettext is not None, "xgettext (GNU gettext) is not installed")
    assert xgettext is not None
    pot = tmp_path / "used.pot"
    files = [str(p) for p in (*_python_sources(), *_template_sources(tmp_path))]
    run = subprocess.run(
        [xgettext, "--language=Python", "--from-code=UTF-8", "-o", str(pot), *KEYWORDS, *files],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return {(e.fields.get("msgctxt", ""), e.msgid) for e in read_po(pot) if e.msgid}


def test_every_message_marked_in_the_code_and_templates_has_its_russian(tmp_path):
    used = _used_messages(tmp_path)
    assert len(used) > 1000, "the extraction should find the whole site"
    translated = {
        (e.fields.get("msgctxt", ""), e.msgid)
        for e in read_po(PO)
        if e.msgid and e.translations and all(e.translations) and "fuzzy" not in e.flags
    }
    missing = sorted(used - translated)
    assert not missing, "no Russian in locale/ru/LC_MESSAGES/django.po for:\n" + "\n".join(
        f"{msgid!r}" + (f" (context {context!r})" if context else "") for context, msgid in missing
    )


def test_the_extraction_sees_the_games_texts(tmp_path):
    used = {msgid for _context, msgid in _used_messages(tmp_path)}
    # One of RESPONSE's deck rules, declared in engine/games/respons/texts.py.
    assert "R2.1: the deck has no hero" in used


# --- English sentences the code hands out without marking them ----------------------------------

# What the site raises and answers with: the first argument is the text the reader gets.
_REFUSALS = {"BadInput", "WrongState", "NotAllowed", "IllegalDeck", "OverLimit", "DomainError", "ApiError"}


def _unmarked(node: ast.expr) -> bool:
    """True for a literal English text: a string, an f-string, or one of them formatted with ``%``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(char.isalpha() for char in node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and _unmarked(node.left)


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def unmarked_refusals(paths: list[Path], *, root: Path = ROOT) -> list[str]:
    """Return ``path:line: text`` of every domain error or API error built from a literal text."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        for scope in [tree, *functions]:
            # A text put in a variable first: ``message = "…"; raise WrongState(message)``.
            literal = {
                target.id
                for node in ast.walk(scope)
                if isinstance(node, ast.Assign) and _unmarked(node.value)
                for target in node.targets
                if isinstance(target, ast.Name)
            }
            for node in ast.walk(scope):
                if not (isinstance(node, ast.Call) and _called(node) in _REFUSALS and node.args):
                    continue
                first = node.args[0]
                if _unmarked(first) or (isinstance(first, ast.Name) and first.id in literal):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(first)[:90]}")
    return sorted(set(found))


# Modules whose messages other work is rewriting now; each entry says why it waits.
PENDING: set[str] = set()  # modules whose refusals are not translated yet: none


def test_services_and_the_api_refuse_in_the_readers_language():
    paths = [
        path
        for folder in ("tournaments/services", "tournaments/api", "tournaments/views")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in PENDING
    ]
    found = unmarked_refusals(paths)
    assert not found, "English refusals not marked for translation:\n" + "\n".join(found)


def test_the_unmarked_refusal_check_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'raise BadInput(f"username: no user named {name!r}", code="unknown_user")\n'
        'raise WrongState(_("The event is over."))\n'
        "raise WrongState(message)\n"
        "def view():\n"
        '    text = "The log is yours to download once the match is final."\n'
        '    raise ApiError(text, code="log_not_public")\n',
        encoding="utf-8",
    )
    found = unmarked_refusals([sample], root=tmp_path)
    assert found == ["sample.py:1: f'username: no user named {name!r}'", "sample.py:6: text"]

"""The suite's own hygiene, read from its source (point 9).

- A test module imports its helpers from tests/support/, never from a conftest or another test
  module (a conftest imported by name is a second copy of it, with its own classes and fixtures).
- A conftest holds fixtures and pytest hooks only.
- No assert that cannot fail: none whose condition is ``x if c else True`` (it passes whenever
  ``c`` is false), a constant, or an ``or`` with a true constant.
- Every test checks something: an ``assert``, a ``raise``, ``pytest.raises``/``fail``/``warns``,
  a call of a helper that checks (an ``assert_…``/``expect…`` name, or a function of the suite
  that itself checks, followed by name), or the marker ``checked_by("…")`` naming where the
  check is when the call cannot be followed (a helper picked from a table, a library's
  validator).
"""

import ast
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
CHECKING_CALLS = {"raises", "fail", "warns", "wait_until"}


def sources() -> Iterator[tuple[str, ast.Module]]:
    """Yield (path relative to the repository, syntax tree) of every Python file of the suite."""
    for path in sorted(TESTS.rglob("*.py")):
        yield str(path.relative_to(TESTS.parent)), ast.parse(path.read_text(encoding="utf-8"), str(path))


def is_test_module(path: str) -> bool:
    return Path(path).name.startswith("test_")


# --- imports ------------------------------------------------------------------------------------


def forbidden_imports(tree: ast.Module) -> list[str]:
    """Return the modules ``tree`` imports that a test module must not: a conftest, or a test module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            last = name.rsplit(".", 1)[-1]
            if last == "conftest" or last.startswith("test_"):
                found.append(name)
                break
    return found


def not_fixtures(tree: ast.Module) -> list[str]:
    """Return the top-level definitions of a conftest that are neither fixtures nor pytest hooks."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found.append(node.name)
        elif isinstance(node, FUNCTIONS) and not node.name.startswith("pytest_"):
            if not any("fixture" in ast.unparse(decorator) for decorator in node.decorator_list):
                found.append(node.name)
    return found


# --- asserts that cannot fail ---------------------------------------------------------------------


def asserts_that_cannot_fail(tree: ast.Module) -> list[int]:
    """Return the lines of the asserts whose condition is conditional, constant or ``… or True``."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        test = node.test
        if isinstance(test, ast.IfExp | ast.Constant):
            lines.append(node.lineno)
        elif isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
            if any(isinstance(value, ast.Constant) and value.value for value in test.values):
                lines.append(node.lineno)
    return lines


# --- tests without a check --------------------------------------------------------------------------


def called_names(function: ast.AST) -> Iterator[str]:
    """Yield the name of every call in ``function`` (``f(...)`` and ``x.f(...)`` both give ``f``)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                yield node.func.id
            elif isinstance(node.func, ast.Attribute):
                yield node.func.attr


def checks_directly(function: ast.AST) -> bool:
    return any(isinstance(node, ast.Assert | ast.Raise) for node in ast.walk(function))


def is_checking_call(name: str, checking: set[str]) -> bool:
    return name in checking or name in CHECKING_CALLS or name.startswith(("assert_", "expect"))


def checking_functions(trees: Iterable[ast.Module]) -> set[str]:
    """Return the names of the suite's functions that check something, directly or through a
    call of another that does (followed by name: the suite's helpers are few and named apart)."""
    functions = [node for tree in trees for node in ast.walk(tree) if isinstance(node, FUNCTIONS)]
    checking: set[str] = set()
    grew = True
    while grew:
        grew = False
        for function in functions:
            if function.name in checking:
                continue
            if checks_directly(function) or any(
                is_checking_call(n, checking) for n in called_names(function)
            ):
                checking.add(function.name)
                grew = True
    return checking


def found_tests(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Yield the test functions of a module (top level or in a ``Test…`` class), fixtures left out."""
    candidates: list[ast.stmt] = list(tree.body)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            candidates += node.body
    for node in candidates:
        if isinstance(node, FUNCTIONS) and node.name.startswith("test"):
            if not any("fixture" in ast.unparse(decorator) for decorator in node.decorator_list):
                yield node


def marked_checked_by(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any("checked_by" in ast.unparse(decorator) for decorator in function.decorator_list)


def unchecked_tests(tree: ast.Module, checking: set[str]) -> list[str]:
    """Return the names of the tests in ``tree`` that check nothing (see the module's docstring)."""
    return [
        function.name
        for function in found_tests(tree)
        if not marked_checked_by(function)
        and not checks_directly(function)
        and not any(is_checking_call(name, checking) for name in called_names(function))
    ]


# --- the suite ----------------------------------------------------------------------------------------


@cache
def suite() -> list[tuple[str, ast.Module]]:
    """Every file of the suite, parsed once, by the first test that asks (not at collection,
    which every test process does: the parse takes a second or two)."""
    return list(sources())


def test_no_test_module_imports_a_conftest_or_another_test_module():
    found = {path: names for path, tree in suite() if (names := forbidden_imports(tree))}
    assert found == {}, "import these from tests/support/ instead"


def test_a_conftest_holds_fixtures_and_hooks_only():
    found = {
        path: names
        for path, tree in suite()
        if path.endswith("conftest.py") and (names := not_fixtures(tree))
    }
    assert found == {}, "move these to tests/support/"


def test_no_assert_is_conditional_or_constant():
    found = {path: lines for path, tree in suite() if (lines := asserts_that_cannot_fail(tree))}
    assert found == {}


def test_every_test_checks_something():
    checking = checking_functions(tree for _path, tree in suite())
    found = {
        path: names
        for path, tree in suite()
        if is_test_module(path) and (names := unchecked_tests(tree, checking))
    }
    assert found == {}


def test_the_suite_is_read_whole():
    paths = [path for path, _tree in suite()]
    assert "tests/site/conftest.py" in paths and "tests/support/online.py" in paths
    assert sum(is_test_module(path) for path in paths) > 100


# --- the checks themselves, on small sources ---------------------------------------------------------


def parse(text: str) -> ast.Module:
    return ast.parse(text)


@pytest.mark.parametrize(
    "line",
    [
        "from tests.site.conftest import make_players",
        "from tests.site import conftest",
        "import tests.conftest",
        "from .conftest import PASSWORD",
        "from tests.site.test_online_play import act",
        "from tests.site import test_play_browser",
    ],
)
def test_it_finds_an_import_of_a_conftest_or_a_test_module(line):
    assert forbidden_imports(parse(line)) != []


def test_it_lets_a_test_module_import_the_support_package():
    tree = parse("from tests.support.actors import make_players\nimport tests.support.online\nimport pytest")
    assert forbidden_imports(tree) == []


def test_it_finds_a_helper_in_a_conftest():
    tree = parse(
        "import pytest\n"
        "@pytest.fixture\ndef player(): ...\n"
        "def pytest_sessionstart(session): ...\n"
        "def make_players(n): ...\n"
        "class EventDriver: ...\n"
    )
    assert not_fixtures(tree) == ["make_players", "EventDriver"]


@pytest.mark.parametrize(
    "condition",
    ["response.json() if response.status_code >= 400 else True", "True", "'always'", "x == 1 or True"],
)
def test_it_finds_an_assert_that_cannot_fail(condition):
    assert asserts_that_cannot_fail(parse(f"def test_x():\n    assert {condition}\n")) == [2]


@pytest.mark.parametrize("condition", ["x == (1 if y else 2)", "x or y", "x == 1 or False", "not x"])
def test_it_lets_a_real_assert_be(condition):
    assert asserts_that_cannot_fail(parse(f"def test_x():\n    assert {condition}\n")) == []


def test_it_finds_a_test_that_only_calls_code():
    tree = parse("def test_x():\n    run()\n")
    assert unchecked_tests(tree, checking_functions([tree])) == ["test_x"]


@pytest.mark.parametrize(
    "body",
    [
        "assert run()",
        "with pytest.raises(ValueError):\n        run()",
        "assert_refused(actor, url)",
        "expect(page).to_have_title('x')",
        "helper()",
        "driver.open()",
        "if run():\n        raise AssertionError('no')",
    ],
)
def test_it_counts_a_check_in_the_test_or_in_a_helper_that_asserts(body):
    helpers = "def helper():\n    nested()\n\ndef nested():\n    assert 1 == 1\n\n"
    helpers += "class Driver:\n    def open(self):\n        assert True is not False\n\n"
    tree = parse(f"{helpers}def test_x():\n    {body}\n")
    assert unchecked_tests(tree, checking_functions([tree])) == []


def test_it_takes_the_marker_for_a_check_it_cannot_follow():
    tree = parse("import pytest\n@pytest.mark.checked_by('CHECKS')\ndef test_x(item):\n    CHECKS[item]()\n")
    assert unchecked_tests(tree, checking_functions([tree])) == []


def test_it_leaves_fixtures_named_test_out():
    tree = parse("import pytest\n@pytest.fixture\ndef test_event():\n    return make()\n")
    assert unchecked_tests(tree, checking_functions([tree])) == []

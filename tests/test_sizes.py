"""``--quick`` (``make check``, the pure-engine rerun) reaches the randomized checks' sizes
(tests/support/sizes.py), which the test modules read when they are collected."""

import pytest

from tests.support import sizes


def test_the_randomized_checks_play_the_quick_number_of_games_under_quick_only(
    pytestconfig: pytest.Config,
) -> None:
    quick = bool(pytestconfig.getoption("quick"))
    assert sizes.QUICK is quick
    assert sizes.sized(8, quick=2) == (2 if quick else 8)

"""How many random games a randomized check plays: all of them in the whole suite (``make test``,
CI), a part under ``--quick``: in the inner loop (``make check``) and in ``make test``'s second
run of the engine's tests on the pure-Python build, after the compiled build played them all.
Hypothesis's settings profiles size its examples the same way. The same assertions run either
way; the long soaks (``bench/bench_soak.py``) play thousands more."""

QUICK = False  # set from ``--quick`` before any test module is imported (tests/conftest.py)


def sized(full: int, quick: int) -> int:
    """``full`` in the whole suite, ``quick`` under ``--quick``."""
    return quick if QUICK else full

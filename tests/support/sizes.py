"""How many random games a randomized check plays: all of them in the whole suite (``make test``,
CI), a part in the inner loop (``make check`` passes ``--quick``), as Hypothesis's profiles size
its examples. The same assertions run either way; the long soaks (``bench/bench_soak.py``) play
thousands more."""

QUICK = False  # set from ``--quick`` before any test module is imported (tests/conftest.py)


def sized(full: int, quick: int) -> int:
    """``full`` in the whole suite, ``quick`` under ``--quick``."""
    return quick if QUICK else full

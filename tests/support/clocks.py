"""Clocks the tests set and move themselves, in place of the wall clock of the code under test."""

from dataclasses import dataclass

# Midnight UTC, 2027-01-16: the start of a window of every rate period (a second, a minute, an
# hour, a day), so a test's requests all fall in one window whatever the time of the run.
WINDOW_START = 1_800_057_600.0


@dataclass
class TestClock:
    """A Unix time that stands still until :meth:`advance` moves it; call it for the time."""

    __test__ = False  # not a test class (pytest collects classes named Test*)
    now: float = WINDOW_START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

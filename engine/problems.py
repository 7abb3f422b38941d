"""What the engine reports: deck violations and input errors.

Validators *return* violations (every one, never raising on the first); loaders and
parsers *raise* :class:`InputError` subclasses carrying every problem they found, so
that a command can print a one-line message and exit 2 (formats.md).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken deck rule: a stable ``code``, the card it names (or None), a message.

    ``params`` hold the message's values (counts, names) so that a front end can say the
    same in another language; the message itself is English.
    """

    code: str
    card: str | None
    message: str
    params: Mapping[str, object] = field(default_factory=dict, compare=False, repr=False)

    def as_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "card": self.card, "message": self.message}


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in an input file: where (key path or ``line N``) and what.

    A decklist's problems also carry a stable ``code`` and the message's values (``params``)
    so that a front end can say the same in another language; the message is English.
    """

    where: str
    message: str
    code: str = field(default="", compare=False)
    params: Mapping[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class InputError(Exception):
    """Unreadable or malformed input (exit code 2). Holds every problem found."""

    def __init__(self, problems: list[Problem] | Problem, *, source: str = "", omitted: int = 0) -> None:
        self.problems = problems if isinstance(problems, list) else [problems]
        self.source = source
        self.omitted = omitted  # problems found but not listed (a bounded report)
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """The human one-line message: the file, the first problem, how many more."""
        first = str(self.problems[0]) if self.problems else "invalid input"
        more = len(self.problems) - 1 + self.omitted
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        head = f"{self.source}: " if self.source else ""
        return f"{head}{first}{tail}"


class CardSetError(InputError):
    """A card-set file that cannot be loaded: every bad field with its key path."""


class DeckParseError(InputError):
    """A decklist that cannot be read: the line number and text, or the key path."""

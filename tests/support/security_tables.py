"""docs/security.md's tables of what each role sees, game by game, read and checked against the
engine's views.

Each game has a table under "What each role sees, game by game" (a heading naming its registry
key in backquotes). A row is one piece of information: where it is in a view (paths, below),
then one claim per role, in the columns' order of :data:`ROLES`. A claim is one of:

- ``names``: every card there by name;
- ``count``: how many, and neither a name nor an id;
- ``backs``: how many, each with its id (what an action names it by), no name;
- ``count + revealed``: how many, and by name only cards revealed to the role (never more than
  are there);
- ``backs + revealed``: the same, each with its id;
- ``—``: nothing at all.

A row is read for each seat ``s`` in turn: "the seat" is ``s``'s own view, "the opponent" the
other seat's view of ``s``'s cards. A path is read from ``s``'s entry of the view (``seats[s]``),
or from the view itself when it starts with ``/`` (then ``$seat`` in it stands for ``s``, which
says whose the things there are); ``.`` goes into an object, ``[]`` through a list,
``[key=value]`` through the list's objects whose ``key`` is ``value``, or into an object only
when its ``key`` is ``value`` (``!=``: is not; a missing key is ``null``). What a path ends on is
a card name (a string), a card not named (``null``) or a count (a whole number).

Every claim is checked against the judge view of the same state (the truth: counts and names),
and every card name anywhere in a role's view must be on some row: a role reads nothing its table
does not list.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"
SECTION = "## What each role sees, game by game"
ROLES = ("the seat", "the opponent", "spectators", "judges", "after publication")
CLAIMS = ("names", "count", "backs", "count + revealed", "backs + revealed", "—")

Location = tuple[Any, ...]  # keys and indexes from the view's root


@dataclass(frozen=True)
class Row:
    """One row of a game's table: what it is, its paths, and one claim per role (ROLES)."""

    what: str
    paths: tuple[str, ...]
    claims: dict[str, str]


@dataclass
class Table:
    game: str
    rows: list[Row] = field(default_factory=list)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tables(text: str | None = None) -> dict[str, Table]:
    """Return the doc's tables by game key. Raises ValueError for a table it cannot read: a
    column or a claim it does not know, a row without paths."""
    text = DOC.read_text(encoding="utf-8") if text is None else text
    if SECTION not in text:
        raise ValueError(f"docs/security.md has no section {SECTION!r}")
    part = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    found: dict[str, Table] = {}
    current: Table | None = None
    header: list[str] = []
    for line in part.splitlines():
        heading = re.match(r"^### .*`([a-z_]+)`", line)
        if heading:
            current = found.setdefault(heading.group(1), Table(game=heading.group(1)))
            header = []
            continue
        if current is None or not line.startswith("|"):
            continue
        cells = _cells(line)
        if not header:
            header = cells
            if tuple(header[2:]) != ROLES:
                raise ValueError(f"{current.game}: the columns are {header}, not {['…', '…', *ROLES]}")
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the line under the header
        paths = tuple(re.findall(r"`([^`]+)`", cells[1]))
        if not paths:
            raise ValueError(f"{current.game}: the row {cells[0]!r} names no path")
        if any(path.startswith("/") and "$seat" not in path for path in paths):
            raise ValueError(f"{current.game}: the row {cells[0]!r} does not say whose it is ($seat)")
        claims = dict(zip(ROLES, cells[2:], strict=True))
        unknown = [claim for claim in claims.values() if claim not in CLAIMS]
        if unknown:
            raise ValueError(f"{current.game}: the row {cells[0]!r} claims {unknown}")
        current.rows.append(Row(what=cells[0], paths=paths, claims=claims))
    return found


# --- reading a view by paths -------------------------------------------------------------------


def _segments(path: str, seat: int) -> list[tuple[str, str | None]]:
    """``a.b[]`` → [("a", None), ("b", "")]; ``a[k=v]`` → [("a", "k=v")] (``$seat``: ``seat``)."""
    out = []
    for part in path.lstrip("/").replace("$seat", str(seat)).split("."):
        match = re.fullmatch(r"([A-Za-z_]+)(?:\[([^\]]*)\])?", part)
        if match is None:
            raise ValueError(f"cannot read the path {path!r}")
        out.append((match.group(1), match.group(2)))
    return out


def _keeps(item: Any, condition: str) -> bool:
    match = re.fullmatch(r"([A-Za-z_]+)(!?)=(.*)", condition)
    if match is None:
        raise ValueError(f"cannot read the condition {condition!r}")
    key, negated, wanted = match.groups()
    value = item.get(key) if isinstance(item, dict) else None
    text = value if isinstance(value, str) else json.dumps(value)
    return (text == wanted) != bool(negated)


def _walk(
    value: Any, where: Location, segments: list[tuple[str, str | None]]
) -> Iterator[tuple[Location, Any]]:
    if not segments:
        yield where, value
        return
    (key, condition), rest = segments[0], segments[1:]
    if not isinstance(value, dict) or key not in value:
        return
    inner, here = value[key], (*where, key)
    if condition is None:
        yield from _walk(inner, here, rest)
    elif isinstance(inner, list):
        for index, item in enumerate(inner):
            if not condition or _keeps(item, condition):
                yield from _walk(item, (*here, index), rest)
    elif isinstance(inner, dict) and condition and _keeps(inner, condition):
        yield from _walk(inner, here, rest)


@dataclass
class Seen:
    """What a role's view holds at a row's paths: card names, cards not named, counts, whether
    each card's object carries an id, and where the names are."""

    names: list[str] = field(default_factory=list)
    unnamed: int = 0
    counts: list[int] = field(default_factory=list)
    ids: list[bool] = field(default_factory=list)
    pairs: list[tuple[Any, str]] = field(default_factory=list)  # (id or None, name) of each name
    locations: set[Location] = field(default_factory=set)

    @property
    def anything(self) -> bool:
        return bool(self.names or self.unnamed or self.counts)

    @property
    def count(self) -> int:
        """How many cards: the count the view gives, else the cards it lists."""
        return max(self.counts) if self.counts else len(self.names) + self.unnamed


def _holder(view: Any, where: Location) -> Any:
    for key in where[:-1]:
        view = view[key]
    return view


def seen(view: dict[str, Any], row: Row, seat: int) -> Seen:
    """Return what ``view`` holds at ``row``'s paths for ``seat``'s cards."""
    out = Seen()
    for path in row.paths:
        root = path.startswith("/")
        base: Location = () if root else ("seats", seat)
        start: Any = view if root else (view.get("seats") or [{}, {}])[seat]
        for where, value in _walk(start, base, _segments(path, seat)):
            if isinstance(value, bool) or not isinstance(value, (int, str, type(None))):
                continue
            if isinstance(value, int):
                out.counts.append(value)
                continue
            holder = _holder(view, where)
            has_id = isinstance(holder, dict) and "id" in holder
            out.ids.append(has_id)
            if value is None:
                out.unnamed += 1
            else:
                out.names.append(value)
                out.pairs.append((holder["id"] if has_id else None, value))
                out.locations.add(where)
    return out


def id_names(value: Any) -> set[tuple[Any, str]]:
    """Return the (id, name) of every object in ``value`` (a view, an event) that has both: what
    a reader of it learns about which card each id is."""
    found: set[tuple[Any, str]] = set()
    if isinstance(value, dict):
        name = value.get("card", value.get("name"))
        if "id" in value and isinstance(name, str):
            found.add((value["id"], name))
        for inner in value.values():
            found |= id_names(inner)
    elif isinstance(value, list):
        for inner in value:
            found |= id_names(inner)
    return found


def name_locations(view: Any, names: frozenset[str], where: Location = ()) -> set[Location]:
    """Return where ``view`` holds a string of ``names`` (card names)."""
    found: set[Location] = set()
    if isinstance(view, dict):
        for key, value in view.items():
            found |= name_locations(value, names, (*where, key))
    elif isinstance(view, list):
        for index, value in enumerate(view):
            found |= name_locations(value, names, (*where, index))
    elif isinstance(view, str) and view in names:
        found.add(where)
    return found


# --- the claims ---------------------------------------------------------------------------------


def claim_problem(claim: str, got: Seen, truth: Seen, known: set[tuple[Any, str]]) -> str | None:
    """Return how ``got`` (a role's view) breaks ``claim``, ``truth`` being the judge view's and
    ``known`` which card each id is, as the role has been shown so far; None when it holds."""
    if claim == "—":
        return f"shows {sorted(got.names)} ({got.count} cards)" if got.anything else None
    if got.count != truth.count:
        return f"counts {got.count} cards, the judge view {truth.count}"
    if claim == "names":
        if got.unnamed or len(got.names) != got.count:
            return f"names {len(got.names)} of {got.count} cards"
        if Counter(got.names) != Counter(truth.names):
            return f"names {sorted(got.names)}, the judge view {sorted(truth.names)}"
        return None
    if claim.startswith("backs") and not all(got.ids):
        return "shows a card without its id"
    if claim in ("count", "backs"):
        if got.names:
            return f"names {sorted(got.names)}"
        if claim == "count" and any(got.ids):
            return "gives the cards' ids"
        return None
    # … + revealed: only cards that are there, and a card with an id only as it was shown before.
    extra = Counter(got.names) - Counter(truth.names)
    if extra:
        return f"names {sorted(extra.elements())}, which are not there"
    unshown = sorted(name for ident, name in got.pairs if ident is not None and (ident, name) not in known)
    return f"names {unshown}, never shown to it" if unshown else None


@dataclass(frozen=True)
class Problem:
    row: str
    role: str
    seat: int
    what: str


class Watcher:
    """Follows a game state by state (``see``) and checks every claim of a game's table on each,
    with what each seat has been shown so far (its views and the events it received: which card
    each id is). A spectator has been shown what both seats have: it is told nothing either
    player does not know, so nothing it could relay to one of them."""

    def __init__(self, table: Table, names: frozenset[str]) -> None:
        self.table = table
        self.names = names
        self.known: tuple[set[tuple[Any, str]], set[tuple[Any, str]]] = (set(), set())

    def see(self, state: Any, events: Any = ()) -> list[Problem]:
        """Return the problems of ``state``, reached by ``events`` (the setup's, then those of the
        action just applied)."""
        for event in events:
            for seat in (0, 1):
                self.known[seat].update(id_names(event.for_seat(seat)))
        problems = self.problems(state)
        for seat in (0, 1):
            self.known[seat].update(id_names(state.observation(seat)))
        return problems

    def problems(self, state: Any) -> list[Problem]:
        """Return every claim of the table that ``state``'s views break (for each seat's cards),
        and every card name a role's view holds on no row (row ``"(not listed)"``)."""
        judge = state.judge_view()
        seats = [state.observation(0), state.observation(1)]
        spectator = state.spectator_view()
        both = self.known[0] & self.known[1]
        problems: list[Problem] = []
        listed: dict[int, set[Location]] = {id(view): set() for view in (*seats, spectator, judge)}
        for row in self.table.rows:
            for seat in (0, 1):
                truth = seen(judge, row, seat)
                readers = (
                    (seats[seat], self.known[seat]),
                    (seats[1 - seat], self.known[1 - seat]),
                    (spectator, both),
                    (judge, set()),
                    (judge, set()),
                )
                for role, (view, known) in zip(ROLES, readers, strict=True):
                    got = seen(view, row, seat)
                    listed[id(view)] |= got.locations
                    problem = claim_problem(row.claims[role], got, truth, known)
                    if problem is not None:
                        problems.append(Problem(row=row.what, role=role, seat=seat, what=problem))
        readers = (
            ("the seat", seats[0]),
            ("the seat", seats[1]),
            ("spectators", spectator),
            ("judges", judge),
        )
        for role, view in readers:
            for where in sorted(name_locations(view, self.names) - listed[id(view)], key=repr):
                text = ".".join(str(part) for part in where)
                problems.append(Problem(row="(not listed)", role=role, seat=-1, what=f"{text} names a card"))
        return problems

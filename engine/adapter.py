"""The registry's :class:`engine.match.MatchEngine` over a game package's modules.

A game laid out like the others (``match/core.py`` with ``new_match``, ``match/state.py`` with
``IllegalAction`` and ``REFUSAL_CODES``, ``match/log.py``, ``match/invariants.py``,
``bots.py``, and ``match/scenario.py`` once it builds positions) gets the whole protocol from
:class:`PackagedMatchEngine`; its ``match_engine.py`` names the package and says what is its
own: sideboarding between games and the sample decks the test kit plays. The modules are
imported when first used, so loading the registry (deck validation) does not load the match
engines.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Generic, TypeVar

from engine.actions import ActionProblem, action_problem, is_int
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.match import MatchBot, MatchState
from engine.playable import playable_problems, require_playable
from engine.problems import InputError, Problem, Violation
from engine.scenario import ModuleScenario, ScenarioBuilder

M = TypeVar("M", bound=MatchState)


class PackagedMatchEngine(Generic[M]):
    """A game's match engine: ``game`` (its key), ``title`` (for messages), ``package`` (its
    Python package) and ``options`` (the ``new_match`` options it takes: ``names``, ``first``,
    ``shuffle`` and, for a game with a turn cap, ``turn_limit``)."""

    game: str
    title: str
    package: str
    options: tuple[str, ...]
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    def _module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        codes: tuple[str, ...] = self._module("match.state").REFUSAL_CODES
        return codes

    @property
    def illegal_action(self) -> type[Exception]:
        refusal: type[Exception] = self._module("match.state").IllegalAction
        return refusal

    @property
    def replay_error(self) -> type[Exception]:
        """What :meth:`replay` raises at an illegal action (``index``, ``seat``, ``error``, ``match``)."""
        from engine.matchlog import ReplayError

        return ReplayError

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> M:
        """Return a new match; ``options``: ``names`` (two strings), ``shuffle`` (false: the
        listed order), ``first`` (0, 1 or None: the seed decides), ``turn_limit`` (a whole
        number ≥ 1, where the game has a cap). Raises :class:`InputError` for a bad option or
        deck."""
        options = dict(options or {})
        common = common_options(options, self.options, decks, title=self.title)
        require_playable(catalog, decks)  # a card set for paper events may lack the engine's fields
        settings: dict[str, Any] = {"shuffle": common.shuffle, "first": common.first, "names": common.names}
        if "turn_limit" in self.options:
            turn_limit = options.get("turn_limit", self._module("match.state").TURN_LIMIT)
            if not is_int(turn_limit) or turn_limit < 1:
                raise InputError(Problem("options.turn_limit", "must be a whole number ≥ 1"))
            settings["turn_limit"] = turn_limit
        match: M = self._module("match.core").new_match(catalog, (decks[0], decks[1]), seed=seed, **settings)
        return match

    def replay(self, log: Any, catalog: Catalog[Any], *, upto: int | None = None) -> M:
        match: M = self._module("match.log").replay(log, catalog, upto=upto)
        return match

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s downloadable copy of ``log``: no seed, no hidden opponent card."""
        copy: dict[str, Any] = self._module("match.log").redacted_log(log, catalog, seat)
        return copy

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Return why ``after`` is not a legal sideboarding of ``before`` (empty when it is)."""
        raise NotImplementedError(f"{type(self).__name__} says how {self.title} sideboards")

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[M]:
        bot: MatchBot[M] = self._module("bots").make_bot(name, seed)
        return bot

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with ``raw``'s shape as one of this game's actions, or None."""
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: M) -> list[str]:
        problems: list[str] = self._module("match.invariants").check_invariants(state)
        return problems

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return legal decks of ``catalog`` for the test kit's games."""
        raise NotImplementedError(f"{type(self).__name__} says which decks {self.title} samples")

    def playable_problems(self, catalog: Catalog[Any], decks: Iterable[Decklist]) -> list[Violation]:
        """Return each card of ``decks`` that lacks a field the engine needs (engine/playable.py)."""
        return playable_problems(catalog, decks)

    @property
    def scenario(self) -> ScenarioBuilder[M] | None:
        """The builder of positions in the package's ``match/scenario.py`` (engine/scenario.py),
        None while the game has none."""
        module = f"{self.package}.match.scenario"
        return ModuleScenario(module) if importlib.util.find_spec(module) is not None else None


@dataclass(frozen=True)
class CommonOptions:
    """The ``new_match`` options every engine reads alike, checked."""

    names: tuple[str, str]
    shuffle: bool
    first: int | None


def common_options(
    options: Mapping[str, Any],
    allowed: Sequence[str],
    decks: Sequence[Decklist],
    *,
    title: str,
    first_names: tuple[str, ...] = ("first",),
    rule: str = "",
    decks_rule: str = "",
) -> CommonOptions:
    """Return the seat names, the shuffle and the first seat of ``options``, checked: no option
    but ``allowed``, two decks, two names, a boolean shuffle, a first seat 0, 1 or null under
    any of ``first_names`` (which must agree). Raises :class:`InputError` naming the option;
    ``rule`` (e.g. ``" (R10.2)"``) ends the messages about the first seat, ``decks_rule`` the
    one about the decks."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        expected = f"unknown option; expected one of {tuple(allowed)}"
        raise InputError(Problem(f"options.{unknown[0]}", expected))
    if len(decks) != 2:
        raise InputError(Problem("decks", f"a {title} match is played by two decks{decks_rule}"))
    names = options.get("names", ("A", "B"))
    if not (isinstance(names, list | tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise InputError(Problem("options.names", "must be two names"))
    shuffle = options.get("shuffle", True)
    if not isinstance(shuffle, bool):
        raise InputError(Problem("options.shuffle", "must be true or false"))
    given = [name for name in first_names if name in options]
    if len({repr(options[name]) for name in given}) > 1:
        raise InputError(Problem(f"options.{given[0]}", f"differs from options.{given[1]}{rule}"))
    # Checked under the name the caller used (a compiled engine would refuse a bad type with a
    # bare TypeError).
    where = given[0] if given else first_names[0]
    first = options.get(where)
    if first is not None and (not is_int(first) or first not in (0, 1)):
        raise InputError(Problem(f"options.{where}", f"must be 0, 1 or null{rule}"))
    return CommonOptions(names=(names[0], names[1]), shuffle=shuffle, first=first)


def zone_counts(deck: Decklist, zone: str) -> dict[str, int]:
    """Return ``deck``'s {name: copies} in ``zone`` ({} when the zone is missing or one card)."""
    counts = deck.zones.get(zone)
    return {name: int(count) for name, count in counts.items()} if isinstance(counts, dict) else {}

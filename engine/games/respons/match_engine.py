"""RESPONSE's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

A thin adapter over :mod:`engine.games.respons.match` (``Match``, ``new_match``, ``replay``)
and :mod:`engine.games.respons.bots`, whose names stay as they are for the callers that
import them directly. The match modules are imported when first used, so that importing
the ruleset (``engine.games.respons``) does not load the whole engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import ActionProblem, action_problem
from engine.adapter import common_options
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.match import MatchBot, MatchEngine
from engine.play import IllegalAction
from engine.playable import playable_problems
from engine.problems import Violation
from engine.scenario import ModuleScenario, ScenarioBuilder

if TYPE_CHECKING:
    from engine.games.respons.match.core import Match

# new_match's options (R10.2): seat names, the seat that starts (``first``, common to every
# engine; ``first_initiative`` is RESPONSE's own word for it), listed order instead of a shuffle.
OPTIONS: tuple[str, ...] = ("names", "first", "shuffle", "first_initiative")


class ResponsMatchEngine:
    """The RESPONSE match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "respons"
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        """Every code of the :class:`~engine.play.IllegalAction` RESPONSE raises."""
        from engine.games.respons.match.decisions import REFUSAL_CODES

        return REFUSAL_CODES

    @property
    def illegal_action(self) -> type[Exception]:
        """:class:`~engine.play.IllegalAction` (rule, message, code, params)."""
        return IllegalAction

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (R5.1–R5.2); ``options``: ``names`` (two strings), ``shuffle``
        (true, or false for the listed order), ``first`` or ``first_initiative`` (the same:
        the seat with the first initiative, 0, 1 or None for the seed's draw; R10.2).

        Raises :class:`InputError` for an unknown or bad option, ``first`` and
        ``first_initiative`` that differ, a count of decks other than two, or a deck the match
        cannot be set up with.
        """
        from engine.games.respons.match.core import new_match

        # R3.1: two decks; R10.2: the first initiative, checked before the compiled new_match
        # (which takes an int or None, else a bare TypeError).
        common = common_options(
            options or {},
            OPTIONS,
            decks,
            title="RESPONSE",
            first_names=("first", "first_initiative"),
            rule=" (R10.2)",
        )
        return new_match(
            catalog,
            (decks[0], decks[1]),
            seed=seed,
            shuffle=common.shuffle,
            first_initiative=common.first,
            names=common.names,
        )

    def replay(self, log: Any, catalog: Catalog[Any], *, upto: int | None = None) -> Match:
        """Return the match rebuilt from ``log``; raises ``InputError`` or ``ReplayError``."""
        from engine.games.respons.match.log import replay

        return replay(log, catalog, upto=upto)

    @property
    def replay_error(self) -> type[Exception]:
        """:class:`~engine.games.respons.match.log.ReplayError` (index, seat, error, match)."""
        from engine.games.respons.match.log import ReplayError

        return ReplayError

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s copy of ``log`` (R3.5): no seed, of the opponent only the hero and
        the cards seen in play. Raises ``InputError`` or ``ReplayError`` like :meth:`replay`."""
        from engine.games.respons.match.log import redacted_log

        return redacted_log(log, catalog, seat)

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Return the violations of sideboarding from ``before`` to ``after`` (R2.7), then those
        of ``after`` (R2.1–R2.6); ``options``: ``side_max``, the event's side deck size."""
        from engine.games.respons.deck import SIDE_MAX_DEFAULT, validate_swap

        side_max = (options or {}).get("side_max", SIDE_MAX_DEFAULT)
        return validate_swap(before, after, catalog, side_max=side_max)

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[Match]:
        """Return a ``random`` or ``heuristic`` bot; raise KeyError for another name."""
        from engine.games.respons.bots import make_bot

        return make_bot(name, seed)

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with ``raw``'s shape as a RESPONSE action (R10.3), or None."""
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: Match) -> list[str]:
        """Return every broken invariant of ``state`` (cards in one place each, counters, …)."""
        from engine.games.respons.match.invariants import check_invariants

        return check_invariants(state)

    def playable_problems(self, catalog: Catalog[Any], decks: Iterable[Decklist]) -> list[Violation]:
        """Return each card of ``decks`` that lacks a field the engine needs: none, as RESPONSE's
        card sets carry every field the match engine reads (R1.4), but the site asks every game."""
        return playable_problems(catalog, decks)

    @property
    def scenario(self) -> ScenarioBuilder[Match]:
        """Positions for rules tests: ``match/scenario.py`` (README.md, "Positions for rules
        tests")."""
        return ModuleScenario("engine.games.respons.match.scenario")

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a legal deck (R2) for each hero of ``catalog``, built at random from its cards."""
        from engine.games.respons.deck import validate_deck
        from engine.games.respons.starter import build_deck

        rng = random.Random(seed)
        built = [build_deck(card, catalog, rng=rng) for card in catalog if card.is_hero]
        return [deck for deck in built if not validate_deck(deck, catalog)]


if TYPE_CHECKING:
    # mypy checks here that RESPONSE's engine, its Match, events, requests and bots satisfy
    # the protocol of engine/match.py.
    _CHECKED: MatchEngine[Match] = ResponsMatchEngine(action_types=())

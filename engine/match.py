"""The match-engine protocol every game with online play implements (engine/README.md).

After OpenSpiel's ``Game`` vs ``State`` and Showdown's input log: a :class:`MatchEngine` is
the game's rules for play, apart from any one play (``RULES.match_engine`` in the registry,
None for a deck-only game); :meth:`MatchEngine.new_match` makes one play, a
:class:`MatchState`, which is a small state machine::

    engine = get_game("respons").match_engine
    state = engine.new_match(catalog, decks, seed=7)
    state.decision()               # the pending request (kind, seat, seq), None when over
    state.legal_actions(seat)      # JSON objects, each appliable as is
    state.apply(seat, action, seq=state.seq)  # -> events; raises engine.illegal_action
    state.observation(seat), state.spectator_view(), state.judge_view()
    engine.replay(state.to_log(["CORE"]), catalog)  # the log is the truth: the same states

Nothing here knows a game. ``tests/engine/test_match_protocol_kit.py`` (the generic test kit)
checks every registered engine against the properties this module promises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.actions import ActionProblem
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.problems import Violation
from engine.scenario import ScenarioBuilder

Action = dict[str, Any]  # a JSON object with a "type": what a seat sends

# The site's actions (common to every engine): either seat may apply them at any moment, they
# answer no decision and end the game. ``concede`` is a player's own (and in ``action_types``
# and ``legal_actions``); the others are applied by the site alone: ``timeout`` (the seat's
# clock ran out), ``no_show`` (the seat was absent when the grace period ended; with
# ``"both": true``, applied by seat 0, neither came and the game is drawn) and ``penalty_loss``
# (a judge gave the seat a game loss). Each ends the game with its reason word.
SITE_ACTIONS: dict[str, str] = {
    "concede": "concede",
    "timeout": "timeout",
    "no_show": "no_show",
    "penalty_loss": "penalty",
}
# ``new_match`` options every engine accepts: the seat names and the seat that starts.
COMMON_OPTIONS: tuple[str, ...] = ("names", "first")


def input_problem(
    seat: Any, action: Any, seq: Any, expected_seq: int
) -> tuple[str, str, dict[str, Any]] | None:
    """Return what is wrong with an ``apply(seat, action, seq=seq)`` call before any rule is
    read, as (code, English message, params), or None: a seat that is not 0 or 1
    (``no_seat``), an action that is not an object with a string ``type`` (``not_an_action``),
    a ``seq`` that is not the match's (``stale_seq``; the site's actions are never stale).
    Each engine raises its own refusal with it, quoting its own rule."""
    if seat not in (0, 1) or isinstance(seat, bool):
        return "no_seat", f"no seat {seat!r}"[:60], {"seat": repr(seat)[:40]}
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return "not_an_action", 'an action is a JSON object with a "type"', {}
    if seq is not None and seq != expected_seq and action["type"] not in SITE_ACTIONS:
        message = f"stale action: expected seq {expected_seq}, got {seq}"[:80]
        return "stale_seq", message, {"expected": expected_seq, "got": f"{seq}"[:40]}
    return None


def end_by_site_action(
    match: Any, seat: int, kind: str, *, both: bool, game_over: type[Exception], emit: bool = True
) -> list[Any]:
    """Apply a site action (SITE_ACTIONS) to ``match``: log it, then end the game, ``seat``
    losing (a draw when ``both`` seats were absent); return the events. ``match`` has
    ``actions``, ``seq``, ``events``, ``emit(public)`` and ``end(winner, reason)``, which raises
    ``game_over``; ``emit``: whether the action itself is an event of the game."""
    match.actions.append({"seat": seat, "type": kind, "both": True} if both else {"seat": seat, "type": kind})
    match.seq += 1
    match.events = []
    if emit:
        match.emit({"type": kind, "seat": seat, "both": True} if both else {"type": kind, "seat": seat})
    try:
        match.end(None if both else 1 - seat, SITE_ACTIONS[kind])
    except game_over:
        pass
    events: list[Any] = match.events
    return events


class Refusal(Protocol):
    """What the engine's :attr:`MatchEngine.illegal_action` exceptions carry: the ``rule``
    broken (``"R6.3"``), an English ``message``, a stable ``code`` (one of
    :attr:`MatchEngine.refusal_codes`) and the message's values (``params``: JSON text and
    whole numbers) for a front end to say it in another language."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def params(self) -> Mapping[str, str | int]: ...


class MatchResult(Protocol):
    """How a game ended: the winning seat (None for a draw) and a reason word."""

    @property
    def winner(self) -> int | None: ...
    @property
    def reason(self) -> str: ...
    def as_dict(self) -> dict[str, Any]:
        """Return ``{"winner": ..., "reason": ...}``."""
        ...


class PendingRequest(Protocol):
    """A typed request for input: ``kind`` (the game's words, plus ``wait`` for a
    seat not asked), the ``seat`` asked and ``seq``, the decision number an answer quotes."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def seq(self) -> int: ...
    def as_dict(self) -> dict[str, Any]:
        """Return the request as JSON (it names no hidden card)."""
        ...


class MatchEvent(Protocol):
    """Something that happened, split for the views: a ``public`` part everyone
    sees (with a ``type``), a ``private`` part (or None) for ``seat`` only (a negative seat: for
    judges only)."""

    @property
    def public(self) -> dict[str, Any]: ...
    @property
    def private(self) -> dict[str, Any] | None: ...
    @property
    def seat(self) -> int: ...
    def for_seat(self, seat: int) -> dict[str, Any]:
        """Return the event as ``seat`` sees it: the private part only if it is that seat's."""
        ...

    def public_dict(self) -> dict[str, Any]:
        """Return the event as a spectator sees it."""
        ...

    def judge_dict(self) -> dict[str, Any]:
        """Return the whole event for judges and logs."""
        ...


class MatchState(Protocol):
    """One play of a game: a deterministic state machine driven by :meth:`apply`."""

    @property
    def seed(self) -> int:
        """The match's seed: judges' knowledge only, in no seat's or spectator's view."""
        ...

    @property
    def seq(self) -> int:
        """The number of the pending decision (the count of actions applied so far)."""
        ...

    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> MatchResult | None:
        """How the game ended, None while it goes on."""
        ...

    @property
    def initial_events(self) -> Sequence[MatchEvent]:
        """The events of the setup (shuffles, opening hands)."""
        ...

    @property
    def actions(self) -> Sequence[Mapping[str, Any]]:
        """The action log so far: each applied action with its ``seat``, as the log stores it."""
        ...

    def decision(self) -> PendingRequest | None:
        """Return the pending request, None when the game is over."""
        ...

    def decision_for(self, seat: int) -> PendingRequest | None:
        """Return what ``seat`` is asked now: the pending request, a ``wait``, None when over."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """Return every action ``seat`` may apply now (JSON objects, each appliable as is)."""
        ...

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> Sequence[MatchEvent]:
        """Apply ``seat``'s action (answering decision ``seq`` when given); return its events.

        Raises the engine's :attr:`~MatchEngine.illegal_action` (a :class:`Refusal`) and
        changes nothing, random generator included, for any action that is not legal now,
        whatever its type.
        """
        ...

    def describe_action(self, action: Action) -> str:
        """Return a readable sentence for ``action``."""
        ...

    def observation(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may see, as JSON: never a card hidden from it."""
        ...

    def spectator_view(self) -> dict[str, Any]:
        """Return only what is public, as JSON."""
        ...

    def judge_view(self) -> dict[str, Any]:
        """Return everything, hidden cards included, as JSON."""
        ...

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Return the names of the cards hidden from ``seat`` now (the opponent's hand and
        face-down cards, …) that it sees nowhere else: no view or event part of ``seat``'s may
        hold one. The generic test kit's hidden-information check reads it."""
        ...

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """Return the match log (formats.md): setup and actions, enough to rebuild every state."""
        ...


S = TypeVar("S", bound=MatchState)
S_contra = TypeVar("S_contra", bound=MatchState, contravariant=True)


class MatchBot(Protocol[S_contra]):
    """A bot: ``act`` returns one of ``state.legal_actions(seat)`` (never a concession),
    reading only what ``seat`` may see."""

    @property
    def name(self) -> str: ...
    def act(self, match: S_contra, seat: int) -> Action:
        """Return one legal action for ``seat``, the seat to decide."""
        ...


class MatchEngine(Protocol[S]):
    """A game's match engine (``RULES.match_engine``): makes, replays and checks plays."""

    @property
    def game(self) -> str:
        """The registry key of the game (``RULES.key``)."""
        ...

    @property
    def action_types(self) -> tuple[str, ...]:
        """The action types a player may send (``RULES.action_types``)."""
        ...

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        """Every ``code`` an :attr:`illegal_action` may carry."""
        ...

    @property
    def illegal_action(self) -> type[Exception]:
        """The exception :meth:`MatchState.apply` raises; its instances are :class:`Refusal`."""
        ...

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots :meth:`make_bot` builds: ``random`` first, then the heuristic ones."""
        ...

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> S:
        """Return a new match of ``decks`` (one per seat), set up and waiting for its first
        decision. ``options``: ``names`` (two strings) and ``first`` (0, 1 or None: the seat
        that starts; None, the rules and the seed decide), which every engine accepts, and the
        game's own. Raises
        :class:`~engine.problems.InputError` for a deck or an option it cannot play (a card
        lacking a field the engine needs included, :meth:`playable_problems`)."""
        ...

    def replay(self, log: Any, catalog: Catalog[Any], *, upto: int | None = None) -> S:
        """Return the match rebuilt from ``log`` (its first ``upto`` actions): the same state as
        the one that wrote it. Raises :class:`~engine.problems.InputError` for a malformed log
        and an exception naming the first illegal action of a tampered one."""
        ...

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[S]:
        """Return a new bot of ``bot_names`` with its own seeded generator; KeyError for another."""
        ...

    @property
    def replay_error(self) -> type[Exception]:
        """The exception :meth:`replay` raises at a log's first illegal action; its instances
        have ``index`` (the action's), ``seat``, ``error`` (the :class:`Refusal`) and ``match``
        (the state just before that action)."""
        ...

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s copy of the match log (the formats.md envelope kept): no seed and
        no card hidden from that player. Raises like :meth:`replay`."""
        ...

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Return every problem of sideboarding from ``before`` to ``after`` between games of a
        match (empty when the swap is legal), then those of ``after`` itself. A game whose rules
        allow no sideboarding refuses any change, quoting its rule. ``options``: the game's own
        (an event's side deck size, …)."""
        ...

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with the shape of ``raw`` as a player's action (its type, size,
        depth, values), or None: checked before anything is stored, legality aside."""
        ...

    def invariants(self, state: S) -> list[str]:
        """Return every broken invariant of ``state`` (empty when sound): the soak's check."""
        ...

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return legal decks of ``catalog``'s cards for soak tests and bots (may be empty:
        the kit adds the game's bundled decks)."""
        ...

    def playable_problems(self, catalog: Catalog[Any], decks: Iterable[Decklist]) -> list[Violation]:
        """Return a violation per card of ``decks`` that lacks a field this engine needs (code
        ``not_playable``, params ``card`` and ``field``; engine/playable.py): a card set for paper
        events may leave them out. Empty when every card can be played; ``new_match`` refuses
        the others."""
        ...

    @property
    def scenario(self) -> ScenarioBuilder[S] | None:
        """Positions for rules tests (:mod:`engine.scenario`): a match built from a spec, and
        a position described as one; None for a game without a builder yet."""
        ...

# mypyc: compiled by build_engine.py
"""R5 game start and R6 turns, as one generator that yields every decision it needs.

:func:`run_match` is driven by :class:`~engine.games.respons.match.core.Match`: it yields
a :class:`Decision`, the match validates the answer (``actions.py``) and sends the parsed
answer back in. The game ends by raising ``GameOver`` from :meth:`State.end` (R9).
"""

from __future__ import annotations

from engine.games.respons.abilities import END_OF_TURN, START_OF_TURN
from engine.games.respons.match.board import DECISIONS_PER_TURN, DECK, OPENING_HAND
from engine.games.respons.match.combat import combat
from engine.games.respons.match.decisions import NO_INFO, Decision, Flow
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.play import activate, play_from_hand, play_order
from engine.games.respons.match.resolution import any_in_play, fire, settle, settle_board
from engine.games.respons.match.state import State, rng_shuffle
from engine.play import JUDGES

_START = frozenset({"start_of_turn"})
_END = frozenset({"end_of_turn"})

# Parsed act answers (actions.py builds them): ("pass",), ("play", inst, cell, chosen),
# ("activate", inst, chosen).
PASS = "pass"
PLAY = "play"
ACTIVATE = "activate"


def run_match(state: State) -> Flow:
    """Play the whole game: setup and mulligans (R5), then turns (R6) until R9 ends it."""
    yield from setup(state)
    while True:
        yield from turn(state)


# The phases of a turn, in order (R6.1–R6.6).
PHASES: tuple[str, ...] = ("start", "draw", "actions", "combat", "end", "recovery")


def play_from(state: State, phase: str, to_act: int) -> Flow:
    """Play on from a position built in the middle of a game (``scenario.py``): the mulligans
    still to make (``phase`` "mulligan"), or the turn from the start of ``phase`` (``start``:
    the next turn begins; the actions phase from ``to_act``'s decision, the seats' decisions
    left and :attr:`State.passed` being the position's), then turns until R9 ends the game."""
    if phase == "mulligan":
        yield from mulligans(state)
    else:
        yield from turn(state, PHASES.index(phase), to_act)
    while True:
        yield from turn(state)


def setup(state: State) -> Flow:
    """R5: heroes and orders are in place (State built them); draw 7, then one mulligan each."""
    if state.recording:
        # R3.5, R10.1: the seed (and whether the decks were shuffled) rebuilds both decks' order:
        # judges and full logs only. Initiative, which it also decided (R4.1), is public.
        state.emit(
            {"type": "setup", "initiative": state.initiative},
            {"shuffle": state.shuffle, "seed": state.seed},
            JUDGES,
        )
    order = state.seat_order()
    for seat in order:
        side = state.seats[seat]
        if state.recording:
            state.emit(
                {"type": "orders_laid", "seat": seat, "count": len(side.orders)},
                {"orders": [inst.name for inst in side.orders]},
                seat,
            )
        drawn = state.draw(seat, OPENING_HAND)
        if state.recording:
            state.emit(
                {"type": "draw", "seat": seat, "count": len(drawn)}, {"cards": [i.name for i in drawn]}, seat
            )
    yield from mulligans(state)


def mulligans(state: State) -> Flow:
    """R5.2 [decision]: each seat that has not answered yet, initiative player first."""
    for seat in state.seat_order():
        if state.seats[seat].mulliganed is None:
            back: list[Inst] = yield Decision("mulligan", seat, state.seq)
            mulligan(state, seat, back)


def mulligan(state: State, seat: int, back: list[Inst]) -> None:
    """R5.2: put ``back`` on the bottom of the deck in seeded random order, draw as many."""
    side = state.seats[seat]
    side.mulliganed = bool(back)
    if not back:
        if state.recording:
            state.emit({"type": "keep", "seat": seat})
        return
    for inst in back:
        side.hand.remove(inst)
        inst.zone = DECK
    bottom = list(back)
    rng_shuffle(state.rng, bottom)
    side._deck[0:0] = bottom  # the bottom of the deck is the list's start
    drawn = state.draw(seat, len(back))
    if state.recording:
        state.emit(
            {"type": "mulligan", "seat": seat, "count": len(back)},
            {"cards": [inst.name for inst in back], "drawn": [inst.name for inst in drawn]},
            seat,
        )


def turn(state: State, step: int = 0, to_act: int = 0) -> Flow:
    """One turn (R6.1–R6.6): start, draw, actions, combat, end, recovery. A position built in
    the middle of one (``play_from``) plays the rest of the current turn from the start of phase
    ``PHASES[step]`` (the actions phase from ``to_act``'s decision). One generator, not one per
    phase: every decision of the turn passes through each ``yield from`` level."""
    if step == 0:
        state.turn += 1
        state.phase = "start"
        if state.recording:
            state.emit({"type": "turn", "turn": state.turn, "initiative": state.initiative})
        if any_in_play(state, _START):  # R6.1
            yield from fire(state, START_OF_TURN, state.in_play(), _START)
    if step <= 1:
        yield from draw_phase(state)
    if step <= 2:
        yield from actions_phase(state, to_act if step == 2 else -1)
    if step <= 3:
        yield from combat(state)
    if step <= 4:
        state.phase = "end"
        if state.recording:
            state.emit({"type": "phase", "phase": "end", "turn": state.turn})
        if any_in_play(state, _END):  # R6.5
            yield from fire(state, END_OF_TURN, state.in_play(), _END)
    yield from recovery(state)


def draw_phase(state: State) -> Flow:
    """R6.2: each player draws one, initiative first; an empty deck plays an order instead.

    A player with an empty deck and no order left loses; both at once is a draw.
    """
    state.phase = "draw"
    if state.recording:
        state.emit({"type": "phase", "phase": "draw", "turn": state.turn})
    order = state.seat_order()
    seats = state.seats
    empty = (not seats[0].deck_size, not seats[1].deck_size)  # "at the start of this phase"
    lost: list[int] = []
    for seat in order:
        if not empty[seat]:
            drawn = state.draw(seat, 1)
            if state.recording:
                state.emit(
                    {"type": "draw", "seat": seat, "count": len(drawn)},
                    {"cards": [i.name for i in drawn]},
                    seat,
                )
        elif state.seats[seat].orders_left:
            if state.recording:
                state.emit({"type": "deck_empty", "seat": seat, "rule": "R6.2"})
            yield from play_order(state, seat)
        else:
            lost.append(seat)
    if len(lost) == 2:
        state.end(None, "draw")
    if lost:
        state.end(1 - lost[0], "orders_exhausted")


def actions_phase(state: State, resume: int = -1) -> Flow:
    """R6.3: alternate decisions, initiative first, five each; a pass spends one.

    The phase ends when (a) two decisions in a row are passes, (b) a player passes and the
    opponent has no decisions left, or (c) neither has decisions left. A player with no
    decisions left is skipped. :attr:`State.passed` says whether the last decision was a pass.
    ``resume``: the seat whose decision a position built in the middle of the phase starts
    from (its decisions left and ``passed`` are the position's); -1 starts the phase.
    """
    seats = state.seats
    if resume < 0:
        state.phase = "actions"
        if state.recording:
            state.emit({"type": "phase", "phase": "actions", "turn": state.turn})
        for side in seats:
            side.decisions = DECISIONS_PER_TURN
        state.passed = False
        current = state.initiative
    else:
        current = resume
    while True:
        mine, theirs = seats[current].decisions, seats[1 - current].decisions
        if not mine and not theirs:
            return  # (c)
        if not mine:
            current = 1 - current  # skipped
            continue
        # Positional (kind, seat, seq, info, card, effect, options, decisions_left): built per
        # decision; RESPONSE's requests keep their words in their own fields, never in info.
        answer = yield Decision("act", current, state.seq, NO_INFO, None, None, (), mine)
        seats[current].decisions -= 1
        kind = answer[0]
        if kind == PASS:
            if state.recording:
                state.emit({"type": "pass", "seat": current})
            if state.passed or not theirs:
                return  # (a) or (b)
            state.passed = True
        else:
            state.passed = False
            if kind == PLAY:
                yield from play_from_hand(state, current, answer[1], answer[2], answer[3])
            else:
                yield from activate(state, current, answer[1], answer[2])
        current = 1 - current


def recovery(state: State) -> Flow:
    """R6.6: influence back to the supply, damage cleared, durability back; initiative passes."""
    state.phase = "recovery"
    for side in state.seats:
        side.influence = side.supply
        side.hero.used = False
        location = side.location
        if location is not None:
            location.delta = 0
            location.used = False
    for inst in filter(None, state.cells):  # the occupied cells
        inst.delta = 0  # damage and "until recovery" strengthening both end here
        inst.used = False
    state.initiative = 1 - state.initiative
    state.unsettled = True
    if state.recording:
        state.emit({"type": "recovery", "turn": state.turn, "initiative": state.initiative})
    # Ending a temporary strengthening can leave a unit under a static weakening at ≤ 0.
    if settle_board(state):
        yield from settle(state)

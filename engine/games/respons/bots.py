"""Bots for RESPONSE: a seeded random bot and a one-ply heuristic bot.

A bot answers ``act(match, seat) -> action`` with one of ``match.legal_actions(seat)``
(never ``concede``). Bots read only what the seat's own observation shows: the board,
the counts, their own hand; never the opponent's hand, deck or face-down cards.

The heuristic bot scores each candidate by projecting this turn's combat (R8 without
triggers) on a light copy of the board: hits dealt and taken (a hit beyond the orders
left wins or loses the game), the strength that survives, the locations' durability.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.abilities import CHOSEN_TARGETS
from engine.games.respons.cards import Ability, Card
from engine.games.respons.match.board import LINE_ORDER, SEAT_CELLS, cell_index, line_cells
from engine.games.respons.match.combat import ATTACK_CELLS
from engine.games.respons.match.core import Match

Action = dict[str, Any]


class Bot(Protocol):
    name: str

    def act(self, match: Match, seat: int) -> Action:
        """Return one legal action for ``seat`` (which must be the seat to decide)."""
        ...


def _choices(match: Match, seat: int) -> list[Action]:
    return [a for a in match.legal_actions(seat) if a["type"] != "concede"]


class RandomBot:
    """Picks uniformly among the legal actions (but never concedes), with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> Action:
        """Return a uniformly random legal action other than concede."""
        return self.rng.choice(_choices(match, seat))


# --- the heuristic bot's light board ----------------------------------------------------------


class _Board:
    """Unit strengths by cell (0 = no unit) and location durability by seat: what combat reads."""

    __slots__ = ("bonus", "locations", "strength")

    def __init__(self, strength: list[int], locations: list[int]) -> None:
        self.strength = strength
        self.locations = locations
        self.bonus = 0.0  # value of effects the projection does not model (draws, influence)

    def copy(self) -> _Board:
        board = _Board(self.strength[:], self.locations[:])
        board.bonus = self.bonus
        return board


def _board_of(match: Match) -> _Board:
    strength = [0] * (2 * SEAT_CELLS)
    for cell, inst in enumerate(match.cells):
        if inst is not None and inst.kind == "unit":
            strength[cell] = inst.strength
    locations = [side.location.strength if side.location is not None else 0 for side in match.seats]
    return _Board(strength, locations)


def project_combat(board: _Board, initiative: int) -> tuple[list[int], list[int], list[int]]:
    """Return (hits taken per seat, surviving strength per cell, location durability) of a combat.

    R8 without triggers and without the units orders would bring: lines in the
    initiative player's order, R8.2 attack order, simultaneous collisions, locations
    absorbing hits with the excess lost.
    """
    strength = board.strength[:]
    locations = board.locations[:]
    hits = [0, 0]
    for line in LINE_ORDER[initiative]:
        order = [cell for cell in ATTACK_CELLS[initiative][line] if strength[cell] > 0]
        collided: set[int] = set()
        for cell in order:
            mine = strength[cell]
            if mine <= 0 or cell in collided:
                continue
            foe = 1 - cell // SEAT_CELLS
            for other in line_cells(foe, line):
                if strength[other] > 0:
                    theirs = strength[other]
                    strength[cell] = mine - theirs
                    strength[other] = theirs - mine
                    collided.add(cell)
                    collided.add(other)
                    break
            else:
                if locations[foe] > 0:
                    locations[foe] -= mine
                else:
                    hits[foe] += 1
    return hits, strength, locations


class HeuristicBot:
    """One-ply greedy bot: plays the action whose projected board scores best, else passes."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> Action:
        """Return the best-scoring legal action for ``seat`` (ties broken by the bot's generator)."""
        decision = match.decision()
        assert decision is not None and decision.seat == seat
        if decision.kind == "mulligan":
            return self._mulligan(match, seat)
        actions = _choices(match, seat)
        if len(actions) == 1:
            return actions[0]
        board = _board_of(match)
        base = self._score(match, seat, board)
        best: list[Action] = []
        best_value = float("-inf")
        for action in self._candidates(actions, decision.kind):
            projected = self._project(match, seat, board, action, decision.card)
            if projected is None:
                continue
            value = self._score(match, seat, projected) - base
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if decision.kind == "act" and (not best or best_value <= 0.05):
            return {"type": "pass"}
        return self.rng.choice(best) if best else actions[0]

    def _mulligan(self, match: Match, seat: int) -> Action:
        side = match.seats[seat]
        back = [inst.name for inst in side.hand if inst.card.cost > side.supply]
        return {"type": "mulligan", "cards": back} if back else {"type": "keep"}

    @staticmethod
    def _candidates(actions: list[Action], kind: str) -> list[Action]:
        """Drop plays into a line's back rows while a front row of that line is free (same outcome)."""
        if kind != "act":
            return actions
        out: list[Action] = []
        seen: set[tuple[str, int]] = set()
        for action in actions:
            if action["type"] == "play" and "cell" in action and "targets" not in action:
                key = (action["card"], action["cell"]["line"])
                if key in seen:
                    continue
                seen.add(key)
            out.append(action)
        return out

    def _score(self, match: Match, seat: int, board: _Board) -> float:
        hits, strength, locations = project_combat(board, match.initiative)
        foe = 1 - seat
        value = board.bonus
        mine_left, theirs_left = match.seats[seat].orders_left, match.seats[foe].orders_left
        if hits[foe] > theirs_left:
            value += 1000.0
        if hits[seat] > mine_left:
            value -= 1000.0
        # Hits hurt more as the orders run out (R8.6: the sixth one ends the game).
        value += hits[foe] * (6.0 + 4.0 / (1 + theirs_left)) - hits[seat] * (6.0 + 4.0 / (1 + mine_left))
        survivors = 0.0
        for cell, before in enumerate(board.strength):
            if before > 0 and strength[cell] > 0:
                survivors += before if cell // SEAT_CELLS == seat else -before
        value += survivors
        value += 0.4 * (max(locations[seat], 0) - max(locations[foe], 0))
        return value

    def _project(
        self, match: Match, seat: int, board: _Board, action: Action, card_name: str | None
    ) -> _Board | None:
        """Return the board after ``action`` as far as the projection models it."""
        board = board.copy()
        kind = action["type"]
        if kind == "pass":
            return board
        if kind == "choose":
            if "cell" in action:
                card = match.catalog.get(card_name or "")
                if card is not None:
                    self._put(board, seat, card, action["cell"], [])
                return board
            self._apply_targets(match, seat, board, action["targets"])
            return board
        if kind == "play":
            card = match.catalog.get(action["card"])
            if card is None:
                return None
            self._put(board, seat, card, action.get("cell"), action.get("targets") or [])
            board.bonus -= 0.15 * card.cost  # keep influence for better plays when equal
            return board
        if kind == "activate":
            source = self._source(match, seat, action)
            if source is None:
                return None
            abilities = [a for a in source.abilities if a.trigger == "activated"]
            self._abilities(board, seat, abilities, action.get("cell"), action.get("targets") or [])
            board.bonus -= 0.15 * sum(a.cost for a in abilities)
            return board
        return None

    @staticmethod
    def _source(match: Match, seat: int, action: Action) -> Card | None:
        side = match.seats[seat]
        if action.get("zone") == "hero":
            return side.hero.card
        if action.get("zone") == "location":
            return side.location.card if side.location is not None else None
        cell = action["cell"]
        inst = match.cells[cell_index(seat, cell["line"], cell["row"])]
        return inst.card if inst is not None else None

    def _put(
        self, board: _Board, seat: int, card: Card, cell: dict[str, int] | None, targets: list[Any]
    ) -> None:
        if card.type == "unit" and cell is not None:
            board.strength[cell_index(seat, cell["line"], cell["row"])] = max(card.strength, 0)
        elif card.type == "location":
            board.locations[seat] = card.durability
        elif card.type == "trap" and cell is not None:
            # A trap waits for an attacker in its line: worth more where enemies stand.
            line = cell["line"]
            enemies = sum(1 for c in line_cells(1 - seat, line) if board.strength[c] > 0)
            board.bonus += 1.0 + 1.5 * min(enemies, 1)
        on_play = [a for a in card.abilities if a.trigger == "on_play"]
        statics = [a for a in card.abilities if a.trigger == "static"]
        self._abilities(board, seat, on_play + statics, cell, targets)

    def _abilities(
        self,
        board: _Board,
        seat: int,
        abilities: Sequence[Ability],
        cell: dict[str, int] | None,
        targets: list[Any],
    ) -> None:
        picked = iter(targets)
        line = cell["line"] if cell else 0
        self_cell = cell_index(seat, cell["line"], cell["row"]) if cell else -1
        for ability in abilities:
            if ability.target in CHOSEN_TARGETS:
                chosen = next(picked, None)
                cells = [cell_index(chosen["seat"], chosen["line"], chosen["row"])] if chosen else []
                _effect(board, seat, ability, cells, [])
                continue
            cells, players = _targets(board, seat, ability.target, line, self_cell)
            _effect(board, seat, ability, cells, players)

    def _apply_targets(self, match: Match, seat: int, board: _Board, targets: list[Any]) -> None:
        decision = match.decision()
        if decision is None or decision.effect is None:
            return
        ability = Ability(
            "on_play", decision.effect, "chosen_unit", amount=_guess_amount(match, decision.card)
        )
        cells = [cell_index(t["seat"], t["line"], t["row"]) for t in targets if t and "line" in t]
        _effect(board, seat, ability, cells, [])


def _guess_amount(match: Match, card_name: str | None) -> int:
    card = match.catalog.get(card_name or "")
    if card is None:
        return 1
    return max((a.amount for a in card.abilities if a.target in CHOSEN_TARGETS), default=1)


def _targets(board: _Board, seat: int, kind: str, line: int, self_cell: int) -> tuple[list[int], list[int]]:
    """Return (cells, players) an ability's non-chosen target means on the light board."""
    foe = 1 - seat
    strength = board.strength
    if kind == "self":
        return ([self_cell] if self_cell >= 0 else []), []
    if kind in ("own_units_in_line", "enemy_units_in_line"):
        side = seat if kind.startswith("own") else foe
        return ([c for c in line_cells(side, line) if strength[c] > 0] if line else []), []
    if kind == "enemy_front_in_line":
        front = [c for c in line_cells(foe, line) if strength[c] > 0] if line else []
        return front[:1], []
    if kind in ("all_own_units", "all_enemy_units"):
        side = seat if kind.startswith("all_own") else foe
        return [c for c in range(side * SEAT_CELLS, (side + 1) * SEAT_CELLS) if strength[c] > 0], []
    if kind == "own_location":
        return [-1 - seat], []
    if kind == "enemy_location":
        return [-1 - foe], []
    if kind == "you":
        return [], [seat]
    if kind == "opponent":
        return [], [foe]
    return [], []


def _effect(board: _Board, seat: int, ability: Ability, cells: list[int], players: list[int]) -> None:
    """Apply one effect to the light board (cells < 0 are locations: -1 seat 0, -2 seat 1)."""
    effect, amount = ability.effect, ability.amount
    strength = board.strength
    for cell in cells:
        if cell < 0:
            owner = -1 - cell
            if effect == "damage":
                board.locations[owner] -= amount
            elif effect == "destroy":
                board.locations[owner] = 0
            continue
        if strength[cell] <= 0:
            continue
        if effect == "damage":
            strength[cell] -= amount
        elif effect == "strengthen":
            strength[cell] += amount
        elif effect in ("destroy", "return_to_hand", "remove_to_space"):
            # Removing a unit is worth its strength beyond what the projection sees.
            sign = 1 if cell // SEAT_CELLS != seat else -1
            board.bonus += sign * 0.5 * strength[cell]
            strength[cell] = 0
        if strength[cell] < 0:
            strength[cell] = 0
    for player in players:
        sign = 1 if player == seat else -1
        if effect == "draw":
            board.bonus += sign * 1.2 * amount
        elif effect == "gain_influence":
            board.bonus += sign * 0.3 * amount
        elif effect == "player_loses":
            board.bonus -= sign * 10_000
        elif effect == "you_win":
            board.bonus += sign * 10_000


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a new bot by name (``random`` or ``heuristic``); raise KeyError for another name."""
    return BOTS[name](seed)


def play_game(
    catalog: Catalog[Any],
    decks: tuple[Decklist, Decklist],
    bots: tuple[Bot, Bot],
    *,
    seed: int,
    check: Callable[[Match], None] | None = None,
) -> Match:
    """Play one game to the end with ``bots[seat]`` answering for each seat; return the match.

    ``check``, when given, is called after every applied action (soak tests).
    """
    match = Match(catalog, decks, seed=seed)
    while match.result is None:
        decision = match.decision()
        assert decision is not None
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
        if check is not None:
            check(match)
    return match

"""Chronomagia bots: ``random`` (any legal action but conceding) and ``heuristic`` (greedy).

Each reads only what its seat may see: the legal actions, its observation and the public
board (``Match.amount`` for its own cards, the opponent's face-up permanents).
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.chronomagia.match.actions import legal_actions
from engine.games.chronomagia.match.core import Match

BOTS: tuple[str, ...] = ("random", "heuristic")


class RandomBot:
    """Plays a uniformly random legal action (never a concession); ``pass`` is kept rarer
    in the main phase so that games are games."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        pending = match.pending
        if pending is not None and pending.seat == seat:
            legal = legal_actions(match, pending)  # the same list, less ``concede``
        else:
            legal = [action for action in match.legal_actions(seat) if action["type"] != "concede"]
        return self.rng.choice(legal)


def _value(match: Match, ident: int, seat: int) -> int:
    """How much a target matters to ``seat``: opponents' expensive creatures first."""
    inst = match.by_id[ident]
    worth = inst.card.spirit_value + 1
    return worth if inst.owner != seat else -worth


class HeuristicBot:
    """Greedy: keeps, collects every resource, plays the dearest card it can, uses the hero,
    hits the opponent's best creatures, attacks the player, erodes phenomena, flips shadows."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        legal = [action for action in match.legal_actions(seat) if action["type"] != "concede"]
        decision = match.decision()
        kind = decision.kind if decision is not None else ""
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if kind == "redraw":
            return {"type": "keep"}
        if kind == "order":  # C6.7: the triggers in the order offered
            return legal[0]
        if kind == "flip":
            return {"type": "flip"} if {"type": "flip"} in legal else {"type": "stay"}
        if kind == "attack":
            return by_type["attack"][0]  # all to the player
        if kind == "choose":
            return max(legal, key=lambda a: self._choice_value(match, seat, a))
        if kind == "meditation":
            side = match.seats[seat]
            playable = any(
                inst.card.cost is not None and inst.card.cost <= len(side.pool) - 1 for inst in side.hand
            )
            if not playable and "meditate" in by_type:
                return max(by_type["meditate"], key=lambda a: match.by_id[a["card"]].card.cost or 0)
            return {"type": "pass"}
        for word in ("collect",):
            if word in by_type:
                return by_type[word][0]
        if "collect_time" in by_type:
            erode = [a for a in by_type["collect_time"] if a.get("erode")]
            if erode:
                return erode[0]
            return max(by_type["collect_time"], key=lambda a: self._time_value(match, seat, a["move"]))
        if "play" in by_type:
            return max(by_type["play"], key=lambda a: (match.by_id[a["card"]].card.cost or 0, -a["card"]))
        if "hero" in by_type:
            return min(
                by_type["hero"], key=lambda a: match.seats[seat].hero.card.hero_abilities[a["ability"]].tokens
            )
        for word in ("activate", "shadow"):
            if word in by_type:
                return by_type[word][0]
        return {"type": "pass"}

    def _choice_value(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        if "terrain" in action:  # C10.2: damage to the player, not the terrain
            return -action["terrain"]
        if "trigger" in action:  # C6.7: the triggers in the order offered
            return -action["trigger"]
        if "targets" in action:
            return sum(_value(match, ident, seat) for ident in action["targets"])
        value = _value(match, action["target"], seat)
        if "epoch" in action:
            inst = match.by_id[action["target"]]
            row = inst.card.row(action["epoch"])
            harmed = row is None or (inst.card.kind == "thoughtform" and row.resources is None)
            return value * (3 if harmed else 1)
        if "return" in action:
            return value + (1 if action["return"] else 0)
        return value

    def _time_value(self, match: Match, seat: int, move: int) -> int:
        """Prefer the epoch where its own permanents give the most attack (small moves win ties)."""
        from engine.games.chronomagia.match.state import epoch_of

        epoch = epoch_of(min(30, max(1, match.century + move)))
        score = 0
        for inst in match.seats[seat].field:
            if inst.face_down or inst.own_epoch is not None:
                continue
            row = inst.card.row(epoch)
            if row is None or (inst.card.kind == "thoughtform" and row.resources is None):
                score -= 3
            else:
                score += row.resource("attack") + row.resource("concentration")
        return score * 10 - abs(move)


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """Return a new bot of :data:`BOTS`; KeyError for another name."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    raise KeyError(name)

"""Force of Will bots: ``random`` (any legal action but conceding and will abilities, which the
default payment makes for it, F7.6) and ``heuristic`` (greedy). Both order their triggers and
choose their triggers' targets (F8.5).

Each reads only what its seat may see: the legal actions, its own hand and the public board.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.fow.match.core import Match

BOTS: tuple[str, ...] = ("random", "heuristic")


class RandomBot:
    """Plays a uniformly random legal action (never a concession); ``pass`` is kept rarer at
    main timing so that games are games."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        legal = [action for action in match.legal_actions(seat) if action["type"] not in ("concede", "will")]
        if len(legal) > 1 and self.rng.random() < 0.7:
            others = [action for action in legal if action["type"] != "pass"]
            return self.rng.choice(others)
        return self.rng.choice(legal)


class HeuristicBot:
    """Greedy: keeps, calls a stone every turn, does Judgment, plays its dearest card, aims
    damage and removal at the opponent's best resonator, attacks when it wins the trade or
    the opponent's life, blocks to save life, passes otherwise (never cancels its own)."""

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
        if kind == "mulligan":
            return {"type": "keep"}
        if kind == "discard":
            return max(legal, key=lambda a: match.by_id[a["card"]].card.cost or 0)
        if kind == "block":
            return self._block(match, seat, by_type)
        if kind == "order":  # F8.5: the first waiting trigger goes on first (resolves last)
            return legal[0]
        if kind == "target":
            return self._trigger_target(match, seat, legal)
        if "call" in by_type:
            return by_type["call"][0]
        if "judgment" in by_type:
            return by_type["judgment"][0]
        plays = [
            a
            for a in by_type.get("play", []) + by_type.get("activate", [])
            if self._worth(match, seat, a) > 0
        ]
        if plays:
            return max(plays, key=lambda a: (self._worth(match, seat, a), -a["card"]))
        attacks = [a for a in by_type.get("attack", []) if self._attack_value(match, seat, a) > 0]
        if attacks:
            return max(attacks, key=lambda a: (self._attack_value(match, seat, a), -a["card"]))
        return {"type": "pass"}

    def _worth(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        inst = match.by_id[action["card"]]
        cost = inst.card.cost or 0
        if "item" in action:  # cancel only the opponent's things
            item = next((i for i in match.chain.items if i.id == action["item"]), None)
            return 5 if item is not None and item.controller != seat else -1
        if "target" in action:
            target = match.by_id[action["target"]]
            mine = target.owner == seat
            ability = None
            if action["type"] == "activate":
                ability = match.abilities(inst)[action["ability"]]
            elif inst.card.type == "chant":
                ability = next((a for a in inst.card.abilities if a.chosen), None)
            helpful = ability is None or ability.effect == "pump"
            if helpful != mine:
                return -1
            if helpful and match.battle is None and action["type"] == "activate":
                return -1  # pump in battles only
            return 2 + match.attack(target) // 100
        if "player" in action:
            return 3 if action["player"] != seat else -1
        if action["type"] == "activate":
            return 1
        if inst.card.type == "chant" and match.chain.items:
            return -1
        if inst.card.type == "chant" and any(a.effect == "pump" for a in inst.card.abilities):
            return -1
        return 1 + cost

    def _trigger_target(self, match: Match, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """A trigger's target (F8.5): a pump on its own best card, anything else on the
        opponent's (or the opponent), never on its own if it can help it."""
        decision = match.decision()
        item = next(i for i in match.chain.items if decision is not None and i.id == decision.info["item"])
        _source, ability = match.trigger_ability(item.payload)
        helpful = ability.effect == "pump"

        def score(action: dict[str, Any]) -> tuple[int, int]:
            if "target" in action:
                target = match.by_id[action["target"]]
                return (int((target.owner == seat) == helpful), match.attack(target))
            if "player" in action:
                return (int((action["player"] == seat) == helpful), 0)
            chased = next((i for i in match.chain.items if i.id == action["item"]), None)
            return (int(chased is not None and chased.controller != seat), 0)

        return max(legal, key=score)

    def _attack_value(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        attacker = match.by_id[action["card"]]
        power = match.attack(attacker)
        blockers = [i for i in match.fighters(1 - seat) if not i.rested]
        if "target" in action:
            target = match.by_id[action["target"]]
            if match.defense(target) <= power and match.defense(attacker) > match.attack(target):
                return 10 + match.attack(target) // 100
            return -1
        if any(match.attack(b) >= match.defense(attacker) and match.defense(b) > power for b in blockers):
            return -1
        return power // 100

    def _block(self, match: Match, seat: int, by_type: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        battle = match.battle
        if battle is None or "block" not in by_type:
            return {"type": "pass"}
        attacker = match.by_id[battle["attacker"]]
        power = match.attack(attacker)
        best = None
        for action in by_type["block"]:
            blocker = match.by_id[action["card"]]
            survives = match.defense(blocker) > power
            kills = match.attack(blocker) >= match.defense(attacker)
            if survives or kills or match.seats[seat].life <= power * 2:
                score = (survives, kills, -blocker.id)
                if best is None or score > best[0]:
                    best = (score, action)
        return best[1] if best is not None else {"type": "pass"}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """Return a new bot of :data:`BOTS`; KeyError for another name."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    raise KeyError(name)

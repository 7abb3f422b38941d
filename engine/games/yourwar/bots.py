"""Your War bots (engine.match.MatchBot): ``random`` and ``heuristic``.

Both read only what their seat may see: the public board and their own hand.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.yourwar.cards import Ability
from engine.games.yourwar.match.core import Match
from engine.games.yourwar.match.state import Inst

BOT_NAMES: tuple[str, ...] = ("random", "heuristic")


class RandomBot:
    """Plays a uniformly random legal action (never a concession)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        actions = match.legal_actions(seat)
        if actions[-1]["type"] == "concede":  # the list ends with it, and only there
            actions.pop()
        return self.rng.choice(actions)


class HeuristicBot:
    """A greedy player: builds, plays its best card, attacks where it is safe or lethal,
    blocks to kill or to survive, and keeps hands with bases."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        legal = [a for a in match.legal_actions(seat) if a["type"] != "concede"]
        pending = match.decision()
        assert pending is not None
        kind = pending.kind
        if kind == "opening":
            bases = sum(1 for i in match.seats[seat].hand if i.card.type == "base")
            size = len(match.seats[seat].hand)
            if (bases < 2 or bases > size - 2) and match.seats[seat].redeals == 0:
                return {"type": "redeal"}
            return {"type": "keep"}
        if kind == "block":
            return self._block(match, seat)
        if kind == "assign":
            return legal[0]
        if kind == "discard":
            side = match.seats[seat]
            built = [i for i in side.hand if i.card.type == "base"]
            pick = built[0] if len(built) > 2 else min(side.hand, key=lambda i: i.card.cost)
            return {"type": "discard", "card": pick.name}
        return self._main(match, seat, kind, legal)

    def _main(self, match: Match, seat: int, kind: str, legal: list[dict[str, Any]]) -> dict[str, Any]:
        side, other = match.seats[seat], match.seats[1 - seat]
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            return builds[0]
        best: tuple[int, dict[str, Any]] | None = None
        for action in legal:
            if action["type"] in ("play", "use"):
                score = self._score(match, seat, action)
                if score > 0 and (best is None or score > best[0]):
                    best = (score, action)
        if best is not None:
            return best[1]
        guards = [a for a in legal if a["type"] == "guard"]
        if guards:
            return guards[0]
        if kind == "initial":
            blockers = [u for u in other.field if not u.used]
            power = sum(match.attack_of(u) for u in side.field if not u.used and not u.attacking)
            lethal = power >= other.health + sum(match.attack_of(u) for u in blockers)
            for action in legal:
                if action["type"] == "attack":
                    unit = match.by_id[action["unit"]]
                    if lethal or self._safe(match, unit, blockers):
                        return action
        return next(a for a in legal if a["type"] in ("end", "proceed"))

    def _safe(self, match: Match, unit: Inst, blockers: list[Inst]) -> bool:
        toughness = match.defense_of(unit) - unit.damage
        able = [b for b in blockers if not (b.card.domain == "ground" and unit.card.domain == "air")]
        return all(match.attack_of(b) < toughness for b in able) or (
            match.attack_of(unit) >= 3 and len(able) <= 1
        )

    def _score(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        ability: Ability | None
        if action["type"] == "use":
            inst = match.by_id[action["card"]]
            ability = inst.card.abilities[action["ability"]]
        else:
            inst = next(i for i in match.seats[seat].hand if i.name == action["card"])
            found = [a for _, a in inst.abilities("play")]
            ability = found[0] if found else None
            if inst.card.type in ("unit", "medal") or (inst.card.type == "support" and inst.card.permanent):
                base = 10 + inst.card.cost * 3
                if ability is None:
                    return base
        if ability is None:
            return 0
        target = action.get("target")
        amount = ability.amount
        effect = ability.effect
        if effect == "return":
            return 3
        if effect == "heal" and isinstance(target, dict):
            return 5 + amount if target["seat"] == seat else -1
        if effect in ("draw", "heal", "extra_base", "aura_attack", "aura_defense"):
            return 5 + amount
        if isinstance(target, dict):
            mine = target["seat"] == seat
            if effect == "damage":
                return -1 if mine else 2 * amount + (100 if match.seats[1 - seat].health <= amount else 0)
            return 1
        if target is None:
            return 4 + amount if effect in ("damage_all", "untap") else 2
        unit = match.by_id[target]
        mine = unit.owner == seat
        if effect in ("damage", "destroy"):
            if mine:
                return -1
            left = match.defense_of(unit) - unit.damage
            return 6 + 3 * match.attack_of(unit) if effect == "destroy" or amount >= left else 1
        if effect == "destroy_support":
            return 6
        return 3 + match.attack_of(unit) if mine else -1

    def _block(self, match: Match, seat: int) -> dict[str, Any]:
        side, other = match.seats[seat], match.seats[1 - seat]
        attackers = sorted((u for u in other.field if u.attacking), key=lambda u: -match.attack_of(u))
        free = [u for u in side.field if not u.used]
        incoming = sum(match.attack_of(u) for u in attackers)
        pairs: list[list[int]] = []
        for attacker in attackers:
            power = match.attack_of(attacker)
            toughness = match.defense_of(attacker) - attacker.damage
            able = [b for b in free if not (b.card.domain == "ground" and attacker.card.domain == "air")]
            good = [
                b for b in able if match.defense_of(b) - b.damage > power and match.attack_of(b) >= toughness
            ]
            safe = [b for b in able if match.defense_of(b) - b.damage > power]
            trade = [b for b in able if match.attack_of(b) >= toughness and b.card.cost <= attacker.card.cost]
            desperate = incoming >= side.health
            pick = (good or safe or trade or (able if desperate else []))[:1]
            for b in pick:
                pairs.append([b.id, attacker.id])
                free.remove(b)
                incoming -= power
        return {"type": "block", "blocks": pairs}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """Return a new bot of :data:`BOT_NAMES`; KeyError for another name."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    raise KeyError(name)

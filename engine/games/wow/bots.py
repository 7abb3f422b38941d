"""WoW TCG bots: ``random`` (any legal action but conceding) and ``heuristic`` (greedy).

Each reads only what its seat may see: the legal actions, its own hand, and the public board.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.wow.cards import Ability
from engine.games.wow.match.core import Match
from engine.games.wow.match.state import Inst

BOTS: tuple[str, ...] = ("random", "heuristic")
HELPFUL = frozenset({"heal", "prevent", "atk", "ready", "remove_from_combat"})


class RandomBot:
    """Plays a uniformly random legal action (never a concession)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        legal = [action for action in match.legal_actions(seat) if action["type"] != "concede"]
        return self.rng.choice(legal)


def _worth(inst: Inst) -> int:
    """How much a character matters: heroes most, then allies by cost."""
    return 20 if inst.card.is_hero else (inst.card.cost or 0) + 1


class HeuristicBot:
    """Greedy: keeps, places a resource each turn (quests face up), completes quests, plays
    the dearest card it can at the best target, strikes, and attacks where the trade is good."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, match: Match, seat: int) -> dict[str, Any]:
        legal = [action for action in match.legal_actions(seat) if action["type"] != "concede"]
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if "keep" in by_type:
            return {"type": "keep"}
        if "armor" in by_type:  # W12.5: prevent the most with the fewest armors, shields kept
            event = match.armor_queue[0]
            amount, shield = event["amount"], match.minted[event["target"]].shield

            def saved(action: dict[str, Any]) -> tuple[int, int, bool]:
                total = sum(match.minted[i].card.defense or 0 for i in action["cards"])
                first = bool(action.get("before_shields"))
                return (
                    min(total, amount if first else max(amount - shield, 0)),
                    -len(action["cards"]),
                    first,
                )

            return max(by_type["armor"], key=saved)
        if "keep_cards" in by_type:  # W13.4: keep the dearest cards, the newest on a tie
            return max(
                by_type["keep_cards"],
                key=lambda a: (
                    sum(match.minted[i].card.cost or 0 for i in a["cards"]),
                    sorted(a["cards"])[::-1],
                ),
            )
        if "discard" in by_type:
            return min(by_type["discard"], key=lambda a: (match.minted[a["card"]].card.cost or 0, a["card"]))
        if "search" in by_type:  # W18: the dearest card found
            return max(
                by_type["search"],
                key=lambda a: (match.minted[a["card"]].card.cost or 0) if "card" in a else -1,
            )
        if "order" in by_type:  # W9.4: its triggers in the order they came
            return by_type["order"][0]
        if "target" in by_type:  # W9.4: a trigger's target, scored as a play's would be
            item = next(i for i in match.chain if i.id == by_type["target"][0]["item"])
            ability = match.trigger_ability(item.payload)
            assert ability is not None
            return max(by_type["target"], key=lambda a: self._effects(match, seat, ability, a, 0))
        if "no_protect" in by_type:
            combat = match.combat
            defender = match.minted[combat["defender"]] if combat else None
            if defender is not None and defender.card.is_hero and "protect" in by_type:
                return by_type["protect"][0]
            return {"type": "no_protect"}
        for word in ("strike", "complete"):
            if word in by_type:
                return by_type[word][0]
        if "resource" in by_type:
            return self._resource(match, seat, by_type["resource"])
        scored = [
            (self._score(match, seat, a), i, a)
            for i, a in enumerate(legal)
            if a["type"] in ("play", "power", "attack")
        ]
        scored = [s for s in scored if s[0] > 0]
        if scored:
            return max(scored, key=lambda s: (s[0], -s[1]))[2]
        return {"type": "pass"}

    def _resource(self, match: Match, seat: int, options: list[dict[str, Any]]) -> dict[str, Any]:
        """A quest face up if there is one; else, while resources are few, the dearest card
        (the hardest to pay for soon), later the cheapest (the least useful by then)."""
        face_up = [a for a in options if a.get("face_up")]
        if face_up:
            return face_up[0]
        early = len(match.seats[seat].resources) <= 4

        def key(action: dict[str, Any]) -> tuple[int, int]:
            cost = match.minted[action["card"]].card.cost or 0
            return (cost if early else -cost, -action["card"])

        return max(options, key=key)

    def _score(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        if action["type"] == "attack":
            return self._attack(match, seat, action)
        inst = match.minted[action["card"]]
        card = inst.card
        if action["type"] == "play":
            ability = next(iter(card.abilities_when("play")), None)
        else:
            ability = inst.abilities[action["ability"]]  # W1.7: the side shown
        base = (card.cost or 0) + 1 if action["type"] == "play" else 1
        if ability is None:
            return base + (2 if card.type == "ally" else 0)
        if "item" in action:  # W8.8: interrupt only the opponent's items
            item = next((i for i in match.chain if i.id == action["item"]), None)
            return base + 2 if item is not None and item.controller != seat else 0
        return self._effects(match, seat, ability, action, base)

    def _effects(self, match: Match, seat: int, ability: Ability, action: dict[str, Any], base: int) -> int:
        """Score what ``ability`` does at the action's target (0: not worth doing)."""
        score = base
        target = match.minted[action["target"]] if "target" in action else None
        for effect in ability.effects:
            if effect.do == "draw":
                score += 2 * effect.amount
            elif target is not None and effect.target in (
                "any_character",
                "enemy_character",
                "enemy_ally",
                "friendly_character",
                "friendly_ally",
            ):
                helpful = effect.do in HELPFUL
                mine = target.controller == seat
                if effect.do == "heal" and target.damage == 0:
                    return 0
                if effect.do in ("atk", "remove_from_combat") and not (
                    match.combat and target.id in (match.combat["attacker"], match.combat["defender"])
                ):
                    return 0
                if helpful != mine:
                    return 0
                if effect.do in ("damage", "put_damage") and not target.card.is_hero:
                    left = (target.card.health or 0) - target.damage
                    score += _worth(target) * (3 if effect.amount >= left else 1)
                else:
                    score += effect.amount
            elif effect.do == "atk" and match.combat is None:
                return 0
            else:
                score += effect.amount
        return score

    def _attack(self, match: Match, seat: int, action: dict[str, Any]) -> int:
        attacker, defender = match.minted[action["attacker"]], match.minted[action["defender"]]
        hits, back = match.atk_of(attacker), match.atk_of(defender)
        if attacker.card.is_hero:
            weapons = [w for w in match.seats[seat].hero_row if w.card.type == "weapon" and not w.exhausted]
            hits += max((w.card.atk or 0) for w in weapons) if weapons else 0
        if hits <= 0:
            return 0
        if "long_range" in attacker.card.keywords:
            back = 0
        dies = attacker.damage + back >= (attacker.card.health or 0)
        kills = not defender.card.is_hero and defender.damage + hits >= (defender.card.health or 0)
        score = (_worth(defender) * 2 if kills else 0) + (hits * 2 if defender.card.is_hero else 0)
        if dies:
            score -= _worth(attacker) * 2
        elif attacker.card.is_hero:
            score -= back
        return score


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    """Return a new bot of :data:`BOTS`; KeyError for another name."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    raise KeyError(name)

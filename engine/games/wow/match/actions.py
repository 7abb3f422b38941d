# mypyc: compiled by build_engine.py
"""The actions of a WoW TCG match: what a seat may do now (``legal.py``), doing it
(``perform.py``) and why not (``checks.py``), gathered here with an action in words (W5–W11).

Action shapes (README.md, "Action shapes")::

    {"type": "keep"} | {"type": "mulligan"}                       W5.4
    {"type": "pass"}                                              W10.4
    {"type": "resource", "card": id} (+ "face_up": true, quests)  W7.1, W8.7
    {"type": "play", "card": id} (+ "target": id)                 W8
    {"type": "power", "card": id, "ability": i} (+ "target": id)  W9
    {"type": "complete", "card": id}                              W8.7
    {"type": "attack", "attacker": id, "defender": id}            W11.1
    {"type": "strike", "weapon": id}                              W11.5
    {"type": "protect", "card": id} | {"type": "no_protect"}      W11.4
    {"type": "discard", "card": id}                               W6.4, W18 discard
    {"type": "search", "card": id} | {"type": "search"}           W18 search (W4.1)
    {"type": "armor", "cards": [id, ...]} (+ "before_shields": true)  W12.5
    {"type": "keep_cards", "cards": [id, ...]}                    W13.4

A paying action (play, power, complete, strike) may name its resources: "pay": [id, ...]
(W7.5); it is checked apart (:func:`check_payment`), after the rest matched a legal action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.match.checks import check_payment, cost_of, refuse
from engine.games.wow.match.legal import (
    cheapest,
    hand_may_play,
    hero_can_use,
    legal_actions,
    main_timing,
    may_play_now,
    power_ok,
    priority_actions,
    search_matches,
    strikes,
    with_targets,
)
from engine.games.wow.match.perform import break_form, finish_search, perform
from engine.games.wow.match.state import RESOURCE

if TYPE_CHECKING:
    from engine.games.wow.match.flow import Flow as Match

__all__ = [
    "break_form", "cheapest", "check_payment", "cost_of", "describe_action", "finish_search",
    "hand_may_play", "hero_can_use", "legal_actions", "main_timing", "may_play_now", "perform",
    "power_ok", "priority_actions", "refuse", "search_matches", "strikes", "with_targets",
]  # fmt: skip


# --- words ---------------------------------------------------------------------------------


def describe_action(match: Match, action: dict[str, Any]) -> str:
    """Return a readable English sentence for ``action``."""

    def name(key: str) -> str:
        ident = action.get(key)
        if isinstance(ident, int) and ident in match.minted:
            inst = match.minted[ident]
            if inst.zone == RESOURCE and not inst.face_up:
                return "a face-down resource"
            return f"«{inst.name}»"
        return "?"

    def name_of(ident: Any) -> str:
        known = isinstance(ident, int) and ident in match.minted
        return f"«{match.minted[ident].name}»" if known else "?"

    kind = action.get("type")
    target = f" targeting {name('target')}" if "target" in action else ""
    words = {
        "keep": "keeps the opening hand",
        "mulligan": "shuffles the hand back and draws seven (mulligan)",
        "pass": "passes priority",
        "resource": "places a quest face up as a resource" if action.get("face_up") else "places a resource",
        "play": f"plays {name('card')}{target}",
        "power": f"uses a power of {name('card')}{target}",
        "complete": f"completes the quest {name('card')}",
        "attack": f"proposes an attack: {name('attacker')} attacks {name('defender')}",
        "strike": f"strikes with {name('weapon')}",
        "protect": f"protects with {name('card')}",
        "no_protect": "does not protect",
        "discard": f"discards {name('card')}",
        "search": f"finds {name('card')} in the deck" if "card" in action else "finds nothing in the deck",
        "armor": ("uses armor" + (" before the shields" if action.get("before_shields") else ""))
        if action.get("cards")
        else "uses no armor",
        "keep_cards": f"keeps {', '.join(name_of(i) for i in action.get('cards') or [])} (W13.4)",
        "order": "puts a trigger on the chain next (W9.4)",
        "target": f"targets {name('target')} with a trigger (W9.4)",
        "concede": "concedes",
        "timeout": "ran out of time",
        "no_show": "did not come",
        "penalty_loss": "gets a game loss (penalty)",
    }
    return words.get(str(kind), f"{kind}")

"""What an action of a game names, for the tests of actions said in words (full replays, the
judges' log)."""

import re
from typing import Any

# The fields of the games' actions that name one card (by instance id, or Your War's hand cards
# by name), those that name several; "blocks" and "split" hold ids in pairs and triples.
CARD_FIELDS = ("card", "unit", "weapon", "target", "attacker", "defender", "blocker", "colonel")
CARD_LISTS = ("cards", "targets")
_NAMES = re.compile(r"«[^»]*»")


def card_refs(action: dict[str, Any]) -> list[Any]:
    """Return every card reference of ``action``: instance ids, or names where the game uses names."""
    found: list[Any] = [
        action[key] for key in CARD_FIELDS if key in action and not isinstance(action[key], dict | bool)
    ]
    for key in CARD_LISTS:
        found += list(action.get(key) or [])
    for pair in action.get("blocks") or []:
        found += list(pair)
    for part in action.get("split") or []:
        found += list(part[:2])
    return found


def cards_named(state: Any, action: dict[str, Any]) -> list[str]:
    """Return the card names ``action`` names, read from the engine ``state`` that played it
    (``minted``: every instance by every id it ever had)."""
    names = {ident: inst.name for ident, inst in state.minted.items()}
    return [ref if isinstance(ref, str) else names[ref] for ref in card_refs(action)]


def outside_names(text: str) -> str:
    """Return ``text`` without the card names in it (guillemets and all)."""
    return _NAMES.sub("", text)

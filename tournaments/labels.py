"""Translated labels for the keys the engine and the card data use (card types, factions,
deck zones, phases, end reasons, decision kinds, result changes) and a translated
``describe_action`` for the judges' pages.

The engine speaks English keys only; the pages show these labels in the reader's language.
A key without a label is shown as it is.
"""

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

CARD_TYPES: dict[str, Promise] = {
    # RESPONSE
    "hero": pgettext_lazy("card type", "Hero"),
    "unit": pgettext_lazy("card type", "Unit"),
    "spell": pgettext_lazy("card type", "Spell"),
    "trap": pgettext_lazy("card type", "Trap"),
    "enhancement": pgettext_lazy("card type", "Enhancement"),
    "location": pgettext_lazy("card type", "Location"),
    "order": pgettext_lazy("card type", "Order"),
    # World of Warcraft TCG
    "ally": pgettext_lazy("card type", "Ally"),
    "ability": pgettext_lazy("card type", "Ability"),
    "weapon": pgettext_lazy("card type", "Weapon"),
    "armor": pgettext_lazy("card type", "Armor"),
    "item": pgettext_lazy("card type", "Item"),
    "quest": pgettext_lazy("card type", "Quest"),
    # Your War
    "artillery": pgettext_lazy("card type", "Artillery"),
    "support": pgettext_lazy("card type", "Support"),
    "medal": pgettext_lazy("card type", "Medal"),
    "base": pgettext_lazy("card type", "Base"),
    # Chronomagia
    "thoughtform": pgettext_lazy("card type", "Thoughtform"),
    "terrain": pgettext_lazy("card type", "Terrain"),
    "phenomenon": pgettext_lazy("card type", "Phenomenon"),
    "event": pgettext_lazy("card type", "Event"),
    "shadow": pgettext_lazy("card type", "Shadow"),
    # Force of Will
    "ruler": pgettext_lazy("card type", "Ruler"),
    "resonator": pgettext_lazy("card type", "Resonator"),
    "addition": pgettext_lazy("card type", "Addition"),
    "regalia": pgettext_lazy("card type", "Regalia"),
    "chant": pgettext_lazy("card type", "Chant"),
    "magic_stone": pgettext_lazy("card type", "Magic stone"),
}

FACTIONS: dict[str, Promise] = {
    "order": pgettext_lazy("faction", "Order"),
    "technology": pgettext_lazy("faction", "Technology"),
    "chaos": pgettext_lazy("faction", "Chaos"),
}

SUPERTYPES: dict[str, Promise] = {
    "legendary": pgettext_lazy("supertype", "Legendary"),
    "order": pgettext_lazy("supertype", "Order"),
}

# The game-specific fields of a card (the card browser's details), by their label.
CARD_FIELDS: dict[str, Promise] = {
    "subtypes": pgettext_lazy("card field", "subtypes"),
    "faction": pgettext_lazy("card field", "faction"),
    "classes": pgettext_lazy("card field", "classes"),
    "races": pgettext_lazy("card field", "races"),
    "talents": pgettext_lazy("card field", "talents"),
    "professions": pgettext_lazy("card field", "professions"),
    "keywords": pgettext_lazy("card field", "keywords"),
    "hero required talent": pgettext_lazy("card field", "hero required talent"),
    "country": pgettext_lazy("card field", "country"),
    "unit class": pgettext_lazy("card field", "unit class"),
    "attack": pgettext_lazy("card field", "attack"),
    "defense": pgettext_lazy("card field", "defense"),
    "rarity": pgettext_lazy("card field", "rarity"),
    "epoch": pgettext_lazy("card field", "epoch"),
    "attributes": pgettext_lazy("card field", "attributes"),
    "basic": pgettext_lazy("card field", "basic"),
}

# Deck zones by key; the English labels are the zones' first text headers, title-cased.
ZONES: dict[str, Promise] = {
    "hero": pgettext_lazy("deck zone", "Hero"),
    "orders": pgettext_lazy("deck zone", "Orders"),
    "main": pgettext_lazy("deck zone", "Main"),
    "side": pgettext_lazy("deck zone", "Side"),
    "ruler": pgettext_lazy("deck zone", "Ruler"),
    "stones": pgettext_lazy("deck zone", "Stones"),
}

# The deck builder's "add to" buttons, where room is short.
ZONES_SHORT: dict[str, Promise] = {
    "side": pgettext_lazy("deck zone, short", "Side"),
    "stones": pgettext_lazy("deck zone, short", "Stones"),
}

# The same words the play page uses (tournaments/views/play.py).
PHASES: dict[str, Promise] = {
    "mulligan": gettext_lazy("Opening hands"),
    "start": gettext_lazy("Start of turn"),
    "draw": gettext_lazy("Draw"),
    "actions": gettext_lazy("Actions"),
    "combat": gettext_lazy("Combat"),
    "end": gettext_lazy("End of turn"),
    "recovery": gettext_lazy("Recovery"),
    "over": gettext_lazy("Game over"),
}

REASONS: dict[str, Promise] = {
    "orders_exhausted": gettext_lazy("no orders left"),
    "concede": gettext_lazy("conceded"),
    "timeout": gettext_lazy("out of time"),
    "card_effect": gettext_lazy("a card's effect"),
    "draw": gettext_lazy("draw"),
    "round_end": gettext_lazy("round time is over"),
}

# Decision kinds and result changes keep their keys as the English labels (the pages showed them so).
DECISIONS: dict[str, Promise] = {
    "mulligan": pgettext_lazy("decision", "mulligan"),
    "act": pgettext_lazy("decision", "act"),
    "choose_cell": pgettext_lazy("decision", "choose_cell"),
    "choose_target": pgettext_lazy("decision", "choose_target"),
    "wait": pgettext_lazy("decision", "wait"),
}

# ResultChange.action: what changed a match's result.
RESULT_CHANGES: dict[str, Promise] = {
    "report": pgettext_lazy("result change", "report"),
    "judge_report": pgettext_lazy("result change", "judge_report"),
    "override": pgettext_lazy("result change", "override"),
    "confirm": pgettext_lazy("result change", "confirm"),
    "dispute": pgettext_lazy("result change", "dispute"),
    "extend": pgettext_lazy("result change", "extend"),
    "engine": pgettext_lazy("result change", "engine"),
    "round_end": pgettext_lazy("result change", "round_end"),
    "penalty": pgettext_lazy("result change", "penalty"),
}

MATCH_STATUSES: dict[str, Promise] = {
    "pending": pgettext_lazy("match status", "pending"),
    "reported": pgettext_lazy("match status", "reported"),
    "final": pgettext_lazy("match status", "final"),
}


def label(table: dict[str, Promise], key: Any) -> str:
    """Return the label of ``key`` in ``table``, or the key itself when it has none."""
    if key is None:
        return ""
    found = table.get(str(key))
    return str(found) if found is not None else str(key)


def zone_label(key: str, *, short: bool = False) -> str:
    """Return a deck zone's label (unknown zones: the key, title-cased like the text headers)."""
    found = (short and ZONES_SHORT.get(key)) or ZONES.get(key)
    return str(found) if found is not None else key.title()


# --- actions, as the judges read them ----------------------------------------------------------


def _place(cell: Any) -> str:
    if isinstance(cell, dict):
        return _("line %(line)s row %(row)s") % {"line": cell.get("line"), "row": cell.get("row")}
    return "?"


def _target(target: Any) -> str:
    if target is None:
        return _("no target")
    if not isinstance(target, dict):
        return repr(target)
    seat = target.get("seat")
    if target.get("zone") == "hero":
        return _("seat %(n)s (the player)") % {"n": seat}
    if target.get("zone") == "location":
        return _("seat %(n)s's location") % {"n": seat}
    return _("seat %(n)s's card at %(place)s") % {"n": seat, "place": _place(target)}


def describe_action(action: dict[str, Any]) -> str:
    """Return a sentence for a RESPONSE action in the active language (the engine's
    ``describe_action``, translated)."""
    kind = action.get("type")
    targets = action.get("targets")
    tail = (
        _(", targeting %(targets)s") % {"targets": ", ".join(_target(t) for t in targets)} if targets else ""
    )
    if kind == "keep":
        return _("keep the opening hand")
    if kind == "mulligan":
        cards = [str(c) for c in action.get("cards") or []]
        return ngettext("mulligan %(n)s card: %(cards)s", "mulligan %(n)s cards: %(cards)s", len(cards)) % {
            "n": len(cards),
            "cards": ", ".join(cards) if cards else _("nothing"),
        }
    if kind == "pass":
        return _("pass")
    if kind == "play":
        values = {"card": action.get("card"), "tail": tail}
        if "cell" in action:
            return _("play %(card)s to %(place)s%(tail)s") % {**values, "place": _place(action["cell"])}
        return _("play %(card)s%(tail)s") % values
    if kind == "activate":
        if action.get("zone") == "hero":
            return _("use the action of the hero%(tail)s") % {"tail": tail}
        if action.get("zone") == "location":
            return _("use the action of the location%(tail)s") % {"tail": tail}
        return _("use the action of the card at %(place)s%(tail)s") % {
            "place": _place(action.get("cell")),
            "tail": tail,
        }
    if kind == "choose":
        if "cell" in action:
            return _("choose %(what)s") % {"what": _place(action["cell"])}
        return _("choose %(what)s") % {"what": ", ".join(_target(t) for t in targets or [])}
    if kind == "concede":
        return _("concede the game")
    if kind == "timeout":
        return _("run out of time")
    return _("unknown action %(kind)s") % {"kind": repr(kind)}


# --- deck violations, in the reader's language ---------------------------------------------------

# RESPONSE's deck rules (R2.1–R2.6, codes of R2.8), with the values the engine gives in
# ``params``. Another game's violation is shown with the engine's own (English) message.
_VIOLATIONS: dict[str, Promise] = {
    "main_size": gettext_lazy("R2.1: the main deck must hold exactly %(expected)s cards (found %(found)s)"),
    "side_size": gettext_lazy("R2.6: the side deck may hold at most %(limit)s cards (found %(found)s)"),
    "hero_missing": gettext_lazy("R2.1: the deck has no hero"),
    "not_a_hero": gettext_lazy("R2.1: «%(card)s» is not a hero (%(type)s)"),
    "orders_count": gettext_lazy("R2.1: exactly %(expected)s orders are needed (found %(found)s)"),
    "not_an_order": gettext_lazy("R2.4: «%(card)s» is not an order card (%(type)s)"),
    "order_in_main": gettext_lazy(
        "R2.3: the Order card «%(card)s» cannot be in the main deck, only in the orders"
    ),
    "legendary_limit": gettext_lazy(
        "R2.2: at most %(limit)s copy of the legendary «%(card)s» (found %(found)s)"
    ),
    "copy_limit": gettext_lazy("R2.2: at most %(limit)s copies of «%(card)s» (found %(found)s)"),
    "faction": gettext_lazy("R2.5: «%(card)s» does not fit the factions of hero «%(hero)s»"),
}


_IN_ZONE: dict[str, Promise] = {
    "hero": gettext_lazy("in the hero slot"),
    "orders": gettext_lazy("in the orders"),
    "main": gettext_lazy("in the main deck"),
    "side": gettext_lazy("in the side deck"),
}


def violation_text(violation: Any) -> str:
    """Return a deck violation (the engine's object or its dict) as a sentence in the reader's
    language, or the engine's English message when there is no translation for it."""
    get = violation.get if isinstance(violation, dict) else lambda key: getattr(violation, key, None)
    code, card, params = str(get("code")), get("card"), dict(get("params") or {})
    message = str(get("message") or "")
    where = label(_IN_ZONE, params.get("zone"))
    if code == "unknown_card" and where:
        text = _("«%(card)s» %(where)s is not a known card") % {"card": card, "where": where}
        if params.get("suggestions"):
            names = " / ".join(f"«{name}»" for name in params["suggestions"])
            text += "; " + _("did you mean %(names)s?") % {"names": names}
        return text
    if code == "hero_in_deck" and where:
        rule = "R2.3" if params.get("zone") == "main" else "R2.6"
        return _("%(rule)s: the hero card «%(card)s» cannot be %(where)s") % {
            "rule": rule,
            "card": card,
            "where": where,
        }
    if code == "side_size" and params.get("limit") == 0:
        return _("R2.6: this event uses no side deck (found %(found)s cards)") % params
    template = _VIOLATIONS.get(code)
    if template is None or (not params and code not in ("hero_missing", "order_in_main")):
        return message  # another game's rule, or an engine that gave no values
    values = {**params, "card": card, "type": label(CARD_TYPES, params.get("type"))}
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return message

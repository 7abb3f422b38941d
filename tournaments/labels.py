"""Translated labels for the keys the engine and the card data use (card types, factions,
deck zones, phases, end reasons, decision kinds, result changes) and a translated
``describe_action`` for the judges' pages.

The engine speaks English keys only; the pages show these labels in the reader's language.
A key without a label is shown as it is.
"""

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

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
    # Not "Order": that is the faction's label (R1.3), and an Order card may be of the Order faction.
    "order": pgettext_lazy("supertype", "Order card"),
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
    "no_show": gettext_lazy("no-show"),  # R9.4: absent when the grace period ended
    "card_effect": gettext_lazy("a card's effect"),
    "draw": gettext_lazy("draw"),
    "round_end": gettext_lazy("round time is over"),
    "override": gettext_lazy("a judge set the match result"),  # services.events._online_override
    "penalty": gettext_lazy("game loss (penalty)"),  # a judge's game loss (services.penalties)
    "turn_limit": gettext_lazy("turn limit reached"),
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
    # Corrections of the event itself (issue #16).
    "edit": pgettext_lazy("result change", "edit"),
    "cancel": pgettext_lazy("result change", "cancel"),
    "delete": pgettext_lazy("result change", "delete"),
    "judge_remove": pgettext_lazy("result change", "judge_remove"),
    "walk_in": pgettext_lazy("result change", "walk_in"),
    # Pairing corrections (issue #16 point 9).
    "pairings_publish": pgettext_lazy("result change", "pairings_publish"),
    "pairings_swap": pgettext_lazy("result change", "pairings_swap"),
    "bye_manual": pgettext_lazy("result change", "bye_manual"),
    "round_repair": pgettext_lazy("result change", "round_repair"),
    "round_undo": pgettext_lazy("result change", "round_undo"),
    "pairing_forbid": pgettext_lazy("result change", "pairing_forbid"),
    "pairing_allow": pgettext_lazy("result change", "pairing_allow"),
    # Event day (issue #16).
    "check_in": pgettext_lazy("result change", "check_in"),
    "check_in_undo": pgettext_lazy("result change", "check_in_undo"),
    "check_in_close": pgettext_lazy("result change", "check_in_close"),
    "drop": pgettext_lazy("result change", "drop"),
    "no_show": pgettext_lazy("result change", "no_show"),
    # Outgoing webhooks (issue #16 point 12).
    "webhook_add": pgettext_lazy("result change", "webhook_add"),
    "webhook_remove": pgettext_lazy("result change", "webhook_remove"),
}

MATCH_STATUSES: dict[str, Promise] = {
    "pending": pgettext_lazy("match status", "pending"),
    "reported": pgettext_lazy("match status", "reported"),
    "final": pgettext_lazy("match status", "final"),
}

# The top-cut rounds (tournaments/swiss/topcut.py STAGES) and how far a player went in one.
TOP_CUT_ROUNDS: dict[str, Promise] = {
    "final": pgettext_lazy("top-cut round", "Final"),
    "semifinal": pgettext_lazy("top-cut round", "Semifinals"),
    "quarterfinal": pgettext_lazy("top-cut round", "Quarterfinals"),
}

TOP_CUT_REACHED: dict[str, Promise] = {
    "winner": pgettext_lazy("how far in the top cut", "Winner"),
    "final": pgettext_lazy("how far in the top cut", "Finalist"),
    "semifinal": pgettext_lazy("how far in the top cut", "Semifinals"),
    "quarterfinal": pgettext_lazy("how far in the top cut", "Quarterfinals"),
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


def describe_action(action: dict[str, Any], *, card_name: Callable[[str], str] | None = None) -> str:
    """Return a sentence for a RESPONSE action in the active language (the engine's
    ``describe_action``, translated); ``card_name`` shows a card's name in that language too."""
    kind = action.get("type")
    shown = card_name or str
    targets = action.get("targets")
    tail = (
        _(", targeting %(targets)s") % {"targets": ", ".join(_target(t) for t in targets)} if targets else ""
    )
    if kind == "keep":
        return _("keep the opening hand")
    if kind == "mulligan":
        cards = [shown(c) if isinstance(c, str) else str(c) for c in action.get("cards") or []]
        return ngettext("mulligan %(n)s card: %(cards)s", "mulligan %(n)s cards: %(cards)s", len(cards)) % {
            "n": len(cards),
            "cards": ", ".join(cards) if cards else _("nothing"),
        }
    if kind == "pass":
        return _("pass")
    if kind == "play":
        card = action.get("card")
        values = {"card": shown(card) if isinstance(card, str) else card, "tail": tail}
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
    if kind == "penalty_loss":
        return _("game loss (penalty)")
    if kind == "no_show":
        return (
            _("neither player came to the game")
            if action.get("both") is True
            else _("did not come to the game")
        )
    return _("unknown action %(kind)s") % {"kind": repr(kind)}


# --- audit-trail notes the site writes, in the reader's language --------------------------------

# The notes the services write in English (kept so: old rows and English readers read them as
# they are), recognised and said again in the reader's language. A judge's own words after
# ``: `` are kept as written.
_PENALTY_NOTE = re.compile(
    r"^(warning|game_loss|match_loss|disqualification) for ([^:\s]+)(?:: (.*))?$", re.S
)
_DROP_NOTE = re.compile(r"^(\S+) (left the event|dropped by the organizer)$")
_ROUND_END_NOTE = "round time is over: the game in progress counts as a draw"


def change_note(action: str, note: str) -> str:
    """Return an audit-trail note (``ResultChange.note``) in the reader's language: the
    services' own sentences (a penalty "warning for anna", a drop, a round's end) are
    translated, anything else (a judge's reason) is shown as written."""
    if not note or _reads_english():
        return note
    if action == "penalty" and (found := _PENALTY_NOTE.match(note)):
        from tournaments.models import Penalty  # labels is imported by the models' apps

        kind, player, reason = found.groups()
        text = _("%(penalty)s for %(player)s") % {
            "penalty": str(Penalty.Kind(kind).label).lower(),
            "player": player,
        }
        return f"{text}: {reason}" if reason else text
    if action == "drop" and (found := _DROP_NOTE.match(note)):
        name, how = found.groups()
        if how == "left the event":
            return _("%(player)s left the event") % {"player": name}
        return _("%(player)s dropped by the organizer") % {"player": name}
    if action == "round_end" and note == _ROUND_END_NOTE:
        return _("round time is over: the game in progress counts as a draw")
    return note


# --- in the engine's language, or in the reader's -------------------------------------------------


def _reads_english() -> bool:
    """True when the reader reads the engine's own language: its English messages are then
    shown as they are (exactly what the engine, its logs and golden files say)."""
    return (get_language() or "en").split("-")[0] == "en"


def _fill(template: Promise | None, values: Mapping[str, Any], fallback: str) -> str:
    """Return ``template`` filled with ``values``, or ``fallback`` when there is no template or
    a value it needs is missing."""
    if template is None:
        return fallback
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return fallback


# --- deck violations, in the reader's language ---------------------------------------------------

# RESPONSE's deck rules (R2.1–R2.6, codes of R2.8), with the values the engine gives in
# ``params``. The other games have tables of their own (below): a code is one game's rule.
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


# R2.7, between games: what a sideboard swap did wrong (``params["kind"]``).
_SWAPS: dict[str, Promise] = {
    "hero": gettext_lazy("R2.7: the hero cannot change between games (was «%(was)s», now «%(now)s»)"),
    "one_for_one": gettext_lazy(
        "R2.7: swaps are one-for-one, but %(out)s card(s) left %(zone)s and %(in)s came in"
    ),
    "entered_deck": gettext_lazy(
        "R2.7: %(count)s × «%(card)s» entered the deck without leaving the side deck"
    ),
    "left_side": gettext_lazy("R2.7: %(count)s × «%(card)s» left the side deck without going into the deck"),
    "entered_side": gettext_lazy(
        "R2.7: %(count)s × «%(card)s» entered the side deck without leaving the deck"
    ),
    "left_deck": gettext_lazy("R2.7: %(count)s × «%(card)s» left the deck without going into the side deck"),
    "not_an_order": gettext_lazy("R2.7: only an Order card may be swapped into the orders, not «%(card)s»"),
}
_SWAP_FROM: dict[str, Promise] = {  # "… left %(zone)s …"
    "main": pgettext_lazy("cards left it", "the main deck"),
    "orders": pgettext_lazy("cards left it", "the orders"),
}


_IN_ZONE: dict[str, Promise] = {
    "hero": gettext_lazy("in the hero slot"),
    "orders": gettext_lazy("in the orders"),
    "main": gettext_lazy("in the main deck"),
    "side": gettext_lazy("in the side deck"),
}

# The deck-only games (World of Warcraft TCG, Your War, Chronomagia, Force of Will). A code
# names a different rule in each game (WoW's ``main_size`` is not RESPONSE's R2.1), so each
# game has its own table, keyed by (code, variant): the variant tells apart the forms one
# code takes (see _deck_variant). Their messages cite no rule numbers, as the engine's don't.
_SIZE_MIN = gettext_lazy("%(where)s there must be at least %(minimum)s cards (found %(found)s)")
_SIZE_MAX = gettext_lazy("%(where)s there may be at most %(maximum)s cards (found %(found)s)")
_SIZE_NONE = gettext_lazy("this event allows no cards %(where)s (found %(found)s)")
_NO_HERO = gettext_lazy("the deck has no hero")
_NOT_A_HERO = gettext_lazy("«%(card)s» is not a hero (%(type)s)")
_COPIES = gettext_lazy("at most %(limit)s copies of «%(card)s» (found %(found)s)")
# What every one of them checks alike (engine/games/_common.py).
_DECK_COMMON: dict[tuple[str, str], Promise] = {
    ("unknown_card", ""): gettext_lazy("«%(card)s» %(where)s is not a known card"),
    ("unknown_card", "name"): gettext_lazy("%(name)s %(where)s is not a card name"),
    ("unknown_zone", ""): gettext_lazy("«%(zone)s» is not a zone of this game's decklists (%(known)s)"),
    ("bad_count", "zones"): gettext_lazy("the decklist's zones must be a mapping of zone name to cards"),
    ("bad_count", "one"): gettext_lazy("%(where)s exactly one card must be named"),
    ("bad_count", "counts"): gettext_lazy("%(where)s every card name needs its number of copies"),
    ("bad_count", "count"): gettext_lazy(
        "%(name)s %(where)s: %(count)s copies; a count is a whole number ≥ 1"
    ),
    ("main_size", "min"): _SIZE_MIN,
    ("main_size", "max"): _SIZE_MAX,
    ("side_size", "max"): _SIZE_MAX,
    ("side_size", "none"): _SIZE_NONE,
    ("stones_size", "min"): _SIZE_MIN,
    ("stones_size", "max"): _SIZE_MAX,
}
_DECK_ONLY: dict[str, dict[tuple[str, str], Promise]] = {
    "wow": {
        ("hero_missing", ""): _NO_HERO,
        ("not_a_hero", ""): _NOT_A_HERO,
        ("hero_in_deck", ""): gettext_lazy("the hero card «%(card)s» is not part of the deck"),
        ("copy_limit", ""): gettext_lazy(
            "at most %(limit)s copies of «%(card)s», not unlimited (found %(found)s)"
        ),
        ("no_shared_trait", ""): gettext_lazy(
            "«%(card)s» shares no trait (faction, class, race, talent, profession) with «%(hero)s»"
        ),
        ("talent_required", ""): gettext_lazy(
            "«%(card)s» needs a hero with the «%(talent)s» talent; «%(hero)s» has not"
        ),
        ("not_in_pool", ""): gettext_lazy(
            "«%(card)s» is not in the player's pool (the deck and sideboard list %(found)s)"
        ),
        ("pool_exceeded", ""): gettext_lazy(
            "the pool holds %(available)s of «%(card)s», the deck and sideboard list %(found)s"
        ),
    },
    "yourwar": {
        ("copy_limit", ""): gettext_lazy(
            "at most %(limit)s copies of «%(card)s» (found %(found)s); only «Военная База» is exempt"
        ),
    },
    "chronomagia": {
        ("hero_missing", ""): _NO_HERO,
        ("not_a_hero", ""): _NOT_A_HERO,
        ("hero_in_deck", "main"): gettext_lazy("the hero «%(card)s» cannot be in the main deck"),
        ("hero_in_deck", "side"): gettext_lazy("the hero «%(card)s» cannot be in the hero deck"),
        ("copy_limit", ""): _COPIES,
        ("mythic_limit", ""): gettext_lazy(
            "at most %(limit)s copy of the mythic «%(card)s» (found %(found)s)"
        ),
        ("mythic_in_side", ""): gettext_lazy("the mythic «%(card)s» cannot be in the hero deck"),
    },
    "fow": {
        ("ruler_missing", ""): gettext_lazy("the deck has no ruler"),
        ("not_a_ruler", ""): gettext_lazy("«%(card)s» is not a ruler (%(type)s)"),
        ("ruler_in_main", ""): gettext_lazy("the ruler «%(card)s» cannot be in the main deck"),
        ("stone_in_main", ""): gettext_lazy(
            "the magic stone «%(card)s» belongs in the magic stone deck, not the main deck"
        ),
        ("not_a_stone", ""): gettext_lazy(
            "«%(card)s» is not a magic stone (%(type)s); the magic stone deck holds magic stones only"
        ),
        ("copy_limit", ""): gettext_lazy(
            "at most %(limit)s copies of «%(card)s» across main, stone and side decks (found %(found)s);"
            " only basic magic stones are exempt"
        ),
    },
}
# Where a card is, by zone key (unknown cards, bad counts) ...
_IN_DECK_ZONE: dict[str, Promise] = {
    "hero": gettext_lazy("in the hero slot"),
    "ruler": gettext_lazy("in the ruler slot"),
    "main": gettext_lazy("in the main deck"),
    "side": gettext_lazy("in the side deck"),
    "stones": gettext_lazy("in the magic stone deck"),
}
# ... and by the name a size rule gives its zone (each game names its zones its own way).
_IN_DECK_PART: dict[str, Promise] = {
    "main deck": gettext_lazy("in the main deck"),
    "deck": gettext_lazy("in the deck"),
    "sideboard": gettext_lazy("in the sideboard"),
    "side deck": gettext_lazy("in the side deck"),
    "hero deck": gettext_lazy("in the hero deck"),
    "magic stone deck": gettext_lazy("in the magic stone deck"),
}


def violation_codes_translated(game: str) -> frozenset[str]:
    """Return the violation codes of ``game`` that :func:`violation_text` can translate."""
    if game == "respons":
        return frozenset({*_VIOLATIONS, "unknown_card", "hero_in_deck", "bad_swap"})
    if game not in _DECK_ONLY:
        return frozenset()
    return frozenset(code for code, _variant in (*_DECK_COMMON, *_DECK_ONLY[game]))


def violation_text(
    violation: Any, *, game: str | None = None, card_name: Callable[[str], str] | None = None
) -> str:
    """Return a deck violation (the engine's object or its dict) as a sentence in the reader's
    language, or the engine's English message when there is no translation for it.

    The game is ``game`` or the violation's own ``"game"`` (the dicts of
    :func:`tournaments.services.decks.deck_check` carry it): codes mean different rules in
    different games, so a violation of no known game keeps the engine's message.
    ``card_name`` gives the name a card is shown under in the reader's language, from its
    canonical name (tournaments.selectors.cards.card_namer): the cards the violation names and
    its "did you mean" suggestions are shown so; a name that is not a card's stays as written.
    """
    get = violation.get if isinstance(violation, dict) else lambda key: getattr(violation, key, None)
    code, card, params = str(get("code")), get("card"), dict(get("params") or {})
    message = str(get("message") or "")
    game = game or get("game")
    if card_name is not None:
        card, params, message = _names_shown(code, card, params, message, card_name)
    if _reads_english():
        return message
    if game == "respons":
        return _respons_violation_text(code, card, params, message)
    if game in _DECK_ONLY:
        return _deck_only_violation_text(str(game), code, card, params, message)
    return message


# The params of a violation that hold a card's canonical name (RESPONSE's ``hero`` may also be
# a flag: only strings are names).
_NAME_PARAMS: tuple[str, ...] = ("hero", "was", "now")


def _names_shown(
    code: str, card: Any, params: dict[str, Any], message: str, card_name: Callable[[str], str]
) -> tuple[Any, dict[str, Any], str]:
    """Return the violation's card, params and English message with every card name shown as
    ``card_name`` says. The name of an unknown card is what the player wrote: it is kept."""
    renamed: dict[str, str] = {}

    def shown(name: Any) -> Any:
        if not isinstance(name, str):
            return name
        new = card_name(name)
        if new != name:
            renamed[name] = new
        return new

    if code != "unknown_card":
        card = shown(card)
    params = {key: shown(value) if key in _NAME_PARAMS else value for key, value in params.items()}
    if isinstance(params.get("suggestions"), list):
        params["suggestions"] = [shown(name) for name in params["suggestions"]]
    for old, new in renamed.items():  # the engine's message quotes names «so»
        message = message.replace(f"«{old}»", f"«{new}»")
    return card, params, message


def _respons_violation_text(code: str, card: Any, params: dict[str, Any], message: str) -> str:
    where = label(_IN_ZONE, params.get("zone"))
    if code == "unknown_card" and where:
        return _unknown_card(card, where, params)
    if code == "hero_in_deck" and where:
        rule = "R2.3" if params.get("zone") == "main" else "R2.6"
        return _("%(rule)s: the hero card «%(card)s» cannot be %(where)s") % {
            "rule": rule,
            "card": card,
            "where": where,
        }
    if code == "bad_swap":
        values = {**params, "card": card, "zone": label(_SWAP_FROM, params.get("zone"))}
        return _fill(_SWAPS.get(str(params.get("kind"))), values, message)
    if code == "side_size" and params.get("limit") == 0:
        return _("R2.6: this event uses no side deck (found %(found)s cards)") % params
    template = _VIOLATIONS.get(code)
    if template is None or (not params and code not in ("hero_missing", "order_in_main")):
        return message  # an engine that gave no values
    return _fill(template, {**params, "card": card, "type": label(CARD_TYPES, params.get("type"))}, message)


def _unknown_card(card: Any, where: str, params: dict[str, Any]) -> str:
    text = _("«%(card)s» %(where)s is not a known card") % {"card": card, "where": where}
    if params.get("suggestions"):
        names = " / ".join(f"«{name}»" for name in params["suggestions"])
        text += "; " + _("did you mean %(names)s?") % {"names": names}
    return text


def _deck_variant(code: str, params: dict[str, Any]) -> str:
    """Return which form of ``code`` a deck-only game's violation takes (its params say)."""
    if code.endswith("_size"):
        if "minimum" in params:
            return "min"
        return "none" if params.get("maximum") == 0 else "max"
    if code == "bad_count":
        return str(params.get("shape", ""))
    if code == "unknown_card":
        return "name" if "name" in params else ""
    if code == "hero_in_deck":
        return str(params.get("zone", ""))
    return ""


def _deck_only_violation_text(game: str, code: str, card: Any, params: dict[str, Any], message: str) -> str:
    key = (code, _deck_variant(code, params))
    template = _DECK_ONLY[game].get(key) or _DECK_COMMON.get(key)
    values: dict[str, Any] = {**params, "card": card}
    if "type" in params:
        values["type"] = label(CARD_TYPES, params["type"])
    # A size names its zone as the game does ("sideboard", "hero deck"); the others by its key.
    if code.endswith("_size"):
        where = _IN_DECK_PART.get(str(params.get("label")))
    else:
        where = _IN_DECK_ZONE.get(str(params.get("zone")))
    if where is not None:
        values["where"] = str(where)
    if key == ("unknown_card", "") and where is not None:
        return _unknown_card(card, str(where), params)
    return _fill(template, values, message)  # a value missing (an older engine): the message


# --- refused actions, in the reader's language ---------------------------------------------------

# RESPONSE's refusals by ``IllegalAction.code`` (engine/games/respons/match, REFUSAL_CODES),
# filled from its ``params``; the English follows the engine's message, which English readers
# get as it is. The rule is not part of the text: one code can come with different rules (an
# answer out of turn cites the pending decision's rule).
_REFUSALS: dict[str, Promise] = {
    # R9.5, R10: the game, the seat, the seq, the action's shape
    "game_over": gettext_lazy("the game is over (%(reason)s)"),
    "no_seat": gettext_lazy("no seat %(seat)s"),
    "stale_seq": gettext_lazy("stale action: expected seq %(expected)s, got %(got)s"),
    "not_an_action": gettext_lazy('an action is a JSON object with a "type"'),
    "card_name_missing": gettext_lazy("play needs the card's name"),
    # R5.2, R6.3: whose decision, which answers it takes
    "no_decisions_left": gettext_lazy("you have no decisions left this turn (%(limit)s per turn)"),
    "not_your_decision": gettext_lazy("it is seat %(seat)s's decision (%(decision)s)"),
    "not_an_act": gettext_lazy("a decision is play, activate or pass, not %(got)s"),
    "not_a_choice": gettext_lazy("%(decision)s expects a choose action, not %(got)s"),
    "not_a_mulligan": gettext_lazy("the opening decision is keep or mulligan, not %(got)s"),
    "mulligan_cards": gettext_lazy("mulligan needs the list of card names to put back"),
    "mulligan_not_in_hand": gettext_lazy("«%(card)s» is not in your hand (as many times as listed)"),
    "not_in_hand": gettext_lazy("«%(card)s» is not in your hand"),
    # R3.2, R7.1, R7.2, R7.5: cells and room
    "bad_cell": gettext_lazy('a cell is {"line": 1-5, "row": 1-3}'),
    "no_such_cell": gettext_lazy("no such cell: line %(line)s row %(row)s (lines 1–5, rows 1–3)"),
    "not_your_cell": gettext_lazy("you can only use a cell of your own tactical segment"),
    "no_free_cell": gettext_lazy("no free cell for %(card)s"),
    "cell_missing": gettext_lazy("%(card)s goes to a free cell of yours: send its cell"),
    "cell_taken": gettext_lazy("line %(line)s row %(row)s is not free"),
    "cell_not_offered": gettext_lazy("line %(line)s row %(row)s is not a free cell of yours"),
    "no_cell_for_type": gettext_lazy("a card of type %(type)s does not go to a cell"),
    "location_taken": gettext_lazy("your location slot already holds %(card)s"),
    "too_expensive": gettext_lazy("%(card)s costs %(cost)s, you have %(influence)s influence"),
    # R7.6: a card's action
    "no_location": gettext_lazy("you have no location"),
    "source_missing": gettext_lazy('activate needs the card\'s "cell" (or "zone": "location"/"hero")'),
    "no_card_in_cell": gettext_lazy("there is no card of yours in that cell"),
    "no_action": gettext_lazy("%(card)s has no action"),
    "action_used": gettext_lazy("%(card)s has already used its action this turn"),
    "action_too_expensive": gettext_lazy("%(card)s's action costs %(cost)s, you have %(influence)s"),
    # R7.7: chosen targets
    "targets_not_a_list": gettext_lazy("targets must be a list"),
    "no_targets": gettext_lazy("%(card)s takes no targets"),
    "target_count": gettext_lazy(
        "%(card)s needs %(expected)s target(s), one per chosen ability, got %(got)s"
    ),
    "target_missing": gettext_lazy("targets[%(index)s]: choose one for %(effect)s (%(target_kind)s)"),
    "illegal_target": gettext_lazy(
        "targets[%(index)s]: %(target)s is not a legal %(target_kind)s for %(card)s"
    ),
    "one_target": gettext_lazy('choose one target: {"type": "choose", "targets": [target]}'),
    "target_not_offered": gettext_lazy("%(target)s is not a legal target for %(card)s"),
    # The site's own refusals (tournaments/services/online.py), before the engine sees the action.
    "match_over": gettext_lazy("the match is over"),
    "no_game": gettext_lazy("no game yet"),
    "sideboarding": gettext_lazy("sideboarding: the game has not started yet"),
    "game_finished": gettext_lazy("the game is over"),
    # R10.3, R10.4: an action's shape (engine/actions.py), before it is stored; and the worker's
    "action_type": gettext_lazy("a player cannot send an action of type %(kind)s"),
    "action_value": gettext_lazy(
        "an action holds only plain JSON values (text, whole numbers up to 2^53, finite numbers, "
        "true, false, null, lists and objects)"
    ),
    "action_too_deep": gettext_lazy("an action may be nested at most %(limit)s levels deep"),
    "action_too_large": gettext_lazy("an action is at most %(limit)s bytes of JSON"),
    "unprocessable": gettext_lazy("this action cannot be adjudicated"),
    "stale_game": gettext_lazy("this action was sent during game %(game)s"),
}

# Values that are engine keys, shown by their labels; the others (names, numbers, what the
# player sent) are shown as they are.
REFUSAL_VALUE_LABELS: dict[str, dict[str, Promise]] = {
    "reason": REASONS,
    "decision": DECISIONS,
    "type": CARD_TYPES,
}


def refusal_codes_translated() -> frozenset[str]:
    """Return the refusal codes :func:`refusal_message` can translate."""
    return frozenset(_REFUSALS)


def refusal_message(
    *,
    code: str,
    params: Mapping[str, Any] | None,
    message: str,
    card_name: Callable[[str], str] | None = None,
) -> str:
    """Return a refused action's message in the reader's language: the English ``message``
    (the engine's or the site's) as it is for English readers, or when ``code`` has no
    translation or ``params`` lack a value it needs. ``card_name`` shows the card it names
    (``params["card"]``) in the reader's language, in the English message too."""
    card = (params or {}).get("card")
    if card_name is not None and isinstance(card, str) and card:
        shown = card_name(card)
        params = {**(params or {}), "card": shown}
        message = message.replace(card, shown)
    if _reads_english():
        return message
    values = {
        key: label(REFUSAL_VALUE_LABELS[key], value) if key in REFUSAL_VALUE_LABELS else value
        for key, value in (params or {}).items()
    }
    return _fill(_REFUSALS.get(code), values, message)


def refusal_text(*, code: str, params: Mapping[str, Any] | None, rule: str, message: str) -> str:
    """Return a refused action as the engine says it, ``"R7.1: …"``, in the reader's language
    (see :func:`refusal_message`)."""
    text = refusal_message(code=code, params=params, message=message)
    return f"{rule}: {text}" if rule else text


def refusal_templates() -> dict[str, Any]:
    """Return what the play page needs to say a refusal in the reader's language: its
    ``templates`` by code, with ``{name}`` for each value, and the ``labels`` of the values
    that are keys. Empty for English readers, who get the English message as it is."""
    if _reads_english():
        return {"templates": {}, "labels": {}}
    return {
        "templates": {
            code: re.sub(r"%\((\w+)\)s", r"{\1}", str(template)).replace("%%", "%")
            for code, template in _REFUSALS.items()
        },
        "labels": {
            key: {value: str(text) for value, text in table.items()}
            for key, table in REFUSAL_VALUE_LABELS.items()
        },
    }


# --- card values: traits, attributes, subtypes (issue #17) ---------------------------------------

# The words the card data uses for the other games' traits and attributes (WoW's faction,
# classes, races, talents, professions and keywords; Your War's countries and unit classes;
# Chronomagia's rarities and subtypes; Force of Will's attributes) and the subtypes of RESPONSE
# and Chronomagia, which their sets print in Russian. Keyed by the word as the set writes it,
# case-folded; see :func:`value_label`.
CARD_VALUES: dict[str, Promise] = {
    # World of Warcraft TCG: factions and classes (engine/games/wow/cards.py) ...
    "horde": pgettext_lazy("card trait", "Horde"),
    "alliance": pgettext_lazy("card trait", "Alliance"),
    "druid": pgettext_lazy("card trait", "Druid"),
    "hunter": pgettext_lazy("card trait", "Hunter"),
    "mage": pgettext_lazy("card trait", "Mage"),
    "paladin": pgettext_lazy("card trait", "Paladin"),
    "priest": pgettext_lazy("card trait", "Priest"),
    "rogue": pgettext_lazy("card trait", "Rogue"),
    "shaman": pgettext_lazy("card trait", "Shaman"),
    "warlock": pgettext_lazy("card trait", "Warlock"),
    "warrior": pgettext_lazy("card trait", "Warrior"),
    # ... races, talents and professions (free words: the shipped set's and the usual ones) ...
    "blood elf": pgettext_lazy("card trait", "Blood elf"),
    "draenei": pgettext_lazy("card trait", "Draenei"),
    "dwarf": pgettext_lazy("card trait", "Dwarf"),
    "gnome": pgettext_lazy("card trait", "Gnome"),
    "human": pgettext_lazy("card trait", "Human"),
    "night elf": pgettext_lazy("card trait", "Night elf"),
    "orc": pgettext_lazy("card trait", "Orc"),
    "tauren": pgettext_lazy("card trait", "Tauren"),
    "troll": pgettext_lazy("card trait", "Troll"),
    "undead": pgettext_lazy("card trait", "Undead"),
    "arms": pgettext_lazy("card trait", "Arms"),
    "elemental": pgettext_lazy("card trait", "Elemental"),
    "feral": pgettext_lazy("card trait", "Feral"),
    "holy": pgettext_lazy("card trait", "Holy"),
    "protection": pgettext_lazy("card trait", "Protection"),
    "alchemy": pgettext_lazy("card trait", "Alchemy"),
    "blacksmithing": pgettext_lazy("card trait", "Blacksmithing"),
    "enchanting": pgettext_lazy("card trait", "Enchanting"),
    "engineering": pgettext_lazy("card trait", "Engineering"),
    "herbalism": pgettext_lazy("card trait", "Herbalism"),
    "mining": pgettext_lazy("card trait", "Mining"),
    "tailoring": pgettext_lazy("card trait", "Tailoring"),
    "leatherworking": pgettext_lazy("card trait", "Leatherworking"),
    "skinning": pgettext_lazy("card trait", "Skinning"),
    # ... and keywords
    "bear_form": pgettext_lazy("card trait", "Bear form"),
    "elusive": pgettext_lazy("card trait", "Elusive"),
    "ferocity": pgettext_lazy("card trait", "Ferocity"),
    "instant": pgettext_lazy("card trait", "Instant"),
    "long_range": pgettext_lazy("card trait", "Long range"),
    "ongoing": pgettext_lazy("card trait", "Ongoing"),
    "protector": pgettext_lazy("card trait", "Protector"),
    "stealth": pgettext_lazy("card trait", "Stealth"),
    "totem": pgettext_lazy("card trait", "Totem"),
    "unique": pgettext_lazy("card trait", "Unique"),
    "unlimited": pgettext_lazy("card trait", "Unlimited"),
    # Your War: countries and unit classes
    "usa": pgettext_lazy("card trait", "USA"),
    "ussr": pgettext_lazy("card trait", "USSR"),
    "germany": pgettext_lazy("card trait", "Germany"),
    "uk": pgettext_lazy("card trait", "UK"),
    "ground": pgettext_lazy("card trait", "Ground"),
    "tank_destroyer": pgettext_lazy("card trait", "Tank destroyer"),
    "bomber": pgettext_lazy("card trait", "Bomber"),
    "fighter": pgettext_lazy("card trait", "Fighter"),
    "navy": pgettext_lazy("card trait", "Navy"),
    # Chronomagia: rarities and subtypes (printed in Russian)
    "common": pgettext_lazy("card trait", "Common"),
    "uncommon": pgettext_lazy("card trait", "Uncommon"),
    "rare": pgettext_lazy("card trait", "Rare"),
    "mythic": pgettext_lazy("card trait", "Mythic"),
    "варвар": pgettext_lazy("card trait", "Barbarian"),
    "заклинание": pgettext_lazy("card trait", "Spell"),
    "изобретатель": pgettext_lazy("card trait", "Inventor"),
    "провидица": pgettext_lazy("card trait", "Seer"),
    "страж": pgettext_lazy("card trait", "Guardian"),
    "существо": pgettext_lazy("card trait", "Creature"),
    # Force of Will: attributes
    "light": pgettext_lazy("card trait", "Light"),
    "darkness": pgettext_lazy("card trait", "Darkness"),
    "fire": pgettext_lazy("card trait", "Fire"),
    "water": pgettext_lazy("card trait", "Water"),
    "wind": pgettext_lazy("card trait", "Wind"),
    # RESPONSE: subtypes (printed in Russian; «Страж» is Chronomagia's «страж» above)
    "воин": pgettext_lazy("card trait", "Warrior"),
    "гоблин": pgettext_lazy("card trait", "Goblin"),
    "демон": pgettext_lazy("card trait", "Demon"),
    "зверь": pgettext_lazy("card trait", "Beast"),
    "инженер": pgettext_lazy("card trait", "Engineer"),
    "культист": pgettext_lazy("card trait", "Cultist"),
    "маг": pgettext_lazy("card trait", "Mage"),
    "орк": pgettext_lazy("card trait", "Orc"),
    "разведчик": pgettext_lazy("card trait", "Scout"),
    "робот": pgettext_lazy("card trait", "Robot"),
    "рыцарь": pgettext_lazy("card trait", "Knight"),
    "советник": pgettext_lazy("card trait", "Advisor"),
    "человек": pgettext_lazy("card trait", "Human"),
    # Yes/no fields (Force of Will's ``basic``)
    "true": pgettext_lazy("card trait", "yes"),
    "false": pgettext_lazy("card trait", "no"),
}


def value_label(value: Any) -> str:
    """Return the label of a card's trait, attribute or subtype word (:data:`CARD_VALUES`,
    matched case-insensitively), or the word itself when it has none."""
    if value is None:
        return ""
    found = CARD_VALUES.get(str(value).casefold())
    return str(found) if found is not None else str(value)


def reader_language() -> str:
    """Return the language the reader reads cards in: ``"en"`` or ``"ru"`` (engine.languages)."""
    return "en" if _reads_english() else "ru"

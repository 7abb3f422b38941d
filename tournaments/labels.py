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
from django.utils.translation import (
    get_language,
    gettext_lazy,
    gettext_noop,
    ngettext,
    pgettext,
    pgettext_lazy,
)
from django.utils.translation import gettext as _

from engine.registry import game_keys, get_game
from engine.texts import SITE_ACTION_WORDS, GameTexts

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
    "concede": gettext_lazy("conceded"),
    "timeout": gettext_lazy("out of time"),
    "no_show": gettext_lazy("no-show"),  # R9.4: absent when the grace period ended
    "draw": gettext_lazy("draw"),
    "round_end": gettext_lazy("round time is over"),
    "override": gettext_lazy("a judge set the match result"),  # services.events.results._online_override
    "penalty": gettext_lazy("game loss (penalty)"),  # a judge's game loss (services.penalties)
    "turn_limit": gettext_lazy("turn limit reached"),
}

# Each game's own ways to end (``RULES.texts.reasons``, engine/texts.py), translated like its
# other texts; the site's reasons above come first.
for _game in game_keys():
    for _reason, _words in get_game(_game).texts.reasons.items():
        REASONS.setdefault(_reason, gettext_lazy(_words))

# What each game's action types do, as a replay's line says it after the player's name
# (``RULES.texts.actions``, engine/texts.py), by game then type; the site's actions
# (concede, timeout, no_show, penalty_loss) are said alike in every game unless it says its own.
ACTIONS: dict[str, dict[str, Promise]] = {
    _game: {
        **{_kind: gettext_lazy(_words) for _kind, _words in SITE_ACTION_WORDS.items()},
        **{_kind: gettext_lazy(_words) for _kind, _words in get_game(_game).texts.actions.items()},
    }
    for _game in game_keys()
}


def action_label(*, game: str, kind: Any) -> str:
    """Return what an action of type ``kind`` does in ``game``, in the reader's language
    ("keeps the opening hand"); a type without words is given back as it is."""
    return label(ACTIONS.get(game, {}), kind)


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
    # Corrections of the event itself.
    "edit": pgettext_lazy("result change", "edit"),
    "cancel": pgettext_lazy("result change", "cancel"),
    "delete": pgettext_lazy("result change", "delete"),
    "judge_remove": pgettext_lazy("result change", "judge_remove"),
    "walk_in": pgettext_lazy("result change", "walk_in"),
    # Pairing corrections.
    "pairings_publish": pgettext_lazy("result change", "pairings_publish"),
    "pairings_swap": pgettext_lazy("result change", "pairings_swap"),
    "bye_manual": pgettext_lazy("result change", "bye_manual"),
    "round_repair": pgettext_lazy("result change", "round_repair"),
    "round_undo": pgettext_lazy("result change", "round_undo"),
    "pairing_forbid": pgettext_lazy("result change", "pairing_forbid"),
    "pairing_allow": pgettext_lazy("result change", "pairing_allow"),
    # Event day.
    "check_in": pgettext_lazy("result change", "check_in"),
    "check_in_undo": pgettext_lazy("result change", "check_in_undo"),
    "check_in_close": pgettext_lazy("result change", "check_in_close"),
    "drop": pgettext_lazy("result change", "drop"),
    "no_show": pgettext_lazy("result change", "no_show"),
    # Outgoing webhooks.
    "webhook_add": pgettext_lazy("result change", "webhook_add"),
    "webhook_remove": pgettext_lazy("result change", "webhook_remove"),
    # A sealed or draft player's pool recorded.
    "pool": pgettext_lazy("result change", "pool"),
}

FORMAT_LABELS: dict[str, Promise] = {
    "constructed": gettext_lazy("Constructed"),
    "sealed": gettext_lazy("Sealed"),
    "draft": pgettext_lazy("event format", "Draft"),
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


# --- any other game's actions, said in full -----------------------------------------------------
# A game whose ``texts.action_sentences`` is "fields" (every game but RESPONSE) names cards in its
# actions by instance id; the caller resolves them (``card``: the name shown in the reader's
# language, or None for no card of the game) and says a seat's player (``player``). A line is the
# type's words, then what each field names: "plays a card: «Fireball», target «Orc»".

# Chronomagia's ``collect`` and ``collect_time`` kinds (C7.1–C7.4, C7.9).
_CHOICES: dict[str, Promise] = {
    "concentration": pgettext_lazy("what is collected", "concentration"),
    "life": pgettext_lazy("what is collected", "life"),
    "armor": pgettext_lazy("what is collected", "armor"),
    "time": pgettext_lazy("what is collected", "time"),
    "time_past": pgettext_lazy("what is collected", "time of the past"),
    "time_future": pgettext_lazy("what is collected", "time of the future"),
}

# The fields whose value is a card and the words before it ("" for the action's own card: the
# type's words already say what it does with it, "strikes with a weapon: «Axe»").
_CARD_ROLES: dict[str, Promise | None] = {
    "card": None,
    "unit": None,
    "weapon": None,
    "target": gettext_lazy("target %(what)s"),
    "attacker": gettext_lazy("attacker %(what)s"),
    "defender": gettext_lazy("defender %(what)s"),
    "blocker": gettext_lazy("blocker %(what)s"),
    "colonel": gettext_lazy("colonel %(what)s"),
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> str:
    """Return an unforeseen value as words: never JSON's brackets and braces."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(item) for item in value)
    return str(value)


def describe_game_action(
    action: dict[str, Any],
    *,
    game: str,
    card: Callable[[Any], str | None],
    player: Callable[[int], str],
) -> str:
    """Return a sentence for an action of ``game`` (one whose actions name cards by instance id)
    in the active language: its type's words (:func:`action_label`), then the cards, players and
    values its fields name. ``card`` gives the shown name of a card id (or card name), None when
    it names no card; ``player`` the name of a seat's player."""

    def named(value: Any) -> str:
        found = card(value) if _is_int(value) or isinstance(value, str) else None
        if found is not None:
            return f"«{found}»"
        return _("card #%(id)s") % {"id": value} if _is_int(value) else _plain(value)

    def names(values: Any) -> list[str]:
        return [named(value) for value in values] if isinstance(values, list) else [named(values)]

    def seat(value: Any) -> str:
        return player(value) if _is_int(value) and value in (0, 1) else _plain(value)

    def field(key: str, value: Any) -> str:
        if key in ("type", "seat", "seq", "both"):
            return ""
        if key == "target" and isinstance(value, dict) and "seat" in value:  # Your War: a player (Y6.4)
            return _("target %(what)s") % {"what": seat(value["seat"])}
        if key in _CARD_ROLES:
            role = _CARD_ROLES[key]
            return str(role) % {"what": named(value)} if role is not None else named(value)
        if key == "player":  # Force of Will: a player as the target (F9, F11)
            return _("target %(what)s") % {"what": seat(value)}
        if key == "cards":
            shown = names(value)
            return ", ".join(shown) if shown else _("no cards")
        if key == "targets":
            shown = names(value)
            return _("targets %(what)s") % {"what": ", ".join(shown)} if shown else _("no targets")
        if key == "trigger" and _is_int(value):  # Chronomagia: which waiting trigger goes next (C6.7)
            return _("trigger %(n)s of those waiting") % {"n": value + 1}
        if key == "item":  # Force of Will: an ability or card waiting on the chase (F11)
            return _("target the chase's item %(n)s") % {"n": _plain(value)}
        if key == "blocks" and isinstance(value, list):  # Your War: [blocker, attacker] pairs (Y7.2)
            pairs = [
                _("%(blocker)s blocks %(attacker)s") % {"blocker": named(pair[0]), "attacker": named(pair[1])}
                for pair in value
                if isinstance(pair, list) and len(pair) == 2
            ]
            return "; ".join(pairs) if pairs else _("no blocks")
        if key == "split" and isinstance(value, list):  # Your War: [attacker, blocker, damage] (Y7.6)
            return "; ".join(
                _("%(attacker)s deals %(n)s damage to %(blocker)s")
                % {"attacker": named(part[0]), "blocker": named(part[1]), "n": _plain(part[2])}
                for part in value
                if isinstance(part, list) and len(part) == 3
            )
        if key == "pay" and isinstance(value, dict):  # Your War: bases by country for "any" (Y6.2)
            return _("paid by bases: %(what)s") % {"what": _plain(value)}
        if key == "ability" and _is_int(value):  # an index into the card's (or hero's) abilities
            return _("ability %(n)s") % {"n": value + 1}
        if key == "face_up":
            return _("face up") if value is True else ""
        if key == "kind":
            return label(_CHOICES, value)
        if key == "move" and _is_int(value):  # Chronomagia: time moved along the epochs (C7.3)
            return _("time moved by %(n)s") % {"n": f"{value:+d}"} if value else ""
        if key == "erode" and _is_int(value):
            return _("%(n)s eroded") % {"n": value} if value else ""
        if key == "opponent" and _is_int(value):  # Chronomagia: attack split (C9.3)
            return _("%(n)s damage to the opponent") % {"n": value}
        if key == "terrain" and _is_int(value):
            return _("%(n)s damage to the terrain") % {"n": value}
        if key == "epoch":
            return _("to epoch %(n)s") % {"n": _plain(value)}
        if key == "return":  # Chronomagia's intuition: the shadow looked at goes back or stays
            return _("returned to its owner's hand") if value is True else _("left face down")
        return f"{key} {_plain(value)}"

    kind = action.get("type")
    if kind == "no_show" and action.get("both") is True:
        return _("neither player came to the game")
    words = action_label(game=game, kind=kind)
    details = [said for key, value in action.items() if (said := field(str(key), value))]
    if not details:
        return words
    return _("%(action)s: %(details)s") % {"action": words, "details": ", ".join(details)}


# --- audit-trail notes the site writes, in the reader's language --------------------------------

# The notes the services write in English (kept so: old rows and English readers read them as
# they are), recognised and said again in the reader's language. A judge's own words after
# ``: `` are kept as written.
_PENALTY_NOTE = re.compile(
    r"^(warning|game_loss|match_loss|disqualification) for ([^:\s]+)(?:: (.*))?$", re.S
)
_DROP_NOTE = re.compile(r"^(\S+) (left the event|dropped by the organizer)$")
_NO_SHOW_NOTE = re.compile(r"^(\S+) did not come to the table$")
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
    if action == "no_show" and (found := _NO_SHOW_NOTE.match(note)):
        return _("%(player)s did not come to the table") % {"player": found.group(1)}
    if action == "round_end" and note == _ROUND_END_NOTE:
        return _("round time is over: the game in progress counts as a draw")
    return note


# --- in the engine's language, or in the reader's -------------------------------------------------


def _reads_english() -> bool:
    """True when the reader reads the engine's own language: its English messages are then
    shown as they are (exactly what the engine, its logs and golden files say)."""
    return (get_language() or "en").split("-")[0] == "en"


def _fill(template: Promise | str | None, values: Mapping[str, Any], fallback: str) -> str:
    """Return ``template`` filled with ``values``, or ``fallback`` when there is no template or
    a value it needs is missing."""
    if template is None:
        return fallback
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return fallback


# --- deck violations, in the reader's language ---------------------------------------------------

# Each game declares what its rules say, English templates by code (``RULES.texts``,
# engine/texts.py: ``engine/games/<key>/texts.py``); they are translated here with gettext
# (the catalog holds them: ``makemessages --keyword=N_``). A code is one game's rule (WoW's
# ``main_size`` is not RESPONSE's R2.1), so a violation is read with its own game's texts.


def _texts(game: Any) -> GameTexts | None:
    """Return the texts of ``game``, or None for no registered game."""
    if not isinstance(game, str) or game not in game_keys():
        return None
    texts: GameTexts | None = getattr(get_game(game), "texts", None)
    return texts


def _translated(template: str | None) -> str | None:
    """Return a game's English template in the reader's language (None stays None)."""
    return str(_(template)) if template else None


# R2.7 and every game's sideboard swap (engine/match.py ``swap_problems``): the zone cards left.
_SWAP_FROM: dict[str, Promise] = {  # "… left %(zone)s …"
    "main": pgettext_lazy("cards left it", "the main deck"),
    "orders": pgettext_lazy("cards left it", "the orders"),
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
    texts = _texts(game)
    return texts.violation_codes() if texts is not None else frozenset()


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
    if card_name is not None:
        card, params, message = _names_shown(code, card, params, message, card_name)
    texts = _texts(game or get("game"))
    if _reads_english() or texts is None:
        return message
    values: dict[str, Any] = {**params, "card": card}
    if "type" in params:
        values["type"] = label(CARD_TYPES, params["type"])
    # A size names its zone as the game does ("sideboard", "hero deck"); the others by its key.
    if code.endswith("_size"):
        where = _IN_DECK_PART.get(str(params.get("label"))) or _IN_DECK_ZONE.get(str(params.get("zone")))
    else:
        where = _IN_DECK_ZONE.get(str(params.get("zone")))
    if where is not None:
        values["where"] = str(where)
    if code == "bad_swap":
        values["zone"] = label(_SWAP_FROM, params.get("zone"))
    if code == "unknown_card" and where is not None and "name" not in params:
        return _unknown_card(card, str(where), params)
    return _fill(_translated(texts.violation_template(code, params)), values, message)


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


def _unknown_card(card: Any, where: str, params: dict[str, Any]) -> str:
    text = _("«%(card)s» %(where)s is not a known card") % {"card": card, "where": where}
    if params.get("suggestions"):
        names = " / ".join(f"«{name}»" for name in params["suggestions"])
        text += "; " + _("did you mean %(names)s?") % {"names": names}
    return text


# --- unreadable decklists, in the reader's language ---------------------------------------------

# engine/decklist.py's problems by code (``Problem.code``), filled from their ``params``.
_PARSE_PROBLEMS: dict[str, Promise] = {
    "unknown_game": gettext_lazy("unknown game «%(game)s» (known: %(known)s)"),
    "not_a_decklist": gettext_lazy("a decklist must be a JSON object or text"),
    "before_header": gettext_lazy("«%(text)s» comes before any section header (%(expected)s)"),
    "unknown_header": gettext_lazy("«%(text)s» is not a section of this game's decklist (%(expected)s)"),
    "unreadable_line": gettext_lazy("cannot read «%(text)s»: %(why)s"),
    # the JSON form (formats.md): its key paths stay as they are
    "not_installed": gettext_lazy("the game «%(game)s» is not installed"),
    "too_deep": gettext_lazy("nested deeper than %(most)s levels"),
    "bad_json": gettext_lazy("not valid JSON: %(why)s"),
    "not_an_object": gettext_lazy("a decklist must be a JSON object"),
    "not_a_string": gettext_lazy("must be a string"),
    "too_many_cards": gettext_lazy("the list names %(entries)s cards; a decklist names at most %(most)s"),
    "not_a_name": gettext_lazy("must be a card name (a non-empty string)"),
    "not_a_list": gettext_lazy("must be a list of card names"),
    "not_counts": gettext_lazy("must be an object of card name → number of copies"),
    "empty_name": gettext_lazy("card name must not be empty"),
    "bad_count": gettext_lazy("count must be a whole number ≥ 1"),
}
_UNREADABLE: dict[str, Promise] = {
    "no_name": gettext_lazy("no card name"),
    "count_too_large": gettext_lazy("the count is too large"),
    "count_below_one": gettext_lazy("the count must be at least 1"),
}
_LINE = re.compile(r"^line (\d+)$")
_LINE_COLUMN = re.compile(r"^line (\d+) column (\d+)$")  # where JSON text breaks
_QUOTE_MAX = 80  # as the engine cuts what it echoes (engine.decklist._QUOTE_MAX)


def parse_problem_parts(problem: Any) -> tuple[str, str]:
    """Return (where, what) of one problem of an unreadable decklist (engine.problems.Problem)
    in the reader's language: ``("line 3", "cannot read …")``. A problem with no code (or
    values missing) keeps the engine's English."""
    where, english = str(getattr(problem, "where", "") or ""), str(getattr(problem, "message", ""))
    if _reads_english():
        return where, english
    if found := _LINE.match(where):
        where = pgettext("decklist", "line %(n)s") % {"n": found.group(1)}  # not a board's line
    elif found := _LINE_COLUMN.match(where):
        where = pgettext("decklist", "line %(n)s column %(column)s") % {
            "n": found.group(1),
            "column": found.group(2),
        }
    code, params = str(getattr(problem, "code", "")), dict(getattr(problem, "params", None) or {})
    values: dict[str, Any] = dict(params)
    if isinstance(values.get("text"), str) and len(values["text"]) > _QUOTE_MAX:
        values["text"] = values["text"][: _QUOTE_MAX - 1] + "…"
    if code == "unreadable_line":
        if params.get("why") == "one_card":
            zone = zone_label(str(params.get("zone")))
            values["why"] = _("the %(zone)s section holds one card") % {"zone": zone}
        else:
            values["why"] = label(_UNREADABLE, params.get("why"))
    if code == "too_many_lines" and isinstance(params.get("lines"), int):
        text = ngettext(
            "the list has %(lines)s line; a decklist has at most %(most)s",
            "the list has %(lines)s lines; a decklist has at most %(most)s",
            params["lines"],
        ) % {"lines": params["lines"], "most": params.get("most")}
    else:
        text = _fill(_PARSE_PROBLEMS.get(code), values, english)
    return where, text


def parse_problem_text(problem: Any) -> str:
    """Return one problem of an unreadable decklist as the engine says it, ``"line 3: …"``,
    in the reader's language (see :func:`parse_problem_parts`)."""
    where, text = parse_problem_parts(problem)
    return f"{where}: {text}" if where else text


def parse_error_text(error: Any) -> str:
    """Return an unreadable decklist's one-line message (engine.problems.InputError.one_line)
    in the reader's language: the source, the first problem, how many more."""
    if _reads_english():
        return str(error.one_line())
    problems = list(error.problems)
    first = parse_problem_text(problems[0]) if problems else _("invalid input")
    more = len(problems) - 1 + int(error.omitted)
    tail = (
        " " + ngettext("(and %(n)s more problem)", "(and %(n)s more problems)", more) % {"n": more}
        if more > 0
        else ""
    )
    head = f"{error.source}: " if error.source else ""
    return f"{head}{first}{tail}"


# --- refused actions, in the reader's language ---------------------------------------------------

# A game's refusals are its texts' (``RULES.texts.refusals``, by ``IllegalAction.code``), filled
# from the refusal's ``params``; the English follows the engine's message, which English readers
# get as it is. These are the site's own, before any engine sees the action.
_SITE_REFUSALS: dict[str, str] = {
    "match_over": gettext_noop("the match is over"),
    "no_game": gettext_noop("no game yet"),
    "sideboarding": gettext_noop("sideboarding: the game has not started yet"),
    "game_finished": gettext_noop("the game is over"),
    # R10.3, R10.4: an action's shape (engine/actions.py), before it is stored; and the worker's
    "action_type": gettext_noop("a player cannot send an action of type %(kind)s"),
    "action_value": gettext_noop(
        "an action holds only plain JSON values (text, whole numbers up to 2^53, finite numbers, "
        "true, false, null, lists and objects)"
    ),
    "action_too_deep": gettext_noop("an action may be nested at most %(limit)s levels deep"),
    "action_too_large": gettext_noop("an action is at most %(limit)s bytes of JSON"),
    "unprocessable": gettext_noop("this action cannot be adjudicated"),
    "stale_game": gettext_noop("this action was sent during game %(game)s"),
}

# Values that are engine keys, shown by their labels; the others (names, numbers, what the
# player sent) are shown as they are.
REFUSAL_VALUE_LABELS: dict[str, dict[str, Promise]] = {
    "reason": REASONS,
    "decision": DECISIONS,
    "type": CARD_TYPES,
}


def _refusal_templates(game: str | None) -> dict[str, str]:
    """Return the English refusal templates: the site's, then ``game``'s (every game's, the
    first registered first, when ``game`` is None)."""
    games = [game] if game else list(game_keys())
    found: dict[str, str] = {}
    for key in reversed(games):
        texts = _texts(key)
        if texts is not None:
            found.update(texts.refusals)
    found.update(_SITE_REFUSALS)
    return found


def refusal_codes_translated(game: str | None = None) -> frozenset[str]:
    """Return the refusal codes :func:`refusal_message` can translate (``game``'s and the
    site's; every game's when ``game`` is None)."""
    return frozenset(_refusal_templates(game))


def refusal_message(
    *,
    code: str,
    params: Mapping[str, Any] | None,
    message: str,
    card_name: Callable[[str], str] | None = None,
    game: str | None = None,
) -> str:
    """Return a refused action's message in the reader's language: the English ``message``
    (the engine's or the site's) as it is for English readers, or when ``code`` has no
    translation or ``params`` lack a value it needs. ``card_name`` shows the card it names
    (``params["card"]``) in the reader's language, in the English message too. ``game``
    picks the game whose code it is (None: the first registered game that has the code)."""
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
    return _fill(_translated(_refusal_templates(game).get(code)), values, message)


def refusal_text(
    *, code: str, params: Mapping[str, Any] | None, rule: str, message: str, game: str | None = None
) -> str:
    """Return a refused action as the engine says it, ``"R7.1: …"``, in the reader's language
    (see :func:`refusal_message`)."""
    text = refusal_message(code=code, params=params, message=message, game=game)
    return f"{rule}: {text}" if rule else text


def refusal_templates(game: str | None = None) -> dict[str, Any]:
    """Return what the play page needs to say a refusal in the reader's language: its
    ``templates`` by code, with ``{name}`` for each value, and the ``labels`` of the values
    that are keys. Empty for English readers, who get the English message as it is."""
    if _reads_english():
        return {"templates": {}, "labels": {}}
    return {
        "templates": {
            code: re.sub(r"%\((\w+)\)s", r"{\1}", str(_translated(template))).replace("%%", "%")
            for code, template in _refusal_templates(game).items()
        },
        "labels": {
            key: {value: str(text) for value, text in table.items()}
            for key, table in REFUSAL_VALUE_LABELS.items()
        },
    }


# --- card values: traits, attributes, subtypes ---------------------------------------

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
    # World of Warcraft TCG: weapon slots and strikes (W8.5, W13.3)
    "two_handed": pgettext_lazy("card trait", "Two-handed"),
    "off_hand": pgettext_lazy("card trait", "Off-hand"),
    "melee": pgettext_lazy("card trait", "Melee (1)"),
    "ranged": pgettext_lazy("card trait", "Ranged (1)"),
    # Force of Will: keywords
    "swiftness": pgettext_lazy("card trait", "Swiftness"),
    "flying": pgettext_lazy("card trait", "Flying"),
    "quickcast": pgettext_lazy("card trait", "Quickcast"),
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


def camp_label(word: Any) -> str:
    """Return the label of the word that says a deck's camp in the metagame (engine/metagame.py:
    a trait such as a faction, a country or an attribute, else a card type), or the word itself
    when it has none. A faction comes before a card type: RESPONSE's "order" is both, and the
    archetype takes a trait first (an Order card is never in a main deck, R2.3)."""
    if word is None:
        return ""
    key = str(word)
    found = FACTIONS.get(key) or CARD_VALUES.get(key.casefold()) or CARD_TYPES.get(key)
    return str(found) if found is not None else key


def reader_language() -> str:
    """Return the language the reader reads cards in: ``"en"`` or ``"ru"`` (engine.languages)."""
    return "en" if _reads_english() else "ru"


def game_title(key: str) -> str:
    """Return a game's title as the reader reads it (РЕСПОНС in Russian, RESPONSE in English),
    or the key itself for a game the registry does not know."""
    if key not in game_keys():
        return key
    rules = get_game(key)
    return rules.title_ru if reader_language() == "ru" and rules.title_ru else rules.title

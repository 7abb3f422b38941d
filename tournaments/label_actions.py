"""Actions said in full, in the reader's language: RESPONSE's sentences (``describe_action``,
its actions name places and cards by name) and every other game's lines, its action type's
words and then what each field names, in the words of the game's texts (``action_fields``).
"""

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.texts import FieldWords, Plural
from tournaments.labels import action_label, game_words, label, said

# --- actions in sentences of their own (a game whose ``texts.action_sentences`` is "cells") --------


class _Sentences:
    """A game's sentences (``texts.sentences``) in the reader's language, filled with values."""

    def __init__(self, game: str | None) -> None:
        self.words: dict[str, str | Plural] = game_words("sentences", game)

    def __call__(self, name: str, values: dict[str, Any] | None = None, *, count: int | None = None) -> str:
        words = self.words.get(name, "")
        if isinstance(words, Plural):
            text = ngettext(words.singular, words.plural, count or 0)
        else:
            text = said(words)
        return text % values if values else text

    def place(self, cell: Any) -> str:
        if isinstance(cell, dict):
            return self("place", {"line": cell.get("line"), "row": cell.get("row")})
        return "?"

    def target(self, target: Any) -> str:
        if target is None:
            return self("no_target")
        if not isinstance(target, dict):
            return repr(target)
        seat = target.get("seat")
        if target.get("zone") in ("hero", "location"):
            return self(f"target_{target['zone']}", {"n": seat})
        return self("target_card", {"n": seat, "place": self.place(target)})


def describe_action(
    action: dict[str, Any], *, card_name: Callable[[str], str] | None = None, game: str | None = None
) -> str:
    """Return a sentence for an action of a game whose actions name places and cards by name
    (RESPONSE's; ``game``, else the game that declares sentences) in the active language, in the
    words of its texts (``sentences``; the engine's ``describe_action`` says them in English);
    ``card_name`` shows a card's name in that language too. The site's actions (concede,
    timeout, a penalty, a no-show) are said alike in every game."""
    kind = action.get("type")
    if kind in _SITE_ACTIONS:
        return _site_action(action)
    say = _Sentences(game)
    shown = card_name or str
    targets = action.get("targets")
    tail = say("targeting", {"targets": ", ".join(say.target(t) for t in targets)}) if targets else ""
    if kind in ("keep", "pass"):
        return say(kind)
    if kind == "mulligan":
        cards = [shown(c) if isinstance(c, str) else str(c) for c in action.get("cards") or []]
        values = {"n": len(cards), "cards": ", ".join(cards) if cards else say("nothing")}
        return say("mulligan", values, count=len(cards))
    if kind == "play":
        card = action.get("card")
        values = {"card": shown(card) if isinstance(card, str) else card, "tail": tail}
        if "cell" in action:
            return say("play_to", {**values, "place": say.place(action["cell"])})
        return say("play", values)
    if kind == "activate":
        if action.get("zone") in ("hero", "location"):
            return say(f"activate_{action['zone']}", {"tail": tail})
        return say("activate_card", {"place": say.place(action.get("cell")), "tail": tail})
    if kind == "choose":
        if "cell" in action:
            return say("choose", {"what": say.place(action["cell"])})
        return say("choose", {"what": ", ".join(say.target(t) for t in targets or [])})
    return _("unknown action %(kind)s") % {"kind": repr(kind)}


_SITE_ACTIONS = ("concede", "timeout", "penalty_loss", "no_show")


def _site_action(action: dict[str, Any]) -> str:
    """Return one of the site's actions (engine/match.py SITE_ACTIONS) as a sentence."""
    kind = action.get("type")
    if kind == "concede":
        return _("concede the game")
    if kind == "timeout":
        return _("run out of time")
    if kind == "penalty_loss":
        return _("game loss (penalty)")
    if action.get("both") is True:
        return _("neither player came to the game")
    return _("did not come to the game")


# --- any other game's actions, said in full -----------------------------------------------------
# A game whose ``texts.action_sentences`` is "fields" (every game but RESPONSE) names cards in its
# actions by instance id; the caller resolves them (``card``: the name shown in the reader's
# language, or None for no card of the game) and says a seat's player (``player``). A line is the
# type's words, then what each field names: "plays a card: «Fireball», target «Orc»".


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
    values its fields name, as the game's texts say them (``action_fields``, engine/texts.py
    FieldWords). ``card`` gives the shown name of a card id (or card name), None when it names
    no card; ``player`` the name of a seat's player."""

    def named(value: Any) -> str:
        found = card(value) if _is_int(value) or isinstance(value, str) else None
        if found is not None:
            return f"«{found}»"
        return _("card #%(id)s") % {"id": value} if _is_int(value) else _plain(value)

    def seat(value: Any) -> str:
        return player(value) if _is_int(value) and value in (0, 1) else _plain(value)

    fields: dict[str, FieldWords] = game_words("action_fields", game)

    def field(key: str, value: Any) -> str:
        if key in ("type", "seat", "seq", "both"):
            return ""
        words = fields.get(key)
        said_ = _said_field(words, value, named, seat) if words is not None else None
        return said_ if said_ is not None else f"{key} {_plain(value)}"

    kind = action.get("type")
    if kind == "no_show" and action.get("both") is True:
        return _("neither player came to the game")
    words = action_label(game=game, kind=kind)
    details = [found for key, value in action.items() if (found := field(str(key), value))]
    if not details:
        return words
    return _("%(action)s: %(details)s") % {"action": words, "details": ", ".join(details)}


def _said_field(
    words: FieldWords, value: Any, named: Callable[[Any], str], seat: Callable[[Any], str]
) -> str | None:
    """Return one field of an action as ``words`` say it ("" to say nothing), or None when
    its value is not of the shape they expect (said then as its key and value)."""
    text, shape = said(words.text), words.shape
    if shape == "card":
        if isinstance(value, dict) and "seat" in value:  # a player, not a card
            return (text or "%(what)s") % {"what": seat(value["seat"])}
        return text % {"what": named(value)} if text else named(value)
    if shape == "cards":
        shown = [named(item) for item in value] if isinstance(value, list) else [named(value)]
        if not shown:
            return said(words.other)
        return text % {"what": ", ".join(shown)} if text else ", ".join(shown)
    if shape == "player":
        return text % {"what": seat(value)}
    if shape == "flag":
        return text if value is True else said(words.other)
    if shape == "choice":
        return label({key: said(choice) for key, choice in words.choices.items()}, value)
    if shape == "value":
        return text % {"n": _plain(value)}
    if shape == "mapping":
        return text % {"what": _plain(value)} if isinstance(value, dict) else None
    if shape == "rows":
        return _said_rows(words, value, named) if isinstance(value, list) else None
    if not _is_int(value):
        return None
    if shape == "index":
        return text % {"n": value + 1}
    if shape == "number":
        return text % {"n": value} if value else ""
    if shape == "signed":
        return text % {"n": f"{value:+d}"} if value else ""
    return None


def _said_rows(words: FieldWords, value: list[Any], named: Callable[[Any], str]) -> str:
    """Return a list of rows (Your War's ``[blocker, attacker]`` blocks, Y7.2) as ``words``
    say each, joined by "; "; ``words.other`` for none."""
    names = [part.split(":", 1) for part in words.parts]
    lines = [
        said(words.text)
        % {
            name: named(item) if shape == "card" else _plain(item)
            for (shape, name), item in zip(names, row, strict=True)
        }
        for row in value
        if isinstance(row, list) and len(row) == len(names)
    ]
    return "; ".join(lines) if lines else said(words.other)

"""Filters that show engine and card-data keys as translated labels (tournaments/labels.py)."""

from functools import partial
from typing import Any

from django import template

from tournaments import label_messages, labels
from tournaments.audit_words import audit_lines as _audit_lines
from tournaments.selectors.cards import card_namer

register = template.Library()

# filter name -> the table of labels it reads
_TABLES = {
    "card_type": labels.CARD_TYPES,
    "faction": labels.FACTIONS,
    "supertype": labels.SUPERTYPES,
    "card_field": labels.CARD_FIELDS,
    "phase": labels.PHASES,
    "reason": labels.REASONS,
    "decision": labels.DECISIONS,
    "result_change": labels.RESULT_CHANGES,
    "match_status": labels.MATCH_STATUSES,
    "top_cut_round": labels.TOP_CUT_ROUNDS,
    "top_cut_reached": labels.TOP_CUT_REACHED,
}
for _name, _table in _TABLES.items():
    register.filter(_name, partial(labels.label, _table))


@register.filter
def change_note(change: Any) -> str:
    """``{{ c|change_note }}``: an audit-trail row's note in the reader's language."""
    return labels.change_note(str(change.action), str(change.note or ""))


@register.filter
def audit_lines(change: Any, zone: str = "UTC") -> list[str]:
    """``{{ c|audit_lines:event.time_zone }}``: what an audit-trail row changed, in words of the
    reader's language."""
    return _audit_lines(change, zone)


@register.filter
def parse_where(problem: Any) -> str:
    """``{{ p|parse_where }}``: where an unreadable decklist's problem is ("line 3"), translated."""
    return label_messages.parse_problem_parts(problem)[0]


@register.filter
def parse_what(problem: Any) -> str:
    """``{{ p|parse_what }}``: what an unreadable decklist's problem is, translated."""
    return label_messages.parse_problem_parts(problem)[1]


@register.filter
def zone(key: Any) -> str:
    return labels.zone_label(str(key))


@register.filter
def game_title(key: Any) -> str:
    """``{{ event.game|game_title }}``: a game's title as the reader reads it (РЕСПОНС, Хрономагия)."""
    return labels.game_title(str(key))


@register.filter
def zone_short(key: Any) -> str:
    return labels.zone_label(str(key), short=True)


def _game_of(violation: Any, game: str | None) -> str | None:
    if game:
        return game
    found = violation.get("game") if isinstance(violation, dict) else getattr(violation, "game", None)
    return str(found) if found else None


@register.filter
def violation_text(violation: Any, game: str | None = None) -> str:
    """``{{ v|violation_text }}`` for the violations of a deck check (they name their game);
    ``{{ v|violation_text:event.game }}`` for a violation that does not. Cards are named in
    the reader's language."""
    game = _game_of(violation, game)
    namer = card_namer(game=game, language=labels.reader_language())
    return label_messages.violation_text(violation, game=game, card_name=namer)


@register.filter
def violation_card(violation: Any, game: str | None = None) -> str:
    """``{{ v|violation_card }}``: the card a violation names, in the reader's language (an
    unknown card as the player wrote it)."""
    get = violation.get if isinstance(violation, dict) else lambda key: getattr(violation, key, None)
    card = get("card")
    if not isinstance(card, str) or get("code") == "unknown_card":
        return "" if card is None else str(card)
    return card_namer(game=_game_of(violation, game), language=labels.reader_language())(card)


@register.filter
def card_name(name: Any, names: Any) -> str:
    """``{{ cell.card|card_name:card_names }}``: a card's name in the reader's language, from the
    view's ``card_names`` (tournaments.selectors.cards.card_names_shown); unknown: as it is."""
    if isinstance(name, dict):
        # Another game's view lists a card as an object ({"id": 3, "card": "..."}), not a name.
        name = name.get("card", name.get("name"))
    if name is None:
        return ""
    return str(names.get(name, name)) if isinstance(names, dict) else str(name)

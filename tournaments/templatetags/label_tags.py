"""Filters that show engine and card-data keys as translated labels (tournaments/labels.py)."""

from functools import partial
from typing import Any

from django import template

from tournaments import labels

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
def zone(key: Any) -> str:
    return labels.zone_label(str(key))


@register.filter
def zone_short(key: Any) -> str:
    return labels.zone_label(str(key), short=True)


@register.filter
def violation_text(violation: Any, game: str | None = None) -> str:
    """``{{ v|violation_text }}`` for the violations of a deck check (they name their game);
    ``{{ v|violation_text:event.game }}`` for a violation that does not."""
    return labels.violation_text(violation, game=game or None)

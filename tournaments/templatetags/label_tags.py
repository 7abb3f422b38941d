"""Filters that show engine and card-data keys as translated labels (tournaments/labels.py)."""

from typing import Any

from django import template

from tournaments import labels

register = template.Library()


@register.filter
def card_type(key: Any) -> str:
    return labels.label(labels.CARD_TYPES, key)


@register.filter
def faction(key: Any) -> str:
    return labels.label(labels.FACTIONS, key)


@register.filter
def supertype(key: Any) -> str:
    return labels.label(labels.SUPERTYPES, key)


@register.filter
def card_field(key: Any) -> str:
    return labels.label(labels.CARD_FIELDS, key)


@register.filter
def zone(key: Any) -> str:
    return labels.zone_label(str(key))


@register.filter
def zone_short(key: Any) -> str:
    return labels.zone_label(str(key), short=True)


@register.filter
def phase(key: Any) -> str:
    return labels.label(labels.PHASES, key)


@register.filter
def reason(key: Any) -> str:
    return labels.label(labels.REASONS, key)


@register.filter
def decision(key: Any) -> str:
    return labels.label(labels.DECISIONS, key)


@register.filter
def result_change(key: Any) -> str:
    return labels.label(labels.RESULT_CHANGES, key)


@register.filter
def match_status(key: Any) -> str:
    return labels.label(labels.MATCH_STATUSES, key)

"""The event form across a change of game and a refused submit: the htmx reload of the
game's fields keeps what the organizer typed (only what the new game cannot take changes, and
the page says so), and a submit shows every bad field at once."""

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _

from engine.registry import GameRules
from tournaments.labels import game_title
from tournaments.services import events as svc

# The service names these two by the moment; the form has a date and a time field for each.
SERVICE_TO_FORM = {"starts_at": "starts_on", "registration_closes_at": "closes_on"}


def _whole(raw: str | None) -> int | None:
    try:
        return int((raw or "").strip())
    except ValueError:
        return None


def typed_values_keep(form: forms.Form, typed: QueryDict, *, rules: GameRules) -> str:
    """Make the values ``typed`` in the form (the htmx reload sends the whole form) the form's
    initial values for game ``rules``, but a format the game lacks and a side deck larger than
    the game allows; return the note that says what changed (empty when nothing did).

    A reload that sends only ``game`` (a link) keeps the new game's defaults."""
    if "side_deck_max" not in typed:
        return ""
    for name, field in form.fields.items():
        if name == "game" or field.disabled:
            continue
        if isinstance(field.widget, forms.CheckboxInput):
            form.initial[name] = name in typed  # an unticked box is not sent
        elif name in typed:
            form.initial[name] = typed.get(name)
    if typed.get("format") not in rules.formats:
        form.initial.pop("format", None)
    most = getattr(rules, "side_deck_most", None)
    wanted = _whole(typed.get("side_deck_max"))
    constructed = form.initial.get("format", rules.formats[0]) == "constructed"
    if most is not None and constructed and wanted is not None and wanted > most:
        form.initial["side_deck_max"] = most
        return _("%(game)s allows at most %(n)d side-deck cards: the side deck maximum is now %(n)d.") % {
            "game": game_title(rules.key),
            "n": most,
        }
    return ""


def every_problem_show(form: forms.Form, values: dict[str, Any]) -> None:
    """Add to ``form`` every refusal the service would give ``values`` (the fields the form
    found valid), each on its field, unless that field already shows an error."""
    for problem in svc.event_values_problems(**{"name": "", **values}):
        field, sep, message = problem.partition(": ")
        field = SERVICE_TO_FORM.get(field, field)
        if sep and field in form.fields:
            if field not in form.errors:
                form.add_error(field, message)
        else:
            form.add_error(None, problem)

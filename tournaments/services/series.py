"""Writes of series / leagues: an organizer groups events of one game and
sets the points per placing."""

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.registry import game_keys
from tournaments.models import Event, Series
from tournaments.selectors.series import series_editable_by
from tournaments.services.errors import BadInput, NotAllowed, WrongState
from tournaments.users import User

NAME_MAX = 200
PLACES_MAX = 256  # rows of a points table
POINTS_MAX = 10_000


def _points_checked(points: Any) -> list[int]:
    if not isinstance(points, Sequence) or isinstance(points, str) or not 1 <= len(points) <= PLACES_MAX:
        raise BadInput(
            _("points: a list of 1 to %(n)d numbers, the points of 1st place first") % {"n": PLACES_MAX},
            code="invalid",
        )
    for value in points:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= POINTS_MAX:
            raise BadInput(
                _("points: each a whole number from 0 to %(n)d") % {"n": POINTS_MAX}, code="invalid"
            )
    return list(points)


def _checked(values: dict[str, Any]) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    if "name" in values:
        name = str(values["name"] or "").strip()
        if not name or len(name) > NAME_MAX:
            raise BadInput(
                _("name: give the series a name (up to %(n)d characters)") % {"n": NAME_MAX}, code="invalid"
            )
        checked["name"] = name
    if "game" in values:
        if values["game"] not in game_keys():
            raise BadInput(_("game: unknown game %(game)s") % {"game": values["game"]}, code="unknown_game")
        checked["game"] = values["game"]
    if "points" in values:
        checked["points"] = _points_checked(values["points"])
    if "participation_points" in values:
        value = values["participation_points"]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= POINTS_MAX:
            raise BadInput(
                _("participation_points: a whole number from 0 to %(n)d") % {"n": POINTS_MAX}, code="invalid"
            )
        checked["participation_points"] = value
    if "description" in values:
        checked["description"] = str(values["description"] or "")[:5000]
    return checked


def series_create(*, organizer: User, name: str, game: str, points: Any, **values: Any) -> Series:
    """Create a series organized by ``organizer``; return it. Raises BadInput."""
    checked = _checked({"name": name, "game": game, "points": points, **values})
    return Series.objects.create(organizer=organizer, **checked)


def _require_organizer(series: Series, by: User) -> None:
    if not series_editable_by(series=series, user=by):
        raise NotAllowed(_("Only the series' organizer can change it."))


def series_update(*, series: Series, by: User, **values: Any) -> Series:
    """Change the series' name, description or points table (organizer); the game stays."""
    _require_organizer(series, by)
    if "game" in values and values["game"] != series.game and series.events.exists():
        raise WrongState(_("The series has events: its game cannot change."), code="series_has_events")
    checked = _checked(values)
    for key, value in checked.items():
        setattr(series, key, value)
    series.save()
    return series


def series_event_add(*, series: Series, by: User, event: Event) -> Series:
    """Add one of the organizer's events of the series' game (organizer of both). Raises
    NotAllowed, BadInput (``wrong_game``), WrongState (``cancelled``)."""
    _require_organizer(series, by)
    if event.organizer_id != by.pk and not by.is_staff:
        raise NotAllowed(_("A series takes only events its organizer organizes."))
    if event.game != series.game:
        raise BadInput(_("The event is of another game than the series."), code="wrong_game")
    if event.status == Event.Status.CANCELLED:
        raise WrongState(_("A cancelled event earns no points."), code="cancelled")
    with transaction.atomic():
        series.events.add(event)
    return series


def series_event_remove(*, series: Series, by: User, event: Event) -> Series:
    """Take an event out of the series (organizer)."""
    _require_organizer(series, by)
    series.events.remove(event)
    return series

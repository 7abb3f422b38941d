"""Writes of a player's profile."""

from django.utils.translation import gettext as _

from tournaments.models import PlayerProfile
from tournaments.services.errors import NotAllowed
from tournaments.users import User


def profile_hide(*, player: User, by: User, hidden: bool) -> PlayerProfile:
    """Hide the player's profile from the public (``hidden``) or show it again; only the
    player (or staff) may. Return the profile. Raises NotAllowed."""
    if by.pk != player.pk and not by.is_staff:
        raise NotAllowed(_("Only the player can hide or show their profile."))
    profile, _created = PlayerProfile.objects.update_or_create(user=player, defaults={"hidden": hidden})
    return profile

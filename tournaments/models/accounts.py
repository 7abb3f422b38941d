"""Accounts' rows beside Django's User: what each username looks like to a reader, and the
sign-up codes an organizer hands out at a venue. Rows only: the rules are services/accounts.py."""

from django.conf import settings
from django.db import models


class UsernameSkeleton(models.Model):
    """What a username looks like (its Unicode TR39 skeleton, case folded: services/accounts.py
    ``username_skeleton``), kept for every user so a new name is compared with all of them in one
    indexed read. Written whenever a user is saved (``username_skeleton_keep``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="skeleton"
    )
    skeleton = models.CharField(max_length=1000, db_index=True)

    def __str__(self) -> str:
        return self.skeleton

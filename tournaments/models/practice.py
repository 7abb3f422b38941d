"""Practice games: a signed-in player against a game's bot, outside any tournament.

A practice game is played by the online machinery as it is (the action ledger, the workers, the
bots, the clocks): its match lives in an event of its own, marked ``Event.practice``, with one
round and one match, the player in seat A and the game's practice bot in seat B. This row says
whose it is and what deck they chose; nothing lists, rates or counts the event elsewhere.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Match


class Practice(models.Model):
    class DeckSource(models.TextChoices):
        SAVED = "saved", _("Saved deck")
        SAMPLE = "sample", _("Sample deck")
        LIST = "list", _("Decklist")

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practices")
    game = models.CharField(max_length=32)
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="practice")
    deck_source = models.CharField(max_length=8, choices=DeckSource.choices)
    # The saved deck's name when it was chosen, or the sample deck's key; empty for a pasted list.
    deck_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # A player's practice games, newest first (the game page, the API, the quota's count).
        indexes = [models.Index(fields=["player", "-created_at"], name="practice_player_created")]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"practice {self.pk} of {self.player_id} ({self.game})"

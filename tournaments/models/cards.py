"""Card sets and cards as imported from the engine's card-set JSON (formats.md)."""

from django.conf import settings
from django.db import models


class CardSet(models.Model):
    """One imported card set; ``envelope`` keeps the set's JSON minus its cards."""

    game = models.CharField(max_length=32, db_index=True)
    code = models.CharField(max_length=32)
    name = models.CharField(max_length=200)
    year = models.PositiveIntegerField(null=True, blank=True)
    envelope = models.JSONField(default=dict)
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_game_code")]
        ordering = ["game", "code"]

    def __str__(self) -> str:
        return f"{self.game}:{self.code}"


class Card(models.Model):
    """One card. ``raw`` is its card-set JSON (the truth); the other columns serve queries."""

    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards")
    game = models.CharField(max_length=32, db_index=True)
    name = models.CharField(max_length=200)
    number = models.PositiveIntegerField(default=0)
    type = models.CharField(max_length=32, db_index=True)
    cost = models.IntegerField(null=True, blank=True, db_index=True)
    # "|order|technology|" so that one faction is found with a plain LIKE on any database.
    factions_key = models.CharField(max_length=200, blank=True, default="")
    # Normalized name and aliases (engine/names.py), "|"-joined, for search in either language.
    search_key = models.TextField(blank=True, default="")
    summary = models.JSONField(default=dict)
    raw = models.JSONField(default=dict)

    # Not columns: set on the cards a page shows, in the reader's language
    # (selectors.cards.cards_in_language; ``details``: views.cards.card_details).
    shown_name: str
    other_names: list[str]
    shown_text: str
    details: list[tuple[str, str]]

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card_set", "name"], name="card_unique_name_in_set")]
        ordering = ["card_set", "number", "name"]

    def __str__(self) -> str:
        return self.name


class SavedDeck(models.Model):
    """A named deck kept in a user's account; ``decklist`` is the formats.md JSON."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=32)
    decklist = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="saveddeck_unique_owner_name")]
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

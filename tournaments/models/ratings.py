"""Ratings per player per game, the ledger they are computed from, and
player profiles' privacy (point 3). Rows only: the rules live in services/ratings.py."""

from django.conf import settings
from django.db import models


class RatingBook(models.Model):
    """One row per game: its lock. Every rating update of a game holds it, so two matches
    becoming final at once are rated one after the other, in the ledger's order."""

    game = models.CharField(max_length=32, primary_key=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.game


class RatingPending(models.Model):
    """A match whose players' ratings are to be brought in line with it: written in the
    transaction that makes, corrects or undoes its result, and taken by the next ratings pass
    (services/rating_batch.py), which rates every waiting match at once. The match's id only,
    not a key to it: a match deleted with an undone round still has its rating taken back."""

    match_id = models.BigIntegerField(primary_key=True)

    def __str__(self) -> str:
        return f"match {self.match_id}"


class Rating(models.Model):
    """A player's current rating in a game: Weng-Lin (openskill) ``mu`` and ``sigma``, and
    ``rating`` = mu − 3σ (openskill's ordinal), what the leaderboard sorts by."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="rating_once_per_game")]
        indexes = [
            models.Index(fields=["game", "-rating", "player"], name="rating_leaderboard"),
            models.Index(fields=["game", "last_played_at"], name="rating_active"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game} {self.rating:.2f}"


class RatedMatch(models.Model):
    """The ledger: one row per rated match, in finalisation order (``at``, then ``match_id``),
    with both players' ratings before and after it. ``match_id`` is a plain number, not a
    foreign key: a match deleted with its round (an undone round) leaves its row for the next
    update to find and take out, replaying the ratings after it."""

    match_id = models.BigIntegerField(unique=True)
    game = models.CharField(max_length=32)
    at = models.DateTimeField()  # when the match first became final: its place in the order
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    score_a = models.FloatField()  # 1 player_a won the match, 0.5 a draw, 0 player_b won
    mu_a = models.FloatField()
    sigma_a = models.FloatField()
    mu_b = models.FloatField()
    sigma_b = models.FloatField()
    mu_a_after = models.FloatField()
    sigma_a_after = models.FloatField()
    mu_b_after = models.FloatField()
    sigma_b_after = models.FloatField()

    class Meta:
        indexes = [
            models.Index(fields=["game", "at", "match_id"], name="rated_match_order"),
            models.Index(fields=["player_a", "at"], name="rated_match_a"),
            models.Index(fields=["player_b", "at"], name="rated_match_b"),
        ]

    def __str__(self) -> str:
        return f"{self.game} match {self.match_id}"


class PlayerProfile(models.Model):
    """A player's profile settings; no row means the defaults (public)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    hidden = models.BooleanField(default=False)  # shown only to the player and to staff

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class Series(models.Model):
    """A series or league: events of one game whose final placings earn
    points by a table (``points[0]`` for 1st place, ...; ``participation_points`` for any
    place past the table), summed into the series' standings."""

    name = models.CharField(max_length=200)
    game = models.CharField(max_length=32)
    organizer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="series")
    description = models.TextField(blank=True, default="")
    points = models.JSONField(default=list)  # points per placing, 1st first
    participation_points = models.PositiveIntegerField(default=0)
    events = models.ManyToManyField("tournaments.Event", related_name="series", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name

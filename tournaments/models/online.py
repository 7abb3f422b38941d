"""Online play: the games of a match, the ledger of submitted actions, penalties.

The engine's action log (``Game.actions``) is the truth: with the game's
seed, decks and card sets it rebuilds every state; everything else here serves the
site (who submitted what, clocks, refused actions for judges).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Match, Registration


class Game(models.Model):
    class Status(models.TextChoices):
        SIDEBOARDING = "sideboarding", _("Sideboarding")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    seed = models.BigIntegerField()  # drawn and recorded at the game's start
    first_initiative = models.PositiveSmallIntegerField(null=True, blank=True)  # None: by the seed (O6.2)
    card_sets = models.JSONField(default=list)  # set codes, as in the match log
    decks = models.JSONField(default=list)  # [seat 0 deck, seat 1 deck], decklist JSON after sideboarding
    actions = models.JSONField(default=list)  # the engine's log: [{"seat": s, "type": ...}, ...]
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=32, blank=True, default="")
    # Clocks (O2.1): seconds used by each seat; time runs only during that seat's decision.
    clock_used = models.JSONField(default=list)
    decision_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    decision_since = models.DateTimeField(null=True, blank=True)
    sideboard_until = models.DateTimeField(null=True, blank=True)
    # Waiting for a seat to come (O1.2): no clock runs until both are present; a seat absent at
    # this time loses the game as a no-show. None: the game's clocks run (or it never waited).
    present_by = models.DateTimeField(null=True, blank=True)
    sideboard_ready = models.JSONField(default=list)  # seats that are done sideboarding
    # A cache of what each seat sees now (views, legal actions), so reads never run the engine.
    snapshot = models.JSONField(default=dict)
    # Each seat's latest refused actions, newest first ([seat 0's, seat 1's]; shown in its answer).
    refused = models.JSONField(default=list)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="game_number_once_per_match")]
        ordering = ["match", "number"]

    def __str__(self) -> str:
        return f"{self.match} G{self.number}"


class GameAction(models.Model):
    """One action a seat submitted, applied exactly once (or refused) by a worker.

    ``seq`` counts a seat's submissions in the match from 1: a retried request with the
    same ``seq`` gets the same answer and is never applied twice.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        APPLIED = "applied", _("Applied")
        REFUSED = "refused", _("Refused")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="game_actions")
    seat = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField()
    action = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)  # the game it was sent in
    # The engine's decision number (its ``seq``) the action answers, as the seat's answer showed
    # it (``view.decision.seq``); None: sent unbound (an older client), applied to whatever is
    # pending. A bound action is refused as stale (O3.2) once that decision is past.
    decision = models.PositiveIntegerField(null=True, blank=True)
    log_index = models.PositiveIntegerField(null=True, blank=True)  # index in Game.actions once applied
    rule = models.CharField(max_length=16, blank=True, default="")
    message = models.TextField(blank=True, default="")  # English, as the engine (or the site) says it
    # What was wrong and its values (IllegalAction.code/params), to say it in the reader's language.
    code = models.CharField(max_length=40, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    by_bot = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    # Each seat's banked clock (seconds used) once this action was applied: what a spectator
    # shown the game up to here may see (the present figures would tell how long a seat is
    # thinking about a decision not shown yet). None: not applied, or applied before it was kept.
    clock_after = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat", "seq"], name="game_action_seq_once")]
        indexes = [
            models.Index(fields=["match", "status"]),
            # The few actions waiting for a worker, across all matches (the drain and the sweep).
            models.Index(fields=["match"], condition=models.Q(status="queued"), name="game_action_queued"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat} #{self.seq}"


class Penalty(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game_loss", _("Game loss")
        MATCH_LOSS = "match_loss", _("Match loss")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="penalties")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    note = models.TextField(blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.kind}: {self.registration}"

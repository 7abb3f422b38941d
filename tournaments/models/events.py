"""Events, registrations, rounds, matches and the audit trail of results."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Swiss rounds")
        TOP_CUT = "top_cut", _("Top cut")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Spectators(models.TextChoices):
        NOBODY = "nobody", _("Nobody")
        USERS = "users", _("Signed-in users")
        EVERYONE = "everyone", _("Everyone")

    class DelayUnit(models.TextChoices):
        TURNS = "turns", _("turns")
        MINUTES = "minutes", _("minutes")

    class Structure(models.TextChoices):
        """How the event is played (docs/structures.md): Swiss with a top cut, a bracket, a round robin."""

        SWISS = "swiss", _("Swiss")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        ROUND_ROBIN = "round_robin", _("Round robin")
        LEAGUE = "league", _("League")

    class Seeding(models.TextChoices):
        """How a bracket's seeds (a round robin's order) are drawn at the start."""

        RANDOM = "random", _("At random")
        RATING = "rating", _("By rating")
        ORGANIZER = "organizer", _("In the organizer's order")

    class DropPolicy(models.TextChoices):
        """What a round robin does with a dropped player's results (docs/structures.md, "Drops")."""

        KEEP = "keep", _("Kept: their matches left are forfeits")
        VOID = "void", _("Voided: every match they played is struck")

    name = models.CharField(max_length=200)
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=32, default="constructed")
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events"
    )
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="judged_events", blank=True)
    # Judges removed from the event: they saw its decklists and hands, so they never play in it.
    former_judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="formerly_judged_events", blank=True
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    best_of = models.PositiveSmallIntegerField(default=1)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # None: recommended for the field
    top_cut = models.PositiveSmallIntegerField(default=0)
    side_deck_max = models.PositiveSmallIntegerField(default=10)
    online = models.BooleanField(default=False)
    round_minutes = models.PositiveSmallIntegerField(default=50)
    player_cap = models.PositiveIntegerField(null=True, blank=True)
    late_entry = models.BooleanField(default=False)  # organizer's choice: entries after round 1
    # Online play: each player's match clock (None: half the round length each, O2.1).
    clock_seconds = models.PositiveIntegerField(null=True, blank=True)
    sideboard_seconds = models.PositiveSmallIntegerField(default=90)
    # Online play: how long a game waits for both players before an absent one loses it as a
    # no-show (O1.2); no clock runs meanwhile. 0: the clocks start at once, nobody is a no-show.
    grace_minutes = models.PositiveSmallIntegerField(default=5)
    decklists_public = models.BooleanField(default=False)
    seed = models.BigIntegerField()  # drawn at creation, recorded: round 1 pairing is reproducible
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # fixed at start
    created_at = models.DateTimeField(auto_now_add=True)
    # Event details people look for: when (stored in UTC, shown in the event's zone and the
    # reader's), where ("" with online: true means online), what, and until when to register.
    starts_at = models.DateTimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")  # an IANA name, e.g. Europe/Moscow
    venue = models.CharField(max_length=200, blank=True, default="")
    description = models.TextField(blank=True, default="")
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    # Event day: players check in before the start, or are dropped at it; a paper
    # match whose player has not come is a no-show loss after no_show_minutes of the round.
    check_in_required = models.BooleanField(default=False)
    no_show_minutes = models.PositiveSmallIntegerField(default=10)
    # Spectating an online event's matches: who may watch, and how far behind the
    # games they see (a spectator never sees the present state: a player's friend could relay it).
    spectators = models.CharField(max_length=16, choices=Spectators.choices, default=Spectators.NOBODY)
    spectate_delay = models.PositiveSmallIntegerField(default=2)
    spectate_delay_unit = models.CharField(max_length=8, choices=DelayUnit.choices, default=DelayUnit.TURNS)
    # Organizer's choice: round 1 pairs by rating, top half against bottom half,
    # instead of a seeded shuffle.
    seed_by_rating = models.BooleanField(default=False)
    # A practice game's carrier (models/practice.py): one player against a game's bot,
    # outside any tournament. Never listed, never rated, never in a profile or the metagame.
    practice = models.BooleanField(default=False, db_default=False)  # db_default: old code inserts too
    # The event's structure and its options (docs/structures.md); Swiss keeps rounds and top_cut.
    structure = models.CharField(
        max_length=24, choices=Structure.choices, default=Structure.SWISS, db_default=Structure.SWISS
    )
    teams = models.PositiveSmallIntegerField(default=0, db_default=0)  # players per team; 0: individual
    double_round_robin = models.BooleanField(default=False, db_default=False)
    grand_final_reset = models.BooleanField(default=False, db_default=False)
    league_days = models.PositiveSmallIntegerField(null=True, blank=True)
    league_matches = models.PositiveSmallIntegerField(null=True, blank=True)
    # A league's window opens at its start and closes league_days later (None before the start).
    league_opens_at = models.DateTimeField(null=True, blank=True)
    # The standings' tiebreakers in order (keys of tournaments.structures.TIEBREAKERS).
    tiebreakers = models.JSONField(default=list, blank=True)
    seeding = models.CharField(
        max_length=16, choices=Seeding.choices, default=Seeding.RANDOM, db_default=Seeding.RANDOM
    )
    # A team event's option: a card's copies across a team's decks are limited as in one deck.
    team_copy_limit = models.BooleanField(default=False, db_default=False)
    drop_policy = models.CharField(
        max_length=8, choices=DropPolicy.choices, default=DropPolicy.KEEP, db_default=DropPolicy.KEEP
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Registered")
        WAITLIST = "waitlist", _("Waitlist")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    deck = models.JSONField(default=dict)  # formats.md decklist JSON, validated at submission
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    late_round = models.PositiveSmallIntegerField(null=True, blank=True)  # first round a late entry plays
    is_bot = models.BooleanField(default=False)
    # A bracket's seed or a round robin's place in the schedule (1 first), fixed at the start.
    seed = models.PositiveIntegerField(null=True, blank=True)
    # The organizer's seed order (1 first), set before the start; the start draws the seeds
    # from it when the event is seeded in the organizer's order (None: after those with one).
    seed_order = models.PositiveIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)  # here on the day (Event.check_in_required)
    # A league player on the list of players looking for a match: since when (None: not on it).
    league_looking_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_once_per_event")
        ]
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class Pool(models.Model):
    """A limited (sealed or draft) player's card pool, recorded by an official (W2.6): the
    deck and sideboard must come from it. Hidden like the decklist."""

    registration = models.OneToOneField(Registration, on_delete=models.CASCADE, related_name="pool")
    cards = models.JSONField(default=dict)  # canonical card name → copies
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"pool of {self.registration}"


class DeckNote(models.Model):
    """A judge's note from a deck check."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.text[:60]


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP_CUT = "top_cut", _("Top cut")
        WINNERS = "winners", _("Winners' bracket")
        LOSERS = "losers", _("Losers' bracket")
        GRAND_FINAL = "grand_final", _("Grand final")
        ROUND_ROBIN = "round_robin", _("Round robin")
        LEAGUE = "league", _("League")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.SWISS)
    seed = models.BigIntegerField()
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    # False: the organizer holds the pairings to check them; players and the public do not see
    # them and online games wait, until pairings_publish.
    published = models.BooleanField(default=True, db_default=True)  # db_default: old code inserts too

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_number_once")]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.event} R{self.number}"


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        REPORTED = "reported", _("Reported")
        FINAL = "final", _("Final")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField()
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    wins_a = models.PositiveSmallIntegerField(default=0)
    wins_b = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    # A player's report waiting for the opponent: who reported and what.
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    disputed = models.BooleanField(default=False)
    extension_minutes = models.PositiveSmallIntegerField(default=0)
    # Online play: when each seat first read or acted in its game (None: not yet); a game's clock
    # starts only once both are present (O1.2, the event's grace_minutes).
    present_a_at = models.DateTimeField(null=True, blank=True)
    present_b_at = models.DateTimeField(null=True, blank=True)
    # Each seat's last sign of life (a read of its game, its page's heartbeat): the opponent's
    # page says when a seat is away (settings.PRESENCE_AWAY_SECONDS). Written at most every few
    # seconds (services.online.match_present), never a reason to adjudicate.
    seen_a_at = models.DateTimeField(null=True, blank=True)
    seen_b_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # A bracket's match ("W1-2", "L3-1", "GF1"; docs/structures.md); "" outside a bracket.
    bracket_key = models.CharField(max_length=16, blank=True, default="", db_default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="match_table_once_per_round")]
        ordering = ["round__number", "table"]

    def __str__(self) -> str:
        return f"{self.round} T{self.table}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None


# Rounds played as elimination: a match cannot end drawn (its players play on).
ELIMINATION_KINDS = frozenset(
    {Round.Kind.TOP_CUT, Round.Kind.WINNERS, Round.Kind.LOSERS, Round.Kind.GRAND_FINAL}
)


class ForbiddenPair(models.Model):
    """Two players of an event the pairer keeps apart when it can (family, the same team, …)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    a = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=2000)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # Stored with a < b, so one pair is one row whichever order it was given in.
            models.UniqueConstraint(fields=["event", "a", "b"], name="forbidden_pair_once"),
            models.CheckConstraint(condition=models.Q(a__lt=models.F("b")), name="forbidden_pair_ordered"),
        ]
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.a_id} ≠ {self.b_id} @ {self.event_id}"


class ResultChange(models.Model):
    """The audit trail: every change of a match result (who, when, old → new), and every
    correction of the event itself (``match`` None, ``event`` set: an edit, a cancellation,
    a judge removed, a walk-in; ``note`` holds the reason). A deleted draft keeps its row,
    with ``event`` None and the event's id and name in ``old``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes", null=True, blank=True)
    event = models.ForeignKey(Event, on_delete=models.SET_NULL, related_name="changes", null=True, blank=True)
    # None: the rules engine recorded it (an online game's result).
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True)
    action = models.CharField(max_length=32)  # report, confirm, dispute, override, extend, …
    old = models.JSONField(default=dict)
    new = models.JSONField(default=dict)
    note = models.TextField(blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.action} {self.old} → {self.new}"


class Team(models.Model):
    """A team of a team event (``Event.teams`` players): its members in seat order, registered
    by its captain; each member registers their own deck."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams_set")
    name = models.CharField(max_length=100)
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="team_name_once_per_event")]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A member of a team at their seat (1 first); a player is on one team of an event."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="team_member_once_per_event"),
            models.UniqueConstraint(fields=["team", "seat"], name="team_seat_once"),
        ]

    def __str__(self) -> str:
        return f"{self.team_id}:{self.seat}"

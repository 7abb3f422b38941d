"""Rated matches made directly as rows (the rating tests' shorthand: no API, no engine)."""

from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model

from tournaments.models import Event, Match, Registration, Round

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class League:
    """One running event with a round, where ``play`` adds final matches at chosen times."""

    def __init__(self, *names: str, game: str = "respons") -> None:
        users = get_user_model().objects
        self.organizer = users.create_user(username=f"org-{game}")
        self.users = {name: users.create_user(username=name) for name in names}
        self.event = Event.objects.create(
            name="League", game=game, organizer=self.organizer, seed=1, status="running"
        )
        self.regs = {
            n: Registration.objects.create(event=self.event, player=u) for n, u in self.users.items()
        }
        self.round = Round.objects.create(event=self.event, number=1, seed=1, started_at=T0, ends_at=T0)
        self.tables = 0

    def play(
        self, a: str, b: str | None, wins_a: int, wins_b: int, draws: int = 0, *, minute: int = 0
    ) -> Match:
        """A final match of ``a`` against ``b`` (None: a bye), last changed ``minute`` after T0."""
        self.tables += 1
        match = Match.objects.create(
            round=self.round,
            table=self.tables,
            player_a=self.regs[a],
            player_b=self.regs[b] if b else None,
            wins_a=wins_a,
            wins_b=wins_b,
            draws=draws,
            status=Match.Status.FINAL,
        )
        Match.objects.filter(pk=match.pk).update(updated_at=T0 + timedelta(minutes=minute))
        return match

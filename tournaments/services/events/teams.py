"""Team events (docs/structures.md, "Team events"): a captain registers a team with its members,
each member registers their deck as usual; a team round is paired by the core's team Swiss
and stored as the members' matches, seat by seat.
"""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Match, Round, Team, TeamMember
from tournaments.selectors.events.rounds import forbidden_pairs
from tournaments.selectors.events.teams import playing_teams, team_deck_problems, team_history
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, WrongState
from tournaments.services.events.common import S, _official_cannot_play
from tournaments.services.notifications import notifications_round_posted
from tournaments.services.ratings import registration_ratings
from tournaments.structures import team_pair_round
from tournaments.swiss import PairingError

TEAM_NAME_MAX = 100


def _not_team_event() -> WrongState:
    return WrongState(_("This event is not played by teams."), code="not_a_team_event")


def team_register(*, event: Event, by: User, name: str, members: Sequence[str]) -> Team:
    """Register a team of ``event`` with ``members`` (usernames, in seat order), ``by`` its
    captain; return it.

    Raises BadInput for a name missing, too long or taken (``team_name_taken``), a number of
    members other than the event's team size (``team_size``), a username twice
    (``member_twice``) or of nobody (``unknown_user``); WrongState when the event is not a
    team event, registration is not open, a member is already on a team of the event
    (``member_on_another_team``) or is one of its officials (``official_cannot_play``);
    NotAllowed (``captain_not_member``) when ``by`` is not one of the members: a team is
    registered by someone who plays in it, so nobody can tie others' names up in a team;
    IllegalDeck (``team_copy_limit``) when the members' registered decks hold more copies of
    a card than the game allows in one deck and the event limits them.
    """
    if not event.teams:
        raise _not_team_event()
    name = (name or "").strip()
    if not name or len(name) > TEAM_NAME_MAX:
        raise BadInput(
            _("name: give the team a name (up to %(n)d characters)") % {"n": TEAM_NAME_MAX}, code="invalid"
        )
    names = [str(member).strip() for member in members]
    if len(names) != event.teams:
        raise BadInput(
            _("members: a team of this event has %(size)d players, in seat order (%(given)d given)")
            % {"size": event.teams, "given": len(names)},
            code="team_size",
        )
    users: list[User] = []
    for username in names:
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise BadInput(
                _("members: there is no user “%(name)s”") % {"name": username}, code="unknown_user"
            )
        if any(user.pk == other.pk for other in users):
            raise BadInput(
                _("members: %(name)s is listed twice") % {"name": user.get_username()}, code="member_twice"
            )
        users.append(user)
    if not any(user.pk == by.pk for user in users):
        raise NotAllowed(
            _("members: you can register only a team you play in; list yourself at your seat"),
            code="captain_not_member",
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.REGISTRATION:
            raise WrongState(_("Registration is not open."), code="registration_closed")
        if event.teams_set.filter(name__iexact=name).exists():
            raise BadInput(
                _("name: the event already has a team “%(name)s”") % {"name": name}, code="team_name_taken"
            )
        for user in users:
            _official_cannot_play(event, user)
            taken = TeamMember.objects.filter(event=event, user=user).select_related("team").first()
            if taken is not None:
                raise WrongState(
                    _("%(name)s is already on the team “%(team)s” of this event.")
                    % {"name": user.get_username(), "team": taken.team.name},
                    code="member_on_another_team",
                )
        decks = dict(event.registrations.filter(player__in=users).values_list("player_id", "deck"))
        _copy_limit_check(event, decks)
        team = Team.objects.create(event=event, name=name, captain=by)
        TeamMember.objects.bulk_create(
            TeamMember(team=team, event=event, user=user, seat=seat) for seat, user in enumerate(users, 1)
        )
    return team


def team_leave(*, event: Event, by: User) -> str:
    """Take ``by`` off their team of ``event`` while registration is open: a team plays only
    whole, so the team is withdrawn, its other members free to join another (their decks stay
    registered); return its name. Raises WrongState when the event is not a team event, when
    registration is closed (``registration_closed``) or when ``by`` is on no team
    (``not_on_a_team``)."""
    if not event.teams:
        raise _not_team_event()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.REGISTRATION:
            raise WrongState(_("Registration is not open."), code="registration_closed")
        mine = TeamMember.objects.filter(event=event, user=by).select_related("team").first()
        if mine is None:
            raise WrongState(_("You are on no team of this event."), code="not_on_a_team")
        name = mine.team.name
        mine.team.delete()
    return name


def _copy_limit_check(event: Event, decks: dict[int, Any]) -> None:
    problems = team_deck_problems(event=event, decks=decks)
    if problems:
        raise IllegalDeck(
            _("The team's decks hold more copies of a card than one deck may."),
            code="team_copy_limit",
            violations=problems,
        )


def team_deck_check(*, event: Event, player: User, deck: dict[str, Any]) -> None:
    """Refuse ``deck`` of ``player`` (IllegalDeck, ``team_copy_limit``) when, with their
    teammates' registered decks, a card goes over the game's copy limit and the event limits
    copies across a team; nothing for a player on no team."""
    if not (event.teams and event.team_copy_limit):
        return
    member = TeamMember.objects.filter(event=event, user=player).first()
    if member is None:
        return
    mates = TeamMember.objects.filter(team_id=member.team_id).exclude(user=player).values("user_id")
    decks = dict(event.registrations.filter(player__in=mates).values_list("player_id", "deck"))
    decks[player.pk] = deck
    _copy_limit_check(event, decks)


def team_count(*, event: Event) -> int:
    """Return the number of teams ready to play (full, every member with a deck)."""
    return sum(not team.dropped for team in playing_teams(event=event))


def team_round_pair(event: Event, number: int, *, published: bool, seed: int | None = None) -> Round:
    """Pair team round ``number`` by the core's team Swiss and store its seat matches (a bye
    team's members each a bye, won 2–0, final at once); return the round. ``seed``: a re-pair's
    fresh seed, recorded on the round (else the event's)."""
    seed = event.seed if seed is None else seed
    teams, history = team_history(event=event)
    if sum(not t.dropped for t in teams) < 2:
        raise WrongState(
            _("At least two teams ready to play are needed: full, every member with a registered deck."),
            code="too_few_teams",
        )
    ratings = registration_ratings(event=event) if number == 1 and event.seed_by_rating else None
    # Players kept apart keep their teams apart (whenever a pairing allows it, as in Swiss).
    team_of = {member.id: team.id for team in teams for member in team.members}
    forbidden = {
        (team_of[a], team_of[b])
        for a, b in forbidden_pairs(event=event)
        if a in team_of and b in team_of and team_of[a] != team_of[b]
    }
    try:
        pairing = team_pair_round(
            teams=teams,
            history=history,
            round_number=number,
            seed=seed,
            forbidden=forbidden,
            ratings=ratings,
        )
    except PairingError as error:
        raise WrongState(
            _("No pairing avoids a rematch: %(error)s") % {"error": error}, code="unpairable"
        ) from None
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=Round.Kind.SWISS,
        seed=seed,
        started_at=now,
        ends_at=now + timedelta(minutes=event.round_minutes),
        published=published,
    )
    matches = [Match(round=round_, table=s.table, player_a_id=s.a, player_b_id=s.b) for s in pairing.seats]
    after = len(matches)
    for i, player in enumerate(pairing.member_byes, start=1):
        matches.append(
            Match(round=round_, table=after + i, player_a_id=player, wins_a=2, status=Match.Status.FINAL)
        )
    Match.objects.bulk_create(matches)
    if published:
        notifications_round_posted(round_=round_)
    return round_

"""Bot players for test and demo events (issue: online matches, part 6).

A bot is an ordinary user (``bot-<event>-<n>``, no usable password) registered with
``is_bot=True`` and a random legal deck; the workers move for it
(:mod:`tournaments.services.online.adjudicate`), each game through its own engine's bots.
"""

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext, ngettext

from engine.decklist import decklist_to_json
from tournaments.models import Event, Registration
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.events import event_role, is_official
from tournaments.selectors.online import match_engine
from tournaments.services.accounts import username_lock, username_refusal
from tournaments.services.decks import deck_check
from tournaments.services.errors import BadInput, NotAllowed, WrongState
from tournaments.services.events import registration_submit

MAX_BOTS_PER_CALL = 64
_DECK_TRIES = 12  # draws of the engine's sample decks before giving up: a thin card pool


def bot_username(event: Event, number: int) -> str:
    return f"bot-{event.pk}-{number}"


def _bot_deck(event: Event, rng: random.Random) -> dict:
    """Return a random legal deck (decklist JSON) for the event; raise WrongState if none can be built."""
    return bot_deck(
        game=event.game, options={"side_max": event.side_deck_max, "format": event.format}, rng=rng
    )


def bot_deck(*, game: str, options: dict, rng: random.Random) -> dict:
    """Return a random legal deck (decklist JSON) of ``game`` under the deck rules' ``options``
    (an event's side deck and format); raise WrongState if none can be built."""
    _rules, catalog = catalog_for(game=game)
    engine = match_engine(game)
    for _ in range(_DECK_TRIES):
        # The game's own legal decks (MatchEngine.sample_decks), kept if the format takes them.
        decks = engine.sample_decks(catalog, seed=rng.getrandbits(63))
        if not decks:
            break
        deck = decklist_to_json(rng.choice(decks))
        if not deck_check(source=deck, game=game, options=options).violations:
            return deck
    raise WrongState(gettext("No legal deck can be built from the imported cards."), code="no_bot_deck")


def event_fill_bots(*, event: Event, by: User, count: int) -> list[Registration]:
    """Register ``count`` bot players with random legal decks (an official of the event: its
    organizer or a judge); return their registrations.

    Only for an online event in registration (bots play through the rules engine), and at
    most settings.BOTS_PER_EVENT bots in the event (bots flooded the workers).
    Raises NotAllowed, BadInput (a count outside 1–64), WrongState (another state, a
    paper event, not enough places under the player cap or the bot cap, no legal deck possible).
    """
    if not is_official(event_role(event=event, user=by)):
        raise NotAllowed(gettext("Only the organizer and the judges of the event can add bot players."))
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_BOTS_PER_CALL:
        raise BadInput(
            gettext("%(field)s: must be a whole number from %(low)d to %(high)d")
            % {"field": "count", "low": 1, "high": MAX_BOTS_PER_CALL},
            code="invalid",
        )
    if not event.online:
        raise WrongState(gettext("Bots play only in online events."), code="not_online")
    if event.status != Event.Status.REGISTRATION:
        raise WrongState(
            gettext("Bots can join only while registration is open."), code="registration_closed"
        )
    if event.player_cap is not None:
        places = event.player_cap - event.registrations.filter(status=Registration.Status.ACTIVE).count()
        if count > places:
            raise WrongState(
                ngettext(
                    "Only %(count)s place is left under the player cap.",
                    "Only %(count)s places are left under the player cap.",
                    max(places, 0),
                )
                % {"count": max(places, 0)},
                code="event_full",
            )
    User = get_user_model()
    # Not from the event's seed, which is public: a bot's deck is as hidden as anyone's (O6.1).
    rng = random.SystemRandom()
    created: list[Registration] = []
    with transaction.atomic():
        # Locked (registration_submit locks it too): two calls at once never pass the cap together.
        event = Event.objects.select_for_update().get(pk=event.pk)
        number = event.registrations.filter(is_bot=True).count()
        left = settings.BOTS_PER_EVENT - number
        if count > left:
            raise WrongState(
                ngettext(
                    "An event has at most %(cap)d bot players: %(left)d more can join.",
                    "An event has at most %(cap)d bot players: %(left)d more can join.",
                    max(left, 0),
                )
                % {"cap": settings.BOTS_PER_EVENT, "left": max(left, 0)},
                code="bot_cap",
                left=max(left, 0),
            )
        for _ in range(count):
            number += 1
            # A name taken, or one a person's looks like, is skipped: bots go through the same
            # look-alike check as every account (services/accounts.py).
            username_lock(bot_username(event, number))
            while username_refusal(bot_username(event, number)) is not None:
                number += 1
                username_lock(bot_username(event, number))
            user = User.objects.create_user(username=bot_username(event, number), email="", password=None)
            registration = registration_submit(event=event, player=user, deck=_bot_deck(event, rng))
            registration.is_bot = True
            registration.save(update_fields=["is_bot", "updated_at"])
            created.append(registration)
    return created

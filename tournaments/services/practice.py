"""Practice games against a bot: a signed-in player starts a game against a game's
heuristic bot with a deck of theirs or a sample deck, and plays it on the play page.

No second path: a practice game is an online match like any other — the action ledger, the
workers, the bots, the clocks (O2.1) and the live stream — in an event of its own marked
``practice`` (models/practice.py), which nothing lists, rates or counts (ratings, metagame,
profiles, the player's day). The player may resign at any moment; a game left alone ends when
the player's clock runs out (a timeout loss), and at the latest when its round does.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.decklist import decklist_to_json
from engine.registry import get_game
from tournaments.labels import game_title
from tournaments.models import Event, GameAction, Match, Practice, Registration, Round, SavedDeck
from tournaments.selectors import online_rows
from tournaments.selectors.decks import DeckSource, deck_check
from tournaments.selectors.practice import (
    practice_bot_username,
    practice_deck_options,
    practice_games,
    practice_quota,
    practice_sample,
    practice_samples,
)
from tournaments.services.bots import bot_deck
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, OverLimit, WrongState
from tournaments.services.online import game_action_submit, game_create, queue_adjudication

# A practice game's clocks are a relaxed event's (O2.1): each seat has 40 minutes, and the game
# stops at the latest after 3 hours (its round's end: the game in progress is then a draw).
CLOCK_SECONDS = 40 * 60
ROUND_MINUTES = 180
GRACE_MINUTES = 5  # the player is present from the start (they asked for the game)


def practice_start(
    *,
    player: User,
    game: str,
    saved_deck: int | None = None,
    sample: str | None = None,
    deck: DeckSource | None = None,
    now: datetime | None = None,
) -> Practice:
    """Start a practice game of ``game`` for ``player`` against the game's bot; return it.

    The player's deck is exactly one of ``saved_deck`` (the id of one of their saved decks of
    the game), ``sample`` (the key of one of the game's sample decks, selectors.practice) or
    ``deck`` (a decklist, text or JSON); it must be legal by the game's rules (the event-free
    defaults: its own side deck size, constructed). The bot plays a random legal deck.

    Raises BadInput (an unknown game, no deck or more than one, an unknown deck or sample, an
    unreadable list, a deck of another game), IllegalDeck (with every violation), WrongState
    (``practice_off`` when the site allows no practice games, ``no_bot_deck``) and OverLimit
    (429: settings.PRACTICE_PER_USER games at once, PRACTICE_PER_DAY started in 24 hours).
    """
    if game not in practice_games():
        known = ", ".join(practice_games())
        raise BadInput(
            _("game: unknown game “%(game)s” (known: %(known)s)") % {"game": game, "known": known},
            code="unknown_game",
        )
    if not settings.PRACTICE_PER_USER or not settings.PRACTICE_PER_DAY:
        raise WrongState(_("Practice games are turned off on this site."), code="practice_off")
    source, name, decklist = _player_deck(player, game, saved_deck=saved_deck, sample=sample, deck=deck)
    rules = get_game(game)
    # The bot's deck: drawn at random, hidden like anyone's (O6.1).
    opponent = bot_deck(game=game, options=practice_deck_options(game), rng=random.SystemRandom())
    bot = _bot_user(game)
    with transaction.atomic():
        now = now or timezone.now()
        # The player's row locked first: two requests at once never pass the caps together.
        get_user_model().objects.select_for_update().filter(pk=player.pk).exists()
        _quota_check(player, now)
        event = Event.objects.create(
            name=f"Practice {player.get_username()} – {rules.title}"[:200],
            game=game,
            organizer=bot,  # the player is no official of it: their view is a seat's (O6.1)
            status=Event.Status.RUNNING,
            best_of=1,
            rounds=1,
            swiss_rounds=1,
            side_deck_max=rules.side_deck_default,
            online=True,
            round_minutes=ROUND_MINUTES,
            clock_seconds=CLOCK_SECONDS,
            grace_minutes=GRACE_MINUTES,
            seed=random.SystemRandom().randrange(2**62),
            practice=True,
        )
        mine = Registration.objects.create(event=event, player=player, deck=decklist)
        theirs = Registration.objects.create(event=event, player=bot, deck=opponent, is_bot=True)
        round_ = Round.objects.create(
            event=event,
            number=1,
            seed=event.seed,
            started_at=now,
            ends_at=now + timedelta(minutes=ROUND_MINUTES),
        )
        # Present from the start (O1.1): the clocks run at once, so a game left alone ends.
        match = Match.objects.create(round=round_, table=1, player_a=mine, player_b=theirs, present_a_at=now)
        practice = Practice.objects.create(
            player=player, game=game, match=match, deck_source=source, deck_name=name
        )
        game_create(match, number=1, first_initiative=None)  # the seed says who begins (O6.2)
        # The bot's opening moves when it begins (or its paced move, settings.BOT_PAUSE_SECONDS):
        # bots' work, on the bots' queue, which never delays a person's. The player's own moves
        # then go through the action ledger and the drain, the bot answering in the same pass.
        transaction.on_commit(partial(queue_adjudication, match.pk, bots=True))
    return practice


def _player_deck(
    player: User, game: str, *, saved_deck: int | None, sample: str | None, deck: DeckSource | None
) -> tuple[str, str, dict[str, Any]]:
    """Return (source, name, decklist JSON) of the deck the player chose, checked by the rules."""
    given = [value is not None for value in (saved_deck, sample, deck)]
    if sum(given) != 1:
        raise BadInput(_("deck: choose one deck: a saved deck, a sample deck or a decklist"), code="invalid")
    S = Practice.DeckSource
    raw: DeckSource | None
    if sample is not None:
        found = practice_sample(game=game, key=str(sample))
        if found is None:
            known = ", ".join(s.key for s in practice_samples(game=game))
            raise BadInput(
                _("sample: no sample deck “%(key)s” (the samples: %(known)s)")
                % {"key": str(sample)[:100], "known": known},
                code="unknown_sample",
            )
        source, name, raw = S.SAMPLE, found.key, dict(found.deck)
    elif saved_deck is not None:
        saved = SavedDeck.objects.filter(owner=player, pk=saved_deck).first()
        if saved is None:
            raise BadInput(
                _("saved_deck: you have no saved deck %(id)s") % {"id": saved_deck}, code="unknown_deck"
            )
        source, name, raw = S.SAVED, saved.name, saved.decklist
    else:
        source, name, raw = S.LIST, "", deck
    check = deck_check(source=raw, game=game, options=practice_deck_options(game))
    if not check.readable:
        raise BadInput(check.parse_message, code="bad_decklist")
    if check.game != game:
        raise BadInput(
            _("deck: this practice game plays %(game)s, the deck is for %(deck_game)s")
            % {"game": game_title(game), "deck_game": game_title(check.game)},
            code="wrong_game",
        )
    if check.violations:
        raise IllegalDeck(_("The deck breaks the game's deck rules."), violations=check.violations)
    assert check.decklist is not None
    return source, name, decklist_to_json(check.decklist)


def _quota_check(player: User, now: datetime) -> None:
    """Raise OverLimit (429) past settings.PRACTICE_PER_USER games at once or PRACTICE_PER_DAY
    started in the last 24 hours; ``wait`` is when the first place frees up."""
    quota = practice_quota(user=player, now=now)
    if quota.running >= quota.running_max:
        message = ngettext(
            "You have %(count)d practice game going, the most allowed: finish it or resign it first.",
            "You have %(count)d practice games going, the most allowed: finish or resign one first.",
            quota.running_max,
        ) % {"count": quota.running_max}
        raise OverLimit(message, wait=quota.running_wait, code="practice_limit")
    if quota.today >= quota.today_max:
        message = ngettext(
            "You have started %(count)d practice game in the last 24 hours, the most allowed. "
            "Try again later.",
            "You have started %(count)d practice games in the last 24 hours, the most allowed. "
            "Try again later.",
            quota.today_max,
        ) % {"count": quota.today_max}
        raise OverLimit(message, wait=quota.today_wait, code="quota_exceeded")


def _bot_user(game: str) -> User:
    """Return ``game``'s practice bot, created on first use: an account with no password whose
    name (``bot:<game>``) no sign-up can take."""
    User = get_user_model()
    username = practice_bot_username(game)
    found = User.objects.filter(username=username).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():  # two first practice games at once: one creates it
            return User.objects.create_user(username=username, email="", password=None)
    except IntegrityError:
        return User.objects.get(username=username)


def practice_resign(*, practice: Practice, by: User) -> GameAction:
    """Resign the practice game (its player only): a concession (``concede``) sent through the
    action ledger as any move, applied by a worker; return the ledger row.

    Raises NotAllowed (someone else's game) and WrongState (``practice_over``: the game is over).
    """
    if practice.player_id != by.pk:
        raise NotAllowed(_("Only the player of this practice game can resign it."))
    facts = online_rows.action_facts(practice.match_id, by.pk)
    if facts is None or facts.final:
        raise WrongState(_("This practice game is over."), code="practice_over")
    return game_action_submit(
        match_id=practice.match_id, facts=facts, seq=facts.next_seq, action={"type": "concede"}
    )

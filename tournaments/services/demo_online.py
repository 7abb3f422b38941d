"""Demo data for `make run`: an online event of the default game played by bots (and the demo
player anna, whose match waits for her), one played by bots alone for every other game with a
match engine, and a saved deck of every game for anna to practise with."""

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists, game_keys, get_game
from tournaments.models import Event, Game, Match, Round, SavedDeck
from tournaments.selectors.online import PRESENT_FIELDS, current_game
from tournaments.services.bots import event_fill_bots
from tournaments.services.demo_users import demo_users_ensure
from tournaments.services.events import event_create, event_open, event_start, judge_add, registration_submit

DEMO_ONLINE_EVENT = "Онлайн-турнир с ботами — демо"
DEMO_BOTS = 8
# Beside anna: seven bots, so that eight players pair without a bye and she always has a match.
DEMO_ONLINE_BOTS = 7
DEMO_BOT_EVENT = "Онлайн-турнир ботов — {game}"  # one per other game with a match engine
# How long anna's online match waits for her (O1.2: no clock runs before she comes): a week from
# the latest `make run`, which sets it again, so the demo is still playable hours or days later.
DEMO_WAIT = timedelta(days=7)
DEMO_PLAYER = "anna"


def demo_bot_games() -> list[str]:
    """Return the games besides the default one that the demo shows played online by bots."""
    return [key for key in game_keys() if key != settings.DEFAULT_GAME and get_game(key).has_match_engine]


def demo_bot_event_name(game: str) -> str:
    return DEMO_BOT_EVENT.format(game=get_game(game).title_ru)


def demo_online_event_ensure() -> str:
    """Create and start the online demo event unless it exists; say what was done.

    Organized by the demo user "organizer" (judged by "judge"), with 7 bots and "anna"
    on a shipped deck. Starting it pairs round 1 and starts its games: bot-against-bot
    matches play out at once without a worker (eager tasks), or on the worker, or (paced bots,
    no broker) with the embedded beat; anna's match waits for her.
    """
    if Event.objects.filter(name=DEMO_ONLINE_EVENT).exists():
        return "online demo event: already there"

    demo_users_ensure()
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    deck = next(p for p in bundled_decklists(settings.DEFAULT_GAME) if p.name == "vesta_order.txt").read_text(
        encoding="utf-8"
    )
    with transaction.atomic():
        event = event_create(
            organizer=organizer,
            name=DEMO_ONLINE_EVENT,
            game=settings.DEFAULT_GAME,
            best_of=1,
            rounds=3,
            online=True,
            round_minutes=30,
        )
        judge_add(event=event, by=organizer, username="judge")
        event = event_open(event=event, by=organizer)
        event_fill_bots(event=event, by=organizer, count=DEMO_ONLINE_BOTS)
        registration_submit(event=event, player=User.objects.get(username=DEMO_PLAYER), deck=deck)
        round_ = event_start(event=event, by=organizer)
        demo_match_rearm()  # anna's game waits for her (the bots' games are queued on commit)
    # The games were queued on commit: without a worker they have been played by now.
    return (
        f"online demo event: «{DEMO_ONLINE_EVENT}» created with {DEMO_ONLINE_BOTS} bots and anna, "
        f"round {round_.number} running"
    )


def demo_match_rearm(*, now: datetime | None = None) -> str:
    """Keep anna's match in the online demo event waiting for her: while she has not opened it,
    her game waits (O1.2: no clock runs) until :data:`DEMO_WAIT` from ``now``, and its round
    ends no sooner than a whole round after that. Say what was done; nothing changes once she
    has come (her game is then played as any other) or the match is over."""
    now = now or timezone.now()
    event = Event.objects.filter(name=DEMO_ONLINE_EVENT).first()
    if event is None:
        return "anna's online match: no online demo event"
    mine = Q(player_a__player__username=DEMO_PLAYER) | Q(player_b__player__username=DEMO_PLAYER)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .filter(mine, round__event=event, player_b__isnull=False)
            .select_related("round", "player_a__player", "player_b__player")
            .order_by("-round__number")
            .first()
        )
        if match is None or match.status == Match.Status.FINAL:
            return "anna's online match: played already"
        seat = 0 if match.player_a.player.get_username() == DEMO_PLAYER else 1
        game = current_game(match)
        if getattr(match, PRESENT_FIELDS[seat]) is not None or game is None or game.present_by is None:
            return "anna's online match: in play"
        until = now + DEMO_WAIT
        Game.objects.filter(pk=game.pk).update(present_by=until)
        ends = until + timedelta(minutes=event.round_minutes)
        Round.objects.filter(pk=match.round_id, ends_at__lt=ends).update(ends_at=ends)
    return f"anna's online match: waits for her until {until:%Y-%m-%d %H:%M} UTC"


def demo_decks_ensure() -> str:
    """Save a shipped deck of every game with a match engine in anna's account (one each, kept if
    there): she registers or practises with them. Say what was done."""
    anna = get_user_model().objects.get(username=DEMO_PLAYER)
    created = 0
    for game in game_keys():
        paths = bundled_decklists(game)
        if not paths or not get_game(game).has_match_engine:
            continue
        name = f"{get_game(game).title}: {paths[0].stem.replace('_', ' ')}"
        if SavedDeck.objects.filter(owner=anna, name=name).exists():
            continue
        deck = decklist_to_json(load_decklist(paths[0], game=game))
        SavedDeck.objects.create(owner=anna, name=name, game=game, decklist=deck)
        created += 1
    return f"anna's decks: {created} saved"


def demo_bot_events_ensure() -> list[str]:
    """Create and start, for every game of :func:`demo_bot_games`, an online event of 8 bots
    unless it exists; return what was done, a line per game (the games play out as the online
    demo event's do)."""

    demo_users_ensure()
    organizer = get_user_model().objects.get(username="organizer")
    said = []
    for game in demo_bot_games():
        name = demo_bot_event_name(game)
        if Event.objects.filter(name=name).exists():
            said.append(f"bot event of {game}: already there")
            continue
        with transaction.atomic():
            event = event_create(
                organizer=organizer, name=name, game=game, best_of=1, rounds=3, online=True, round_minutes=30
            )
            judge_add(event=event, by=organizer, username="judge")
            event = event_open(event=event, by=organizer)
            event_fill_bots(event=event, by=organizer, count=DEMO_BOTS)
            round_ = event_start(event=event, by=organizer)
        said.append(f"bot event of {game}: «{name}», {DEMO_BOTS} bots, round {round_.number} running")
    return said

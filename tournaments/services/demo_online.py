"""Demo data for `make run`: an online event of the default game played by bots (and the demo
player anna), and one played by bots alone for every other game with a match engine."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from engine.registry import bundled_decklists, game_keys, get_game
from tournaments.models import Event
from tournaments.services.bots import event_fill_bots
from tournaments.services.events import event_create, event_open, event_start, judge_add, registration_submit

DEMO_ONLINE_EVENT = "Онлайн-турнир с ботами — демо"
DEMO_BOTS = 8
DEMO_BOT_EVENT = "Онлайн-турнир ботов — {game}"  # one per other game with a match engine


def demo_bot_games() -> list[str]:
    """Return the games besides the default one that the demo shows played online by bots."""
    return [key for key in game_keys() if key != settings.DEFAULT_GAME and get_game(key).has_match_engine]


def demo_bot_event_name(game: str) -> str:
    return DEMO_BOT_EVENT.format(game=get_game(game).title_ru)


def demo_online_event_ensure() -> str:
    """Create and start the online demo event unless it exists; say what was done.

    Organized by the demo user "organizer" (judged by "judge"), with 8 bots and "anna"
    on a shipped deck. Starting it pairs round 1 and starts its games: bot-against-bot
    matches play out at once without a worker (eager tasks), or on the worker, or (paced bots,
    no broker) with the embedded beat; anna's match waits for her.
    """
    if Event.objects.filter(name=DEMO_ONLINE_EVENT).exists():
        return "online demo event: already there"
    from tournaments.services.demo import demo_users_ensure  # demo.py calls this module: import late

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
        event_fill_bots(event=event, by=organizer, count=DEMO_BOTS)
        registration_submit(event=event, player=User.objects.get(username="anna"), deck=deck)
        round_ = event_start(event=event, by=organizer)
    # The games were queued on commit: without a worker they have been played by now.
    return (
        f"online demo event: «{DEMO_ONLINE_EVENT}» created with {DEMO_BOTS} bots and anna, "
        f"round {round_.number} running"
    )


def demo_bot_events_ensure() -> list[str]:
    """Create and start, for every game of :func:`demo_bot_games`, an online event of 8 bots
    unless it exists; return what was done, a line per game (the games play out as the online
    demo event's do)."""
    from tournaments.services.demo import demo_users_ensure  # demo.py calls this module: import late

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

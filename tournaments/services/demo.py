"""Demo data for `make run`: users to sign in as, card sets, and events in every state: one open
for registration, one running, one finished with a top cut, and an online one played by bots."""

from collections.abc import Iterator

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from engine.registry import bundled_card_sets, bundled_decklists, game_keys
from tournaments.models import Event, Round
from tournaments.services.cards import card_set_import, read_json_file
from tournaments.services.demo_online import (
    demo_bot_events_ensure,
    demo_decks_ensure,
    demo_match_rearm,
    demo_online_event_ensure,
)
from tournaments.services.demo_users import DEMO_USERS, demo_users_ensure
from tournaments.services.events import (
    event_create,
    event_open,
    event_start,
    judge_add,
    match_report,
    registration_submit,
    round_next,
)


def bundled_card_sets_import() -> Iterator[str]:
    """Import every card set shipped with the engine; yield one line per set."""
    for key in game_keys():
        for path in bundled_card_sets(key):
            yield str(card_set_import(data=read_json_file(path), source=str(path)))


DEMO_EVENT = "Кубок Респонс — демо"


def demo_event_ensure() -> str:
    """Create a running demo event (round 1 half reported) unless it exists; say what was done."""
    if Event.objects.filter(name=DEMO_EVENT).exists():
        return "demo event: already there"
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    decks = [path.read_text(encoding="utf-8") for path in bundled_decklists(settings.DEFAULT_GAME)]
    with transaction.atomic():
        event = event_create(
            organizer=organizer,
            name=DEMO_EVENT,
            game=settings.DEFAULT_GAME,
            best_of=3,
            rounds=3,
            top_cut=4,
            round_minutes=50,
        )
        judge_add(event=event, by=organizer, username="judge")
        event_open(event=event, by=organizer)
        players = [name for name in DEMO_USERS if name not in ("organizer", "judge")]
        for index, name in enumerate(players):
            registration_submit(
                event=event, player=User.objects.get(username=name), deck=decks[index % len(decks)]
            )
        round_ = event_start(event=event, by=organizer)
        for match in list(round_.matches.filter(player_b__isnull=False).order_by("table"))[:2]:
            match_report(match=match, by=organizer, wins_a=2, wins_b=1, draws=0)
    return f"demo event: «{DEMO_EVENT}» created, round 1 running"


DEMO_OPEN_EVENT = "Твоя Война: открытый турнир — демо"
DEMO_FINISHED_EVENT = "Осенний кубок Респонс — демо (завершён)"


def demo_open_event_ensure() -> str:
    """Create a Your War event open for registration (three players in, anna not yet) unless it
    exists; say what was done. A newcomer signed in as anna can register with a pasted deck."""
    if Event.objects.filter(name=DEMO_OPEN_EVENT).exists():
        return "open demo event: already there"
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    deck = bundled_decklists("yourwar")[0].read_text(encoding="utf-8")
    with transaction.atomic():
        event = event_create(organizer=organizer, name=DEMO_OPEN_EVENT, game="yourwar", best_of=3)
        event_open(event=event, by=organizer)
        for name in ("boris", "vera", "gleb"):
            registration_submit(event=event, player=User.objects.get(username=name), deck=deck)
    return f"open demo event: «{DEMO_OPEN_EVENT}» open for registration"


def demo_finished_event_ensure() -> str:
    """Create a RESPONSE event played to the end, three Swiss rounds and a top 4, unless it
    exists; say what was done. Results are the organizer's reports, the same every time (the
    player at the lower table number wins 2-1, the other wins 2-0 at every third table)."""
    if Event.objects.filter(name=DEMO_FINISHED_EVENT).exists():
        return "finished demo event: already there"
    User = get_user_model()
    organizer = User.objects.get(username="organizer")
    decks = [path.read_text(encoding="utf-8") for path in bundled_decklists(settings.DEFAULT_GAME)]
    players = [name for name in DEMO_USERS if name not in ("organizer", "judge")]
    with transaction.atomic():
        event = event_create(
            organizer=organizer,
            name=DEMO_FINISHED_EVENT,
            game=settings.DEFAULT_GAME,
            best_of=3,
            rounds=3,
            top_cut=4,
        )
        judge_add(event=event, by=organizer, username="judge")
        event_open(event=event, by=organizer)
        for index, name in enumerate(players):
            registration_submit(
                event=event, player=User.objects.get(username=name), deck=decks[(index + 1) % len(decks)]
            )
        round_: Round | None = event_start(event=event, by=organizer)
        while round_ is not None:
            for match in round_.matches.filter(player_b__isnull=False).order_by("table"):
                wins = (0, 2) if match.table % 3 == 0 else (2, 1)
                match_report(match=match, by=organizer, wins_a=wins[0], wins_b=wins[1], draws=0)
            round_ = round_next(event=event, by=organizer)
    return f"finished demo event: «{DEMO_FINISHED_EVENT}» played to the end with a top 4"


def demo_setup() -> Iterator[str]:
    """Bring the demo data up to date; yield one progress line per step."""
    yield from bundled_card_sets_import()
    created = demo_users_ensure()
    yield f"demo users: {len(created)} created, {len(DEMO_USERS) - len(created)} already there"
    yield demo_event_ensure()
    yield demo_open_event_ensure()
    yield demo_finished_event_ensure()
    yield demo_online_event_ensure()
    yield demo_match_rearm()  # on every run: the demo stays playable however late it is tried
    yield from demo_bot_events_ensure()
    yield demo_decks_ensure()

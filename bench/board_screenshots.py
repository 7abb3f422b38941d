"""Screenshots of every game's board mid-game: ``bench/board_screenshots.py [--decisions N]``.

For each game with a match engine (the registry's), two players play an online best-of-1
match on the play page by clicks alone (tests/support/clickplay.py: Debian's Chromium,
Playwright's real click(), seeded choices) for ``--decisions`` decisions; then the board of
player A is taken in Russian and English, at 390 px and 1280 px: 4 JPEG pictures a game
(quality 60), ``docs/img/boards/<game>-<language>-<width>.jpg``, shown in docs/players.md.

Self-contained: its own SQLite database in a temporary folder (migrated, the bundled card
sets imported), tasks run in the process (no broker), a web server on 127.0.0.1 in a thread.
Re-run it after a board changes and look at the pictures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
WAYS = [("ru", 390), ("en", 390), ("ru", 1280), ("en", 1280)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=24, help="decisions played before the pictures")
    parser.add_argument("--out", default=str(ROOT / "docs" / "img" / "boards"))
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        print(f"board_screenshots: {CHROMIUM} is not installed (apt-get install chromium)")
        return 1
    folder = tempfile.mkdtemp(prefix="respons-boards-")
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks in the process
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3",
        DJANGO_SETTINGS_MODULE="respons_site.settings",
        DJANGO_ALLOW_ASYNC_UNSAFE="true",  # Playwright's loop runs in this thread beside the ORM
        EMBEDDED_BEAT="false",
        THROTTLE_USER="1000000/min",
        THROTTLE_ACTIONS="1000000/min",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the API client's host allowed
    call_command("migrate", verbosity=0)
    from tournaments.services.demo import bundled_card_sets_import

    list(bundled_card_sets_import())
    _seeded_games()
    server = _serve()
    try:
        from playwright.sync_api import sync_playwright

        from engine.registry import game_keys, get_game
        from tests.support.browser import CHROMIUM_ARGS

        games = args.game or [key for key in game_keys() if get_game(key).match_engine is not None]
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        base = f"http://{server.host}:{server.port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in games:
                for path in _pictures(browser, base, game, args.decisions, out):
                    print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB", flush=True)
            browser.close()
    finally:
        server.terminate()
    return 0


def _seeded_games() -> None:
    """Each game dealt from a known seed: a re-run takes the same pictures."""
    from tournaments.services.online import setup

    seeds = itertools.count(20_000)
    setup.game_seed_new = lambda: next(seeds)


def _serve():
    """Start the site on 127.0.0.1 (a free port) in a thread, its static files served."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    return server


def _deck(path: Path) -> dict:
    from engine.decklist import decklist_to_json, load_decklist

    return json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))


def _pictures(browser, base: str, game: str, decisions: int, out: Path) -> list[Path]:
    """Play ``decisions`` decisions of a new match of ``game`` by clicks; return the pictures of
    player A's board in each language and width."""
    from engine.registry import bundled_decklists
    from tests.support.actors import make_actor, make_players
    from tests.support.clickplay import ClickSeat, open_tab, play_some
    from tests.support.events import EventDriver

    organizer = make_actor(f"org-{game}")
    decks = [_deck(path) for path in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    event.open()
    players = make_players(2, prefix=game[:3])  # names of their own in each game's match
    event.register(*players)
    match = event.start()["matches"][0]
    a, b = sorted(players, key=lambda actor: actor.name != match["player_a"])
    url = f"/matches/{match['id']}/play/"
    seats = []
    for actor, (language, width) in ((a, ("ru", 390)), (b, ("en", 1280))):
        page = open_tab(browser, base, actor, width=width, language=language, next_url=url)
        page.wait_for_selector("#play[data-seq]")
        seats.append(ClickSeat(page, width=width, rng=random.Random(f"{game}-{language}"), name=actor.name))
    play_some(seats, decisions)
    for seat in seats:
        seat.page.context.close()
    pictures = []
    for language, width in WAYS:
        page = open_tab(browser, base, a, width=width, language=language, next_url=url)
        page.wait_for_selector("#play[data-seq]")
        page.locator("[data-testid=board-root] > *").first.wait_for()
        path = out / f"{game}-{language}-{width}.jpg"
        page.locator("[data-testid=board]").screenshot(path=str(path), type="jpeg", quality=60)
        if page.errors:
            print(f"{game} {language} {width}: {page.errors}")
        pictures.append(path)
        page.context.close()
    return pictures


if __name__ == "__main__":
    sys.exit(main())

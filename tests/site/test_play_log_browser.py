"""The play page's log says every game's events in words, in the reader's language: each board
module's describeEvent (boards/<game>.js) with log.js for the events every game shares, run in
Debian's Chromium on every event random games of the engine emit, as each seat and an official
receive them. No line is left empty, shows a placeholder or JSON, or falls back to the event's
raw type; in Russian no English word is left but card and player names and rule numbers."""

import re

import pytest
from django.templatetags.static import static
from django.utils import translation

from engine.registry import game_keys, get_game
from tests.support.browser import PHONE, tab
from tests.support.playlog import NAMES, random_game_readings
from tournaments import labels
from tournaments.selectors.boards import board_module
from tournaments.selectors.play import play_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONLINE_GAMES = [key for key in game_keys() if get_game(key).match_engine is not None]
RULE = re.compile(r"\b[A-Z]\d+(\.\d+)?\b")

DESCRIBE = """({game, readings, cards, names, reasons}) => {
  const mod = window.ResponsBoards[game];
  const card = (name) => { const c = cards[name]; return c ? { name: c.n, type: c.t } : null; };
  const out = [];
  for (const r of readings) {
    const base = { seat: r.seat, names, card, t: window.gettext, game: 1, reasons };
    const ctx = ResponsLog.context(base, r.events, r.view);
    for (const e of r.events) {
      const line = ResponsLog.describe(mod, e, ctx);
      // Said by the board module, or by log.js's shared describer (not its plain fallback).
      const own = (mod.describeEvent ? mod.describeEvent(e, ctx) !== undefined : false)
        || ResponsLog.common(e, ctx) !== undefined;
      const text = line === null ? null : typeof line === "object" ? line.head : line;
      out.push({ type: e.type, own, text });
    }
  }
  return out;
}"""


def said_lines(page, live_server, game: str, language: str) -> tuple[list[dict], dict]:
    """Describe every event of a few random games of ``game`` in ``page``; return the lines and
    the card names shown to the reader."""
    cards = play_cards(game=game, english=language == "en")
    with translation.override(language):
        reasons = {key: str(text) for key, text in labels.REASONS.items()}
    page.goto(f"{live_server.url}/")
    page.add_script_tag(url=f"{live_server.url}/jsi18n/")
    page.add_script_tag(url=live_server.url + static("respons/boards/kit.js"))
    page.add_script_tag(url=live_server.url + static(board_module(game=game)))
    page.add_script_tag(url=live_server.url + static("respons/log.js"))
    readings = random_game_readings(game, games=3)
    given = {"game": game, "readings": readings, "cards": cards, "names": NAMES, "reasons": reasons}
    lines = page.evaluate(DESCRIBE, given)
    return lines, cards


def wrong(line: dict, game: str, language: str, shown_names: list[str]) -> str | None:
    """Return what is wrong with one said line, or None."""
    kind, text = line["type"], line["text"]
    if text is None:
        return None  # left out on purpose (a phase but combat, an automatic pass): see below
    if not isinstance(text, str) or not text.strip():
        return "an empty line"
    if not line["own"]:
        return f"said by the plain fallback: {text!r}"
    for bad in ("{", "}", "undefined", "null", "NaN", "[object"):
        if bad in text:
            return f"{bad!r} in {text!r}"
    if re.search(r"\s{2}|\s[.,:)]|\(\s|«»", text):
        return f"an empty value in {text!r}"
    if "_" in kind and kind in text:
        return f"the raw type in {text!r}"
    if language == "ru":
        rest = text
        for name in shown_names:
            rest = rest.replace(name, "")
        rest = RULE.sub("", rest)
        if re.search("[A-Za-z]", rest):
            return f"English in {text!r}"
    return None


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("game", ONLINE_GAMES)
def test_it_says_every_event_of_random_games_in_words(live_server, chromium, card_sets, game, language):
    page = tab(chromium, language=language, width=PHONE["width"], height=PHONE["height"])
    lines, cards = said_lines(page, live_server, game, language)
    shown_names = sorted({entry["n"] for entry in cards.values()} | set(NAMES), key=len, reverse=True)
    problems: dict[str, str] = {}
    for line in lines:
        problem = wrong(line, game, language, shown_names)
        if problem is not None:
            problems.setdefault(line["type"], problem)
    kinds = {line["type"] for line in lines}
    # A module may leave some events out of the log, but no kind of event altogether.
    said = {line["type"] for line in lines if line["text"] is not None}
    assert kinds == said, f"never said: {sorted(kinds - said)}"
    assert len(kinds) >= 10, f"the random games of {game} should emit many kinds of events: {sorted(kinds)}"
    assert "game_over" in kinds
    assert not problems, "\n".join(f"{kind}: {problem}" for kind, problem in sorted(problems.items()))
    assert page.errors == [], page.errors

"""Every page of the site, opened in Russian by the people who use it (an organizer, a judge, a
player, a visitor), says its sentences in Russian: no run of English words outside the short
allow-list below. The pages are found by walking the URL conf, so a new page is checked too."""

import re
import zoneinfo
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.support.actors import make_players
from tests.support.events import one_table
from tests.support.practice import start_practice
from tournaments.models import Card, Registration

pytestmark = pytest.mark.django_db

# Not pages: each with why it is left out.
SKIPPED_PREFIXES = {
    "api/": "the REST API answers JSON (its messages are tested by Accept-Language)",
    "admin/": "Django's admin is translated by Django itself and is staff-only",
    "i18n/": "the language switch redirects",
    "healthz": "a machine-readable health check",
}
SKIPPED_SUFFIXES = {
    ".csv": "spreadsheet downloads hold data (names, decklists), not sentences",
    ".txt": "a decklist download is the player's own text",
    ".json": "the match log download is the engine's JSON",
    "/rows/": "a fragment of the round-progress table, rendered inside its page",
    "/step/": "a judges' log step is a JSON answer of the viewer",
}

# English that stays English on the Russian site, each for a reason.
ALLOWED = [
    # Product and game names (the games' own titles; the site's name)
    "World of Warcraft TCG",
    "World of Warcraft",  # in the game's Russian title, «ККИ World of Warcraft» (the games page)
    "Your War",
    "Force of Will",
    "Respons",
    "RESPONSE",
    # The names of technologies a page names (the API documentation link, the log format)
    "Swagger UI",
    "OpenAPI",
    "JSON",
]
# Data, not sentences: every card's name and aliases (the card pages show a card's other
# spelling beside its name on purpose: either is accepted in decklists) and the usernames.
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[ \t]+[A-Za-z][A-Za-z'’]*)+")


# The IANA time-zone names as whole words only: "GB" or "NZ" taken out of the middle of a random
# sign-up code ("NRGGBHVM") would leave two Latin words behind.
TIME_ZONES = re.compile(
    r"(?<![A-Za-z])(?:"
    + "|".join(
        re.escape(zone.replace("_", " "))
        for zone in sorted(zoneinfo.available_timezones(), key=len, reverse=True)
    )
    + r")(?![A-Za-z])"
)


def _routes(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


def pages(values: dict[str, int]) -> list[str]:
    """Return the path of every page of the URL conf, its parameters filled from ``values``."""
    found = []
    for route in _routes(get_resolver().url_patterns):
        if route.startswith(tuple(SKIPPED_PREFIXES)) or route.endswith(tuple(SKIPPED_SUFFIXES)):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)
        found.append("/" + path)
    return found


def data_words() -> list[str]:
    """Return the names of the cards (canonical, aliases, every language's) and the users."""
    names = set(get_user_model().objects.values_list("username", flat=True))
    for name, summary in Card.objects.values_list("name", "summary"):
        names.add(name)
        names.update(summary.get("aliases") or [])
        names.update((summary.get("names") or {}).values() if isinstance(summary.get("names"), dict) else [])
    return sorted(names, key=len, reverse=True)  # the longest first: "Self-taught Mechanic" before "Mechanic"


def english_runs(html: str, data: list[str] = ()) -> list[str]:
    """Return the runs of two or more Latin words in the text a reader sees on the page
    (``data``: names to leave out)."""
    html = re.sub(r"(?is)<(script|style|code|pre|kbd)\b.*?</\1>", " ", html)
    text = unescape(re.sub(r"(?s)<[^>]+>", " ", html))
    text = TIME_ZONES.sub(" ", text)  # the time-zone picker lists IANA names
    for allowed in (*data, *ALLOWED):
        text = text.replace(allowed, " ")
    return sorted({run for run in LATIN_RUN.findall(text)})


@pytest.fixture
def site(event_factory, organizer, judge, player, opponent):
    """A running paper event (round 1 paired, a warning given) and an online event at one table."""
    paper = event_factory(name="Кубок", rounds=2)
    paper.organizer.api.post(f"{paper.url}judges/", {"username": judge.name}, format="json")
    paper.open()
    paper.register(player, opponent, *make_players(2, prefix="q"))
    round_1 = paper.start()
    # The audit trail and the judges' log then hold a note the services wrote (a penalty).
    warning = {"username": round_1["matches"][0]["player_a"], "kind": "warning", "note": "опоздание"}
    assert (
        judge.api.post(
            f"/api/matches/{round_1['matches'][0]['id']}/penalties/", warning, format="json"
        ).status_code
        == 201
    )
    online = event_factory(name="Онлайн-кубок", rounds=1, online=True)
    match, _a, _b = one_table(online, judge)
    # A series of the organizer's with the paper event in it: its page and its edit page (with
    # an event to take out and another to add).
    series = organizer.api.post("/api/series/", {"name": "Лига", "points": [3, 1]}, format="json").json()
    added = organizer.api.post(f"/api/series/{series['id']}/events/", {"event": paper.id}, format="json")
    assert added.status_code == 200, added.content
    # A practice game of the player's against a bot: its game's page, and its play page.
    practice = start_practice(player, "respons")
    # A sign-up code for the venue: the organizer's codes page lists it.
    code = organizer.api.post(f"{paper.url}signup-codes/", {"uses": 40, "hours": 12}, format="json").json()
    return {
        "event_id": paper.id,
        "match_id": round_1["matches"][0]["id"],
        "number": 1,
        "registration_id": Registration.objects.filter(event_id=paper.id).first().pk,
        "pk": 1,
        "webhook_id": 1,
        "code_id": code["id"],
        "pair_id": 1,
        "online_match_id": match["id"],
        "username": judge.name,
        "series_id": series["id"],
        "key": "respons",
        "practice_id": practice["id"],
        "practice_match_id": practice["match"],
        "which": "players",  # the names a correction form suggests (usernames: data)
    }


def test_every_page_reads_in_russian(site, organizer, judge, player, anonymous):
    paths = pages(site)
    paths += [f"/matches/{site['online_match_id']}/play/", f"/matches/{site['online_match_id']}/log/"]
    paths += [f"/matches/{site['practice_match_id']}/play/"]
    seen, english, data = 0, {}, data_words()
    for actor in (organizer, judge, player, anonymous):
        client, in_english = Client(HTTP_ACCEPT_LANGUAGE="ru"), Client(HTTP_ACCEPT_LANGUAGE="en")
        if actor.user is not None:
            client.force_login(actor.user)
            in_english.force_login(actor.user)
        for path in paths:
            response = client.get(path)
            if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
                continue  # a form's POST address, a page this reader may not open
            seen += 1
            html = response.content.decode()
            whole = "<html" in html  # else a fragment a page loads into itself
            assert not whole or '<html lang="ru">' in html, path
            runs = english_runs(html, data)
            if runs:
                english[f"{actor.name} {path}"] = runs
            # The same page in English opens too, in English.
            other = in_english.get(path)
            assert other.status_code == 200, path
            assert not whole or '<html lang="en">' in other.content.decode(), path
    assert seen > 40, "the walk should open most pages"
    assert not english, "English on Russian pages:\n" + "\n".join(f"{k}: {v}" for k, v in english.items())


def test_the_check_finds_an_english_sentence_and_passes_russian():
    assert english_runs("<p>Раунд 1 идёт</p><p>The round is running</p>") == ["The round is running"]
    assert english_runs("<p>Правила <code>Hero: Name</code> · RESPONSE · Africa/Dar es Salaam</p>") == []

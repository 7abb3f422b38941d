"""The Russian translation: every entry translated, the compiled catalog current, key pages in Russian."""

import gettext
import shutil
import subprocess

import pytest
from django.test import Client

from tests.support.actors import make_players
from tests.support.catalog import MO, PO, read_po
from tests.support.services import require_or_skip


def test_every_entry_is_translated_and_none_is_fuzzy():
    entries = read_po(PO)
    header = [e for e in entries if e.msgid == ""]
    messages = [e for e in entries if e.msgid != ""]
    assert len(header) == 1 and len(messages) > 500, "the catalog should hold the whole site"
    assert "fuzzy" not in header[0].flags, "the catalog header is marked fuzzy"
    assert "Plural-Forms: nplurals=4;" in header[0].translations[0]
    fuzzy = [str(e) for e in messages if "fuzzy" in e.flags]
    assert not fuzzy, "fuzzy entries:\n" + "\n".join(fuzzy)
    untranslated = [str(e) for e in messages if not e.translations or not all(e.translations)]
    assert not untranslated, "untranslated entries:\n" + "\n".join(untranslated)
    plurals = [e for e in messages if "msgid_plural" in e.fields]
    assert plurals and all(len(e.translations) == 4 for e in plurals), "Russian takes four plural forms"


def test_the_catalog_compiles_cleanly_and_the_committed_mo_matches_it(tmp_path):
    msgfmt = shutil.which("msgfmt")
    require_or_skip(msgfmt is not None, "msgfmt (GNU gettext) is not installed")
    compiled = tmp_path / "django.mo"
    run = subprocess.run(
        [msgfmt, "--check", "-o", str(compiled), str(PO)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr
    assert MO.exists(), "run: manage.py compilemessages"
    with compiled.open("rb") as fresh, MO.open("rb") as committed:
        fresh_catalog = gettext.GNUTranslations(fresh)._catalog
        committed_catalog = gettext.GNUTranslations(committed)._catalog
    stale = sorted(
        str(key)
        for key in fresh_catalog.keys() | committed_catalog.keys()
        if fresh_catalog.get(key) != committed_catalog.get(key)
    )
    assert not stale, "django.mo is out of date (run manage.py compilemessages):\n" + "\n".join(stale[:20])


# Pages, each with Russian it must show and English headings it must not.
ENGLISH_HEADINGS = [
    "Run card game tournaments",
    ">Events<",
    ">Cards<",
    "Deck builder",
    "Pairings",
    "Standings",
    "Dashboard",
    "Event control",
    "Players",
    "About this event",
    "Round timer",
    "Sign in",
]


@pytest.mark.django_db
def test_key_pages_are_in_russian_for_a_russian_browser(event_factory, organizer, card_sets):
    event = event_factory(name="Кубок", rounds=2)
    event.open()
    event.register(*make_players(4))
    event.start()
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9")
    official = Client(HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9")
    official.force_login(organizer.user)
    pages = [
        (browser, "/", ["Турниры по карточным играм, которые знают правила", "Войти"]),
        (browser, "/events/", ["<h1>Турниры</h1>", "Организатор"]),
        (browser, "/cards/", ["Карты · РЕСПОНС", "Фракция", "Юнит"]),
        (browser, "/decks/builder/", ["Конструктор колод", "Добавить карты"]),
        (browser, f"/events/{event.id}/", ["Пары раунда 1", "Игроки", "О турнире", "Идёт раунд 1"]),
        (browser, f"/events/{event.id}/rounds/1/", ["Пары раунда 1", "Соперник", "Результат"]),
        (browser, f"/events/{event.id}/standings/", ["Положение в ходе раунда 1", "Очки"]),
        (official, f"/events/{event.id}/manage/", ["Управление турниром", "Панель управления", "Судьи"]),
    ]
    for client, url, russian in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert '<html lang="ru">' in html, url
        missing = [text for text in russian if text not in html]
        assert not missing, (url, missing)
        english = [text for text in ENGLISH_HEADINGS if text in html]
        assert not english, (url, english)

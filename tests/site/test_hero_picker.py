"""The deck builder's hero picker says each hero's name and what sets it apart in words
(point 5): RESPONSE's factions, another game's faction and class or attributes,
never a raw key."""

import re

import pytest

pytestmark = pytest.mark.django_db


def picker_options(client, game: str, language: str) -> list[str]:
    html = client.get("/decks/builder/", {"game": game}, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    picker = re.search(r'<select id="leader-[^"]*".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="[^"]+">([^<]*)</option>', picker)


def test_a_respons_hero_shows_its_factions_in_words(client, card_sets):
    options = picker_options(client, "respons", "ru")
    assert "Безумный конструктор Зед · Mad Constructor Zed (Хаос + Технологии)" in options


@pytest.mark.parametrize(
    ("game", "language", "expected"),
    [
        ("wow", "ru", "Грота Пепельная Грива · Grotha Ashmane (Орда · Воин)"),
        ("wow", "en", "Grotha Ashmane · Грота Пепельная Грива (Horde · Warrior)"),
        ("fow", "ru", "Аурелия, Хранительница Шпиля Рассвета · Aurelia, Warden of the Dawnspire (Свет)"),
    ],
)
def test_another_games_hero_shows_its_faction_and_class_in_words(client, card_sets, game, language, expected):
    options = picker_options(client, game, language)
    assert expected in options
    assert not any(word in " ".join(options) for word in ("(horde", "warrior)", "(light)"))

"""Decklists as players paste them: the JSON and text formats of formats.md."""

import json
from pathlib import Path
from typing import Any

import pytest

from engine.decklist import Decklist, decklist_to_json, load_decklist, parse_decklist
from engine.problems import DeckParseError

FORMATS_EXAMPLE = """\
Hero: Warden of Gears
Orders:
Hold the Line
B
C
D
E
Main:
2 Iron Sentinel
2x Other Card
Side:
1 Some Card
"""

EXPECTED = Decklist(
    game="respons",
    zones={
        "hero": "Warden of Gears",
        "orders": ("Hold the Line", "B", "C", "D", "E"),
        "main": {"Iron Sentinel": 2, "Other Card": 2},
        "side": {"Some Card": 1},
    },
)


def parse_error(source: str | dict[str, Any]) -> list[str]:
    with pytest.raises(DeckParseError) as caught:
        parse_decklist(source)
    return [str(problem) for problem in caught.value.problems]


def main_of(text: str) -> dict[str, int]:
    return parse_decklist(f"Main:\n{text}").counts("main")


# --- JSON ---------------------------------------------------------------------------------------


def test_it_reads_the_json_example_of_the_formats_document() -> None:
    data = {
        "game": "respons",
        "hero": "Warden of Gears",
        "orders": ["Hold the Line", "B", "C", "D", "E"],
        "main": {"Iron Sentinel": 2, "Other Card": 2},
        "side": {"Some Card": 1},
    }
    assert parse_decklist(data) == EXPECTED
    assert parse_decklist(json.dumps(data)) == EXPECTED


def test_it_reads_json_text_after_a_bom_and_blank_lines() -> None:
    text = "\ufeff\n  " + json.dumps({"hero": "Warden of Gears", "main": {"Iron Sentinel": 2}})
    decklist = parse_decklist(text)
    assert decklist.one("hero") == "Warden of Gears"
    assert decklist.counts("main") == {"Iron Sentinel": 2}


def test_it_treats_a_missing_side_deck_and_game_as_empty_and_respons() -> None:
    decklist = parse_decklist({"hero": "H", "orders": [], "main": {}})
    assert decklist.game == "respons"
    assert decklist.zones == {"hero": "H", "orders": (), "main": {}, "side": {}}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"main": {"Iron Sentinel": 0}}, 'main["Iron Sentinel"]: count must be a whole number ≥ 1'),
        ({"main": {"Iron Sentinel": "2"}}, 'main["Iron Sentinel"]: count must be a whole number ≥ 1'),
        ({"main": {"Iron Sentinel": True}}, 'main["Iron Sentinel"]: count must be a whole number ≥ 1'),
        ({"main": {"Iron Sentinel": 1.5}}, 'main["Iron Sentinel"]: count must be a whole number ≥ 1'),
        ({"side": {"": 1}}, 'side[""]: card name must not be empty'),
        ({"main": ["Iron Sentinel"]}, "main: must be an object of card name → number of copies"),
        ({"orders": "Hold the Line"}, "orders: must be a list of card names"),
        ({"orders": ["A", 5]}, "orders[1]: must be a card name (a non-empty string)"),
        ({"hero": ["Warden"]}, "hero: must be a card name (a non-empty string)"),
        ({"game": 5}, "game: must be a string"),
        ({"game": "poker"}, "game: unknown game 'poker' (known: respons, wow, yourwar, chronomagia, fow)"),
    ],
)
def test_it_names_the_key_path_of_a_wrong_json_shape(data: dict[str, Any], expected: str) -> None:
    assert parse_error(data) == [expected]


def test_it_reports_every_json_problem_at_once() -> None:
    assert parse_error({"hero": 1, "orders": [2], "main": {"A": 0, "B": 2, "C": -1}}) == [
        "hero: must be a card name (a non-empty string)",
        "orders[0]: must be a card name (a non-empty string)",
        'main["A"]: count must be a whole number ≥ 1',
        'main["C"]: count must be a whole number ≥ 1',
    ]


def test_it_says_where_json_text_is_broken() -> None:
    assert parse_error('{"hero": "A",\n "main": {"B": }}') == [
        "line 2 column 16: not valid JSON: Expecting value"
    ]
    assert parse_error('\ufeff\n\n{"hero": "A",\n "main": }') == [
        "line 4 column 10: not valid JSON: Expecting value"
    ]


def test_it_refuses_json_that_is_not_an_object() -> None:
    with pytest.raises(DeckParseError, match="a decklist must be a JSON object"):
        parse_decklist(["Iron Sentinel"])  # type: ignore[arg-type]


def test_it_writes_back_the_json_it_reads() -> None:
    assert parse_decklist(decklist_to_json(EXPECTED)) == EXPECTED
    assert decklist_to_json(parse_decklist("Hero: H")) == {"game": "respons", "hero": "H", "orders": []}


# --- text ---------------------------------------------------------------------------------------


def test_it_reads_the_text_example_of_the_formats_document() -> None:
    assert parse_decklist(FORMATS_EXAMPLE) == EXPECTED


@pytest.mark.parametrize(
    "line",
    ["2 Iron Sentinel", "2x Iron Sentinel", "2 x Iron Sentinel", "2X Iron Sentinel", "2х Iron Sentinel",
     "2× Iron Sentinel", "Iron Sentinel x2", "Iron Sentinel x 2", "Iron Sentinel ×2", "Iron Sentinel×2",
     "Iron Sentinel X2"],
)  # fmt: skip
def test_it_reads_every_way_of_writing_two_copies(line: str) -> None:
    assert main_of(line) == {"Iron Sentinel": 2}


def test_it_reads_a_bare_name_as_one_copy() -> None:
    assert main_of("Iron Sentinel") == {"Iron Sentinel": 1}


def test_it_does_not_take_a_leading_x_of_a_name_for_a_count() -> None:
    assert main_of("2 Xenomorph\n1 x-ray drone") == {"Xenomorph": 2, "x-ray drone": 1}


def test_it_sums_duplicated_lines() -> None:
    assert main_of("2 Iron Sentinel\nIron Sentinel\n1 iron  sentinel\n1 Ash Wolf") == {
        "Iron Sentinel": 4,
        "Ash Wolf": 1,
    }


def test_it_sums_names_that_differ_only_by_yo() -> None:
    assert main_of("1 Шестерёночный пёс\n1 шестереночный пес") == {"Шестерёночный пёс": 2}


def test_it_keeps_yo_in_names_as_written() -> None:
    assert parse_decklist("Герой: Ёж\nКолода:\n2 Пёс").zones["main"] == {"Пёс": 2}
    assert parse_decklist("Герой: Ёж").one("hero") == "Ёж"


def test_it_reads_russian_headers() -> None:
    text = (
        "Герой: Смотритель шестерён\nПриказы:\nДержать строй\n"
        "Колода:\n2 Железный страж\nДополнительная колода:\n1 Пёс"
    )
    assert parse_decklist(text).zones == {
        "hero": "Смотритель шестерён",
        "orders": ("Держать строй",),
        "main": {"Железный страж": 2},
        "side": {"Пёс": 1},
    }


HEADERS = {
    "hero": ("HERO:", "hero :", "ГЕРОЙ:"),
    "orders": ("ORDERS:", "Приказы :"),
    "main": ("Main deck:", "Deck:", "main (30):", "Основная колода:", "Колода:"),
    "side": ("Side deck:", "Sideboard:", "SIDE:", "Дополнительная колода:"),
}


@pytest.mark.parametrize(("header", "zone"), [(h, zone) for zone, hs in HEADERS.items() for h in hs])
def test_it_reads_section_headers_in_any_case(header: str, zone: str) -> None:
    decklist = parse_decklist(f"{header}\nIron Sentinel")
    assert decklist.zones[zone] in ("Iron Sentinel", ("Iron Sentinel",), {"Iron Sentinel": 1})


def test_it_reads_a_name_on_the_header_line() -> None:
    decklist = parse_decklist("Hero: Warden of Gears\nOrders: Hold the Line\nB\nMain: 2 Iron Sentinel")
    assert decklist.zones == {
        "hero": "Warden of Gears",
        "orders": ("Hold the Line", "B"),
        "main": {"Iron Sentinel": 2},
        "side": {},
    }


def test_it_reads_the_hero_on_the_line_after_its_header() -> None:
    assert parse_decklist("Hero:\n\nWarden of Gears\n").one("hero") == "Warden of Gears"


def test_it_keeps_orders_left_to_right_and_repeats_a_counted_one() -> None:
    assert parse_decklist("Orders:\nE\n2 A\nD\nB x2").ordered("orders") == ("E", "A", "A", "D", "B", "B")


def test_it_skips_blank_lines_and_comments() -> None:
    text = "# my deck\n\nHero: H\n   \n# orders next\nOrders:\nA\n\n#Main: 2 X\n"
    assert parse_decklist(text).zones == {"hero": "H", "orders": ("A",), "main": {}, "side": {}}


def test_it_ignores_bom_crlf_tabs_and_trailing_spaces() -> None:
    text = (
        "\ufeffHero:\tWarden  of Gears \r\nOrders:\r\n\tHold the Line\t\r\n"
        "Main:\r\n2\tIron Sentinel   \r\n2x\u00a0Ash Wolf\r\n"
    )
    assert parse_decklist(text).zones == {
        "hero": "Warden of Gears",
        "orders": ("Hold the Line",),
        "main": {"Iron Sentinel": 2, "Ash Wolf": 2},
        "side": {},
    }


def test_it_keeps_a_colon_inside_a_card_name() -> None:
    assert main_of("2 Strike: Fire\nPlan B: Retreat") == {"Strike: Fire": 2, "Plan B: Retreat": 1}


def test_it_takes_the_game_from_the_argument_then_defaults_to_respons() -> None:
    assert parse_decklist("Main:\nA").game == "respons"
    assert parse_decklist("Main:\nA", game="yourwar").game == "yourwar"


def test_it_takes_the_game_from_a_game_line() -> None:
    decklist = parse_decklist("Game: yourwar\nMain:\n2 A")
    assert decklist.game == "yourwar"
    assert decklist.counts("main") == {"A": 2}
    assert parse_decklist("Игра: РЕСПОНС\nHero: H").game == "respons"


# --- lines that cannot be read ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Main:\n0 Iron Sentinel", "line 2: cannot read '0 Iron Sentinel': the count must be at least 1"),
        ("Main:\nIron Sentinel x0", "line 2: cannot read 'Iron Sentinel x0': the count must be at least 1"),
        ("Main:\n30", "line 2: cannot read '30': no card name"),
        ("Main:\n2x", "line 2: cannot read '2x': no card name"),
        ("Main:\n1000 Iron Sentinel", "line 2: cannot read '1000 Iron Sentinel': the count is too large"),
        (
            "Iron Sentinel",
            "line 1: 'Iron Sentinel' comes before any section header (Hero:, Orders:, Main:, Side:)",
        ),
        ("Hero: A\nB", "line 2: cannot read 'B': the hero section holds one card"),
        ("Hero:\n2 A", "line 2: cannot read '2 A': the hero section holds one card"),
        (
            "Game: poker\nMain:\nA",
            "line 1: unknown game 'poker' (known: respons, wow, yourwar, chronomagia, fow)",
        ),
    ],
)
def test_it_names_the_line_it_cannot_read_and_quotes_it(text: str, expected: str) -> None:
    assert parse_error(text) == [expected]


def test_it_counts_lines_from_one_including_blank_ones_and_crlf() -> None:
    assert parse_error("\r\n# c\r\nMain:\r\n\r\n0 Ash Wolf\r\n") == [
        "line 5: cannot read '0 Ash Wolf': the count must be at least 1"
    ]


def test_it_reports_every_unreadable_line_in_one_error() -> None:
    with pytest.raises(DeckParseError) as caught:
        parse_decklist("stray\nMain:\n0 A\n2 B\n99", where="deck.txt")
    assert [p.where for p in caught.value.problems] == ["line 1", "line 3", "line 5"]
    assert caught.value.one_line() == (
        "deck.txt: line 1: 'stray' comes before any section header (Hero:, Orders:, Main:, Side:)"
        " (and 2 more problems)"
    )


def test_it_accepts_the_same_hero_written_twice() -> None:
    assert parse_decklist("Hero: Ёж\nHero: еж").one("hero") == "Ёж"


# --- files --------------------------------------------------------------------------------------


def test_it_loads_text_and_json_files(tmp_path: Path) -> None:
    text, data = tmp_path / "deck.txt", tmp_path / "deck.json"
    text.write_bytes(("\ufeff" + FORMATS_EXAMPLE.replace("\n", "\r\n")).encode())
    data.write_text(json.dumps(decklist_to_json(EXPECTED)))
    assert load_decklist(text) == EXPECTED == load_decklist(data)


def test_it_names_the_file_it_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(DeckParseError) as caught:
        load_decklist(tmp_path / "gone.txt")
    assert (
        caught.value.one_line() == f"{tmp_path / 'gone.txt'}: cannot read the file: No such file or directory"
    )


def test_it_names_the_file_and_line_of_a_bad_text_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("Main:\n2 A\nzero B x0\n", encoding="utf-8")
    with pytest.raises(DeckParseError) as caught:
        load_decklist(path)
    assert caught.value.one_line() == f"{path}: line 3: cannot read 'zero B x0': the count must be at least 1"


def test_it_refuses_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("Герой: Ёж".encode("cp1251"))
    with pytest.raises(DeckParseError, match="not UTF-8 text"):
        load_decklist(path)


# --- section headers in every game ---------------------------------------------------------------


@pytest.mark.parametrize("game", ["respons", "chronomagia", "wow", "yourwar", "fow"])
@pytest.mark.parametrize(
    "header", ["Дополнительная колода", "Доп. колода", "Сайд-колода", "Sideboard", "Side deck"]
)
def test_every_game_reads_the_side_deck_under_its_russian_and_english_headers(game: str, header: str) -> None:
    deck = parse_decklist(f"Game: {game}\nКолода:\n2 Main Card\n{header}:\n1 Side Card\n")
    assert deck.counts("main") == {"Main Card": 2}
    assert deck.counts("side") == {"Side Card": 1}


def test_chronomagia_reads_its_hero_deck_as_the_side_zone_in_both_languages() -> None:
    for header in ("Колода героя", "Hero deck", "Дополнительная колода"):
        deck = parse_decklist(f"Game: chronomagia\nГерой: Someone\nОсновная колода:\n2 A\n{header}:\n1 B\n")
        assert (deck.one("hero"), deck.counts("main"), deck.counts("side")) == ("Someone", {"A": 2}, {"B": 1})


def test_an_unknown_section_header_is_an_error_naming_its_line_never_cards_of_the_deck_above() -> None:
    with pytest.raises(DeckParseError) as caught:
        parse_decklist("Game: yourwar\nMain:\n2 A\nРезерв:\n1 B\n")
    [problem] = caught.value.problems
    assert (problem.where, problem.code) == ("line 4", "unknown_header")
    assert problem.params == {"text": "Резерв:", "expected": "Main:, Side:"}


def test_a_section_of_another_game_is_no_card_of_this_one() -> None:
    with pytest.raises(DeckParseError) as caught:
        parse_decklist("Game: yourwar\nMain:\n2 A\nOrders: B\n")
    assert [(p.where, p.code) for p in caught.value.problems] == [("line 4", "unknown_header")]


def test_a_card_name_with_a_colon_stays_a_card() -> None:
    assert main_of("2 Tomb: the Gate") == {"Tomb: the Gate": 2}

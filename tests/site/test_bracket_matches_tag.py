"""The bracket page's matches, built in one pass (``bracket_matches``): the same markup the
page's tests read (decided, winner and loser, the reader's own seat, where an empty seat comes
from, the notes of a walkover and of an unneeded reset), every name escaped, in the reader's
language."""

from types import SimpleNamespace

from django.template import Context
from django.utils import translation

from tournaments.templatetags.event_tags import bracket_matches

ANNA = SimpleNamespace(is_authenticated=True, get_username=lambda: "anna")


def match(key: str, a: str | None, b: str | None, winner: str | None, status: str = "") -> dict:
    sides = [
        {"name": name, "from": f"Winner of {key}-x", "won": winner is not None and name == winner}
        for name in (a, b)
    ]
    return {"key": key, "winner": winner, "status": status, "sides": sides}


def test_it_marks_the_winner_the_loser_and_the_readers_own_seat():
    with translation.override("en"):
        html = bracket_matches(Context({"user": ANNA}), [match("W1-1", "anna", "<b>boris</b>", "anna")])
    assert html.startswith(
        '<li class="bracket-match is-decided" data-testid="bracket-match" aria-label="W1-1">'
    )
    assert '<div class="bracket-player is-winner is-me"><span class="bracket-seed">W1-1</span>' in html
    assert '<div class="bracket-player is-loser"><span class="bracket-seed"></span>' in html
    assert "&lt;b&gt;boris&lt;/b&gt;" in html and "<b>" not in html
    assert html.count('<span class="sr-only">won</span>') == 1


def test_an_empty_seat_says_where_its_player_comes_from_and_nobody_is_marked_for_a_visitor():
    visitor = SimpleNamespace(is_authenticated=False)
    html = bracket_matches(Context({"user": visitor}), [match("W2-1", "anna", None, None)])
    assert 'class="bracket-match"' in html and "is-decided" not in html and "is-me" not in html
    assert '<span class="muted">Winner of W2-1-x</span>' in html


def test_the_notes_are_in_the_readers_language():
    games = [match("W2-1", "anna", "kira", "anna", "walkover"), match("GF2", None, None, None, "void")]
    with translation.override("ru"):
        html = bracket_matches(Context({}), games)
    assert html.count('class="muted small bracket-note"') == 2
    assert "Walkover" not in html and "Not needed" not in html

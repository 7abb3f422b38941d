"""R9.4 no-show: the site ends a game whose seat never came, in the log like a timeout."""

from match_builders import scripted

from engine.games.respons import RULES
from engine.games.respons.match import describe_action, replay


def test_it_makes_the_absent_seat_lose_as_a_no_show_before_any_decision() -> None:
    match = scripted(keep=False)  # the mulligan is pending: nobody has acted yet
    events = match.apply(1, {"type": "no_show"})
    assert (match.result.winner, match.result.reason) == (0, "no_show")
    assert [e.type for e in events] == ["no_show", "game_over"]
    assert match.actions[-1] == {"seat": 1, "type": "no_show"}
    assert match.decision() is None


def test_it_draws_the_game_when_neither_seat_came() -> None:
    match = scripted(keep=False)
    events = match.apply(0, {"type": "no_show", "both": True})
    assert events[0].type == "no_show" and events[0].public.get("both") is True
    assert (match.result.winner, match.result.reason) == (None, "no_show")
    assert match.actions[-1] == {"seat": 0, "type": "no_show", "both": True}


def test_it_replays_a_no_show_from_the_log() -> None:
    match = scripted(keep=False)
    match.apply(0, {"type": "no_show"})
    again = replay(match.to_log(["TEST"]), match.catalog)
    assert (again.result.winner, again.result.reason) == (1, "no_show")


def test_it_never_lets_a_player_send_a_no_show() -> None:
    assert "no_show" not in RULES.action_types  # R9.4: the site's alone
    assert {"type": "no_show"} not in scripted().legal_actions(0)


def test_it_describes_a_no_show() -> None:
    assert describe_action({"type": "no_show"}) == "did not come to the game"
    assert describe_action({"type": "no_show", "both": True}) == "neither player came to the game"

"""The play page of an online match, driven by the online API from the browser.

The page is a shell (status bar, clocks, move box, log, sideboarding) plus play.js, which
polls ``GET /api/matches/{id}/game/`` and posts the legal actions it lists, and the game's
board module (selectors/boards.py), which draws the table from the engine's view. Every rule
stays with the engine and the online services; this view only decides who may open the page
and which seat sits at the bottom.
"""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.decklist import decklist_to_json, parse_decklist
from engine.problems import DeckParseError
from engine.registry import game_keys, get_game
from tournaments import labels
from tournaments.label_messages import refusal_templates
from tournaments.labels import game_title
from tournaments.models import Game, Match
from tournaments.selectors.boards import board_module, board_styles
from tournaments.selectors.cards import card_namer
from tournaments.selectors.online import current_game, match_access, match_is_online
from tournaments.selectors.play import play_cards
from tournaments.selectors.practice import seat_names
from tournaments.services.online import match_present
from tournaments.users import SignedInHttpRequest


def _js_strings(game: str) -> dict[str, Any]:
    """Return every string play.js (the shell) shows, translated ({name} marks a value filled in).

    The board's own labels are the board module's, through the JavaScript catalog (djangojs.po);
    the game's phases and the number of its swap rule are its texts' (engine/games/<key>/texts.py).
    """
    swap_rule = get_game(game).texts.swap_rule if game in game_keys() else ""
    return {
        "phases": labels.PHASES.of(game),
        # How a game ended, as the judges' pages say it (a penalty's game loss included).
        "reasons": {key: str(text) for key, text in labels.REASONS.items()},
        "turn": _("Turn {n}"),
        "game_of": _("Game {n} of {best_of}"),
        "initiative": _("Initiative"),
        "your_decision": _("Your decision"),
        "waiting_for": _("Waiting for {name}"),
        "prompt_wait": _("{name} is deciding."),
        "concede_confirm": _("Concede this game? It counts as a loss."),
        "refused": _("Refused ({rule}): {message}"),
        # A refused action's message by its code: the answers carry code, params and the
        # English message, built once for both seats in no one's language (label_messages.py).
        "refusals": refusal_templates(),
        "bad_swap": (
            _("%(rule)s: this is not a legal sideboard swap.") % {"rule": swap_rule}
            if swap_rule
            else _("This is not a legal sideboard swap.")
        ),
        # The sideboard picker (O4.2: one card for one, side deck ⇄ main deck or orders).
        "swap_main": _("Main deck: {card} ×{n}"),
        "swap_order": _("Order {n}: {card}"),
        "swap_side": _("{card} ×{n}"),
        "swap_done": _("{out} out, {in} in"),
        "swap_empty": _("Your side deck is empty: nothing to swap."),
        "sending": _("Sending…"),
        "offline": _("Connection lost — retrying…"),
        "not_started": _("The game has not started yet."),
        # A large round's games are set up by the workers after the start (api.md: setting_up).
        "setting_up": _("Your game is being set up. It starts by itself in a moment."),
        "result_win": _("{name} wins game {n} ({reason})."),
        "result_draw": _("Game {n} is a draw ({reason})."),
        "match_over": _("The match is over: {a} {wa} – {wb} {b}"),
        "match_draws": _("draws: {n}"),
        "next_game": _("The next game starts after sideboarding."),
        "match_finished": _("The match is over."),
        "ready_sent": _("You are ready. Waiting for your opponent…"),
        "deck_sent": _("Your deck for the next game is saved. Waiting for your opponent…"),
        "clock_out": _("out of time"),
        "round_over": _("round time is over"),
        # The game log's events are said by log.js and the game's board module (djangojs.po).
        "waiting_present": _(
            "Waiting for your opponent: no clock runs yet. "
            "If they have not come in {time}, they lose the game."
        ),
        # Whether the other seat is connected (api.md "Presence"), counted live by the page.
        "presence_connected": _("{name} is connected."),
        "presence_away": _("{name} is away."),
        "presence_away_since": _("{name} has been away since {time} ({for})."),
        "presence_clock": _(
            "The clock of {name} is running: {time} left, and at zero they lose the game (O2.2)."
        ),
        "presence_next": _("The clock of {name} runs from their next decision (O2.1)."),
        "presence_sideboard": _("If they are not back, the next game starts in {time} and their clock runs."),
        "log_empty": _("Nothing has happened yet."),
    }


@login_required
def match_play(request: SignedInHttpRequest, match_id: int) -> HttpResponse:
    """The play page: the two players play; the event's judges and organizer watch read-only.

    Raises PermissionDenied (403) for anyone else; anonymous users are sent to sign in.
    """
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"), pk=match_id
    )
    event = match.round.event
    access = match_access(match=match, user=request.user)
    seat, official = access.seat, access.official
    if not access.allowed:
        raise PermissionDenied(_("Only the players of this match, its judges and organizer can open it."))
    if not match.round.published and not official:
        raise Http404(_("The pairings of this round are not published yet."))
    names = seat_names(match=match)  # a practice game's bot by its game's name, not its account
    me = seat if seat is not None else 0  # a judge sees the table as seat 0 does
    them = 1 - me
    online = match_is_online(match)
    game = current_game(match) if online else None
    match_present(match=match, seat=seat)  # O1.1: opening the page counts as presence
    deck_now = None
    language = (get_language() or "ru")[:2]
    if seat is not None and online:
        registered = match.player_a if seat == 0 else match.player_b
        assert registered is not None
        deck = game.decks[seat] if game is not None and game.decks else registered.deck
        deck_now = _deck_json(deck, event.game)
    config = {
        "match": match.pk,
        "seat": seat,
        "me": me,
        "names": names,
        "best_of": event.best_of,
        "board": {"game": event.game},  # whose module draws the table (window.ResponsBoards)
        "lang": language,
        "deck": deck_now,  # the sideboard picker's starting point (the game's swaps, O4.2)
        # Its cards in the reader's language, by the spelling the deck has them in (a decklist
        # may name a card in any of its languages; the swaps keep the deck's spelling).
        "deck_names": _deck_names(deck_now, event.game, language),
        "server_now": timezone.now().isoformat(),
        "urls": {
            "state": reverse("api-match-game", args=[match.pk]),
            "stream": reverse("api-match-game-stream", args=[match.pk]),
            "actions": reverse("api-match-game-actions", args=[match.pk]),
            "sideboard": reverse("api-match-sideboard", args=[match.pk]),
            "events": reverse("api-match-game-events", args=[match.pk]),
            "presence": reverse("api-match-game-presence", args=[match.pk]),
        },
    }
    sides = [
        {"seat": them, "name": names[them], "where": "top"},
        {"seat": me, "name": names[me], "where": "bottom"},
    ]
    context = {
        "match": match,
        "event": event,
        "seat": seat,
        "spectator": seat is None,
        "online": online,
        "started": game is not None,
        # Game 1 not set up yet by the workers (services/online round_games_start).
        "setting_up": online and game is None and match.status != Match.Status.FINAL,
        "game_status": game.status if game is not None else "",
        "sides": sides,
        "board_module": board_module(game=event.game),
        "board_styles": board_styles(game=event.game),
        "names": names,
        "config": config,
        "strings": _js_strings(event.game),
        "cards": play_cards(game=event.game, english=(get_language() or "").startswith("en")),
        "sideboarding": Game.Status.SIDEBOARDING,
        # A practice game against a bot: no event to go back to, its game's page instead.
        "practice": event.practice,
        "game_title": game_title(event.game),
    }
    return render(request, "tournaments/play/page.html", context)


def _deck_names(deck: dict[str, Any] | None, game: str, language: str) -> dict[str, str]:
    """Return the name to show in ``language`` of every card of the deck JSON, by its spelling there."""
    if not deck:
        return {}
    namer = card_namer(game=game, language=language)
    names: set[str] = set()
    for key, value in deck.items():
        if isinstance(value, dict):
            names.update(n for n in value if isinstance(n, str))
        elif isinstance(value, list):
            names.update(n for n in value if isinstance(n, str))
        elif isinstance(value, str) and key != "game":
            names.add(value)
    return {name: namer(name) for name in sorted(names)}


def _deck_json(deck: Any, game: str) -> dict[str, Any] | None:
    """Return a decklist as the JSON object the sideboard API takes (None when it cannot be read)."""
    try:
        return decklist_to_json(parse_decklist(deck, game=game))
    except DeckParseError:
        return None

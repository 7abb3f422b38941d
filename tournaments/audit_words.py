"""The audit trail in words (the dashboard, the audit API's ``said``): each change the
services record (``ResultChange``: an action, its old and new values) told as sentences in the
reader's language — "anna checked in", "Table 4: anna vs boris → anna vs kira" — never a
field name or a stored value as the database keeps it.

Every action the services record has its teller in :data:`TELLERS` (the tests check that
each one in the services has one, and that none shows a field name in either language)."""

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.utils import formats
from django.utils.dateparse import parse_datetime
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from tournaments import labels

Values = Mapping[str, Any]
MOST_TABLES = 12  # a re-paired round of 4,096 tables says the first ones and how many more

# The event's settings and details, named as the event form names them.
SETTING_WORDS: dict[str, Promise] = {
    "name": gettext_lazy("Name"),
    "game": gettext_lazy("Game"),
    "format": gettext_lazy("Format"),
    "best_of": gettext_lazy("Match length"),
    "rounds": gettext_lazy("Swiss rounds"),
    "top_cut": gettext_lazy("Top cut"),
    "side_deck_max": gettext_lazy("Side deck maximum"),
    "online": gettext_lazy("Online event"),
    "round_minutes": gettext_lazy("Round length, minutes"),
    "player_cap": gettext_lazy("Player cap"),
    "late_entry": gettext_lazy("Late entry"),
    "grace_minutes": gettext_lazy("Waiting for players, minutes"),
    "check_in_required": gettext_lazy("Check-in"),
    "no_show_minutes": gettext_lazy("No-show after, minutes"),
    "spectators": gettext_lazy("Spectators"),
    "spectate_delay": gettext_lazy("Spectators' delay"),
    "spectate_delay_unit": gettext_lazy("Delay in"),
    "seed_by_rating": gettext_lazy("Round 1 by rating"),
    "drop_policy": gettext_lazy("Dropped players' results"),
    "starts_at": gettext_lazy("Start"),
    "time_zone": gettext_lazy("Time zone"),
    "venue": gettext_lazy("Venue"),
    "description": gettext_lazy("Description"),
    "registration_closes_at": gettext_lazy("Registration closes on"),
    "status": gettext_lazy("Status"),
}


def _status(value: Any) -> str:
    from tournaments.models import Event  # labels-level module: the models import it lazily

    if value in Event.Status.values:
        return str(Event.Status(value).label)
    return labels.label(labels.MATCH_STATUSES, value)


def _moment(value: Any, zone: str) -> str:
    moment = parse_datetime(value) if isinstance(value, str) else value
    if not isinstance(moment, datetime):
        return str(value)
    from zoneinfo import ZoneInfo

    local = moment.astimezone(ZoneInfo(zone or "UTC"))
    return f"{formats.date_format(local, 'SHORT_DATETIME_FORMAT')} ({zone or 'UTC'})"


def _choice(kind: str, value: Any) -> str:
    from tournaments.models import Event

    choices = {"spectators": Event.Spectators, "drop_policy": Event.DropPolicy}.get(kind, Event.DelayUnit)
    return str(choices(value).label) if value in choices.values else str(value)


def setting_value(key: str, value: Any, zone: str = "UTC") -> str:
    """Return an event setting's value as the event form shows it, in the reader's language."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return pgettext("audit value", "yes") if value else pgettext("audit value", "no")
    if key == "game":
        return labels.game_title(str(value))
    if key == "format":
        return str(labels.FORMAT_LABELS.get(str(value), value))
    if key == "best_of":
        return _("Best of %(n)s") % {"n": value}
    if key == "top_cut":
        return _("No top cut") if not value else _("Top %(n)s") % {"n": value}
    if key in ("spectators", "spectate_delay_unit", "drop_policy"):
        return _choice(key, value)
    if key in ("starts_at", "registration_closes_at"):
        return _moment(value, zone)
    if key == "status":
        return _status(value)
    return str(value)


def _score(values: Values) -> str:
    """ "2–1 (final)": a match's result as the audit keeps it (wins, draws, status)."""
    if "wins_a" not in values:
        return _status(values.get("status")) if values.get("status") else "—"
    score = f"{values.get('wins_a', 0)}–{values.get('wins_b', 0)}"
    if values.get("draws"):
        score += f"–{values['draws']}"
    status = values.get("status")
    return f"{score} ({_status(status)})" if status else score


def _where(old: Values) -> list[str]:
    """The round and table of a match whose round has gone since (kept in ``old``)."""
    if "round" in old and "table" in old:
        return [_("Round %(round)s, table %(table)s") % {"round": old["round"], "table": old["table"]}]
    return []


def _result(old: Values, new: Values, zone: str) -> list[str]:
    before, after = _score(old), _score(new)
    if before == after:
        return [*_where(old), _("Result: %(result)s") % {"result": after}]
    return [*_where(old), _("Result: %(old)s → %(new)s") % {"old": before, "new": after}]


def _pairing(row: Values) -> str:
    if not row.get("b"):
        return _("%(a)s has a bye") % {"a": row.get("a")}
    text = _("%(a)s vs %(b)s") % {"a": row.get("a"), "b": row.get("b")}
    if row.get("status") == "final" or row.get("wins_a") or row.get("wins_b"):
        text += f", {_score(row)}"
    return text


def _tables(old: Values, new: Values, *, changed_only: bool, key: str = "tables") -> list[str]:
    """One line a table: "Table 4: anna vs boris → anna vs kira" (or as it was, or as it is);
    ``key`` "teams": a team round's team tables, "Team table 2: Owls vs Larks → …"."""
    before = {row["table"]: row for row in old.get(key) or []}
    after = {row["table"]: row for row in new.get(key) or []}
    lines = []
    for table in sorted(before.keys() | after.keys()):
        was, now = before.get(table), after.get(table)
        if was and now:
            if changed_only and (was.get("a"), was.get("b")) == (now.get("a"), now.get("b")):
                continue
            change = f"{_pairing(was)} → {_pairing(now)}"
        elif was:
            change = _pairing(was)
        else:
            assert now is not None
            change = _pairing(now) if not before else f"— → {_pairing(now)}"
        sentence = (
            _("Team table %(table)s: %(change)s") if key == "teams" else _("Table %(table)s: %(change)s")
        )
        lines.append(sentence % {"table": table, "change": change})
    if len(lines) > MOST_TABLES:
        more = len(lines) - MOST_TABLES
        tail = ngettext("and %(count)d more table", "and %(count)d more tables", more) % {"count": more}
        lines = [*lines[:MOST_TABLES], tail]
    return lines


# A pairing correction's warnings (a swap, a manual bye): stored as a code and its values, said
# in the reader's language whenever they are read (the organizer's answer, the audit trail).
WARNING_WORDS: dict[str, Promise] = {
    "rematch": gettext_lazy("%(a)s and %(b)s have played each other already: a rematch."),
    "points": gettext_lazy("%(a)s has %(pa)s match points and %(b)s has %(pb)s."),
    "bye_too": gettext_lazy("%(name)s had no one else to play and gets a bye too."),
}


class _Known(dict[str, Any]):
    """A warning's values; one the sentence names but the entry lacks reads "—"."""

    def __missing__(self, key: str) -> str:
        return "—"


def warning_words(warning: Any) -> str:
    """Return a correction's warning (``{"code", "params"}``) as a sentence in the reader's
    language. An entry stored before the warnings were coded is a sentence already: as it is."""
    if not isinstance(warning, Mapping):
        return str(warning)
    sentence = WARNING_WORDS.get(str(warning.get("code")))
    if sentence is None:
        return str(warning.get("code") or "—")
    return str(sentence) % _Known(warning.get("params") or {})


def _warnings(new: Values) -> list[str]:
    return [warning_words(w) for w in new.get("warnings") or []]


def _edit(old: Values, new: Values, zone: str) -> list[str]:
    lines = []
    for key in [*old, *(k for k in new if k not in old)]:
        field = str(SETTING_WORDS.get(key, key))
        before = setting_value(key, old.get(key), zone) if key in old else "—"
        after = setting_value(key, new.get(key), zone) if key in new else "—"
        lines.append(_("%(field)s: %(old)s → %(new)s") % {"field": field, "old": before, "new": after})
    return lines


def _round_of(values: Values) -> dict[str, Any]:
    return {"n": values.get("round", "?")}


def _repair(old: Values, new: Values, zone: str) -> list[str]:
    return [
        _("Round %(n)s paired again") % _round_of(new),
        *_tables(old, new, changed_only=True, key="teams"),  # a team round's team tables first
        *_tables(old, new, changed_only=True),
    ]


def _rounds_paired_again(old: Values, new: Values) -> list[str]:
    """Each round of a bracket or a round robin paired again from its seeds, with its tables
    that changed."""
    before = {r.get("round"): r for r in old.get("rounds") or []}
    lines = []
    for after in new.get("rounds") or []:
        lines += _repair(before.get(after.get("round"), {}), after, "")
    return lines


def _seeds_swap(old: Values, new: Values, zone: str) -> list[str]:
    sentence = _("Seeds swapped: %(a)s is seed %(sa)s now, %(b)s seed %(sb)s")
    values = {"a": new.get("a"), "b": new.get("b"), "sa": new.get("seed_a"), "sb": new.get("seed_b")}
    return [sentence % values, *_rounds_paired_again(old, new)]


def _seeds_redraw(old: Values, new: Values, zone: str) -> list[str]:
    seeds = [f"{i}. {name}" for i, name in enumerate(new.get("seeds") or [], 1)]
    if len(seeds) > MOST_TABLES:
        seeds = [*seeds[:MOST_TABLES], "…"]
    return [
        _("Seeds drawn again: %(names)s") % {"names": ", ".join(seeds) or "—"},
        *_rounds_paired_again(old, new),
    ]


def _undo(old: Values, new: Values, zone: str) -> list[str]:
    return [
        _("Round %(n)s undone; its tables were:") % _round_of(old),
        *_tables(old, {}, changed_only=False),
    ]


def _swap(old: Values, new: Values, zone: str) -> list[str]:
    return [*_tables(old, new, changed_only=False), *_warnings(new)]


def _team_swap(old: Values, new: Values, zone: str) -> list[str]:
    """A team round's swap or team bye: the team tables that changed, then their seats."""
    return [
        *_tables(old, new, changed_only=True, key="teams"),
        *_tables(old, new, changed_only=False),
        *_warnings(new),
    ]


def _team_drop(old: Values, new: Values, zone: str) -> list[str]:
    players = ", ".join(str(name) for name in new.get("players") or []) or "—"
    if new.get("disqualified"):
        words = {"team": new.get("team", "—"), "players": players, "player": new.get("player", "—")}
        return [_("The team “%(team)s” is out, %(player)s disqualified: %(players)s") % words]
    return [
        _("The team “%(team)s” dropped: %(players)s") % {"team": new.get("team", "—"), "players": players}
    ]


def _names(text: Any) -> str:
    return str(text or "—")


def _check_in_close(old: Values, new: Values, zone: str) -> list[str]:
    lines = []
    if new.get("dropped"):
        lines.append(_("Dropped, not checked in: %(names)s") % {"names": _names(new["dropped"])})
    if new.get("promoted"):
        lines.append(_("Moved up from the waitlist: %(names)s") % {"names": _names(new["promoted"])})
    return lines or [_("Check-in closed")]


def _walk_in(old: Values, new: Values, zone: str) -> list[str]:
    lines = [_("%(player)s registered at the venue") % {"player": new.get("player")}]
    if new.get("new_account"):
        lines.append(_("A new account was made for them."))
    if new.get("status") == "waitlist":
        lines.append(_("The event is full: they are on the waitlist."))
    return lines


def _webhook(verb: str) -> Callable[[Values, Values, str], list[str]]:
    def tell(old: Values, new: Values, zone: str) -> list[str]:
        hook = new or old
        values = {"n": hook.get("webhook", "?"), "url": hook.get("url", "")}
        text = (
            _("Webhook %(n)s added: %(url)s") if verb == "add" else _("Webhook %(n)s removed: %(url)s")
        ) % values
        return [f"{text} (Discord)" if hook.get("discord") else text]

    return tell


def _pool(old: Values, new: Values, zone: str) -> list[str]:
    count = sum((new.get("cards") or {}).values())
    before = sum((old.get("cards") or {}).values())
    text = ngettext(
        "%(player)s's pool recorded: %(count)d card",
        "%(player)s's pool recorded: %(count)d cards",
        count,
    ) % {"player": new.get("player") or old.get("player"), "count": count}
    return [text + (" " + _("(it had %(n)d)") % {"n": before} if before else "")]


def _said(sentence: Promise, *keys: str, side: str = "new") -> Callable[[Values, Values, str], list[str]]:
    def tell(old: Values, new: Values, zone: str) -> list[str]:
        values = new if side == "new" else old
        return [str(sentence) % {key: values.get(key, "—") for key in keys}]

    return tell


def _drop(old: Values, new: Values, zone: str) -> list[str]:
    if "player" in new and "wins_a" not in new:  # dropped with no open match to settle
        return [_("%(player)s dropped") % {"player": new["player"]}]
    return _result(old, new, zone)


def _extend(old: Values, new: Values, zone: str) -> list[str]:
    return [
        _("Extra time: %(old)s → %(new)s minutes")
        % {"old": old.get("extension_minutes", 0), "new": new.get("extension_minutes", 0)}
    ]


def _seed_order(old: Values, new: Values, zone: str) -> list[str]:
    order = new.get("order") or []
    return [
        _("Seed order set: %(names)s")
        % {"names": ", ".join(f"{i}. {name}" for i, name in enumerate(order, 1))}
    ]


def _delete(old: Values, new: Values, zone: str) -> list[str]:
    return [_("Draft “%(name)s” deleted") % {"name": old.get("name", "")}]


TELLERS: dict[str, Callable[[Values, Values, str], list[str]]] = {
    # A match's result: reported, confirmed, disputed, overridden, by the engine, ...
    **dict.fromkeys(
        (
            "report",
            "judge_report",
            "override",
            "confirm",
            "dispute",
            "engine",
            "round_end",
            "penalty",
            "no_show",
        ),
        _result,
    ),
    "no_show": _result,
    "drop": _drop,
    "extend": _extend,
    "edit": _edit,
    "cancel": _edit,  # the status, old → new
    "delete": _delete,
    "judge_remove": _said(pgettext_lazy("audit", "Judge removed: %(judge)s"), "judge", side="old"),
    "walk_in": _walk_in,
    "pairings_publish": _said(pgettext_lazy("audit", "Round %(round)s: pairings published"), "round"),
    "pairings_swap": _swap,
    "bye_manual": _swap,
    "round_repair": _repair,
    "team_swap": _team_swap,
    "team_bye": _team_swap,
    "team_drop": _team_drop,
    "seeds_swap": _seeds_swap,
    "seeds_redraw": _seeds_redraw,
    "round_undo": _undo,
    "pairing_forbid": _said(pgettext_lazy("audit", "%(a)s and %(b)s are kept apart"), "a", "b"),
    "pairing_allow": _said(pgettext_lazy("audit", "%(a)s and %(b)s may meet again"), "a", "b", side="old"),
    "check_in": _said(pgettext_lazy("audit", "%(player)s checked in"), "player"),
    "check_in_undo": _said(pgettext_lazy("audit", "%(player)s is no longer checked in"), "player"),
    "check_in_close": _check_in_close,
    "webhook_add": _webhook("add"),
    "webhook_remove": _webhook("remove"),
    "pool": _pool,
    "seed_order": _seed_order,
}


def audit_lines(change: Any, zone: str = "UTC") -> list[str]:
    """Return what ``change`` (a ``ResultChange``) did, one sentence a line, in the reader's
    language; times are told in ``zone`` (the event's time zone)."""
    tell = TELLERS.get(str(change.action), _edit)
    return tell(change.old or {}, change.new or {}, zone or "UTC")

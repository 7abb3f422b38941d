"""WoW TCG deck rules (the rulebook's section «Строим колоду (Deckbuilding)»).

Constructed (the seed's bullets, in order):
  • «В колоде должно быть как минимум 60 карт, не считая героя. Герой начинает игру на
    поле и частью колоды не считается»              → ``main_size``, ``hero_in_deck``
  • «не более чем четыре копии любой карты, если, конечно, у нее нет ключевого слова
    «неограниченно»»                                 → ``copy_limit``
    («Уникальность» changes nothing here: «В колоде разрешается иметь до четырех копий
    уникальной карты».)
  • «[название таланта] Hero Required»               → ``talent_required``
  • «только карты, имеющие одно или более общих качеств (traits) с вашим героем. У
    некоторых нейтральных карт качеств нет вообще их можно взять в любую колоду»
                                                     → ``no_shared_trait``
  • «На некоторых турнирах разрешается использовать десятикарточную «запасную»
    колоду»                                          → ``side_size``

Sealed and draft (section «Формат закрытого набора»): a hero «любым из существующих в
игре», «колоду из минимум 30 карт», and «Оставшиеся «за бортом» карты сформируют вашу
«запаску»» — so no ten-card cap on the sideboard, and no four-copy limit (the opened
pool is the limit: «вы используете все полученные карты»). The trait and talent rules
still apply: the seed tells drafters to weigh «какие качества героя вы сможете
использовать максимально эффективно», which only matters if traits restrict the deck.

The pool (option ``pool``, name → copies, W2.6): main deck and sideboard together come
from the player's opened or drafted cards; the format's basic cards are outside it. In
WoW limited the only such card is the hero: «любым из существующих в игре» «невзирая на
наличие в бустерах» (there are no basic resources: any card is played face down as one).
"""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import MAIN_HEADERS, SIDE_HEADERS, Decklist, ZoneKind, ZoneSpec
from engine.games._card_fields import a_type
from engine.games._deck_check import DeckCheck, Entry, copy_totals, option_format, option_side_max, zone_spec
from engine.games.wow.cards import Card
from engine.problems import Violation

FORMATS: tuple[str, ...] = ("constructed", "sealed", "draft")
LIMITED_FORMATS: frozenset[str] = frozenset({"sealed", "draft"})

ZONES: tuple[ZoneSpec, ...] = (
    zone_spec("hero", ZoneKind.ONE, "герой", required=True),
    zone_spec("main", ZoneKind.COUNTS, *MAIN_HEADERS, required=True),
    zone_spec("side", ZoneKind.COUNTS, *SIDE_HEADERS, "запасная колода", "запаска"),
)

MAIN_MIN = 60  # «как минимум 60 карт, не считая героя»
LIMITED_MAIN_MIN = 30  # «создав колоду из минимум 30 карт»
COPY_LIMIT = 4  # «не более чем четыре копии любой карты»
SIDE_MAX = 10  # «десятикарточную «запасную» колоду»
SIDE_DECK_MOST = SIDE_MAX  # W2.5: a constructed event's sideboard holds at most 10 cards

# Stable violation codes (README.md lists them with their meanings).
CODES: tuple[str, ...] = (
    "unknown_card",
    "hero_missing",
    "not_a_hero",
    "hero_in_deck",
    "main_size",
    "copy_limit",
    "no_shared_trait",
    "talent_required",
    "side_size",
    "bad_count",
    "unknown_zone",
    "not_in_pool",
    "pool_exceeded",
    "token_in_deck",
)


def validate_deck(
    deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
) -> list[Violation]:
    """Return every violation of the WoW TCG deck rules (empty when legal); never raises.

    ``options``: ``format`` — constructed (default), sealed or draft; ``side_max`` —
    the event's sideboard size, 0 meaning none. Constructed caps it at the seed's ten
    (default ten); sealed and draft have no cap unless the event sets one. The copy
    limit counts main deck and sideboard together, since cards swap one-for-one.
    ``pool`` (sealed and draft only) — the player's card pool, name → copies: each card
    of main deck and sideboard together may appear as often as the pool holds it; the
    hero is free. Without ``pool`` the deck is not checked against one.
    """
    check: DeckCheck[Card] = DeckCheck(deck, catalog, zones=ZONES, card_type=Card)
    limited = option_format(options, FORMATS) in LIMITED_FORMATS
    side_max = option_side_max(options, None if limited else SIDE_MAX)
    if not limited:
        side_max = SIDE_MAX if side_max is None else min(side_max, SIDE_MAX)

    hero = _hero(check)
    main = check.counts("main")
    side = check.counts("side")
    deck_cards = copy_totals([main, side])

    check.check_size("main", "main deck", main, minimum=LIMITED_MAIN_MIN if limited else MAIN_MIN)
    for entry in deck_cards:
        if entry.card.is_hero:
            check.add(
                "hero_in_deck", entry.card.name, f"the hero card «{entry.card.name}» is not part of the deck"
            )
        elif entry.card.token:  # W3.3: a token is no card; it only exists in play
            message = f"«{entry.card.name}» is a token, not a card (W3.3)"
            check.add("token_in_deck", entry.card.name, message, type="token")
        elif not limited and entry.count > COPY_LIMIT and not entry.card.is_unlimited:
            check.add(
                "copy_limit",
                entry.card.name,
                f"at most {COPY_LIMIT} copies of «{entry.card.name}», not unlimited (found {entry.count})",
                limit=COPY_LIMIT,
                found=entry.count,
            )
    if hero is not None:
        _check_traits(check, hero, deck_cards)
    pool = options.get("pool") if limited and isinstance(options, Mapping) else None
    if isinstance(pool, Mapping):
        _check_pool(check, catalog, pool, deck_cards)
    check.check_size("side", "sideboard", side, maximum=side_max)
    return check.violations


def _hero(check: DeckCheck[Card]) -> Card | None:
    """Return the deck's hero card; None (adding ``hero_missing`` or ``not_a_hero``) otherwise."""
    hero = check.one("hero")
    if check.is_empty("hero"):
        check.add("hero_missing", None, "the deck has no hero")
        return None
    if hero is not None and not hero.is_hero:
        check.add(
            "not_a_hero", hero.name, f"«{hero.name}» is {a_type(hero.type)}, not a hero", type=hero.type
        )
        return None
    return hero


def _check_traits(check: DeckCheck[Card], hero: Card, entries: list[Entry[Card]]) -> None:
    """Add ``no_shared_trait`` and ``talent_required`` for each card the hero may not take."""
    for entry in entries:
        card = entry.card
        if card.is_hero:
            continue  # already hero_in_deck
        missing = _unshared_kinds(card, hero)
        if missing:
            # W2.3, audit A1 [decision] (CR 100.2a): per icon kind, not any one trait.
            message = f"«{card.name}» shares no {' or '.join(missing)} with «{hero.name}» (W2.3)"
            check.add("no_shared_trait", card.name, message, hero=hero.name)
        talent = card.hero_required_talent
        if talent is not None and talent not in hero.traits.talents:
            message = f"«{card.name}» needs a hero with the «{talent}» talent; «{hero.name}» has not"
            check.add("talent_required", card.name, message, talent=talent, hero=hero.name)


def _unshared_kinds(card: Card, hero: Card) -> list[str]:
    """Return the trait kinds the card carries of which the hero has none of its values.

    W2.3 [decision], audit A1: for each of faction and class that a card carries the hero
    must share one value (CR 100.2a); a race, talent or profession icon on a non-hero card
    is read as «[Trait] Hero Required» (W2.4, audit A2). No icons at all: neutral."""
    kinds = []
    if card.traits.faction is not None and card.traits.faction != hero.traits.faction:
        kinds.append("faction")
    for kind in ("classes", "races", "talents", "professions"):
        values = set(getattr(card.traits, kind))
        if values and not values & set(getattr(hero.traits, kind)):
            kinds.append(kind.removesuffix("es").removesuffix("s") if kind != "classes" else "class")
    return kinds


def _check_pool(
    check: DeckCheck[Card], catalog: Catalog[Any], pool: Mapping[Any, Any], entries: list[Entry[Card]]
) -> None:
    """Add ``not_in_pool`` or ``pool_exceeded`` for each card the pool cannot supply (W2.6).

    Pool names resolve like the deck's (name or alias); a pool line naming no card of the
    catalog, or with a count that is not a whole number ≥ 1, supplies nothing.
    """
    available: dict[int, int] = {}
    for name, count in pool.items():
        if not isinstance(name, str) or not isinstance(count, int) or isinstance(count, bool) or count < 1:
            continue
        card = catalog.get(name)
        if isinstance(card, Card):
            available[id(card)] = available.get(id(card), 0) + count
    for entry in entries:
        card = entry.card
        if card.is_hero:
            continue  # already hero_in_deck; the hero slot is free (any hero, W2.6)
        have = available.get(id(card), 0)
        if have == 0:
            message = f"«{card.name}» is not in the player's pool (the deck and sideboard list {entry.count})"
            check.add("not_in_pool", card.name, message, found=entry.count)
        elif entry.count > have:
            message = f"the pool holds {have} of «{card.name}», the deck and sideboard list {entry.count}"
            check.add("pool_exceeded", card.name, message, available=have, found=entry.count)

"""Site pages."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import (
    accounts,
    cards,
    decks,
    event_edit,
    events,
    pages,
    pairings,
    players,
    series,
    webhooks,
)

urlpatterns = [
    path("", pages.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.SignInView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("notifications/", pages.notification_list, name="notifications"),
    path("accounts/notifications/", pages.notification_preferences, name="notification-preferences"),
    path("cards/", cards.card_list, name="card-list"),
    path("players/<str:username>/", players.player_profile_page, name="player-profile"),
    path("ratings/", players.ratings_page, name="ratings"),
    path("series/", series.series_list, name="series-list"),
    path("series/<id:series_id>/", series.series_detail, name="series-detail"),
    path("decks/builder/", decks.deck_builder, name="deck-builder"),
    path("decks/builder/check/", decks.deck_builder_check, name="deck-builder-check"),
    path("decks/builder/cards/", decks.deck_builder_cards, name="deck-builder-cards"),
    path("decks/", decks.deck_mine, name="deck-mine"),
    path("decks/<id:pk>/export.txt", decks.deck_export, name="deck-export"),
    path("decks/<id:pk>/delete/", decks.deck_remove, name="deck-delete"),
    # Events: the list, the public page, the dashboard, rounds, exports, printables.
    path("events/", events.event_list, name="event-list"),
    path("events/new/", events.event_create, name="event-create"),
    path("events/<id:event_id>/", events.event_detail, name="event-detail"),
    path("events/<id:event_id>/register/", events.event_register, name="event-register"),
    path("events/<id:event_id>/withdraw/", events.event_withdraw, name="event-withdraw"),
    path("events/<id:event_id>/drop/", events.event_drop, name="event-drop"),
    path("events/<id:event_id>/check-in/", events.event_check_in, name="event-check-in"),
    path("events/<id:event_id>/manage/", events.event_manage, name="event-manage"),
    path("events/<id:event_id>/manage/open/", events.event_open, name="event-open"),
    path("events/<id:event_id>/manage/start/", events.event_start, name="event-start"),
    path("events/<id:event_id>/manage/next-round/", events.event_next_round, name="event-next-round"),
    path("events/<id:event_id>/manage/judges/", events.event_judge_add, name="event-judge-add"),
    path("events/<id:event_id>/manage/edit/", event_edit.event_edit, name="event-edit"),
    path("events/<id:event_id>/manage/cancel/", event_edit.event_cancel, name="event-cancel"),
    path("events/<id:event_id>/manage/delete/", event_edit.event_delete, name="event-delete"),
    path(
        "events/<id:event_id>/manage/judges/remove/", event_edit.event_judge_remove, name="event-judge-remove"
    ),
    path("events/<id:event_id>/manage/walk-in/", event_edit.event_walkin, name="event-walkin"),
    path("events/<id:event_id>/manage/webhooks/", webhooks.event_webhooks, name="event-webhooks"),
    path(
        "events/<id:event_id>/manage/webhooks/<id:webhook_id>/delete/",
        webhooks.event_webhook_delete,
        name="event-webhook-delete",
    ),
    path("events/<id:event_id>/manage/pairings/publish/", pairings.pairings_publish, name="pairings-publish"),
    path("events/<id:event_id>/manage/pairings/swap/", pairings.pairings_swap, name="pairings-swap"),
    path("events/<id:event_id>/manage/pairings/bye/", pairings.pairings_bye, name="pairings-bye"),
    path("events/<id:event_id>/manage/rounds/repair/", pairings.round_repair, name="round-repair"),
    path("events/<id:event_id>/manage/rounds/undo/", pairings.round_undo, name="round-undo"),
    path(
        "events/<id:event_id>/manage/forbidden-pairs/", pairings.forbidden_pair_add, name="forbidden-pair-add"
    ),
    path(
        "events/<id:event_id>/manage/forbidden-pairs/<id:pair_id>/remove/",
        pairings.forbidden_pair_remove,
        name="forbidden-pair-remove",
    ),
    path(
        "events/<id:event_id>/manage/publish-decklists/",
        events.event_publish_decklists,
        name="event-publish-decklists",
    ),
    path("events/<id:event_id>/manage/decks/<id:registration_id>/", events.event_deck, name="event-deck"),
    path("events/<id:event_id>/manage/pools/<id:registration_id>/", events.event_pool, name="event-pool"),
    path("events/<id:event_id>/matches/<id:match_id>/report/", events.match_report, name="match-report"),
    path("events/<id:event_id>/matches/<id:match_id>/confirm/", events.match_confirm, name="match-confirm"),
    path("events/<id:event_id>/matches/<id:match_id>/dispute/", events.match_dispute, name="match-dispute"),
    path("events/<id:event_id>/matches/<id:match_id>/extend/", events.match_extend, name="match-extend"),
    path("events/<id:event_id>/matches/<id:match_id>/no-show/", events.match_no_show, name="match-no-show"),
    path("events/<id:event_id>/rounds/<number:number>/", events.event_round_detail, name="event-round"),
    path("events/<id:event_id>/rounds/<number:number>/print/", events.round_print, name="event-round-print"),
    path("events/<id:event_id>/rounds/<number:number>/slips/", events.round_slips, name="event-round-slips"),
    path("events/<id:event_id>/standings/", events.event_standings, name="event-standings"),
    path(
        "events/<id:event_id>/export/pairings-<number:number>.csv",
        events.export_pairings,
        name="event-export-pairings",
    ),
    path("events/<id:event_id>/export/standings.csv", events.export_standings, name="event-export-standings"),
    path("events/<id:event_id>/export/decklists.csv", events.export_decklists, name="event-export-decklists"),
]

"""URLs under /api/ (docs/api.md)."""

from django.urls import path

from tournaments.api import (
    accounts,
    cards,
    events,
    judge,
    metagame,
    notifications,
    online,
    online_stream,
    players,
    practice,
    ratings,
    series,
    signup_codes,
    spectate,
)

urlpatterns = [
    path("accounts/", accounts.AccountCreateApi.as_view(), name="api-accounts"),
    path("auth/token/", accounts.TokenApi.as_view(), name="api-token"),
    path("me/", accounts.MeApi.as_view(), name="api-me"),
    path("notifications/", notifications.NotificationListApi.as_view(), name="api-notifications"),
    path("notifications/read/", notifications.NotificationReadApi.as_view(), name="api-notifications-read"),
    path("events/<id:event_id>/webhooks/", notifications.WebhookListApi.as_view(), name="api-event-webhooks"),
    path(
        "events/<id:event_id>/signup-codes/",
        signup_codes.SignupCodeListApi.as_view(),
        name="api-event-signup-codes",
    ),
    path(
        "events/<id:event_id>/signup-codes/<id:code_id>/",
        signup_codes.SignupCodeDetailApi.as_view(),
        name="api-event-signup-code",
    ),
    path(
        "events/<id:event_id>/webhooks/<id:webhook_id>/",
        notifications.WebhookDetailApi.as_view(),
        name="api-event-webhook",
    ),
    path(
        "events/<id:event_id>/webhooks/<id:webhook_id>/deliveries/",
        notifications.WebhookDeliveriesApi.as_view(),
        name="api-event-webhook-deliveries",
    ),
    path("players/<str:username>/", players.PlayerProfileApi.as_view(), name="api-player"),
    path("series/", series.SeriesListApi.as_view(), name="api-series-list"),
    path("series/<id:series_id>/", series.SeriesDetailApi.as_view(), name="api-series"),
    path("series/<id:series_id>/events/", series.SeriesEventsApi.as_view(), name="api-series-events"),
    path(
        "series/<id:series_id>/events/<id:event_id>/",
        series.SeriesEventDetailApi.as_view(),
        name="api-series-event",
    ),
    path(
        "series/<id:series_id>/standings/", series.SeriesStandingsApi.as_view(), name="api-series-standings"
    ),
    path("ratings/", ratings.LeaderboardApi.as_view(), name="api-ratings"),
    path("cards/", cards.CardListApi.as_view(), name="api-cards"),
    path("decks/validate/", cards.DeckValidateApi.as_view(), name="api-decks-validate"),
    path("events/", events.EventListApi.as_view(), name="api-events"),
    path("events/<id:event_id>/", events.EventDetailApi.as_view(), name="api-event"),
    path("events/<id:event_id>/open/", events.EventOpenApi.as_view(), name="api-event-open"),
    path("events/<id:event_id>/judges/", events.JudgeAddApi.as_view(), name="api-event-judges"),
    path(
        "events/<id:event_id>/judges/<str:username>/",
        events.JudgeRemoveApi.as_view(),
        name="api-event-judge-remove",
    ),
    path("events/<id:event_id>/cancel/", events.EventCancelApi.as_view(), name="api-event-cancel"),
    path("events/<id:event_id>/walk-ins/", events.WalkInApi.as_view(), name="api-event-walk-ins"),
    path("events/<id:event_id>/audit/", events.EventAuditApi.as_view(), name="api-event-audit"),
    path(
        "events/<id:event_id>/registrations/",
        events.RegistrationApi.as_view(),
        name="api-event-registrations",
    ),
    path(
        "events/<id:event_id>/registrations/<str:username>/notes/",
        events.DeckNoteApi.as_view(),
        name="api-event-deck-note",
    ),
    path(
        "events/<id:event_id>/registrations/<str:username>/pool/",
        events.PoolApi.as_view(),
        name="api-event-pool",
    ),
    path("events/<id:event_id>/start/", events.EventStartApi.as_view(), name="api-event-start"),
    path("events/<id:event_id>/next-round/", events.NextRoundApi.as_view(), name="api-event-next-round"),
    path("events/<id:event_id>/drop/", events.DropApi.as_view(), name="api-event-drop"),
    path("events/<id:event_id>/check-in/", events.CheckInApi.as_view(), name="api-event-check-in"),
    path("matches/<id:match_id>/no-show/", events.MatchNoShowApi.as_view(), name="api-match-no-show"),
    path(
        "events/<id:event_id>/publish-decklists/",
        events.PublishDecklistsApi.as_view(),
        name="api-event-publish",
    ),
    path(
        "events/<id:event_id>/rounds/<number:number>/",
        events.RoundDetailApi.as_view(),
        name="api-event-round",
    ),
    path(
        "events/<id:event_id>/pairings/publish/",
        events.PairingsPublishApi.as_view(),
        name="api-event-pairings-publish",
    ),
    path(
        "events/<id:event_id>/pairings/swap/",
        events.PairingsSwapApi.as_view(),
        name="api-event-pairings-swap",
    ),
    path(
        "events/<id:event_id>/pairings/bye/", events.PairingsByeApi.as_view(), name="api-event-pairings-bye"
    ),
    path(
        "events/<id:event_id>/rounds/repair/", events.RoundRepairApi.as_view(), name="api-event-round-repair"
    ),
    path("events/<id:event_id>/rounds/undo/", events.RoundUndoApi.as_view(), name="api-event-round-undo"),
    path(
        "events/<id:event_id>/forbidden-pairs/",
        events.ForbiddenPairsApi.as_view(),
        name="api-event-forbidden-pairs",
    ),
    path(
        "events/<id:event_id>/forbidden-pairs/<id:pair_id>/",
        events.ForbiddenPairDetailApi.as_view(),
        name="api-event-forbidden-pair",
    ),
    path("events/<id:event_id>/standings/", events.StandingsApi.as_view(), name="api-event-standings"),
    path("events/<id:event_id>/bracket/", events.BracketApi.as_view(), name="api-event-bracket"),
    path("events/<id:event_id>/seeds/", events.SeedsApi.as_view(), name="api-event-seeds"),
    path("events/<id:event_id>/league/", events.LeagueApi.as_view(), name="api-event-league"),
    path(
        "events/<id:event_id>/league/looking/",
        events.LeagueLookingApi.as_view(),
        name="api-event-league-looking",
    ),
    path(
        "events/<id:event_id>/league/challenge/",
        events.LeagueChallengeApi.as_view(),
        name="api-event-league-challenge",
    ),
    path(
        "events/<id:event_id>/league/pair-waiting/",
        events.LeaguePairWaitingApi.as_view(),
        name="api-event-league-pair-waiting",
    ),
    path("events/<id:event_id>/teams/", events.TeamsApi.as_view(), name="api-event-teams"),
    path("events/<id:event_id>/teams/mine/", events.MyTeamApi.as_view(), name="api-event-my-team"),
    path("events/<id:event_id>/metagame/", metagame.EventMetagameApi.as_view(), name="api-event-metagame"),
    path(
        "events/<id:event_id>/metagame/csv/",
        metagame.EventMetagameCsvApi.as_view(),
        name="api-event-metagame-csv",
    ),
    path("metagame/", metagame.MetagameApi.as_view(), name="api-metagame"),
    path("metagame/csv/", metagame.MetagameCsvApi.as_view(), name="api-metagame-csv"),
    path("matches/<id:match_id>/", events.MatchDetailApi.as_view(), name="api-match"),
    path("matches/<id:match_id>/report/", events.MatchReportApi.as_view(), name="api-match-report"),
    path("matches/<id:match_id>/confirm/", events.MatchConfirmApi.as_view(), name="api-match-confirm"),
    path("matches/<id:match_id>/dispute/", events.MatchDisputeApi.as_view(), name="api-match-dispute"),
    path("matches/<id:match_id>/extend/", events.MatchExtendApi.as_view(), name="api-match-extend"),
    path("matches/<id:match_id>/game/", online.GameStateApi.as_view(), name="api-match-game"),
    path(
        "matches/<id:match_id>/game/stream/",
        online_stream.GameStreamApi.as_view(),
        name="api-match-game-stream",
    ),
    path(
        "matches/<id:match_id>/game/presence/",
        online.GamePresenceApi.as_view(),
        name="api-match-game-presence",
    ),
    path(
        "matches/<id:match_id>/game/actions/", online.GameActionApi.as_view(), name="api-match-game-actions"
    ),
    path("matches/<id:match_id>/game/sideboard/", online.SideboardApi.as_view(), name="api-match-sideboard"),
    path("matches/<id:match_id>/log/", online.MatchLogApi.as_view(), name="api-match-log"),
    path("matches/<id:match_id>/spectate/", spectate.SpectateApi.as_view(), name="api-match-spectate"),
    path(
        "matches/<id:match_id>/spectate/stream/",
        spectate.SpectateStreamApi.as_view(),
        name="api-match-spectate-stream",
    ),
    path("matches/<id:match_id>/replay/", spectate.ReplayApi.as_view(), name="api-match-replay"),
    path("matches/<id:match_id>/penalties/", judge.PenaltyApi.as_view(), name="api-match-penalties"),
    path("events/<id:event_id>/bots/", judge.EventBotsApi.as_view(), name="api-event-bots"),
    path("practice/", practice.PracticeListApi.as_view(), name="api-practice-list"),
    path("practice/samples/", practice.PracticeSamplesApi.as_view(), name="api-practice-samples"),
    path("practice/<id:practice_id>/", practice.PracticeDetailApi.as_view(), name="api-practice"),
    path(
        "practice/<id:practice_id>/resign/", practice.PracticeResignApi.as_view(), name="api-practice-resign"
    ),
]

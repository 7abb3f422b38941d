"""URLs of the judge pages (included from respons_site/urls.py): the match log viewer,
penalties, bot players and round progress."""

from django.urls import path

from tournaments.views import judge

urlpatterns = [
    path("matches/<id:match_id>/log/", judge.match_log, name="match-log"),
    path("matches/<id:match_id>/log/step/", judge.match_log_step, name="match-log-step"),
    path("matches/<id:match_id>/log.json", judge.match_log_download, name="match-log-download"),
    path("matches/<id:match_id>/log/override/", judge.match_log_override, name="match-log-override"),
    path("matches/<id:match_id>/log/penalties/", judge.match_log_penalty, name="match-log-penalty"),
    path("events/<id:event_id>/bots/", judge.event_bots, name="event-fill-bots"),
    path(
        "events/<id:event_id>/rounds/<number:number>/progress/",
        judge.round_progress_page,
        name="round-progress",
    ),
    path(
        "events/<id:event_id>/rounds/<number:number>/progress/rows/",
        judge.round_progress_rows_partial,
        name="round-progress-rows",
    ),
]

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core import checks
        from django.core.signals import request_started
        from django.db.models.signals import post_save
        from django.urls import register_converter

        import tournaments.tasks  # noqa: F401 (registers the worker tasks: services/jobs.py names them)
        from tournaments.checks import lane_covers_django, online_sweep_runs
        from tournaments.numbers import IdConverter, NumberConverter
        from tournaments.services.accounts import tokens_revoke_on_user_saved, username_skeleton_keep

        post_save.connect(
            tokens_revoke_on_user_saved, sender=get_user_model(), dispatch_uid="respons-token-revoke"
        )
        # Every user's name is stored as it looks (a look-alike of it is refused: services/accounts).
        post_save.connect(
            username_skeleton_keep, sender=get_user_model(), dispatch_uid="respons-username-skeleton"
        )

        checks.register(online_sweep_runs, checks.Tags.compatibility, deploy=False)
        checks.register(lane_covers_django, checks.Tags.compatibility)

        # The URLs' <id:...> and <number:...> parts (registered before the URLs are read).
        register_converter(IdConverter, "id")
        register_converter(NumberConverter, "number")

        if settings.EMBEDDED_BEAT:
            # Started by the first request, so only a process that serves the site runs it
            # (not runserver's file watcher, nor a management command).
            request_started.connect(_start_embedded_beat, dispatch_uid="respons-embedded-beat")


def _start_embedded_beat(**kwargs: object) -> None:
    from tournaments.services.online import embedded_beat_start

    embedded_beat_start()

"""Django project: settings, URLs, the Celery app."""

from respons_site.celery import app as celery_app

__all__ = ("celery_app",)

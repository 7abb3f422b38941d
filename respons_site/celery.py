"""The Celery app. Without CELERY_BROKER_URL tasks run eagerly, in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "respons_site.settings")

app = Celery("respons_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

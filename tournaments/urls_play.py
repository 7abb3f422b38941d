"""URLs of the play pages (included from respons_site/urls.py)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []

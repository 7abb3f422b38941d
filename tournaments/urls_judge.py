"""URLs of the judge pages (included from respons_site/urls.py)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []

"""A URL configuration with the API under /v2/ (tests/site/test_lane.py: the lane's routes
follow the URL configuration)."""

from django.urls import include, path

urlpatterns = [path("v2/", include("tournaments.api.urls"))]

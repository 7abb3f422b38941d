"""URLs under /api/ (spec/api.md)."""

from django.urls import path

from tournaments.api import accounts, cards

urlpatterns = [
    path("accounts/", accounts.AccountCreateApi.as_view(), name="api-accounts"),
    path("auth/token/", accounts.TokenCreateApi.as_view(), name="api-token"),
    path("me/", accounts.MeApi.as_view(), name="api-me"),
    path("cards/", cards.CardListApi.as_view(), name="api-cards"),
    path("decks/validate/", cards.DeckValidateApi.as_view(), name="api-decks-validate"),
]

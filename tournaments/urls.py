"""Site pages."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import accounts, cards, decks, pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("cards/", cards.card_list, name="card-list"),
    path("decks/builder/", decks.deck_builder, name="deck-builder"),
    path("decks/builder/check/", decks.deck_builder_check, name="deck-builder-check"),
    path("decks/builder/cards/", decks.deck_builder_cards, name="deck-builder-cards"),
    path("decks/", decks.deck_mine, name="deck-mine"),
    path("decks/<int:pk>/export.txt", decks.deck_export, name="deck-export"),
    path("decks/<int:pk>/delete/", decks.deck_remove, name="deck-delete"),
]

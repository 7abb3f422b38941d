"""Site pages."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import accounts, pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]

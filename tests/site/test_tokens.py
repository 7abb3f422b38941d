"""API tokens (tokens never expired and revocation lagged 30 s): a token expires
after API_TOKEN_DAYS, ``DELETE /api/auth/token/`` revokes it, a password change or a
deactivation revokes it, and a revoked token is refused on the very next request."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD

pytestmark = pytest.mark.django_db


def signed_in(token: str) -> APIClient:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def test_it_says_when_a_new_token_expires(anonymous, player, settings):
    settings.API_TOKEN_DAYS = 7
    response = anonymous.api.post(
        "/api/auth/token/", {"username": "anna", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    token = Token.objects.get(key=response.json()["token"])
    assert response.json()["expires"] == (token.created + timedelta(days=7)).isoformat().replace(
        "+00:00", "Z"
    )


def test_an_expired_token_is_refused_and_a_sign_in_gives_a_new_one(anonymous, player, settings):
    settings.API_TOKEN_DAYS = 7
    assert player.api.get("/api/me/").status_code == 200
    Token.objects.filter(user=player.user).update(created=timezone.now() - timedelta(days=7, seconds=1))
    response = player.api.get("/api/me/")
    assert response.status_code == 401
    assert response.json() == {"detail": "Token expired: ask for a new one.", "code": "token_expired"}
    old = Token.objects.get(user=player.user).key
    fresh = anonymous.api.post("/api/auth/token/", {"username": "anna", "password": PASSWORD}, format="json")
    assert fresh.json()["token"] != old
    assert signed_in(fresh.json()["token"]).get("/api/me/").status_code == 200


def test_a_token_is_good_until_it_expires(player, settings):
    settings.API_TOKEN_DAYS = 7
    Token.objects.filter(user=player.user).update(created=timezone.now() - timedelta(days=6, hours=23))
    assert player.api.get("/api/me/").status_code == 200


def test_delete_revokes_the_callers_token_at_once(player):
    assert player.api.get("/api/me/").status_code == 200
    response = player.api.delete("/api/auth/token/")
    assert response.status_code == 204
    assert not Token.objects.filter(user=player.user).exists()
    assert player.api.get("/api/me/").status_code == 401


def test_delete_without_a_token_is_401(anonymous):
    response = anonymous.api.delete("/api/auth/token/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_asking_for_a_token_with_a_stale_one_in_the_header_still_works(player):
    player.api.delete("/api/auth/token/")
    response = player.api.post("/api/auth/token/", {"username": "anna", "password": PASSWORD}, format="json")
    assert response.status_code == 200


def test_a_token_revoked_by_another_process_is_refused_on_the_next_request(player):
    """No process keeps a token it once saw: one deleted behind this process's back (no signal
    here, as in another web process) is refused at once."""
    assert player.api.get("/api/me/").status_code == 200
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {Token._meta.db_table}")
    assert player.api.get("/api/me/").status_code == 401


def test_a_password_change_revokes_the_token(player):
    player.user.set_password("another-Horse-battery-7")
    player.user.save()
    assert player.api.get("/api/me/").status_code == 401
    assert not Token.objects.filter(user=player.user).exists()


def test_a_deactivation_revokes_the_token(player):
    player.user.is_active = False
    player.user.save()
    assert not Token.objects.filter(user=player.user).exists()
    player.user.is_active = True
    player.user.save()
    assert player.api.get("/api/me/").status_code == 401


def test_a_deactivation_behind_the_sites_back_is_refused_at_once(player):
    assert player.api.get("/api/me/").status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("UPDATE auth_user SET is_active = %s WHERE id = %s", [False, player.user.pk])
    assert player.api.get("/api/me/").status_code == 401


def test_other_changes_to_the_user_keep_the_token(player):
    player.user.email = "new@example.org"
    player.user.save()
    player.user.last_login = timezone.now()
    player.user.save(update_fields=["last_login"])
    assert player.api.get("/api/me/").status_code == 200

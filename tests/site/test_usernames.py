"""Look-alike identities (RACE, race and Race were separate accounts, and Cyrillic
look-alikes of existing names were accepted): a username is unique whatever its case (a
database constraint, migration 0010) and one that looks like a taken one is refused."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD
from tournaments.services.accounts import user_create, username_skeleton

pytestmark = pytest.mark.django_db
User = get_user_model()


def sign_up(api, username: str):
    return api.post("/api/accounts/", {"username": username, "password": PASSWORD}, format="json")


@pytest.mark.parametrize("other", ["RACE", "Race", "rAcE"])
def test_it_refuses_another_case_of_a_taken_name(anonymous, other):
    assert sign_up(anonymous.api, "race").status_code == 201
    response = sign_up(anonymous.api, other)
    assert response.status_code == 400
    assert response.json()["detail"] == f"username: The username “{other}” is already taken."
    assert User.objects.count() == 1


def test_the_database_refuses_another_case_whoever_creates_it():
    User.objects.create_user(username="race", password=PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="RACE", password=PASSWORD)


@pytest.mark.parametrize(
    "look_alike",
    [
        "аnna",  # Cyrillic а
        "АNNA",  # Cyrillic А, Latin NNA
        "ΑΝΝΑ",  # Greek capitals
        "аnnа",
        "ａｎｎａ",  # fullwidth (NFKC)
        "аппа",  # all Cyrillic: а, п, п, а
        "Аппа",
    ],
)
def test_it_refuses_a_look_alike_of_a_taken_name(anonymous, player, look_alike):
    response = sign_up(anonymous.api, look_alike)
    assert response.status_code == 400, response.json()
    assert "anna" in response.json()["detail"]
    assert response.json()["code"] == "invalid"
    assert not User.objects.exclude(pk=player.user.pk).exists()


def test_it_says_so_in_russian(player):
    from rest_framework.test import APIClient

    response = sign_up(APIClient(HTTP_ACCEPT_LANGUAGE="ru"), "аnna")
    assert response.status_code == 400
    assert response.json()["detail"] == "username: Имя «аnna» похоже на уже занятое «anna»."


def test_a_cyrillic_name_that_looks_like_nothing_taken_is_welcome(anonymous, player):
    assert sign_up(anonymous.api, "анна").status_code == 201  # not the Latin "anna" to a reader
    assert sign_up(anonymous.api, "Борис").status_code == 201


def test_a_latin_name_that_looks_like_a_taken_cyrillic_one_is_refused(anonymous):
    assert sign_up(anonymous.api, "РОСА").status_code == 201  # Cyrillic
    assert sign_up(anonymous.api, "POCA").status_code == 400  # Latin


def test_the_sign_up_page_says_it_too(client, player):
    response = client.post(
        "/accounts/signup/", {"username": "аnna", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "looks like “anna”, which is taken" in response.content.decode()


def test_the_skeleton_reads_names_as_a_reader_sees_them():
    assert username_skeleton("АNNА") == username_skeleton("anna") == "anna"
    assert username_skeleton("ΡΟΚΕΡ") == username_skeleton("POKEP") == "pokep"  # Greek Ρ is P to a reader
    assert username_skeleton("һеllо") == "hello"
    assert username_skeleton("анна") != "anna"


def test_the_skeleton_is_the_whole_names_not_a_letter_for_a_letter():
    # Unicode TR39: one letter may look like two ("m" and "rn"), and 1, I and l are one shape.
    assert username_skeleton("max") == username_skeleton("rnax")
    assert username_skeleton("bill") == username_skeleton("bi11") == username_skeleton("BiII")
    assert username_skeleton("аппа") == username_skeleton("anna")  # all Cyrillic, whole name
    assert username_skeleton("Борис") != username_skeleton("boris")


def test_a_name_that_reads_as_two_letters_of_a_taken_one_is_refused(anonymous):
    assert sign_up(anonymous.api, "max").status_code == 201
    response = sign_up(anonymous.api, "rnax")
    assert response.status_code == 400
    assert "looks like “max”" in response.json()["detail"]


# --- every way an account is made or renamed ------------------------------------------------------


@pytest.mark.parametrize("look_alike", ["аппа", "Аnna"])
def test_a_walk_in_account_goes_through_the_same_check(event_factory, player, respons_deck_text, look_alike):
    cup = event_factory()
    cup.open()
    response = cup.organizer.api.post(
        f"{cup.url}walk-ins/",
        {"username": look_alike, "deck": respons_deck_text, "new_account": True},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "username_look_alike"
    assert (
        response.json()["detail"]
        == f"username: The username “{look_alike}” looks like “anna”, which is taken."
    )
    assert not User.objects.exclude(pk=player.user.pk).filter(username=look_alike).exists()


def test_the_admin_refuses_a_look_alike_when_it_makes_or_renames_an_account(client, player):
    staff = User.objects.create_superuser(username="root", password=PASSWORD)
    client.force_login(staff)
    made = client.post(
        "/admin/auth/user/add/",
        {"username": "аппа", "password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert made.status_code == 200 and "looks like “anna”, which is taken" in made.content.decode()
    assert not User.objects.filter(username="аппа").exists()
    boris = User.objects.create_user(username="boris", password=PASSWORD)
    page = client.get(f"/admin/auth/user/{boris.pk}/change/")
    form = {
        "username": "Аnna",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "is_active": "on",
    }
    renamed = client.post(f"/admin/auth/user/{boris.pk}/change/", form, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and renamed.status_code == 200
    assert "looks like “anna”, which is taken" in renamed.content.decode()
    boris.refresh_from_db()
    assert boris.username == "boris"


def test_an_account_renamed_keeps_its_new_names_skeleton(player):
    from tournaments.models import UsernameSkeleton

    user = User.objects.get(pk=player.user.pk)
    user.username = "vera"
    user.save()
    assert UsernameSkeleton.objects.get(user=user).skeleton == username_skeleton("vera")
    assert user_create(username="anna", password=PASSWORD).username == "anna"  # free again


def test_a_bot_skips_a_name_a_person_has_made_look_like_it(event_factory):
    from tournaments.models import Event
    from tournaments.services.bots import bot_username, event_fill_bots

    cup = event_factory(online=True)
    cup.open()
    event = Event.objects.get(pk=cup.id)
    User.objects.create_user(username=bot_username(event, 1).replace("o", "о"))  # Cyrillic о
    [bot] = event_fill_bots(event=event, by=event.organizer, count=1)
    assert bot.player.username == bot_username(event, 2)


def test_the_service_refuses_another_case_with_the_clear_message():
    user_create(username="race", password=PASSWORD)
    with pytest.raises(Exception) as caught:
        user_create(username="RACE", password=PASSWORD)
    assert caught.value.message_dict == {"username": ["The username “RACE” is already taken."]}


# --- the migration ------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_later_accounts_that_share_a_name_but_for_its_case():
    from tests.support.migrations import migrate, newest

    migrate(("tournaments", "0009_hot_tables_autovacuum"))
    try:
        first = User.objects.create_user(username="race", password=PASSWORD)
        second = User.objects.create_user(username="RACE", password=PASSWORD)
        third = User.objects.create_user(username="Race", password=PASSWORD)
        User.objects.create_user(username=f"Race-{third.pk}", password=PASSWORD)  # its first choice is taken
    finally:
        migrate(newest())
    names = dict(User.objects.values_list("pk", "username"))
    assert names[first.pk] == "race"
    assert names[second.pk] == f"RACE-{second.pk}"
    assert names[third.pk] == f"Race-{third.pk}-1"
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="rACE", password=PASSWORD)


def test_the_skeletons_can_be_stored_again_after_an_update_of_the_confusables_data(player):
    from io import StringIO

    from django.core.management import call_command

    from tournaments.models import UsernameSkeleton

    UsernameSkeleton.objects.update(skeleton="stale")  # as older confusables data may have left them
    out = StringIO()
    call_command("usernames_skeletons", stdout=out)
    assert out.getvalue().strip() == f"{User.objects.count()} usernames"
    assert UsernameSkeleton.objects.get(user_id=player.user.pk).skeleton == "anna"
    assert sign_up(APIClient(), "аппа").status_code == 400


def test_the_demo_makes_no_user_that_looks_like_a_persons():
    from django.utils import translation

    from tournaments.services.demo_users import demo_users_ensure
    from tournaments.services.errors import BadInput

    User.objects.create_user(username="аnna")  # a person's, with a Cyrillic а, made before the demo
    with pytest.raises(BadInput) as refused, translation.override("en"):
        demo_users_ensure()
    assert refused.value.code == "username_look_alike" and "looks like “аnna”" in refused.value.detail
    assert not User.objects.filter(username="anna").exists()

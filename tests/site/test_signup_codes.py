"""Sign-up at a venue: everyone on the shop's Wi-Fi shares one address, and sign-ups are rated per
address (20 an hour), so the 21st new player could not join. The organizer makes an event's
sign-up code (so many sign-ups, so many hours); a sign-up that gives it is not counted against
the address and lands on the event. Bounded so that it is no way to make accounts in bulk: the
code's uses and hours, the sign-ups an organizer's codes may let through in a day, and a wrong
code counting against the address as any sign-up."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD
from tournaments.models import SignupCode, SignupCodeUse

pytestmark = pytest.mark.django_db
User = get_user_model()
VENUE = "203.0.113.50"  # the shop's one public address


def at_the_venue(language: str = "en") -> APIClient:
    return APIClient(REMOTE_ADDR=VENUE, HTTP_ACCEPT_LANGUAGE=language)


def sign_up(api: APIClient, name: str, code: str = ""):
    body = {"username": name, "password": PASSWORD, **({"code": code} if code else {})}
    return api.post("/api/accounts/", body, format="json")


def fill_the_address(count: int = 20) -> None:
    """The first ``count`` players of the evening sign up without a code (the address's rate)."""
    api = at_the_venue()
    for n in range(count):
        assert sign_up(api, f"early{n:02d}").status_code == 201


@pytest.fixture
def cup(event_factory):
    event = event_factory(name="Friday Cup", rounds=3)
    event.open()
    return event


def make_code(cup, uses: int = 40, hours: int = 12, actor=None):
    return (actor or cup.organizer).api.post(
        f"{cup.url}signup-codes/", {"uses": uses, "hours": hours}, format="json"
    )


def test_the_21st_player_is_told_to_ask_the_organizer_for_the_code():
    fill_the_address()
    refused = sign_up(at_the_venue(), "late")
    assert refused.status_code == 429 and int(refused["Retry-After"]) <= 3600
    detail = refused.json()["detail"]
    assert detail.startswith(
        "Too many sign-ups from your address: at a venue, everyone on its network shares one."
    )
    assert "Ask the organizer for the event's sign-up code and send it as “code”" in detail
    russian = sign_up(at_the_venue("ru"), "late").json()["detail"]
    assert "Попросите у организатора код регистрации турнира" in russian
    assert not User.objects.filter(username="late").exists()


def test_the_sign_up_page_says_what_to_do_and_offers_the_field():
    fill_the_address()
    page = Client(REMOTE_ADDR=VENUE).post(
        "/accounts/signup/", {"username": "late", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    html = page.content.decode()
    assert page.status_code == 429
    assert "Ask the organizer for the event&#x27;s sign-up code and enter it below" in html
    assert 'name="code"' in html and "Event sign-up code (optional)" in html


def test_a_room_of_forty_new_players_signs_up_with_the_organizers_code(cup):
    fill_the_address()
    created = make_code(cup, uses=40)
    assert created.status_code == 201, created.content
    code = created.json()["code"]
    assert created.json()["url"].endswith(f"/accounts/signup/?code={code}")
    api = at_the_venue()
    answers = [sign_up(api, f"walk{n:02d}", code=code).status_code for n in range(40)]
    assert answers == [201] * 40
    assert SignupCode.objects.get(code=code).uses == 40
    assert SignupCodeUse.objects.filter(code__code=code).count() == 40
    # The 41st: the code is used up, and nothing else lets the address through.
    over = sign_up(api, "walk40", code=code)
    assert over.status_code == 429  # counted as any sign-up: the address is over its rate
    assert not User.objects.filter(username="walk40").exists()


def test_a_code_is_read_as_typed_at_the_desk(cup):
    code = make_code(cup).json()["code"]
    spaced = f" {code[:4].lower()}-{code[4:].lower()} "
    assert sign_up(at_the_venue(), "vera", code=spaced).status_code == 201
    assert SignupCodeUse.objects.get(user__username="vera").code.code == code


def test_a_wrong_code_is_refused_and_counts_against_the_address(cup, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup": "2/hour"}
    api = at_the_venue()
    wrong = sign_up(api, "vera", code="AAAAAAAA")
    assert wrong.status_code == 400
    assert wrong.json()["errors"]["code"] == [
        "This sign-up code does not work: it is mistyped, used up, expired or withdrawn. "
        "Ask the organizer for the current one."
    ]
    assert sign_up(api, "vlad", code="BBBBBBBB").status_code == 400
    assert sign_up(api, "vova", code="CCCCCCCC").status_code == 429  # guessing stops here
    assert not User.objects.filter(username__in=["vera", "vlad", "vova"]).exists()


def test_an_expired_or_withdrawn_code_lets_nobody_through(cup):
    fill_the_address()
    expired = make_code(cup).json()
    SignupCode.objects.filter(pk=expired["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert sign_up(at_the_venue(), "vera", code=expired["code"]).status_code == 429
    withdrawn = make_code(cup).json()
    assert cup.organizer.api.delete(f"{cup.url}signup-codes/{withdrawn['id']}/").status_code == 204
    assert sign_up(at_the_venue(), "vera", code=withdrawn["code"]).status_code == 429
    assert not User.objects.filter(username="vera").exists()


def test_the_link_fills_in_the_code_and_the_new_player_lands_on_the_event(cup):
    code = make_code(cup).json()["code"]
    browser = Client(REMOTE_ADDR=VENUE, HTTP_ACCEPT_LANGUAGE="en")
    page = browser.get(f"/accounts/signup/?code={code}").content.decode()
    assert f'value="{code}"' in page
    fill_the_address()
    response = browser.post(
        "/accounts/signup/", {"username": "vera", "password": PASSWORD, "code": code}, follow=True
    )
    assert response.redirect_chain[-1][0] == f"/events/{cup.id}/"
    assert "Welcome, vera! Register for Friday Cup below." in response.content.decode()
    assert response.context["user"].username == "vera"


def test_a_wrong_code_on_the_page_keeps_the_player_there_with_the_reason(cup):
    response = Client(REMOTE_ADDR=VENUE).post(
        "/accounts/signup/",
        {"username": "vera", "password": PASSWORD, "code": "ZZZZ9999"},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 400
    assert "Этот код регистрации не действует" in response.content.decode()
    assert not User.objects.filter(username="vera").exists()


def test_only_the_organizer_makes_codes(cup, judge, player, anonymous):
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    for actor in (judge, player):
        assert make_code(cup, actor=actor).status_code == 403
    assert make_code(cup, actor=anonymous).status_code == 401
    code = make_code(cup).json()
    assert judge.api.delete(f"{cup.url}signup-codes/{code['id']}/").status_code == 403
    assert SignupCode.objects.get(pk=code["id"]).revoked_at is None


@pytest.mark.parametrize(
    "body", [{"uses": 0, "hours": 12}, {"uses": 201, "hours": 12}, {"uses": 40, "hours": 73}]
)
def test_a_code_is_bounded_in_uses_and_hours(cup, body):
    response = cup.organizer.api.post(f"{cup.url}signup-codes/", body, format="json")
    assert response.status_code == 400, response.content


def test_an_organizers_codes_let_a_hundred_sign_ups_a_day_through(cup, event_factory):
    assert make_code(cup, uses=60).status_code == 201
    other = event_factory(name="Saturday Cup", rounds=3)
    other.open()
    over = make_code(other, uses=50)
    assert over.status_code == 429 and int(over["Retry-After"]) > 0
    assert over.json()["code"] == "signup_codes_per_day"
    assert "40 more can today" in over.json()["detail"]
    assert make_code(other, uses=40).status_code == 201


def test_staff_are_not_held_to_the_days_quota(cup):
    User.objects.filter(pk=cup.organizer.user.pk).update(is_staff=True)
    assert [make_code(cup, uses=100).status_code for _ in range(3)] == [201] * 3


def test_a_draft_or_a_finished_event_makes_no_code(event_factory):
    draft = event_factory(rounds=1)
    refused = make_code(draft)
    assert refused.status_code == 409 and refused.json()["code"] == "registration_closed"


def test_the_dashboard_page_makes_shows_and_withdraws_a_code(cup):
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(cup.organizer.user)
    made = page.post(f"/events/{cup.id}/manage/signup-codes/", {"uses": "30", "hours": "6"}, follow=True)
    html = made.content.decode()
    code = SignupCode.objects.get()
    assert (code.uses_max, code.created_by_id) == (30, cup.organizer.user.pk)
    assert "The sign-up code is ready" in html and code.code in html
    assert f"/accounts/signup/?code={code.code}" in html and "<svg" in html  # the QR code
    assert "0 of 30 sign-ups used" in html
    page.post(f"/events/{cup.id}/manage/signup-codes/{code.pk}/revoke/")
    code.refresh_from_db()
    assert code.revoked_at is not None
    assert "withdrawn" in page.get(f"/events/{cup.id}/manage/signup-codes/").content.decode()
    dashboard = page.get(f"/events/{cup.id}/manage/").content.decode()
    assert f'href="/events/{cup.id}/manage/signup-codes/"' in dashboard

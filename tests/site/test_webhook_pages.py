"""The organizer's webhooks page: only the organizer opens it; they add a
webhook (its secret shown once), see the service's refusals as form errors in their language,
read each webhook's delivery log and delete it; adding and deleting go to the audit trail,
without the secret."""

import pytest
from django.test import Client

from tests.support.pages import browser, html_of, page, post
from tournaments.models import ResultChange, Webhook, WebhookDelivery

pytestmark = pytest.mark.django_db

PUBLIC = "https://93.184.215.14/hooks/abc-token?x=1"  # an address literal: no DNS needed


def webhooks_url(cup) -> str:
    return f"/events/{cup.id}/manage/webhooks/"


def test_only_the_organizer_opens_the_page(event_factory, organizer, judge, outsider, anonymous):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.open()
    assert page(organizer, webhooks_url(cup))[0] == 200
    for actor in (judge, outsider):
        status, html = page(actor, webhooks_url(cup))
        assert status == 403 and "Forbidden" not in html  # the site's own 403 page
        assert post(actor, webhooks_url(cup), {"url": PUBLIC}).status_code == 403
    response = browser(anonymous).get(webhooks_url(cup))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not Webhook.objects.exists()


def test_the_dashboard_links_the_page(event_factory, organizer):
    cup = event_factory()
    assert f'href="{webhooks_url(cup)}"' in page(organizer, f"/events/{cup.id}/manage/")[1]


def test_it_adds_a_webhook_and_shows_its_secret_once(event_factory, organizer):
    cup = event_factory()
    client = browser(organizer)
    response = client.post(webhooks_url(cup), {"url": PUBLIC, "discord": "on"}, follow=True)
    hook = Webhook.objects.get()
    assert (hook.event_id, hook.url, hook.discord) == (cup.id, PUBLIC, True)
    html = html_of(response)
    assert hook.secret in html and "shown only this once" in html
    assert PUBLIC.replace("&", "&amp;") in html and "Discord payload" in html
    again = html_of(client.get(webhooks_url(cup)))
    assert hook.secret not in again and PUBLIC in again


def test_a_refused_address_is_a_form_error(event_factory, organizer, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    cup = event_factory()
    response = post(organizer, webhooks_url(cup), {"url": "http://127.0.0.1:8000/hook"})
    assert response.status_code == 400
    assert "refused: it resolves to a private or local address (127.0.0.1)." in html_of(response)
    response = post(organizer, webhooks_url(cup), {"url": "ftp://example.org/"})
    assert response.status_code == 400 and "an http or https address" in html_of(response)
    assert not Webhook.objects.exists()


def test_it_refuses_more_webhooks_than_the_limit(event_factory, organizer, settings):
    settings.WEBHOOKS_PER_EVENT = 1
    cup = event_factory()
    post(organizer, webhooks_url(cup), {"url": PUBLIC})
    response = post(organizer, webhooks_url(cup), {"url": PUBLIC})
    assert response.status_code == 400 and "An event has at most 1 webhook." in html_of(response)
    assert Webhook.objects.count() == 1


def test_the_refusal_is_in_russian_for_a_russian_reader(event_factory, organizer, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    cup = event_factory()
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    response = client.post(webhooks_url(cup), {"url": "http://127.0.0.1:8000/hook"})
    html = html_of(response)
    assert response.status_code == 400 and "отклонён" in html and "Добавить вебхук" in html
    assert "Вебхуки" in html_of(client.get(webhooks_url(cup)))


def test_it_shows_each_webhooks_delivery_log(event_factory, organizer):
    cup = event_factory()
    post(organizer, webhooks_url(cup), {"url": PUBLIC})
    hook = Webhook.objects.get()
    WebhookDelivery.objects.create(
        webhook=hook, kind="pairings", status="delivered", attempts=1, response_status=200
    )
    WebhookDelivery.objects.create(
        webhook=hook,
        kind="dispute",
        status="failed",
        attempts=4,
        response_status=500,
        error="HTTP 500 from the receiver",
    )
    html = page(organizer, webhooks_url(cup))[1]
    assert "HTTP 500 from the receiver" in html and "Failed" in html and "Delivered" in html
    assert "<code>dispute</code>" in html and "<td>4</td>" in html
    assert html.index("<code>dispute</code>") < html.index("<code>pairings</code>")  # the newest first


def test_it_deletes_a_webhook_and_its_log(event_factory, organizer, judge):
    cup = event_factory()
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.open()
    post(organizer, webhooks_url(cup), {"url": PUBLIC})
    hook = Webhook.objects.get()
    WebhookDelivery.objects.create(webhook=hook, kind="pairings")
    delete = f"{webhooks_url(cup)}{hook.pk}/delete/"
    assert browser(organizer).get(delete).status_code == 405
    assert post(judge, delete).status_code == 403
    response = post(organizer, delete)
    assert response.status_code == 200 and "The webhook is deleted." in html_of(response)
    assert not Webhook.objects.exists() and not WebhookDelivery.objects.exists()


def test_it_does_not_delete_another_events_webhook(event_factory, organizer):
    cup, other = event_factory(), event_factory()
    post(organizer, webhooks_url(other), {"url": PUBLIC})
    hook = Webhook.objects.get()
    assert post(organizer, f"{webhooks_url(cup)}{hook.pk}/delete/").status_code == 404
    assert Webhook.objects.filter(pk=hook.pk).exists()


def test_adding_and_deleting_go_to_the_audit_trail_without_the_secret(event_factory, organizer):
    cup = event_factory()
    post(organizer, webhooks_url(cup), {"url": PUBLIC, "discord": "on"})
    hook = Webhook.objects.get()
    post(organizer, f"{webhooks_url(cup)}{hook.pk}/delete/")
    added, removed = ResultChange.objects.filter(event_id=cup.id).order_by("id")
    assert (added.action, added.by, added.old) == ("webhook_add", organizer.user, {})
    assert added.new == {"webhook": hook.pk, "url": "https://93.184.215.14/…", "discord": True}
    assert (removed.action, removed.old, removed.new) == ("webhook_remove", added.new, {})
    for row in (added, removed):
        assert hook.secret not in str(row.old) + str(row.new) and "abc-token" not in str(row.old) + str(
            row.new
        )
    dashboard = page(organizer, f"/events/{cup.id}/manage/")[1]
    assert "webhook_add" in dashboard and "webhook_remove" in dashboard
    assert hook.secret not in dashboard


def test_the_apis_add_and_delete_go_to_the_audit_trail_too(event_factory, organizer):
    cup = event_factory()
    created = organizer.api.post(f"{cup.url}webhooks/", {"url": PUBLIC}, format="json")
    assert created.status_code == 201, created.content
    assert organizer.api.delete(f"{cup.url}webhooks/{created.json()['id']}/").status_code == 204
    actions = ResultChange.objects.filter(event_id=cup.id).order_by("id").values_list("action", flat=True)
    assert list(actions) == ["webhook_add", "webhook_remove"]

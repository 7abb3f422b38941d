"""The webhooks page in a real browser (Debian's Chromium, driven by Playwright): the organizer
opens it from the dashboard, adds a webhook to a local receiver, copies the secret shown once,
and deletes the webhook after confirming; on a phone (390 px) and a desktop, in Russian and
English."""

import re

import pytest
from django.db import connections

from tests.support.browser import DESKTOP, PHONE, assert_fits, signed_in
from tests.support.webhooks import Receiver
from tournaments.models import ResultChange, Webhook

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def receiver(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the receiver is on this machine
    r = Receiver()
    yield r
    r.close()


@pytest.mark.parametrize(("language", "link", "add", "copy_note", "deleted"), [
    ("en", "Webhooks", "Add the webhook", "shown only this once", "The webhook is deleted."),
    ("ru", "Вебхуки", "Добавить", "только один раз", "Вебхук удалён."),
])  # fmt: skip
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_organizer_adds_a_webhook_sees_its_secret_once_and_deletes_it(
    live_server,
    chromium,
    event_factory,
    organizer,
    receiver,
    tmp_path,
    language,
    link,
    add,
    copy_note,
    deleted,
    viewport,
):
    cup = event_factory()
    page = signed_in(chromium, live_server.url, organizer, viewport=viewport, language=language)
    page.goto(f"{live_server.url}/events/{cup.id}/manage/")
    assert page.get_by_test_id("webhooks-link").inner_text() == link
    page.get_by_test_id("webhooks-link").click()
    page.wait_for_url(re.compile(rf"/events/{cup.id}/manage/webhooks/$"))
    assert page.get_by_test_id("no-webhooks").is_visible()

    page.fill("input[name=url]", receiver.url)
    page.check("input[name=discord]")
    page.get_by_role("button", name=add, exact=True).click()
    page.wait_for_load_state()
    hook = Webhook.objects.get()
    secret = page.get_by_test_id("webhook-secret")
    assert secret.is_visible() and copy_note in secret.inner_text()
    assert page.locator("code.secret").inner_text() == hook.secret
    assert page.get_by_test_id("webhook").locator("h3").inner_text() == receiver.url
    assert_fits(page, viewport["width"])
    page.screenshot(path=tmp_path / f"webhooks-{language}-{viewport['width']}.png", full_page=True)

    page.reload()
    assert page.get_by_test_id("webhook-secret").count() == 0 and hook.secret not in page.content()

    # The page's confirmation (data-confirm) asks first; signed_in accepts every dialog.
    asked: list[str] = []
    page.on("dialog", lambda dialog: asked.append(dialog.message))
    page.get_by_test_id("webhook").get_by_role("button").click()
    page.wait_for_load_state()
    page.get_by_text(deleted).wait_for()
    assert len(asked) == 1 and not Webhook.objects.exists()
    assert page.get_by_test_id("no-webhooks").is_visible()
    actions = list(ResultChange.objects.filter(event_id=cup.id).values_list("action", flat=True))
    page.context.close()
    # The ORM calls above ran beside Playwright's event loop, on a connection of that context:
    # close it here, or it outlives the test (the real-worker tests wait for every other session).
    connections.close_all()
    assert actions == ["webhook_add", "webhook_remove"]

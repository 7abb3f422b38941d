"""Event pages of an online event link players to the play page and officials to the logs."""

import pytest

from tests.support.actors import make_players

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_sends_players_to_the_play_page_instead_of_a_report_form(client, event_factory, judge):
    event = event_factory(rounds=1, online=True)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    a, b = make_players(2)
    event.register(a, b)
    match = event.start()["matches"][0]
    client.force_login(a.user)
    page = client.get(f"/events/{event.id}/").content.decode()
    assert f'href="/matches/{match["id"]}/play/"' in page
    assert 'class="report-form"' not in page
    client.force_login(judge.user)
    pairings = client.get(f"/events/{event.id}/rounds/1/").content.decode()
    assert f'href="/matches/{match["id"]}/log/"' in pairings
    dashboard = client.get(f"/events/{event.id}/manage/").content.decode()
    assert "/rounds/1/progress/" in dashboard

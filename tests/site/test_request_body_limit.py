"""Every request body is bounded by one setting (DATA_UPLOAD_MAX_MEMORY_SIZE, from MAX_REQUEST_BODY):
past it the answer is 413 — JSON under /api/, the site's page elsewhere — before anything reads
the body, whatever parser, server or lane would have read it (point 8)."""

import asyncio
import io
import json
import os

import pytest
from django.test import Client

from tournaments.api.parsers import JSONParser, PlainTextParser, TooLarge
from tournaments.request_limits import BodyLimit, body_limit

pytestmark = pytest.mark.django_db


def over_the_limit() -> int:
    return body_limit() + 1024


def test_it_is_one_setting_with_a_default_far_below_djangos(settings):
    assert body_limit() == settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 256 * 1024
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == body_limit()  # nothing below it spools to disk


def test_it_refuses_a_json_body_over_the_limit_with_json_413(anonymous, card_sets):
    deck = {"game": "respons", "main": {f"Iron Sentinl {i}": 1 for i in range(20_000)}}
    body = json.dumps(deck)
    assert len(body) > body_limit()
    response = anonymous.api.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert "256 KiB" in response.json()["detail"]


def test_it_refuses_a_text_body_over_the_limit(anonymous):
    response = anonymous.api.post("/api/decks/validate/", "x" * over_the_limit(), content_type="text/plain")
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"


def test_it_refuses_a_multipart_upload_over_the_limit_before_parsing_it(anonymous):
    boundary = "limit-test"
    part = "x" * over_the_limit()
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="deck"; filename="d.txt"\r\n'
        f"Content-Type: text/plain\r\n\r\n{part}\r\n--{boundary}--\r\n"
    )
    response = anonymous.api.generic(
        "POST", "/api/decks/validate/", body, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"


def test_it_shows_the_sites_page_for_a_form_over_the_limit_in_the_readers_language(player):
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    browser.force_login(player.user)
    response = browser.post("/decks/builder/", {"name": "Big", "text": "1 Iron Sentinel\n" * 20_000})
    assert response.status_code == 413
    html = response.content.decode()
    assert "error-page" in html and "Запрос отклонён" in html and "256 КиБ" in html


def test_it_answers_a_chunked_body_with_411_instead_of_reading_it_as_empty(anonymous):
    response = anonymous.api.generic(
        "POST", "/api/decks/validate/", b"", content_type="text/plain", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert response.status_code == 411
    assert response.json()["code"] == "length_required"


def test_its_parsers_read_no_more_than_the_limit_whatever_the_headers_say():
    for parser in (PlainTextParser(), JSONParser()):
        stream = io.BytesIO(b" " * (body_limit() + 10))
        with pytest.raises(TooLarge):
            parser.parse(stream)
        assert stream.tell() == body_limit() + 1


# --- ASGI: in front of the fast lane and of Django ------------------------------------------


def asgi_post(app, path: str, chunks: list[bytes], headers: list[tuple[bytes, bytes]]):
    """Run one POST through an ASGI app; return (status, body, how many chunks it read)."""
    sent: list[dict] = []
    pending = list(chunks)
    read = 0

    async def receive():
        nonlocal read
        if not pending:
            await asyncio.sleep(3600)
        read += 1
        chunk = pending.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(pending)}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"accept-language", b"en"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], body, read


@pytest.fixture
def application(monkeypatch):
    """The site's ASGI application (respons_site/asgi.py), its import leaving the environment as
    it was (it turns on DATABASE_POOL for the processes it serves in)."""
    monkeypatch.setenv("DATABASE_POOL", os.environ.get("DATABASE_POOL", "false"))
    from respons_site.asgi import application

    assert isinstance(application, BodyLimit)  # first, in front of the fast lane and Django
    return application


def test_it_answers_an_oversized_action_413_before_the_lane_reads_a_byte(application):
    chunk = b"x" * 65536
    headers = [(b"content-type", b"application/json"), (b"content-length", str(300 * 1024 * 1024).encode())]
    status, body, read = asgi_post(application, "/api/matches/1/game/actions/", [chunk] * 4, headers)
    assert status == 413
    assert json.loads(body)["code"] == "too_large"
    assert read == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("address", ["/api/decks/validate/", "/api/matches/1/game/actions/"])
def test_it_counts_a_chunked_body_and_stops_it_at_the_limit(application, address):
    chunk = b"x" * 65536
    chunks = [chunk] * 1000  # 64 MiB offered, with no Content-Length
    status, body, read = asgi_post(application, address, chunks, [(b"content-type", b"application/json")])
    assert status == 413
    assert json.loads(body)["code"] == "too_large"
    assert read * len(chunk) <= body_limit() + len(chunk)


def test_it_passes_a_body_within_the_limit_through_untouched():
    seen: list[bytes] = []

    async def app(scope, receive, send):
        while True:
            message = await receive()
            seen.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    status, body, _read = asgi_post(BodyLimit(app), "/api/x/", [b"a" * 1000, b"b" * 1000], [])
    assert (status, body, b"".join(seen)) == (200, b"ok", b"a" * 1000 + b"b" * 1000)


@pytest.mark.django_db(transaction=True)
def test_it_answers_a_small_chunked_body_under_asgi_with_411_too(application):
    headers = [(b"content-type", b"text/plain"), (b"transfer-encoding", b"chunked")]
    status, body, _read = asgi_post(
        application, "/api/decks/validate/", [b"Hero: Commander Vesta\n"], headers
    )
    assert status == 411
    assert json.loads(body)["code"] == "length_required"

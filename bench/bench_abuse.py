"""What abusive requests cost the server: status, server CPU, wall time, answer size.

Usage: .venv/bin/python bench/bench_abuse.py [--serve asgi|wsgi] [--case NAME ...] [--timeout 180]

Starts the site on its own SQLite database (a temporary directory: migrated, the bundled card
sets imported) under uvicorn (``--serve asgi``, as README "Production" serves online play) or
gunicorn (``--serve wsgi``, one sync worker), sends each case once, anonymously, and prints a
table: the answer's status and size, the wall time until the whole answer is in, the server's
CPU seconds for the request (its processes' user + system time, /proc) and its peak resident
memory so far. The cases:

- ``misspelt_json_deck``: a 2.4 MB JSON deck of misspelt names to ``POST /api/decks/validate/``
  (every name unknown: "did you mean" work for each);
- ``misspelt_500_names``: the most names a decklist may hold now (500), every one misspelt;
- ``text_plain_20mb``: a 20 MB text/plain body to the same address;
- ``chunked_20mb``: the same 20 MB with no Content-Length (chunked);
- ``multipart_300mb``: a 300 MB multipart upload, streamed (never built in memory);
- ``deep_json``: JSON nested 100,000 levels (200 KB);
- ``deep_json_400kb``: JSON nested 200,000 levels.

Then, as a signed-in user (accounts made through the API first):

- ``bots_outsider``: an outsider asks to seat 64 bots in someone else's event;
- ``bots_1024``: the organizer asks for 1,024 bots in 16 calls of 64 (a cap per event holds);
- ``streams_100``: one player opens 100 live streams of their online match at once (a quota per
  user holds; the rest are refused at once);
- ``events_1000``: one account asks to create 1,000 events (a quota per day holds);
- ``sign_in_400``: 400 wrong passwords for one account, then the right one (a backoff holds).

For these the table's status column counts the answers by status (``201x64 409x15``).

To add a case: write ``def case_<name>(server: Server) -> Sent`` that sends
one request through ``server.send(...)`` (or measures around its own traffic with
``server.cpu_seconds()``) and add it to :data:`CASES`; :func:`print_table` prints any rows.
"""

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = 8123
MB = 1024 * 1024
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Sent:
    """One case's figures."""

    case: str
    status: int | str
    wall_s: float
    cpu_s: float
    answer_bytes: int
    peak_rss_mb: float
    note: str = ""


class Server:
    """The site served on 127.0.0.1 by uvicorn or gunicorn, with its own database."""

    def __init__(self, serve: str, port: int, timeout: float) -> None:
        self.serve, self.port, self.timeout = serve, port, timeout
        self.home = Path(tempfile.mkdtemp(prefix="respons-abuse-"))
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.home / 'db.sqlite3'}",
            "DEBUG": "false",
            "SECRET_KEY": "bench-abuse-" + "x" * 40,
        }
        for name in ("CELERY_BROKER_URL", "DATABASE_POOL"):
            self.env.pop(name, None)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--verbosity", "0"], cwd=ROOT, env=self.env, check=True)
        sets = sorted(str(p) for p in (ROOT / "engine" / "games").glob("*/data/*.json"))
        subprocess.run(
            [*manage, "import_cards", *sets], cwd=ROOT, env=self.env, check=True, capture_output=True
        )
        bin_dir = Path(sys.executable).parent
        if self.serve == "asgi":
            args = [str(bin_dir / "uvicorn"), "respons_site.asgi:application", "--port", str(self.port)]
            args += ["--no-access-log", "--log-level", "warning"]
        else:
            args = [str(bin_dir / "gunicorn"), "respons_site.wsgi", "-w", "1", "-b", f"127.0.0.1:{self.port}"]
            args += ["--timeout", str(int(self.timeout) + 30)]
        log = open(self.home / "server.log", "wb")
        self.process = subprocess.Popen(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                status = self.send("GET", "/healthz", b"", {}).status
                if status in (200, 503):
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"the server did not start; see {self.home / 'server.log'}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def _pids(self) -> list[int]:
        """The server's process and its children (gunicorn's worker)."""
        assert self.process is not None
        pids = [self.process.pid]
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) in pids:
                    pids.append(int(entry.name))
        return pids

    def cpu_seconds(self) -> float:
        """User + system CPU seconds of the server's processes so far."""
        total = 0
        for pid in self._pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / TICK

    def peak_rss_mb(self) -> float:
        """The largest peak resident memory (VmHWM) of the server's processes, MB."""
        peak = 0
        for pid in self._pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
            except OSError:
                continue
        return peak / 1024

    def send(
        self, method: str, path: str, body: bytes | Iterable[bytes], headers: dict[str, str]
    ) -> "Answer":
        """Send one request (an iterable body is streamed); return the answer, however it ends."""
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        status: int | str = "?"
        size, note = 0, ""
        try:
            connection.putrequest(method, path, skip_accept_encoding=True)
            for name, value in headers.items():
                connection.putheader(name, value)
            chunked = not isinstance(body, bytes) and "Content-Length" not in headers
            if chunked:
                connection.putheader("Transfer-Encoding", "chunked")
            connection.endheaders()
            try:
                for piece in [body] if isinstance(body, bytes) else body:
                    if chunked:
                        connection.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                    else:
                        connection.send(piece)
                if chunked:
                    connection.send(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                note = "server stopped reading the body"
            response = connection.getresponse()
            status, size = response.status, len(response.read())
        except TimeoutError:
            status, note = "timeout", f"no answer in {self.timeout:g} s"
        except (ConnectionError, http.client.HTTPException) as error:
            status, note = "closed", note or type(error).__name__
        finally:
            connection.close()
        return Answer(status, time.perf_counter() - started, size, note)


@dataclass
class Answer:
    status: int | str
    wall_s: float
    size: int
    note: str


def measured(server: Server, case: str, send: Callable[[], Answer]) -> Sent:
    """Run ``send`` and return its figures with the server's CPU for it."""
    before = server.cpu_seconds()
    answer = send()
    time.sleep(0.3)  # let the server finish what it does after answering (or closing)
    cpu = server.cpu_seconds() - before
    return Sent(case, answer.status, answer.wall_s, cpu, answer.size, server.peak_rss_mb(), answer.note)


def _json_request(
    server: Server, method: str, path: str, data: object = None, token: str | None = None
) -> tuple[int, object]:
    """Send a JSON request and return its status and decoded answer (None when not JSON)."""
    body = b"" if data is None else json.dumps(data).encode()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=server.timeout)
    try:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    try:
        return response.status, json.loads(raw)
    except ValueError:
        return response.status, None


def _account(server: Server, name: str) -> str:
    """Make an account through the API and return its token."""
    password = "bench-abuse-password-1"
    _json_request(server, "POST", "/api/accounts/", {"username": name, "password": password})
    status, answer = _json_request(
        server, "POST", "/api/auth/token/", {"username": name, "password": password}
    )
    if status != 200 or not isinstance(answer, dict):
        raise SystemExit(f"could not sign {name} in: {status} {answer}")
    return str(answer["token"])


def _counted(statuses: Iterable[int | str]) -> str:
    counts: dict[str, int] = {}
    for status in statuses:
        counts[str(status)] = counts.get(str(status), 0) + 1
    return " ".join(f"{status}x{count}" for status, count in counts.items())


def measured_many(server: Server, case: str, run: Callable[[], tuple[list[int | str], str]]) -> Sent:
    """Like :func:`measured` for a case of many requests: ``run`` returns their statuses and a note."""
    before = server.cpu_seconds()
    started = time.perf_counter()
    statuses, note = run()
    wall = time.perf_counter() - started
    time.sleep(0.3)
    cpu = server.cpu_seconds() - before
    return Sent(case, _counted(statuses), wall, cpu, 0, server.peak_rss_mb(), note)


# --- the cases -------------------------------------------------------------------------------

VALIDATE = "/api/decks/validate/"


def _misspelt_deck(size: int) -> bytes:
    """A JSON deck of about ``size`` bytes, every name a misspelling no card has."""
    entry = len('"Iron Sentinl 000000 Misspelt": 1, ')
    main = {f"Iron Sentinl {i:06d} Misspelt": 1 for i in range(size // entry)}
    return json.dumps({"game": "respons", "hero": "Comander Vesta", "main": main}).encode()


def case_misspelt_json_deck(server: Server) -> Sent:
    body = _misspelt_deck(int(2.4 * MB))
    headers = {"Content-Type": "application/json", "Content-Length": str(len(body))}
    return measured(server, "misspelt_json_deck", lambda: server.send("POST", VALIDATE, body, headers))


def case_misspelt_500_names(server: Server) -> Sent:
    """The most names a decklist may have, all misspelt: the largest validation anyone may ask."""
    main = {f"Iron Sentinl {i:03d}": 1 for i in range(500)}
    body = json.dumps({"game": "respons", "hero": "Comander Vesta", "main": main}).encode()
    headers = {"Content-Type": "application/json", "Content-Length": str(len(body))}
    return measured(server, "misspelt_500_names", lambda: server.send("POST", VALIDATE, body, headers))


def _text_lines(total: int) -> Iterator[bytes]:
    line = b"1 Iron Sentinl of the Misspelt Order\n"
    block = line * (MB // len(line))
    sent = 0
    while sent < total:
        piece = block[: total - sent]
        sent += len(piece)
        yield piece


def case_text_plain_20mb(server: Server) -> Sent:
    size = 20 * MB
    body = b"Main:\n" + b"".join(_text_lines(size - 6))
    headers = {"Content-Type": "text/plain", "Content-Length": str(len(body))}
    return measured(server, "text_plain_20mb", lambda: server.send("POST", VALIDATE, body, headers))


def case_chunked_20mb(server: Server) -> Sent:
    headers = {"Content-Type": "text/plain"}
    return measured(
        server, "chunked_20mb", lambda: server.send("POST", VALIDATE, _text_lines(20 * MB), headers)
    )


def case_multipart_300mb(server: Server) -> Sent:
    boundary = "respons-bench-abuse"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="deck"; filename="deck.txt"\r\n'
        "Content-Type: text/plain\r\n\r\n"
    ).encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    size = 300 * MB

    def body() -> Iterator[bytes]:
        yield head
        yield from _text_lines(size)
        yield tail

    headers = {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Content-Length": str(len(head) + size + len(tail)),
    }
    return measured(server, "multipart_300mb", lambda: server.send("POST", VALIDATE, body(), headers))


def _deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def case_deep_json(server: Server) -> Sent:
    body = _deep(100_000)
    headers = {"Content-Type": "application/json", "Content-Length": str(len(body))}
    return measured(server, "deep_json", lambda: server.send("POST", VALIDATE, body, headers))


def case_deep_json_400kb(server: Server) -> Sent:
    body = _deep(200_000)
    headers = {"Content-Type": "application/json", "Content-Length": str(len(body))}
    return measured(server, "deep_json_400kb", lambda: server.send("POST", VALIDATE, body, headers))


def _event(server: Server, token: str, **settings: object) -> int:
    status, answer = _json_request(
        server, "POST", "/api/events/", {"name": "Abuse bench", "game": "respons", **settings}, token
    )
    if status != 201 or not isinstance(answer, dict):
        raise SystemExit(f"could not create an event: {status} {answer}")
    _json_request(server, "POST", f"/api/events/{answer['id']}/open/", None, token)
    return int(answer["id"])


def case_bots_outsider(server: Server) -> Sent:
    event = _event(server, _account(server, "bench-organizer-1"))
    outsider = _account(server, "bench-outsider")

    def run() -> tuple[list[int | str], str]:
        status, _ = _json_request(server, "POST", f"/api/events/{event}/bots/", {"count": 64}, outsider)
        return [status], "bots are for the event's officials"

    return measured_many(server, "bots_outsider", run)


def case_bots_1024(server: Server) -> Sent:
    organizer = _account(server, "bench-organizer-2")
    event = _event(server, organizer, online=True)

    def run() -> tuple[list[int | str], str]:
        statuses: list[int | str] = []
        seated = 0
        for _ in range(16):
            status, answer = _json_request(
                server, "POST", f"/api/events/{event}/bots/", {"count": 64}, organizer
            )
            statuses.append(status)
            if status == 201 and isinstance(answer, dict):
                seated += int(answer["count"])
        return statuses, f"{seated} bots seated in all"

    return measured_many(server, "bots_1024", run)


def case_streams_100(server: Server) -> Sent:
    organizer = _account(server, "bench-organizer-3")
    event = _event(server, organizer, online=True)
    deck = (ROOT / "engine/games/respons/data/decks/vesta_order.txt").read_text(encoding="utf-8")
    players = [_account(server, f"bench-player-{n}") for n in (1, 2)]
    for token in players:
        _json_request(server, "POST", f"/api/events/{event}/registrations/", {"deck": deck}, token)
    _json_request(server, "POST", f"/api/events/{event}/start/", None, organizer)
    status, answer = _json_request(server, "GET", f"/api/events/{event}/rounds/1/", None, organizer)
    if status != 200 or not isinstance(answer, dict):
        raise SystemExit(f"could not read round 1: {status} {answer}")
    match = answer["matches"][0]["id"]

    def run() -> tuple[list[int | str], str]:
        opened: list[http.client.HTTPConnection] = []
        statuses: list[int | str] = []
        try:
            for _ in range(100):
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=server.timeout)
                connection.request(
                    "GET",
                    f"/api/matches/{match}/game/stream/?seconds=60",
                    headers={"Authorization": f"Token {players[0]}", "Accept": "text/event-stream"},
                )
                response = connection.getresponse()  # the headers only: a stream stays open
                statuses.append(response.status)
                opened.append(connection)
        finally:
            for connection in opened:
                connection.close()
        return statuses, "held open together, then closed"

    return measured_many(server, "streams_100", run)


def case_sign_in_400(server: Server) -> Sent:
    password = "bench-abuse-password-1"
    _json_request(server, "POST", "/api/accounts/", {"username": "bench-victim", "password": password})

    def run() -> tuple[list[int | str], str]:
        statuses: list[int | str] = []
        for n in range(400):
            status, _ = _json_request(
                server, "POST", "/api/auth/token/", {"username": "bench-victim", "password": f"guess-{n}"}
            )
            statuses.append(status)
        status, _ = _json_request(
            server, "POST", "/api/auth/token/", {"username": "bench-victim", "password": password}
        )
        return statuses, f"then the right password: {status}"

    return measured_many(server, "sign_in_400", run)


def case_events_1000(server: Server) -> Sent:
    token = _account(server, "bench-organizer-4")

    def run() -> tuple[list[int | str], str]:
        statuses: list[int | str] = []
        for n in range(1000):
            status, _ = _json_request(server, "POST", "/api/events/", {"name": f"Flood {n}"}, token)
            statuses.append(status)
        return statuses, "one account"

    return measured_many(server, "events_1000", run)


CASES: dict[str, Callable[[Server], Sent]] = {
    "misspelt_json_deck": case_misspelt_json_deck,
    "misspelt_500_names": case_misspelt_500_names,
    "text_plain_20mb": case_text_plain_20mb,
    "chunked_20mb": case_chunked_20mb,
    "multipart_300mb": case_multipart_300mb,
    "deep_json": case_deep_json,
    "deep_json_400kb": case_deep_json_400kb,
    "bots_outsider": case_bots_outsider,
    "bots_1024": case_bots_1024,
    "streams_100": case_streams_100,
    "events_1000": case_events_1000,
    "sign_in_400": case_sign_in_400,
}


def print_header() -> None:
    print(f"{'case':<22} {'status':>14} {'wall s':>8} {'cpu s':>8} {'answer B':>12} {'peak MB':>8}  note")


def print_row(row: Sent) -> None:
    print(
        f"{row.case:<22} {row.status!s:>14} {row.wall_s:>8.3f} {row.cpu_s:>8.2f} "
        f"{row.answer_bytes:>12,} {row.peak_rss_mb:>8.0f}  {row.note}",
        flush=True,
    )


def print_table(rows: Iterable[Sent]) -> None:
    """Print one row per case: status, wall time, server CPU, answer size, peak memory so far."""
    print_header()
    for row in rows:
        print_row(row)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", choices=("asgi", "wsgi"), default="asgi")
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="default: every case")
    parser.add_argument("--port", type=int, default=PORT)
    parser.add_argument("--timeout", type=float, default=180, help="seconds to wait for one answer")
    args = parser.parse_args()
    server = Server(args.serve, args.port, args.timeout)
    print(
        f"serving with {'uvicorn' if args.serve == 'asgi' else 'gunicorn'} from {server.home} ...", flush=True
    )
    try:
        server.start()
        print(f"server at rest: peak {server.peak_rss_mb():.0f} MB of memory")
        print_header()
        for name in args.case or list(CASES):
            print_row(CASES[name](server))
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

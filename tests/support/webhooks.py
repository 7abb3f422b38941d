"""A receiver of webhooks: a real HTTP server on 127.0.0.1, and adding it to an event."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    """A real HTTP server on 127.0.0.1 in a thread: it records what it is sent and answers each
    request with the next of ``statuses`` (then 200)."""

    def __init__(self, statuses: list[int] | None = None, redirect_to: str = "", delay: float = 0) -> None:
        self.requests: list[dict] = []
        self.statuses = list(statuses or [])
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                time.sleep(delay)  # a slow receiver
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": dict(self.headers), "body": body, "path": self.path})
                if redirect_to:
                    self.send_response(302)
                    self.send_header("Location", redirect_to)
                else:
                    self.send_response(receiver.statuses.pop(0) if receiver.statuses else 200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        # It looks for a shutdown every 20 ms (the default, half a second, is waited out by every close).
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def add(actor, event, url: str, discord: bool = False):
    """POST a new webhook of ``event`` as ``actor``; return the response."""
    return actor.api.post(f"{event.url}webhooks/", {"url": url, "discord": discord}, format="json")

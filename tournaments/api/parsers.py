"""Request parsers: JSON, and decklists posted as plain text (what players paste).

Both read at most the site's body limit (``tournaments/request_limits.py``) whatever the headers say
(413 past it), and answer 400, never a 500, for what cannot be read: bad UTF-8, bad JSON,
JSON nested deeper than any request of the API needs.
"""

import json
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

from engine.files import json_depth
from tournaments.request_limits import body_limit, too_large_detail

# The API's requests are a few levels deep (an action's choice, a decklist's zones); deeper is
# an attack on whatever walks it next (a RecursionError, a 500).
MAX_JSON_DEPTH = 32


class TooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


def read_capped(stream: Any) -> bytes:
    """Return the body of ``stream``; raise TooLarge past the body limit."""
    if stream is None:
        return b""
    limit = body_limit()
    data: bytes = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(too_large_detail())
    return data


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, bounded: the body limit, and at most :data:`MAX_JSON_DEPTH` levels."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        body = read_capped(stream)
        try:
            data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
        except UnicodeDecodeError:
            raise ParseError(_("The body is not UTF-8 text.")) from None
        except ValueError as error:
            raise ParseError(_("JSON parse error - %(error)s") % {"error": error}) from None
        except RecursionError:
            raise ParseError(_("The JSON is nested too deeply.")) from None
        if json_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise ParseError(_("The JSON is nested too deeply."))
        return data


def _no_constant(name: str) -> Any:
    # DRF refuses NaN and Infinity too (strict JSON): no column or rule takes them.
    raise ValueError(f"{name} is not valid JSON")


class PlainTextParser(parsers.BaseParser):
    media_type = "text/plain"

    # DRF's request.data is whatever a parser returns; the stubs allow only a mapping.
    def parse(  # type: ignore[override]
        self, stream: Any, media_type: str | None = None, parser_context: Any = None
    ) -> str:
        try:
            return read_capped(stream).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ParseError(_("The body is not UTF-8 text.")) from None

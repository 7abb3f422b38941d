"""Request parsers: decklists may be posted as plain text (what players paste)."""

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser


class PlainTextParser(BaseParser):
    media_type = "text/plain"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> str:
        try:
            return stream.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ParseError("The body is not UTF-8 text.") from None

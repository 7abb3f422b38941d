"""Card-name matching shared by every game (rules digest R1.5)."""

import re

_SPACES = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """Return the matching key of a card name.

    R1.5: names match case-insensitively, with ``ё`` ≡ ``е`` and surrounding or
    duplicated whitespace ignored.
    """
    return _SPACES.sub(" ", name.strip()).casefold().replace("ё", "е")

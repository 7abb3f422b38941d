"""Card-name matching shared by every game (rules digest R1.5)."""

import re
from functools import lru_cache

_SPACES = re.compile(r"\s+")

# "Did you mean …" compares a name with every name of the catalog (difflib, ~0.5 ms a name):
# a deck gets it for its first unknown names only, so a list of thousands of misspellings cannot
# cost seconds; the rest are still reported, without the hint.
SUGGESTIONS_PER_DECK = 20


@lru_cache(maxsize=16384)  # a replay reads both decks of every log: the same few names again
def normalize_name(name: str) -> str:
    """Return the matching key of a card name.

    R1.5: names match case-insensitively, with ``ё`` ≡ ``е`` and surrounding or
    duplicated whitespace ignored.
    """
    return _SPACES.sub(" ", name.strip()).casefold().replace("ё", "е")

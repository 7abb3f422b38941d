"""The Django app: events, decks, matches. Writes are services, reads are selectors."""

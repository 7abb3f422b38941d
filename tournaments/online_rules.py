"""The numbers of the site's own rules of online play (docs/online-rules.md), the same in every
game, which its refusals cite; a game's own rules keep their numbers (its RULES.md)."""

# O3.1: an action's shape (a type the game's players may send, plain JSON, within the limits).
SHAPE = "O3.1"
# O3.2: an action bound to a past decision, or sent during an earlier game.
STALE = "O3.2"
# O3.3: no action before the first game, while sideboarding, after the game or the match.
NOT_NOW = "O3.3"
# O3.4: an action the site cannot adjudicate, refused alone.
UNPROCESSABLE = "O3.4"

"""One package per game; see engine.registry."""

"""WhiteNoise's table of static files, made once per test process instead of once per client.

Each Django test client builds its own request handler, and so its own WhiteNoise middleware,
which lists every static file of the apps and reads each one's size, type and compressed forms:
about a tenth of a second, three or four times a test (a client per actor), some four minutes
over the suite. A server builds the middleware once, so the site keeps WhiteNoise as it is; in
the tests the table a middleware made is kept, per setting it depends on, and handed to the next.
"""

from typing import Any

from whitenoise.middleware import WhiteNoiseMiddleware

_tables: dict[tuple[Any, ...], dict[str, Any]] = {}


def static_files_table_shared() -> None:
    """Make every WhiteNoise middleware of this process share the table of the first one built
    with the same prefix and response settings (a test that changes them gets a table of its own)."""
    build = WhiteNoiseMiddleware.add_files_from_finders
    if getattr(build, "shared", False):
        return

    def add_files_from_finders(self: WhiteNoiseMiddleware) -> None:
        key = (
            self.static_prefix,
            self.max_age,
            self.allow_all_origins,
            self.charset,
            self.add_headers_function,
            self.index_file,
        )
        table = _tables.get(key)
        if table is None:
            before = dict(self.files)
            build(self)
            table = _tables[key] = {url: f for url, f in self.files.items() if before.get(url) is not f}
        self.files.update(table)

    add_files_from_finders.shared = True  # type: ignore[attr-defined]
    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders  # type: ignore[method-assign]

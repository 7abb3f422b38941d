#!/usr/bin/env python
"""Django's command-line utility, with one-line errors for an unreachable database."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "respons_site.settings")
    from django.core.management import execute_from_command_line
    from django.db.utils import OperationalError

    try:
        execute_from_command_line(sys.argv)
    except OperationalError as error:
        # A wrong host, port or database name in DATABASE_URL: say so in one line.
        first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        sys.exit(f"respons: cannot use the database from DATABASE_URL: {first}")


if __name__ == "__main__":
    main()

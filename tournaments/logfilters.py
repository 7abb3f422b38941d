"""Log filters (settings.LOGGING). Imported while logging is configured, before the apps are
ready: nothing here imports a model."""

import logging

from django.core.exceptions import PermissionDenied


class RefusalWithoutTraceback(logging.Filter):
    """A log filter: a record of a PermissionDenied (a 403: the site refusing, as designed) loses
    its traceback; the one line "Forbidden (Permission denied): /path" stays."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True

"""Log filters for what a client or an outage causes, which deserves a line, not a
traceback: a Host header the site does not serve, a text frame that is not UTF-8
(uvicorn logs its decoding error), Redis gone while channels-redis listens to it."""

import logging


class WithoutTraceback(logging.Filter):
    """Lets every record through, without its traceback when it carries one of
    ``exceptions`` (dotted class names, subclasses included), or any exception if none
    are named: the line names the exception's class instead (not its text, which may
    hold what the client sent)."""

    def __init__(self, exceptions: list[str] | None = None):
        super().__init__()
        self._exceptions = set(exceptions or ())

    def filter(self, record: logging.LogRecord) -> bool:
        kind = record.exc_info[0] if record.exc_info else None
        if kind is not None and self._matches(kind):
            record.msg = f"{record.msg} ({kind.__name__})"
            record.exc_info = record.exc_text = None
        return True

    def _matches(self, kind: type[BaseException]) -> bool:
        return not self._exceptions or any(
            f"{cls.__module__}.{cls.__qualname__}" in self._exceptions for cls in kind.__mro__
        )

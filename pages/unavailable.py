"""A page that needs Redis while Redis is unreachable (the session's cache, the code
guard, presence…) answers a short "try again" page with 503, not a 500 and its
traceback; the log says so at a bounded rate."""

import logging

from django.http import HttpResponse
from django.template.loader import render_to_string

from plumbing.cache import UNREACHABLE
from plumbing.loglimit import LimitedLog

RETRY_AFTER_SECONDS = 5

limited_log = LimitedLog(logging.getLogger(__name__))


class RedisUnreachableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, UNREACHABLE):
            return None
        limited_log.warning("Redis is unreachable (%s): %s %s answered 503.", exception, request.method, request.path)
        # No request context: its processors read the session, which needs Redis too.
        response = HttpResponse(render_to_string("503.html"), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response

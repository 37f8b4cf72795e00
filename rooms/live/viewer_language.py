"""The language a socket's viewer reads, as a page request would find it: the
language cookie (the switcher sets it, and an account's saved language), else the
browser's Accept-Language, else the site's."""

from types import SimpleNamespace

from django.utils import translation


def language_of(scope) -> str:
    headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", ())}
    request = SimpleNamespace(
        COOKIES=scope.get("cookies", {}),
        META={"HTTP_ACCEPT_LANGUAGE": headers.get("accept-language", "")},
    )
    return translation.get_language_from_request(request)


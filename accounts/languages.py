"""The language the site speaks to a visitor. A first visit follows the browser's
Accept-Language (Django's LocaleMiddleware); a choice in the header's switcher is kept in
Django's language cookie and, for an account, in ``User.language``, so that the account
is spoken to in it wherever it signs in (``AccountLanguageMiddleware``)."""

from django.conf import settings
from django.utils import translation


def is_spoken(code: str | None) -> bool:
    """Whether ``code`` is exactly one of the site's languages (settings.LANGUAGES)."""
    return code in dict(settings.LANGUAGES)


def chosen_in_cookie(request) -> str | None:
    """The language the request's cookie chose, if the site speaks it."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if is_spoken(code) else None


def set_language_cookie(response, code: str) -> None:
    """Keep ``code`` in the language cookie, as Django's own ``set_language`` does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def adopt_account_language(request, user) -> None:
    """At sign-in: the account's saved language is spoken from the next page on (the
    response keeps it in the cookie); an account that never chose one keeps the
    language the visitor chose before signing in, if they chose one."""
    if is_spoken(user.language):
        request.adopted_language = user.language
        return
    chosen = chosen_in_cookie(request)
    if chosen:
        user.language = chosen
        user.save(update_fields=["language"])


class AccountLanguageMiddleware:
    """Right after AuthenticationMiddleware: a signed-in account's saved language is
    spoken when the request carries no language cookie (a new browser, a new device);
    the cookie, the visitor's latest choice, wins otherwise. A sign-in that adopted the
    account's language (``adopt_account_language``) has it kept in the cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if chosen_in_cookie(request) is None and request.user.is_authenticated and is_spoken(request.user.language):
            translation.activate(request.user.language)
            request.LANGUAGE_CODE = request.user.language
        response = self.get_response(request)
        adopted = getattr(request, "adopted_language", None)
        if adopted:
            set_language_cookie(response, adopted)
        return response

"""The site's URLs plus two views that fail, for the error pages' tests."""

from django.core.exceptions import PermissionDenied
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


def forbidden(request):
    raise PermissionDenied


def broken(request):
    raise RuntimeError("A bug in a view.")


urlpatterns = [path("test/forbidden/", forbidden), path("test/broken/", broken), *site_urlpatterns]

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("accounts/", include("accounts.urls")),
    path("rooms/", include("rooms.urls")),
    path(settings.ADMIN_URL, admin.site.urls),
]

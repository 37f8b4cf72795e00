from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from leaderboard import views as leaderboard_views
from pages import views
from rooms import club_pages

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("accounts/", include("accounts.urls")),
    path("rooms/", include("rooms.urls")),
    path("learn/", include("rooms.tutorials.urls")),
    path("leaderboard/", include("leaderboard.urls")),
    path("api/v1/", include("api.urls")),
    path("players/<str:username>/", leaderboard_views.profile, name="player_profile"),
    path("players/<str:username>/<slug:change>/", club_pages.change_relation, name="change_relation"),
    path("me/games/", leaderboard_views.my_games, name="my_games"),
    path("me/friends/", club_pages.friends, name="friends"),
    path("me/friends/invites/<slug:invite_id>/dismiss/", club_pages.dismiss_invite, name="dismiss_invite"),
    path(settings.ADMIN_URL, admin.site.urls),
]

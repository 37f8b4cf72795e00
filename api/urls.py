from django.urls import path

from api import views

app_name = "api"
urlpatterns = [
    path("games", views.game_list, name="games"),
    path("games/<str:code>", views.game, name="game"),
    path("players/<str:username>", views.player, name="player"),
    path("openapi.json", views.description, name="description"),
]

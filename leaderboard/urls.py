from django.urls import path

from leaderboard import boards, views

app_name = "leaderboard"
urlpatterns = [
    path("", views.index, name="index"),
    path(f"{boards.coins_game().slug}/richest/", views.richest, name="richest"),
    path("<slug:game>/", views.board, name="board"),
    path("<slug:game>/rating/", views.rating_board, name="rating_board"),
]

from django.urls import path

from leaderboard import views

app_name = "leaderboard"
urlpatterns = [
    path("", views.index, name="index"),
    path("courtpiece/richest/", views.richest, name="richest"),
    path("<slug:game>/", views.board, name="board"),
    path("<slug:game>/rating/", views.rating_board, name="rating_board"),
]

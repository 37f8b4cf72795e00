from django.urls import path

from rooms.tutorials import views

app_name = "tutorials"
urlpatterns = [
    path("<slug:game>/", views.tutorial, name="tutorial"),
    path("<slug:game>/move/", views.move, name="move"),
    path("<slug:game>/continue/", views.go_on, name="continue"),
    path("<slug:game>/restart/", views.restart, name="restart"),
    path("<slug:game>/practice/", views.practice, name="practice"),
]

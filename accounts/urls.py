from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.PlayerLoginView.as_view(), name="login"),
    path("logout/", views.PlayerLogoutView.as_view(), name="logout"),
    path("me/", views.me, name="me"),
    path("password/", views.PlayerPasswordChangeView.as_view(), name="password_change"),
    path("guest-name/", views.guest_name, name="guest_name"),
    path("language/", views.choose_language, name="language"),
    path("chat/", views.chat_setting, name="chat"),
]

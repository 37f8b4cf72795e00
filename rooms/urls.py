from django.urls import path

from rooms import views
from rooms.replays import views as replay_views

app_name = "rooms"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("join/", views.join_by_code, name="join_by_code"),
    path("new/<slug:game>/", views.create, name="create"),
    path("fairness_check.py", replay_views.fairness_script, name="fairness_script"),
    path("<str:code>/", views.room, name="room"),
    path("<str:code>/verify/", replay_views.verify_deals, name="verify"),
    path("<str:code>/verify/deals.json", replay_views.verify_record, name="verify_record"),
    path("<str:code>/replay/", replay_views.replay_page, name="replay"),
    path("<str:code>/record.json", replay_views.game_record, name="game_record"),
    path("<str:code>/review/", replay_views.review_panel, name="review"),
    path("<str:code>/review/<int:seat>/", replay_views.ask_for_review, name="ask_review"),
    path("<str:code>/join/", views.join, name="join"),
    path("<str:code>/leave/", views.leave, name="leave"),
    path("<str:code>/start/", views.start, name="start"),
    path("<str:code>/bots/add/", views.add_bot, name="add_bot"),
    path("<str:code>/bots/fill/", views.fill_with_bots, name="fill_with_bots"),
    path("<str:code>/bots/remove/", views.remove_bot, name="remove_bot"),
    path("<str:code>/partner/", views.propose_partner, name="propose_partner"),
    path("<str:code>/partner/answer/", views.answer_partner, name="answer_partner"),
    path("<str:code>/again/", views.play_again, name="play_again"),
]

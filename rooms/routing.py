from django.urls import re_path

from rooms.live.consumers import RoomConsumer
from rooms.live.site import SiteConsumer

websocket_urlpatterns = [
    re_path(r"^ws/rooms/(?P<code>[A-Za-z0-9]{4,8})/$", RoomConsumer.as_asgi()),
    re_path(r"^ws/me/$", SiteConsumer.as_asgi()),
]

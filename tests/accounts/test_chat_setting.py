"""An account turns its chat off and on from its page; a guest has no such setting."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_url")]


def test_an_account_turns_its_chat_off_and_on_again_from_its_page():
    user = get_user_model().objects.create_user(username="Ann", password="a long pass phrase")
    client = Client()
    client.force_login(user)
    page = client.get(reverse("accounts:me")).content.decode()
    assert 'data-testid="chat-off"' in page and 'data-testid="chat-off" checked' not in page
    answer = client.post(reverse("accounts:chat"), {"chat_off": "on"}, follow=True)
    assert "Chat is off: the tables show you no chat." in answer.content.decode()
    user.refresh_from_db()
    assert user.chat_off
    assert "checked" in client.get(reverse("accounts:me")).content.decode().split('name="chat_off"', 1)[1][:40]
    client.post(reverse("accounts:chat"), {})
    user.refresh_from_db()
    assert not user.chat_off


def test_a_guest_is_sent_to_log_in_and_a_get_changes_nothing():
    client = Client()
    assert 'data-testid="chat-off"' not in client.get(reverse("accounts:me")).content.decode()
    answer = client.post(reverse("accounts:chat"), {"chat_off": "on"})
    assert answer.status_code == 302 and reverse("accounts:login") in answer["Location"]
    assert client.get(reverse("accounts:chat")).status_code == 405

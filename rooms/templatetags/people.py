"""Who a person key (``accounts.identity.person_key``) names, for the chat's templates."""

from django import template

from accounts.identity import names_an_account

register = template.Library()


register.filter("is_account", names_an_account)

"""The site's own formats for a language, over Django's (settings.FORMAT_MODULE_PATH):
English keeps the day-month-year the pages always showed; Persian, Urdu and Hindi group
the digits of a count of coins, as Django's locales for them do not. Everything else is
as Django's locale for the language writes it."""

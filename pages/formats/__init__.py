"""The site's own date formats for a language, over Django's (settings.FORMAT_MODULE_PATH):
English keeps the day-month-year the pages always showed; every other language writes
dates as Django's locale for it does."""

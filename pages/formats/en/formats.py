DATE_FORMAT = "j F Y"  # "7 December 2026": a profile's "Member since"
DATETIME_FORMAT = "j M Y, H:i"  # "7 Dec 2026, 15:08": a past game's end
SHORT_DATETIME_FORMAT = "j M Y H:i"  # "7 Dec 2026 15:08": a line of the coins' ledger

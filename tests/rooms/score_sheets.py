"""The score sheet as a viewer's pushed table shows it: its rows, cell by cell, as text."""

import html
import re

SHEET = re.compile(r'<details id="scores".*?</details>', re.S)
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)
TAG = re.compile(r"<[^>]+>")


def sheet_of(page: str) -> str:
    found = SHEET.findall(page)
    assert len(found) == 1, "one score sheet per table"
    return found[0]


def rows(page: str, part: str = "tbody") -> list[list[str]]:
    """The cells of the sheet's rows in ``part`` (thead, tbody or tfoot), tags left out."""
    section = re.search(rf"<{part}>(.*?)</{part}>", sheet_of(page), re.S)
    assert section, f"the score sheet has a {part}"
    return [
        [html.unescape(TAG.sub("", cell)).strip() for cell in CELL.findall(row)] for row in ROW.findall(section[1])
    ]

"""A fragment's indentation and blank lines are dropped: each run of white space that
holds a line break becomes one line break, and nothing else changes."""

import re

from hypothesis import given
from hypothesis import strategies as st

from rooms.rendering import without_indentation

# What the fragments hold around their line breaks, and white space that is not ASCII.
TEXT = st.text(alphabet=st.sampled_from(list("ab<> \t\n\r\f\v\xa0\u2028\u3000\x1c")), max_size=60)


@given(TEXT)
def test_each_run_of_white_space_with_a_line_break_becomes_one_line_break(html):
    assert without_indentation(html) == re.sub(r"\s*\n\s*", "\n", html)


def test_a_partials_indentation_and_blank_lines_go_and_its_words_stay():
    html = '<ol>\n  <li class="a b">One  two</li>\n\n    <li>Three</li>\n</ol>\n'
    assert without_indentation(html) == '<ol>\n<li class="a b">One  two</li>\n<li>Three</li>\n</ol>\n'


def test_white_space_before_the_first_line_break_and_after_the_last_goes_with_it():
    assert without_indentation("  \t\n  <p>  x  </p>  \n  ") == "\n<p>  x  </p>\n"
    assert without_indentation("  <p> </p>  ") == "  <p> </p>  "

"""The site's own pages, outside its apps: the home page, each game's rules, and the
"try again" page answered while Redis is unreachable."""

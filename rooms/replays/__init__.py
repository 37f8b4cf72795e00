"""A game that is over, again: its replay, step by step from its seed and actions, and
the check of its deals, with their pages."""

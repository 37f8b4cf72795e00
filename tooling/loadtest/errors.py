class LoadTestError(Exception):
    """The load test cannot go on; the message says why."""

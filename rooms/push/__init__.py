"""What a committed change sends: the ``Change`` a write returns, the follow-ups that
store and announce its snapshot and send its timers, and the channel layer's wire."""

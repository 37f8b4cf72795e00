"""The site's shared plumbing, below every app and knowing none: the Redis cache and its
connections, the session store, how a client's address is counted, bounded logging and
log filters, the read-only admin, the WebSocket origin check and the server processes'
garbage collector."""

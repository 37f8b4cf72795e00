"""How a client is told apart by its address, wherever clients are counted (the login
lockout, the sign-up limit, the room-code guard).

The address is the one the server saw (behind a proxy named in DJANGO_TRUSTED_PROXIES,
the one that proxy forwards: config/asgi.py). IPv6 clients are counted per /64, the
block a single subscriber is given.
"""

import ipaddress


def client_network(address: str | None) -> str | None:
    """The address a client at ``address`` is counted under, or None when it did not
    come over IP (a Unix socket)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def client_key(address: str | None) -> str:
    """``client_network``, with every client not served over IP counted as one."""
    return client_network(address) or "unknown"

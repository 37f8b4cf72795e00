"""The piped ends of a helper process the conductor talks to, a JSON line each way."""

import asyncio


def piped(process: asyncio.subprocess.Process) -> tuple[asyncio.StreamWriter, asyncio.StreamReader]:
    """The stdin and stdout of ``process``, started with both piped."""
    if process.stdin is None or process.stdout is None:
        raise ValueError("The process was started without its stdin and stdout piped.")
    return process.stdin, process.stdout

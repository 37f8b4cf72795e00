"""The client processes (tooling/loadtest/client.py), seen from the conductor: each gets
whole tables, so a table's player and spectators share one event loop."""

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path

from tooling.loadtest.errors import LoadTestError
from tooling.loadtest.pipes import piped

TOOL_ROOT = Path(__file__).resolve().parents[2]
CONNECT_CONCURRENCY = 32  # handshakes in flight per client process, like a crowd of browsers


class ClientError(LoadTestError):
    pass


class ClientProcess:
    def __init__(self, plan: dict, log_path: Path, on_finished: Callable[[str], None]):
        self.plan = plan
        self.log_path = log_path
        self.on_finished = on_finished
        self._process: asyncio.subprocess.Process | None = None
        self._stdin: asyncio.StreamWriter | None = None
        self._stdout: asyncio.StreamReader | None = None
        loop = asyncio.get_running_loop()
        self.connected = loop.create_future()
        self.results = loop.create_future()

    async def start(self) -> None:
        self._process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tooling.loadtest.client", cwd=TOOL_ROOT, limit=2**26,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=self.log_path.open("ab"),
        )
        self._stdin, self._stdout = piped(self._process)
        await self.order(self.plan)
        self._reader = asyncio.create_task(self._read_events(self._stdout))

    @property
    def process(self) -> asyncio.subprocess.Process:
        if self._process is None:
            raise ClientError("The client process has not started.")
        return self._process

    async def order(self, order: dict) -> None:
        if self._stdin is None:
            raise ClientError("The client process has not started.")
        self._stdin.write((json.dumps(order) + "\n").encode())
        await self._stdin.drain()

    async def _read_events(self, stdout: asyncio.StreamReader) -> None:
        while line := await stdout.readline():
            event = json.loads(line)
            if event["event"] == "connected":
                self.connected.set_result(event)
            elif event["event"] == "finished":
                self.on_finished(event["table"])
            elif event["event"] == "results":
                self.results.set_result(json.loads(Path(self.plan["results"]).read_text()))
        await self.process.wait()
        for future in (self.connected, self.results):
            if not future.done():
                log = self.log_path.read_text(errors="replace")[-3000:]
                future.set_exception(ClientError(f"A client process exited ({self.process.returncode}):\n{log}"))


class ClientPool:
    """Tabs spread over ``count`` processes, table by table."""

    def __init__(self, tabs: list[dict], count: int, pace: tuple[float, float], workdir: Path, name: str,
                 on_finished: Callable[[str], None] = lambda table: None, chat_every: float = 0):
        tables = list(dict.fromkeys(tab["table"] for tab in tabs))
        count = min(count, len(tables))
        share = {table: number % count for number, table in enumerate(tables)}
        self.processes = [
            ClientProcess(
                {
                    "tabs": [tab for tab in tabs if share[tab["table"]] == number],
                    "pace": pace,
                    "chat_every": chat_every,
                    "seed": number,
                    "connect_concurrency": CONNECT_CONCURRENCY,
                    "results": str(workdir / f"{name}-client-{number}.json"),
                },
                workdir / "logs" / f"{name}-client-{number}.log",
                on_finished,
            )
            for number in range(count)
        ]
        self._by_table = {table: self.processes[number] for table, number in share.items()}

    async def connect(self) -> dict:
        """Start the processes; once every tab has its first table: when that took."""
        for process in self.processes:
            await process.start()
        events = await asyncio.gather(*(process.connected for process in self.processes))
        done = [event["done"] for event in events if event["done"] is not None]
        return {
            "started": min(event["started"] for event in events),
            "done": max(done) if done else None,
            "missing": sum(event["missing"] for event in events),
        }

    def pids(self) -> dict[str, int]:
        return {f"client {number}": process.process.pid for number, process in enumerate(self.processes)}

    async def move(self, table: str, room: dict) -> None:
        await self._by_table[table].order({"cmd": "move", "table": table, "room": room})

    async def drain(self, latest: dict[str, int], seconds: float) -> dict:
        """Every tab waits for its room's ``latest`` version (at most ``seconds``) and closes."""
        for process in self.processes:
            await process.order({"cmd": "drain", "latest": latest, "seconds": seconds})
        results = await asyncio.gather(*(process.results for process in self.processes))
        for process in self.processes:
            await process.process.wait()
        return {
            "connections": [connection for result in results for connection in result["connections"]],
            "moves_sent": sum(result["moves_sent"] for result in results),
            "chat_lines_sent": sum(result["chat_lines_sent"] for result in results),
            "toasts_to_players": sum(result["toasts_to_players"] for result in results),
        }

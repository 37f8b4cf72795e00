"""The conductor's end of the seeder (served/loadtest_seeder.py), which makes sessions
and rooms inside the site under test: one request at a time, a JSON line each way."""

import asyncio
import json
import sys
from pathlib import Path

from tooling.loadtest.errors import LoadTestError
from tooling.loadtest.pipes import piped

SCRIPT = Path(__file__).resolve().parent / "served" / "loadtest_seeder.py"
REPLY = "@loadtest "  # the seeder's replies start with it; other lines are the site's output


class SeederError(LoadTestError):
    pass


class Seeder:
    def __init__(self, process: asyncio.subprocess.Process, log_path: Path):
        self._process = process
        self._stdin, self._stdout = piped(process)
        self._log_path = log_path
        self._lock = asyncio.Lock()

    @classmethod
    async def start(cls, env: dict, cwd: Path, log_path: Path) -> "Seeder":
        # -P: the script's own directory stays off sys.path; the checkout comes from PYTHONPATH.
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-P", str(SCRIPT), REPLY, cwd=cwd, env=env, limit=2**26,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log_path.open("ab"),
        )
        return cls(process, log_path)

    @property
    def pid(self) -> int:
        return self._process.pid

    async def ask(self, op: str, **arguments) -> dict:
        """The seeder's answer; SeederError with its reason when it refused."""
        async with self._lock:
            self._stdin.write((json.dumps({"op": op, **arguments}) + "\n").encode())
            await self._stdin.drain()
            while True:
                line = await self._stdout.readline()
                if not line:
                    log = self._log_path.read_text(errors="replace")[-3000:]
                    raise SeederError(f"The seeder exited:\n{log}")
                if line.startswith(REPLY.encode()):
                    break
        answer = json.loads(line[len(REPLY):])
        if "error" in answer:
            raise SeederError(answer["error"])
        return answer

    async def stop(self) -> None:
        if self._process.returncode is None:
            self._stdin.close()
            try:
                await asyncio.wait_for(self._process.wait(), 10)
            except TimeoutError:
                self._process.kill()
                await self._process.wait()

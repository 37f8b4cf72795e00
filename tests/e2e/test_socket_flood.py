"""The floods of issue #36 sent again to a web process as bin/web runs it: one socket
without a session sends 2,000 syncs at once, and forty such sockets send a heart each.
What the server answers and the processor time it spends stay within the socket's
budget, the socket stays open, and the log gets a handful of lines."""

import json
from pathlib import Path

import psutil
from websockets.sync.client import connect

from tests.production.test_scale_out import Guest

SYNCS = 2000
HEARTS = 40
# Before the budget, the 2,000 syncs took the process 5.4 s (a whole table rendered for each).
FLOOD_SECONDS = 1.0


def _web_process(port: int) -> psutil.Process:
    for process in psutil.process_iter(["cmdline"]):
        cmdline = process.info["cmdline"] or []
        if "--port" in cmdline and str(port) in cmdline and any("uvicorn" in part for part in cmdline):
            return process
    raise AssertionError(f"no web process on port {port}")


def _answers(socket, quiet: float = 2.0) -> list[str]:
    """What the socket is sent until it has been quiet for ``quiet`` seconds."""
    answers = []
    try:
        while True:
            answers.append(socket.recv(timeout=quiet))
    except TimeoutError:
        return answers


def _cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def test_a_flood_of_syncs_and_of_hearts_costs_the_web_process_little(start_web_server, live_env):
    """Ann's room, through its own web process. A socket without a session sends 2,000
    syncs at once: it is answered once (too many messages), the process spends under a
    second of processor time on them, and the socket stays open (Ann's next change
    reaches it). Forty sockets without a session send a heart each: Ann's socket is sent
    one. The web process's log holds a few lines of refusals, not thousands."""
    base = start_web_server()
    port = int(base.rsplit(":", 1)[1])
    web = _web_process(port)
    ann = Guest("Ann")
    code = ann.post(f"{base}/rooms/new/disunyer/", mode="standard", is_public="1", bot_level="easy").rstrip("/")[-4:]
    ws_url = base.replace("http://", "ws://") + f"/ws/rooms/{code}/"
    with connect(ws_url, origin=base, additional_headers={"Cookie": ann.cookie_header()}) as ann_socket, \
            connect(ws_url, origin=base) as stranger:
        _answers(ann_socket, quiet=1.0)
        _answers(stranger, quiet=1.0)
        before = _cpu_seconds(web)
        for _ in range(SYNCS):
            stranger.send(json.dumps({"kind": "sync"}))
        answers = _answers(stranger)
        spent = _cpu_seconds(web) - before
        assert len(answers) == 1 and "Too many messages" in answers[0]
        assert spent < FLOOD_SECONDS, f"{spent:.2f} s of processor time for {SYNCS} syncs"

        ann.post(f"{base}/rooms/{code}/bots/add/", level="easy")
        assert any('id="table-public"' in answer for answer in _answers(stranger)), "the socket stayed open"

        crowd = [connect(ws_url, origin=base, legacy=True) for _ in range(HEARTS)]
        try:
            for socket in crowd:
                _answers(socket, quiet=0.3)
            _answers(ann_socket, quiet=0.5)
            for socket in crowd:
                socket.send(json.dumps({"kind": "react", "emoji": "❤️"}))
            hearts = [answer for answer in _answers(ann_socket) if 'class="reaction' in answer]
            assert len(hearts) == 1
        finally:
            for socket in crowd:
                socket.close()
    log = Path(live_env["CARDCLUB_VAR_DIR"]).parent / "logs" / f"web-{port}.log"
    refusals = [line for line in log.read_text().splitlines() if "rooms.live.consumers" in line]
    assert 1 <= len(refusals) <= 6, refusals
    assert "Traceback" not in log.read_text()


"""The run's figures as a table to read (the raw figures go to --json)."""

BUSY_CLIENT_PERCENT = 80


def _chat(every: float) -> str:
    return f"a line per table every {every:g} s" if every else "none"


def _number(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.1f}"
    return f"{int(value):,}"


def _ratio(value) -> str:
    return "" if value is None else f"{value:,.1f}×"


def _seconds(value) -> str:
    return "—" if value is None else f"{value:,.2f}"


def _milliseconds(value) -> str:
    return "—" if value is None else f"{value:,.3f}"


def _fine_ratio(value) -> str:
    return "" if value is None else f"{value:,.2f}×"


def _errors(errors: dict) -> str:
    return ", ".join(f"{name} {count:,}" for name, count in errors["by_exception"].items())


def _row(label: str, site: dict, anchor: dict, read, ratio: float | None = None) -> tuple[str, str, str, str]:
    return label, _number(read(site)), _number(read(anchor)), _ratio(ratio)


def _rows(site: dict, anchor: dict, ratios: dict) -> list[tuple[str, str, str, str]]:
    def key(name):
        return lambda phase: phase[name]

    def latency(name, figure="latency_ms"):
        return lambda phase: phase[figure][name]

    def frames(kind):
        return lambda phase: phase["frames"][kind]

    return [
        *(_row(f"latency {name} (ms)", site, anchor, latency(name), ratios.get(name))
          for name in ("p50", "p95", "p99", "max")),
        *(_row(f"  from the announcement heard, {name} (ms)", site, anchor, latency(name, "latency_from_heard_ms"),
               ratios["heard"].get(name)) for name in ("p50", "p99")),
        *(_row(f"  commit to the announcement heard, {name} (ms)", site, anchor, latency(name, "announced_ms"))
          for name in ("p50", "p99")),
        *_by_language(site),
        _row("versions offered per s", site, anchor, key("offered_per_second")),
        _row("  nominal: one action per table per pace", site, anchor, key("nominal_per_second")),
        _row("versions pushed per s", site, anchor, key("pushed_per_second")),
        _row("frames: a new version", site, anchor, frames("new")),
        _row("frames: a version the socket had (repeat)", site, anchor, frames("repeat")),
        _row("frames: the table on connect", site, anchor, frames("connect")),
        _row("frames: older than the newest (stale)", site, anchor, frames("stale")),
        _row("missed versions", site, anchor, key("missed_versions")),
        _row("  of versions owed to sockets", site, anchor, key("owed")),
        _row("closed sockets (unexpected)", site, anchor, key("closed_sockets")),
        _row("failed connects", site, anchor, key("failed_connects")),
        _row("connect all sockets (s)", site, anchor, key("connect_seconds"), ratios.get("connect")),
        _row("idle RSS per socket (KB)", site, anchor, key("idle_rss_per_socket_kb")),
        _row("mean frame (characters)", site, anchor, key("mean_frame_chars")),
        _row("tracebacks in the server logs", site, anchor, lambda phase: phase["server_errors"]["tracebacks"]),
        ("moves sent by players (toasts back)", f"{site['moves_sent']:,} ({site['toasts_to_players']:,})", "", ""),
        ("chat lines sent by players", f"{site.get('chat_lines_sent', 0):,}", "", ""),
        ("games played again (refused)", f"{site['restarts']:,} ({site['restarts_refused']:,})", "", ""),
        *_reviews_beside(site),
    ]


def _reviews_beside(site: dict) -> list[tuple[str, str, str, str]]:
    """How far the strong bot's reviews beside the tables came by the window's end."""
    reviews = site.get("reviews_beside")
    if reviews is None:
        return []
    return [(f"reviews beside ({reviews['games']} games): seats done",
             f"{reviews['seats_done']} of {reviews['seats']}", "", ""),
            ("  decisions reviewed", f"{reviews['decisions']:,}", "", "")]


def _by_language(site: dict) -> list[tuple[str, str, str, str]]:
    """The site's latency for the sockets of each language, when they read several."""
    languages = site.get("latency_by_language_ms", {})
    if len(languages) < 2:
        return []
    return [
        (f"  sockets reading {language}, p50 / p99 (ms)", f"{_number(figures['p50'])} / {_number(figures['p99'])}", "",
         "")
        for language, figures in languages.items()
    ]


def _processes(site: dict, anchor: dict) -> list[str]:
    lines = ["", "Processes: CPU % over the window (100 = one core) · waiting for a core, % of the window;",
             "RSS MB at the window's start → end",
             f"{'':24}{'site phase':>28}{'anchor phase':>28}"]
    for name in dict.fromkeys([*site["processes"], *anchor["processes"]]):
        cells = []
        for phase in (site, anchor):
            usage = phase["processes"].get(name)
            if usage is None or usage["exited"]:
                cells.append("—" if usage is None else "exited")
            else:
                cells.append(f"{usage['cpu_percent']:.0f}% · {usage['waiting_percent']:.0f}%  "
                             f"{usage['rss_start_mb']:.0f} → {usage['rss_end_mb']:.0f}")
        lines.append(f"{name:24}{cells[0]:>28}{cells[1]:>28}")
    return lines


def _web_memory(site: dict, anchor: dict, seconds: float) -> list[str]:
    steps = len(site["web_rss_mb"]) - 1
    return ["", f"Web process RSS MB through the window, every {seconds / steps:g} s:"] + [
        f"  {name:8}{' → '.join(f'{mb:.0f}' for mb in phase['web_rss_mb'])}"
        for name, phase in (("site", site), ("anchor", anchor))
    ]


def _beside(site: dict, ratios: dict) -> list[str]:
    """The probe's figures: the bare stack in the site's own window (tooling/loadtest/probe.py)."""
    probe = site.get("probe")
    if probe is None:
        return []
    latency = " / ".join(_number(probe["latency_ms"][name]) for name in ("p50", "p95", "p99", "max"))
    return [
        "",
        f"Beside the site, in its window: the bare stack, {probe['groups']} group{'s' if probe['groups'] > 1 else ''} "
        f"× {probe['sockets_per_group']} sockets on the anchor's server",
        f"  latency p50 / p95 / p99 / max (ms)  {latency}  ·  site/beside p50 {_ratio(ratios['beside']['p50'])}, "
        f"p99 {_ratio(ratios['beside']['p99'])}",
        f"  from the announcement heard p50 / p99 (ms)  {_number(probe['latency_from_heard_ms']['p50'])} / "
        f"{_number(probe['latency_from_heard_ms']['p99'])}",
        f"  versions pushed per s {_number(probe['pushed_per_second'])} of {_number(probe['offered_per_second'])} · "
        f"missed versions {_number(probe['missed_versions'])} · closed sockets {_number(probe['closed_sockets'])}",
    ]


def format_connects(result: dict) -> str:
    """Connects alone (--connect-rounds): each round's times and the servers' processor
    time per socket, the anchor's beside the site's, and their medians."""
    options, connects = result["options"], result["connects"]
    head = [
        f"Connects: {options['tables']} tables × {options['sockets']} sockets, {len(connects['rounds'])} round(s) of "
        f"the anchor then the site; {options['web']} web process(es), {result['database']}, "
        f"{result['client_processes']} client process(es), {result['cores']} cores",
        f"Site {options['site_dir']} · load average {result['load_average_before']} before, "
        f"{result['load_average_after']} at the end",
        "",
        f"{'':10}{'connect all sockets (s)':>36}{'server processor time per socket (ms)':>44}",
        f"{'':10}{'site':>12}{'anchor':>12}{'site/anchor':>12}{'site':>14}{'anchor':>14}{'site/anchor':>16}",
    ]

    def line(label, site_seconds, anchor_seconds, ratio, site_cpu, anchor_cpu, cpu_ratio):
        return (f"{label:10}{_seconds(site_seconds):>12}{_seconds(anchor_seconds):>12}{_fine_ratio(ratio):>12}"
                f"{_milliseconds(site_cpu):>14}{_milliseconds(anchor_cpu):>14}{_fine_ratio(cpu_ratio):>16}")

    body = [
        line(f"round {number}", one["site"]["seconds"], one["anchor"]["seconds"], one["ratio"],
             one["site"]["cpu_ms_per_socket"], one["anchor"]["cpu_ms_per_socket"], one["cpu_ratio"])
        for number, one in enumerate(connects["rounds"], start=1)
    ]
    median = connects["median"]
    body.append(line("median", median["site_seconds"], median["anchor_seconds"], median["ratio"],
                     median["site_cpu_ms_per_socket"], median["anchor_cpu_ms_per_socket"], median["cpu_ratio"]))
    errors = connects["server_errors"]
    tail = [
        "",
        f"sockets not connected: {median['sockets_not_connected']:,} · tracebacks in the server logs: "
        f"{errors['tracebacks']:,}{' (' + _errors(errors) + ')' if errors['by_exception'] else ''}",
    ]
    if connects["exited"]:
        tail.append(f"Stopped by themselves during the run: {', '.join(connects['exited'])}.")
    return "\n".join(head + body + tail)


def _workers(options: dict) -> str:
    count = options.get("workers", 1)  # figures written before the option have one
    return f"{count} Celery worker{'s' if count > 1 else ''} per queue"


def format_report(result: dict) -> str:
    if "connects" in result:
        return format_connects(result)
    options, site, anchor = result["options"], result["site"], result["anchor"]
    head = [
        f"Load test: {options['game']}, {options['tables']} tables × {options['sockets']} sockets "
        f"(1 player, {options['sockets'] - 1} spectators), {options['web']} web process(es), "
        f"{_workers(options)}, {result['database']}, "
        f"{options['seconds']:g} s window per phase",
        f"Site {options['site_dir']} · BOT_DELAY_MS {','.join(map(str, options['bot_delay_ms']))} · "
        f"languages {','.join(options.get('languages') or ['the site’s'])} · "
        f"chat {_chat(options.get('chat_every', 0))} · "
        f"{result['client_processes']} client process(es) · {result['cores']} cores",
        f"Load average: {result['load_average_before']} before, {anchor['load_average_at_end']} after the anchor, "
        f"{site['load_average_at_end']} after the site, {result['load_average_after']} at the end",
        "",
        f"{'':44}{'site':>14}{'anchor':>14}{'site/anchor':>13}",
    ]
    body = [f"{label:44}{s:>14}{a:>14}{r:>13}" for label, s, a, r in _rows(site, anchor, result["ratios"])]
    notes = [f"{name} tracebacks: {_errors(phase['server_errors'])}"
             for name, phase in (("Site", site), ("Anchor", anchor)) if phase["server_errors"]["by_exception"]]
    busy = [name for phase in (site, anchor) for name, usage in phase["processes"].items()
            if name.startswith("client") and (usage["cpu_percent"] or 0) > BUSY_CLIENT_PERCENT]
    if busy:
        notes.append(f"Client processes near a full core ({', '.join(sorted(set(busy)))}): the client may be "
                     "the bottleneck; try more --clients.")
    if site["exited"]:
        notes.append(f"Stopped by themselves during the run: {', '.join(site['exited'])}.")
    memory = _web_memory(site, anchor, options["seconds"])
    beside = _beside(site, result["ratios"])
    return "\n".join(head + body + beside + _processes(site, anchor) + memory + ([""] + notes if notes else []))

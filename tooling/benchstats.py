"""The percentiles the benchmarks report."""

import statistics


def _p95(ordered: list) -> float:
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def percentiles_ms(samples: list[float]) -> dict:
    """Durations in seconds, reported in milliseconds."""
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(_p95(ordered) * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def byte_percentiles(samples: list[int]) -> dict:
    ordered = sorted(samples)
    return {"p50": int(statistics.median(ordered)), "p95": _p95(ordered), "max": ordered[-1]}

"""Helpers of ``bench/bench_online.py``: the database's own counters of a run, and ``--baseline``,
which measures an older tree and this one back to back.

``--baseline PATH`` runs ``bench_online.py`` itself once per run and tree, alternating (the
baseline, this tree, the baseline, …), with the same parameters: each run uses the tree's own
virtual environment (``PATH/.venv``) and serves from the tree (``BENCH_ROOT``), so the clients and
the measurement are the same code for both and only the server differs. The public contract the
clients use (docs/api.md) is the same for both trees. Each run writes its figures as JSON; the
comparison prints each figure's mean per tree and the ratio current / baseline (a shared machine
is loaded by others: only figures measured back to back compare).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import mean
from typing import Any

HERE = Path(__file__).resolve()

# (key, label, lower is better) of the figures compared.
FIGURES = [
    ("server_cpu_ms", "server CPU per applied action, ms (web + workers + PostgreSQL)"),
    ("web_cpu_ms", "  web CPU per action, ms"),
    ("worker_cpu_ms", "  worker CPU per action, ms"),
    ("postgres_cpu_ms", "  PostgreSQL sessions' CPU per action, ms"),
    ("statements", "PostgreSQL statements per action (pg_stat_statements)"),
    ("transactions", "PostgreSQL transactions per action (commits + rollbacks)"),
    ("rows_written", "rows written per action (inserted + updated + deleted)"),
    ("rows_read", "rows read per action (returned by scans)"),
    ("bytes_sent", "bytes sent to the clients per action"),
    ("p50_ms", "POST -> visible p50, ms"),
    ("p95_ms", "POST -> visible p95, ms"),
    ("applied_per_s", "actions applied per second"),
]


def database_counters(db_url: str) -> dict[str, float]:
    """Return the database's running totals: transactions, rows written and read, and the
    statements run when pg_stat_statements is loaded (``shared_preload_libraries``)."""
    import psycopg

    with psycopg.connect(db_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit + xact_rollback, tup_inserted + tup_updated + tup_deleted, tup_returned"
            " FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
        assert row is not None
        counters = {"transactions": float(row[0]), "rows_written": float(row[1]), "rows_read": float(row[2])}
        preload = conn.execute("SHOW shared_preload_libraries").fetchone()
        if preload and "pg_stat_statements" in preload[0]:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            calls = conn.execute(
                "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s JOIN pg_database d"
                " ON d.oid = s.dbid WHERE d.datname = current_database()"
            ).fetchone()
            counters["statements"] = float(calls[0]) if calls else 0.0
    return counters


def run_compare(baseline: Path, runs: int, argv: list[str]) -> int:
    """Run the bench ``runs`` times on each tree, alternating, with the arguments ``argv``;
    print every run's figures and the comparison."""
    current = HERE.parents[1]
    trees = {"baseline": baseline.resolve(), "current": current}
    for name, tree in trees.items():
        if not (tree / ".venv" / "bin" / "python").exists():
            raise SystemExit(f"{name} tree {tree} has no .venv (python -m venv .venv; pip install -e .)")
    results: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    out = Path(tempfile.mkdtemp(prefix="respons-compare-"))
    for n in range(runs):
        for name in ("baseline", "current") if n % 2 == 0 else ("current", "baseline"):
            tree = trees[name]
            path = out / f"{name}-{n}.json"
            print(f"\n=== run {n + 1}/{runs}: {name} ({tree}) ===", flush=True)
            # The tree's packages first, whatever the directory the bench was started from.
            env = dict(os.environ, BENCH_ROOT=str(tree), PYTHONPATH=str(tree))
            command = [str(tree / ".venv" / "bin" / "python"), str(HERE.parent / "bench_online.py")]
            subprocess.run([*command, *argv, "--json", str(path)], env=env, cwd=tree, check=True)
            results[name].append(json.loads(path.read_text()))
    print(f"\nBack to back: {runs} runs each, alternating (figures: mean of the runs)")
    width = max(len(label) for _key, label in FIGURES)
    print(f"{'':<{width}}  {'baseline':>12}  {'current':>12}  {'cur/base':>8}")
    for key, label in FIGURES:
        values = {name: [r[key] for r in rs if r.get(key) is not None] for name, rs in results.items()}
        if not values["baseline"] or not values["current"]:
            print(f"{label:<{width}}  {'n/a':>12}  {'n/a':>12}")
            continue
        base, cur = mean(values["baseline"]), mean(values["current"])
        ratio = f"{cur / base:8.2f}" if base else "       -"
        print(f"{label:<{width}}  {base:12.2f}  {cur:12.2f}  {ratio}")
    for name, rs in results.items():
        for key in ("server_cpu_ms", "p95_ms"):
            print(f"  {name} {key} per run: " + ", ".join(f"{r[key]:.1f}" for r in rs))
    print(f"(each run's figures: {out})")
    return 0


def strip_compare_args(argv: list[str]) -> list[str]:
    """``argv`` without ``--baseline PATH`` and ``--runs N`` (the children run one tree each)."""
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--baseline", "--runs"):
            skip = True
            continue
        if arg.startswith(("--baseline=", "--runs=")):
            continue
        kept.append(arg)
    return kept


if __name__ == "__main__":
    sys.exit("run bench/bench_online.py --baseline PATH")

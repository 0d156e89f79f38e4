"""Execution statistics of the crew's cmds (seed 000 ``stats.sh``): per role
the number of recorded runs, their mean duration and how they ended, read
from the hooks' records (:mod:`statefiles.crew.ledger`), never from the
execution_log.yaml views. Used for the wave ETA (seed 000 "Wave進捗メッセージ
の ETA 計算") and by ``stats.py``.
"""

from __future__ import annotations


#: Seed 000's fallback estimates, seconds per task of a persona, when fewer
from statefiles.crew import ledger
#: than ten runs are recorded.
FALLBACK_SECONDS = {"researcher": 60, "writer": 90, "coder": 120, "reviewer": 45}


def collect(root: str) -> dict:
    """``{"cmds": N, "roles": {role: {"runs", "mean_sec", "success", "partial",
    "failure", "timeout", "retries"}}}`` over every recorded cmd (runs are
    finished entries with a duration)."""
    roles: dict = {}
    cmds = ledger.known(root)
    for cmd in cmds:
        st = ledger.state(root, cmd)
        for entry in st.entries.values():
            row = roles.setdefault(entry.role, {"runs": 0, "mean_sec": None, "success": 0,
                                                "partial": 0, "failure": 0, "timeout": 0,
                                                "retries": 0, "_total": 0})
            row["retries"] += entry.retries
            if entry.duration_sec is None:
                continue
            row["runs"] += 1
            row["_total"] += entry.duration_sec
            if entry.status in ("success", "partial", "failure", "timeout"):
                row[entry.status] += 1
    for row in roles.values():
        total = row.pop("_total")
        row["mean_sec"] = round(total / row["runs"], 1) if row["runs"] else None
    return {"cmds": len(cmds), "roles": dict(sorted(roles.items()))}


def persona_means(root: str, minimum: int = 10) -> dict:
    """``{persona: mean seconds}`` for the worker personas with at least
    ``minimum`` recorded runs."""
    out = {}
    for role, row in collect(root)["roles"].items():
        if role in FALLBACK_SECONDS and row["runs"] >= minimum and row["mean_sec"] is not None:
            out[role] = row["mean_sec"]
    return out


def rounded(seconds: float) -> str:
    """Seed 000's rounding: under 90 s "~1 min", 90–150 s "~2 min", above
    that the nearest whole minute."""
    if seconds < 90:
        return "~1 min"
    if seconds <= 150:
        return "~2 min"
    return f"~{int(seconds / 60 + 0.5)} min"

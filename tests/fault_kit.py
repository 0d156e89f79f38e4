"""Fault injection for the workflow's state machine: run one hook (or the
post-loop handler) in a subprocess that SIGKILLs itself at its N-th file
operation, before it or inside it (half of a write's bytes written).

The fault points are the process's ``os.write``, ``os.replace``,
``os.rename`` and ``os.unlink`` calls: every state write
(``statefiles.atomic.write_atomic``: temporary file, then rename), every
JSON-lines append, every move of the archive and every marker removal goes
through them. ``python tests/fault_kit.py <action> <root> <kill_at> <mode>``
prints the number of fault points it met when it was not killed.

Actions:
    post_tool_use  the PostToolUse of an Edit of the active progress.json
                   (archive-playbook runs the archive engine)
    critic_stop    the critic's SubagentStop with ``CRITIC: PASS playbook``
                   (critic-ledger records and applies it, then archives)
    handler        the post-loop handler (``skills/post-loop/handler.py``)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

SUITE = Path(__file__).resolve().parent.parent
ACTIONS = ("post_tool_use", "critic_stop", "handler")


def _arm(kill_at: int, mode: str) -> dict:
    """Patch the file operations of this process to count, and to SIGKILL it
    at the ``kill_at``-th (``mode`` "before" it, or "inside" a write after
    half of its bytes)."""
    seen = {"n": 0}
    real = {name: getattr(os, name) for name in ("write", "replace", "rename", "unlink")}

    def point(name):
        def wrapped(*args, **kw):
            seen["n"] += 1
            if seen["n"] == kill_at:
                if mode == "inside" and name == "write" and len(args[1]) > 1:
                    data = bytes(args[1])
                    real["write"](args[0], data[:len(data) // 2])
                os.kill(os.getpid(), signal.SIGKILL)
            return real[name](*args, **kw)
        return wrapped

    for name in real:
        setattr(os, name, point(name))
    return seen


def _payload(root: str, event: str, **fields) -> bytes:
    base = {"session_id": "s-fault", "transcript_path": f"{root}/t.jsonl", "cwd": root,
            "hook_event_name": event}
    base.update(fields)
    return json.dumps(base).encode()


def main(argv) -> int:
    action, root, kill_at, mode = argv[0], argv[1], int(argv[2]), argv[3]
    sys.path.insert(0, str(SUITE))
    os.chdir(root)
    env = {"HOME": os.environ.get("HOME", "/root"), "CLAUDE_PROJECT_DIR": root}
    if action == "handler":
        sys.argv = [str(SUITE / "skills/post-loop/handler.py")]
        os.environ["CLAUDE_PROJECT_DIR"] = root
        import runpy

        seen = _arm(kill_at, mode)
        try:
            runpy.run_path(sys.argv[0], run_name="__main__")
        except SystemExit:
            pass
        print(f"POINTS {seen['n']}")
        return 0
    from events.runtime import evaluate

    if action == "post_tool_use":
        progress = f"{root}/play/demo/progress.json"
        data = _payload(root, "PostToolUse", tool_name="Edit", tool_use_id="t1",
                        permission_mode="default",
                        tool_input={"file_path": progress, "old_string": "x",
                                    "new_string": "y"},
                        tool_response={"filePath": progress, "success": True})
        event = "PostToolUse"
    else:
        data = _payload(root, "SubagentStop", agent_id="a-critic", agent_type="critic",
                        stop_hook_active=False,
                        last_assistant_message="All criteria met.\n\nCRITIC: PASS playbook")
        event = "SubagentStop"
    seen = _arm(kill_at, mode)
    evaluate(event, data, env=env, root=root)
    print(f"POINTS {seen['n']}")
    return 0


def run(action: str, root, kill_at: int = -1, mode: str = "before") -> tuple:
    """Run ``action`` in a process of its own (:mod:`forkrun`); ``(killed, points)``: whether it was
    SIGKILLed, and the number of fault points met when it was not."""
    import forkrun  # a fresh process's run, forked from a warm one

    proc = forkrun.run(__file__, [action, root, kill_at, mode], text=True, timeout=120,
                       cwd=root, env=dict(os.environ, CLAUDE_PROJECT_DIR=str(root)))
    killed = proc.returncode == -signal.SIGKILL
    points = None
    for line in proc.stdout.splitlines():
        if line.startswith("POINTS "):
            points = int(line.split()[1])
    if not killed and points is None:
        raise AssertionError(f"{action} failed: {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return killed, points


def handler(root) -> subprocess.CompletedProcess:
    """The post-loop handler as Claude runs it (the one recovery step): its
    script run as ``__main__`` in a process of its own (forked from a warm
    one, :mod:`forkrun`)."""
    import forkrun

    return forkrun.run(SUITE / "skills/post-loop/handler.py", text=True, timeout=120,
                       cwd=root, env=dict(os.environ, CLAUDE_PROJECT_DIR=str(root)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

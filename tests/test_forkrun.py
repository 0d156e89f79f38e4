"""tests/forkrun.py answers like ``subprocess.run([sys.executable, script])``:
the same exit codes, streams, environment, working directory and
``sys.path``, and a timeout that raises."""

from __future__ import annotations

import os
import subprocess
import sys

import forkrun
import pytest

SCRIPT = r'''
import json, os, sys
mode = sys.argv[1]
if mode == "echo":
    data = sys.stdin.buffer.read()
    sys.stdout.write(json.dumps({"argv": sys.argv[1:], "cwd": os.getcwd(), "stdin": data.decode(),
                                 "env": os.environ.get("FORKRUN_PROBE"),
                                 "path0": sys.path[0], "name": __name__}))
    sys.stderr.write("to stderr\n")
elif mode == "exit":
    sys.exit(int(sys.argv[2]))
elif mode == "raise":
    raise RuntimeError("boom")
elif mode == "kill":
    print("before", flush=True)
    os.kill(os.getpid(), 9)
elif mode == "sleep":
    import time
    time.sleep(30)
elif mode == "unflushed":
    sys.stdout.write("buffered")
    import atexit
    atexit.register(lambda: sys.stderr.write("atexit ran\n"))
'''


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "probe" / "script.py"
    path.parent.mkdir()
    path.write_text(SCRIPT)
    return path


def both(script, *args, **kw):
    env = dict(os.environ, FORKRUN_PROBE="yes")
    real = subprocess.run([sys.executable, str(script), *args], capture_output=True, env=env,
                          timeout=30, check=False, **kw)
    forked = forkrun.run(script, args, env=env, timeout=30, **kw)
    return real, forked


@pytest.mark.parametrize("args", [("echo", "x y"), ("exit", "0"), ("exit", "3"), ("raise",),
                                  ("kill",), ("unflushed",)])
def test_answers_like_a_fresh_interpreter(script, tmp_path, args):
    real, forked = both(script, *args, input=b"in put", cwd=str(tmp_path))
    assert forked.returncode == real.returncode
    assert forked.stdout == real.stdout
    if args[0] == "raise":
        assert forked.stderr.splitlines()[-1] == real.stderr.splitlines()[-1] == (
            b"RuntimeError: boom")
    else:
        assert forked.stderr == real.stderr


def test_the_echo_sees_its_own_process(script, tmp_path):
    import json

    _, forked = both(script, "echo", input=b"abc", cwd=str(tmp_path))
    seen = json.loads(forked.stdout)
    assert seen == {"argv": ["echo"], "cwd": str(tmp_path), "stdin": "abc", "env": "yes",
                    "path0": str(script.parent), "name": "__main__"}


def test_a_timeout_raises_and_the_next_run_works(script):
    with pytest.raises(subprocess.TimeoutExpired):
        forkrun.run(script, ["sleep"], timeout=0.5)
    assert forkrun.run(script, ["exit", "4"]).returncode == 4

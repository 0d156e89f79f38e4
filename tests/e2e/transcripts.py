"""Real Claude Code session transcripts, recorded on demand.

``playgate replay <transcript.jsonl>`` re-runs the tool calls of a session
transcript through the hooks. This module produces such a transcript with the
pinned CLI: one headless session in a sandbox (default permission mode, the
suite installed) whose scripted model makes a representative mix of calls —
one refused by init-guard, reads, allowed writes and edits, read-only and
mutating Bash, a call that needs a permission dialog, a subagent with its own
calls — and records what actually happened to each.

    from tests.e2e.transcripts import record
    rec = record(Path("out"))          # needs the CLI (see harness.claude_executable)
    rec.transcript                     # out/session.jsonl
    rec.expected                       # {tool_use_id: {...}}, also out/expected.json

or from a shell: ``python -m tests.e2e.transcripts out/``.

Files written to ``dest``:

* ``session.jsonl`` — the main transcript, byte for byte as Claude Code wrote
  it under ``$HOME/.claude/projects/<sanitised cwd>/<session_id>.jsonl``;
* ``subagents/agent-<id>.jsonl`` (+ ``.meta.json``) — the subagents'
  transcripts, which Claude Code 2.1.329 keeps beside it in
  ``<session_id>/subagents/``;
* ``expected.json`` — ``{"session_id", "cwd", "claude_code_version", "calls":
  [{"tool_use_id", "lane", "tool", "input", "outcome", "guard", "text"}]}``
  where ``outcome`` is ``"blocked"`` (a PreToolUse hook refused it; ``guard``
  names the playgate guard), ``"denied"`` (the permission dialog nobody
  answers in ``-p``), ``"error"`` (the tool itself failed) or ``"ran"``.

The sandbox (``rec.box``) is kept so that a replay can run against the same
repository (``rec.box.repo``, which is the transcript's ``cwd``); pass
``keep=False`` to delete it, or call ``rec.cleanup()``.

Every command in the script is harmless if the gate failed: writes inside the
sandbox, ``git`` in the sandbox, a push to a local bare repository.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from .fakeapi import FakeAPI, Script, tool_use
from .harness import PINNED_VERSION, Run, Sandbox, claude_executable, git
from .workflow import BRANCH, bash, ready, write

_GUARD = re.compile(r"\[playgate:([a-z0-9 -]+)\]")


def sample_script(box: Sandbox) -> Script:
    """The scripted session :func:`record` runs in ``box``."""
    app = str(box.path("src/app.py"))
    return Script(
        main=[
            write(box, "src/app.py", "print('hi')\n"),            # 0 blocked: init-guard
            *ready(box),                                           # 1-3 Read
            bash("git status --short"),                            # 4 read-only Bash
            write(box, "src/app.py", "print('hi')\n"),            # 5 Write
            tool_use("Edit", {"file_path": app, "old_string": "hi",
                              "new_string": "hello", "replace_all": False}),   # 6 Edit
            bash("python3 scripts/x.py"),                          # 7 permission dialog
            bash(f"git push origin {BRANCH}"),                     # 8 permission dialog
            bash("mkdir -p src/pkg && touch src/pkg/__init__.py"),  # 9 mutating Bash
            tool_use("Agent", {"description": "list the sources",
                               "prompt": "List src/ and add a note [[lane:sub]]",
                               "subagent_type": "general-purpose"}),            # 10
            "Waiting for the agent.",
            "Done.",
        ],
        sub=[bash("ls src"), write(box, "src/notes.txt", "listed\n"), "Listed."],
    )


class Recording:
    """The result of :func:`record` (see the module docstring for the files)."""

    def __init__(self, dest: Path, box: Sandbox, run: Run, expected: dict) -> None:
        self.dest = dest
        self.box = box
        self.run = run
        self.expected = expected
        self.transcript = dest / "session.jsonl"
        self.subagent_transcripts = sorted((dest / "subagents").glob("agent-*.jsonl"))

    def cleanup(self) -> None:
        """Delete the sandbox (the files in ``dest`` stay)."""
        shutil.rmtree(self.box.root, ignore_errors=True)


def outcomes(run: Run) -> list:
    """What happened to every tool call of every lane of ``run``, in script
    order: ``[{"tool_use_id", "lane", "tool", "input", "outcome", "guard",
    "text"}]`` (see the module docstring)."""
    denied = set(run.permission_denials)
    calls = []
    for lane in run.script.lanes:
        results = run.tool_results(lane)
        for index in range(len(run.script.lanes[lane])):
            for block in run.script.turn(lane, index):
                if block["type"] != "tool_use":
                    continue
                result = results.get(block["id"])
                if result is None:
                    continue  # the session ended before this call
                text = result["text"]
                guard = None
                if "hook error" in text.split("\n", 1)[0] and text.startswith("PreToolUse:"):
                    outcome = "blocked"
                    found = _GUARD.search(text)
                    guard = found.group(1) if found else None
                elif block["id"] in denied:
                    outcome = "denied"
                elif result["is_error"]:
                    outcome = "error"
                else:
                    outcome = "ran"
                calls.append({"tool_use_id": block["id"], "lane": lane, "tool": block["name"],
                              "input": block["input"], "outcome": outcome, "guard": guard,
                              "text": text[:2000]})
    return calls


def record(dest: Path, *, claude: Path | None = None, api: FakeAPI | None = None,
           keep: bool = True, timeout: float = 120) -> Recording:
    """Run :func:`sample_script` through the real CLI and write the
    transcript files into ``dest`` (created; existing files are replaced).

    ``claude``: the CLI (default :func:`harness.claude_executable`); raises
    ``RuntimeError`` when none is installed. ``api``: a running
    :class:`FakeAPI` to share (default: a private one for this call).
    """
    exe = claude or claude_executable()
    if exe is None:
        raise RuntimeError("no Claude Code CLI installed (run .ci/run or set "
                           "PLAYGATE_E2E_CLAUDE)")
    dest = Path(dest)
    box = Sandbox.prepared(claude=exe)
    try:
        remote = box.root / "remote.git"
        git(box.root, "init", "-q", "--bare", str(remote))
        git(box.repo, "remote", "add", "origin", str(remote))
        own_api = api is None
        api = api or FakeAPI().start()
        try:
            run = box.run(api, "Implement src/app.py as the playbook says.", sample_script(box),
                          permission_mode=None, timeout=timeout)
        finally:
            if own_api:
                api.stop()
        if run.code != 0:
            raise RuntimeError(f"the recording session failed:\n{run.describe()}")
        main = run.transcript
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(main, dest / "session.jsonl")
        subagents = main.with_suffix("") / "subagents"
        if (dest / "subagents").exists():
            shutil.rmtree(dest / "subagents")
        if subagents.is_dir():
            shutil.copytree(subagents, dest / "subagents")
        expected = {"session_id": run.session_id, "cwd": str(box.repo),
                    "claude_code_version": run.init.get("claude_code_version") or PINNED_VERSION,
                    "calls": outcomes(run)}
        (dest / "expected.json").write_text(json.dumps(expected, indent=2) + "\n")
    except BaseException:
        shutil.rmtree(box.root, ignore_errors=True)
        raise
    recording = Recording(dest, box, run, expected)
    if not keep:
        recording.cleanup()
    return recording


def main(argv=None) -> int:
    """``python -m tests.e2e.transcripts DEST [--keep]``: record into DEST and
    print the paths."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path)
    parser.add_argument("--keep", action="store_true",
                        help="keep the sandbox repository (the transcript's cwd)")
    args = parser.parse_args(argv)
    try:
        rec = record(args.dest, keep=args.keep)
    except RuntimeError as exc:
        print(f"error: {exc}")
        return 2
    print(f"transcript: {rec.transcript}")
    for sub in rec.subagent_transcripts:
        print(f"subagent:   {sub}")
    print(f"expected:   {rec.dest / 'expected.json'}")
    if args.keep:
        print(f"sandbox:    {rec.box.repo}")
    for call in rec.expected["calls"]:
        print(f"  {call['lane']:>4} {call['tool']:<6} {call['outcome']:<8} "
              f"{call['guard'] or ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

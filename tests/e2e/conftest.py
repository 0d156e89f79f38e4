"""Fixtures for the end-to-end tests (the real Claude Code CLI against the
fake Messages API).

* ``claude_cli`` (session): the CLI executable. When none is installed, or
  ``.ci/run`` could not reach the npm registry (``PLAYGATE_E2E_SKIP`` holds
  the reason), every test that needs it is *skipped* with a loud reason, and
  the terminal summary repeats it in a banner: never silently passed.
* ``api`` (session): one :class:`FakeAPI` for the whole run; sessions are
  told apart by their API key.
* ``make_box``: a factory of sandboxes (temp git repo + HOME + TMPDIR) with
  the suite installed, the workspace trusted, and optionally an active
  playbook; ``box`` is the common case (branch ``feat/e2e``, reviewed
  playbook).
* ``real_transcript`` (session): a real session transcript recorded by
  :mod:`transcripts` (for ``playgate replay``).
* ``compacted`` (session): one session compacted by ``claude -p --resume
  <id> /compact``, read by the compaction tests of several files.

Sandboxes live under a short temp directory (``/tmp/pge2e-*``): Claude Code
puts a Unix socket under ``$TMPDIR``, and socket paths are limited to 107
bytes. ``PLAYGATE_E2E_KEEP=1`` keeps them for inspection.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .fakeapi import FakeAPI
from .harness import PINNED_VERSION, Sandbox, claude_executable, claude_version
from .workflow import BRANCH

_SKIPPED = []


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "e2e: runs the real Claude Code CLI (tests/e2e)")


@pytest.fixture(scope="session")
def claude_cli() -> Path:
    """The Claude Code CLI under test (skips loudly when unavailable)."""
    reason = os.environ.get("PLAYGATE_E2E_SKIP")
    if reason:
        _SKIPPED.append(reason)
        pytest.skip(f"E2E SKIPPED: {reason}")
    exe = claude_executable()
    if exe is None:
        reason = (f"Claude Code CLI not installed. `.ci/run` installs "
                  f"@anthropic-ai/claude-code@{PINNED_VERSION} into .cache/claude-code/; "
                  "or point PLAYGATE_E2E_CLAUDE at a `claude` executable")
        _SKIPPED.append(reason)
        pytest.skip(f"E2E SKIPPED: {reason}")
    version = claude_version(exe)
    if not os.environ.get("PLAYGATE_E2E_CLAUDE") and version != PINNED_VERSION:
        pytest.fail(f"{exe} is Claude Code {version!r}, the suite pins {PINNED_VERSION}; "
                    "delete .cache/claude-code and rerun .ci/run")
    return exe


def pytest_unconfigure(config) -> None:
    # After pytest's own summary line, so that the banner is the last thing
    # on the screen.
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if _SKIPPED and reporter is not None:
        bar = "!" * 78
        reporter.write_line(bar, red=True, bold=True)
        reporter.write_line("END-TO-END TESTS WERE SKIPPED, NOT PASSED:", red=True, bold=True)
        reporter.write_line(f"  {_SKIPPED[0]}", red=True)
        reporter.write_line(bar, red=True, bold=True)


@pytest.fixture(scope="session")
def api():
    with FakeAPI() as fake:
        yield fake


@pytest.fixture
def make_box(claude_cli, request):
    """``make_box(branch="feat/e2e", playbook=True|False|dict, trusted=True,
    record=False)`` → a :class:`Sandbox` with the suite installed and committed.

    ``record``: install the hooks behind a :class:`Recorder` (``box.recorder``)
    that logs every hook call Claude Code makes.

    ``playbook``: ``True`` → a reviewed playbook (workflow.write_playbook
    defaults); a dict → keyword arguments for ``write_playbook``; ``False`` →
    none (state.md as install.py wrote it).
    """
    made = []

    def factory(branch: str = BRANCH, playbook=True, trusted: bool = True,
                record: bool = False) -> Sandbox:
        box = Sandbox.prepared(branch=branch, playbook=playbook, trusted=trusted, record=record,
                               claude=claude_cli)
        made.append(box.root)
        return box

    yield factory
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        for root in made:
            shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def real_transcript(claude_cli, api, tmp_path_factory):
    """A :class:`transcripts.Recording` of one real session (recorded once
    per test run): ``.transcript`` (session.jsonl), ``.subagent_transcripts``,
    ``.expected`` (what happened to each tool call) and ``.box`` (the sandbox
    repository, the transcript's ``cwd``). For ``playgate replay``."""
    from .transcripts import record

    rec = record(tmp_path_factory.mktemp("transcript"), claude=claude_cli, api=api)
    yield rec
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        rec.cleanup()


@pytest.fixture(scope="session")
def compacted(claude_cli, api):
    """``(box, first, run)``: ``first`` reads state.md and the plan in a
    :class:`Sandbox` whose hooks are behind a recorder, then ``run`` is
    ``claude -p --resume <first's session> /compact`` in it; the recorder is
    cleared in between (``box.recorder.calls()`` is the compaction's). One
    pair of sessions for every test that looks at a headless compaction."""
    from .fakeapi import Script
    from .workflow import ready

    box = Sandbox.prepared(record=True, claude=claude_cli)
    first = box.run(api, "read the state", Script(main=[*ready(box), "I read them."]))
    run = None
    if first.code == 0:  # each test asserts it first
        box.recorder.clear()
        run = box.run(api, "/compact", Script(), args=["--resume", first.session_id])
    yield box, first, run
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


@pytest.fixture
def box(make_box) -> Sandbox:
    """Branch ``feat/e2e``, suite installed, reviewed active playbook, trusted."""
    return make_box()

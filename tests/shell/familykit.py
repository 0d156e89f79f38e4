"""What every command family's test file (``tests/shell/test_family_*.py``)
checks, for its ``BLOCK`` and ``ALLOW`` tables:

* through :func:`shell.analyse` (all rows): a block row has a destructive
  finding of the expected kind, produced by the expected command family
  (``Finding.command_family``; the file's family unless the row names
  another, e.g. ``sudo rm -rf /`` is the files family's finding seen
  through a wrapper), or is unknown (kind ``"unknown"``); an allow row has
  neither;
* through bash-check in process (all rows, ``events.runtime.evaluate`` in a
  workspace with an active reviewed playbook, tests/bashenv.py): block rows
  are refused (exit 2) or, when the finding's command family asks by
  default (:mod:`shell.severity`), answered with
  ``permissionDecision: "ask"``; allow rows pass; the permission gate never
  approves a block row (SPEC §5);
* through the installed PreToolUse hook run as Claude Code runs it (a
  sample of each table, or every row with ``through_hook="all"``; one
  subprocess per command), with the same expectations.

Rows: ``BLOCK = [(command, kind) | (command, kind, command_family)]``,
``ALLOW = [command]``. Commands are data: nothing is ever executed.
"""

from __future__ import annotations

import json
import os

import pytest
from bashenv import make_workspace

import shell
from shell import severity

HOME = "/home/tester"
#: The repository under test (units that need its files, e.g. ``mv tests /tmp``).
REPO = os.path.realpath(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def workspace_fixture():
    """The ``family_ws`` fixture of one family file: a workspace with the
    suite installed and an active playbook, shared by the file's tests."""

    @pytest.fixture(scope="module")
    def family_ws(tmp_path_factory):
        return make_workspace(tmp_path_factory.mktemp("family"))

    return family_ws


def rows(block: list) -> list:
    """Block rows as ``(command, kind, command_family or None)``."""
    return [(r[0], r[1], r[2] if len(r) > 2 else None) for r in block]


def ids(table: list) -> list:
    """Short test ids for a table's rows."""
    out = []
    for r in table:
        command = r if isinstance(r, str) else r[0]
        out.append(command.replace("\n", "\\n")[:50])
    return out


def A(command: str, cwd: str | None = None):
    """The analysis of ``command`` in this repository (``cwd``: its root)."""
    return shell.analyse(command, root=REPO, cwd=cwd or REPO, home=HOME)


def assert_writes(command: str, how: str, rel: str) -> None:
    """``command`` writes ``rel`` (relative to the repository), by ``how``."""
    a = A(command)
    assert any(w.how == how and w.rel == rel for w in a.writes), (command, a.writes)


def analyse(ws, command: str):
    """The analysis of ``command`` in the workspace (cwd: its root)."""
    return shell.analyse(command, root=str(ws.root), cwd=str(ws.root), home=HOME)


def assert_flagged(ws, family: str, command: str, kind: str, command_family) -> None:
    """``command`` is destructive (``kind``, by ``command_family`` or the file's
    ``family``) or unknown (``kind == "unknown"``)."""
    a = analyse(ws, command)
    if kind == "unknown":
        assert a.unknown and a.reasons, (command, a)
        return
    found = [(f.kind, f.command_family) for f in a.destructive]
    assert (kind, command_family or family) in found, (command, found, a.reasons)


def assert_not_flagged(ws, command: str) -> None:
    """``command`` is fully understood and destroys nothing."""
    a = analyse(ws, command)
    assert not a.destructive and not a.unknown, (command, a.destructive, a.reasons)


def bash_check(ws, command: str) -> tuple:
    """``(exit code, stderr)`` of the PreToolUse chain in process."""
    code, err, _out = ws.decide(command)
    return code, err


def decision(code: int, out: str) -> str:
    """``"deny"``, ``"ask"`` or ``"allow"`` for a PreToolUse answer in exit-code
    form (``code``, ``stdout``)."""
    if code == 2:
        return "deny"
    if code == 0 and out.strip():
        answer = (json.loads(out).get("hookSpecificOutput") or {}).get("permissionDecision")
        if answer in ("deny", "ask"):
            return answer
    return "allow" if code == 0 else f"exit {code}"


def expected(family: str, kind: str, command_family) -> str:
    """What PreToolUse answers a block row with under the default levels:
    ``"ask"`` when the finding's command family asks (:mod:`shell.severity`),
    else ``"deny"``."""
    if kind == "unknown":
        return "deny"
    level = severity.level(command_family or family)
    return "ask" if level == severity.ASK else "deny"


def approved(ws, command: str) -> bool:
    """The permission gate answers allow for ``command`` (in process)."""
    from events.runtime import evaluate

    payload = ws.payload("PermissionRequest", tool_name="Bash", tool_input={"command": command})
    _code, out, _err, _outcome = evaluate("PermissionRequest", json.dumps(payload).encode(),
                                          env=ws.env(), root=str(ws.root), apply=False)
    if not out.strip():
        return False
    decision = (json.loads(out).get("hookSpecificOutput") or {}).get("decision") or {}
    return decision.get("behavior") == "allow"


def assert_blocked(ws, command: str, want: str = "deny") -> None:
    """bash-check stops ``command`` with a message (``want``: ``"deny"``, an
    exit-2 block; ``"ask"``, the user decides), and the permission gate does
    not approve it."""
    code, err, out = ws.decide(command)
    assert decision(code, out) == want, (command, code, err, out)
    if want == "deny":
        assert err.startswith("[playgate"), (command, err)
    else:
        reason = json.loads(out)["hookSpecificOutput"]["permissionDecisionReason"]
        assert reason.startswith("[playgate:bash-check]"), (command, out)
    assert not approved(ws, command), command


def assert_allowed(ws, command: str) -> None:
    """bash-check lets ``command`` through."""
    code, err = bash_check(ws, command)
    assert code == 0, (command, err)


def sample(table: list, n: int = 3) -> list:
    """Every k-th row of ``table``, at most ``n`` (spread over the table)."""
    step = max(1, len(table) // n)
    return table[::step][:n]


def hook_decision(ws, command: str) -> str:
    """What the installed PreToolUse hook (run as Claude Code runs it)
    answers for ``command``: ``"deny"``, ``"ask"`` or ``"allow"``."""
    result = ws.tool("Bash", {"command": command})
    assert "Traceback" not in result.raw_stderr, result.raw_stderr
    if result.code == 2:
        return "deny"
    return decision(result.exit_code, result.stdout)


def assert_through_hook(ws, family: str, block: list, allow: list) -> None:
    """A sample of both tables through the installed PreToolUse hook command
    (``sh -c``, JSON on stdin): block rows are denied or asked (see
    :func:`expected`), allow rows pass."""
    for command, kind, fam in sample(rows(block)):
        assert hook_decision(ws, command) == expected(family, kind, fam), command
    for command in sample(allow):
        assert hook_decision(ws, command) == "allow", command


def family_tests(family: str, block: list, allow: list, writes: list = (),
                 through_hook: str = "sample") -> dict:
    """The standard tests of one family file, by name, for the file to bind
    (``globals().update(family_tests(...))``; pytest collects them there):
    block and allow rows through the analysis and bash-check, a sample
    through the installed hook, and the family's write forms (``writes``:
    ``(command, how, path relative to the repository)``). They use the
    file's ``family_ws`` fixture (:func:`workspace_fixture`). ``through_hook``:
    ``"sample"`` runs a few rows of each table through the installed hook,
    ``"all"`` every row (one parametrized test per row)."""

    @pytest.mark.parametrize("command,kind,command_family", rows(block), ids=ids(block))
    def test_block_analysis(family_ws, command, kind, command_family):
        assert_flagged(family_ws, family, command, kind, command_family)

    @pytest.mark.parametrize("command,kind,command_family", rows(block), ids=ids(block))
    def test_block_bash_check(family_ws, command, kind, command_family):
        assert_blocked(family_ws, command, expected(family, kind, command_family))

    @pytest.mark.parametrize("command", allow, ids=ids(allow))
    def test_allow_analysis(family_ws, command):
        assert_not_flagged(family_ws, command)

    @pytest.mark.parametrize("command", allow, ids=ids(allow))
    def test_allow_bash_check(family_ws, command):
        assert_allowed(family_ws, command)

    tests = [test_block_analysis, test_block_bash_check, test_allow_analysis,
             test_allow_bash_check]
    if through_hook == "all":
        @pytest.mark.parametrize("command,kind,command_family", rows(block), ids=ids(block))
        def test_block_through_the_installed_hook(family_ws, command, kind, command_family):
            assert hook_decision(family_ws, command) == expected(family, kind, command_family)

        @pytest.mark.parametrize("command", allow, ids=ids(allow))
        def test_allow_through_the_installed_hook(family_ws, command):
            assert hook_decision(family_ws, command) == "allow"

        tests += [test_block_through_the_installed_hook, test_allow_through_the_installed_hook]
    else:
        def test_samples_through_the_installed_hook(family_ws):
            assert_through_hook(family_ws, family, block, allow)

        tests.append(test_samples_through_the_installed_hook)
    if writes:
        @pytest.mark.parametrize("command,how,rel", writes, ids=ids(writes))
        def test_write_forms(command, how, rel):
            assert_writes(command, how, rel)

        tests.append(test_write_forms)
    return {t.__name__: t for t in tests}

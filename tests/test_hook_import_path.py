"""The hooks' import path is a wall (hooks/_bootstrap.py): a hook runs outside
Claude Code's sandbox with the user's rights, so it imports only from places
the agent cannot write. A module written beside the suite's packages
(``.claude/yaml.py``, ``.claude/pydantic/__init__.py``) is never imported in
place of a library, and a ``sys.path`` entry inside the project (other than
the hooks' own ``.claude/.venv``) makes the hook fail closed with a message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SUITE = Path(__file__).resolve().parents[1]

#: Third-party modules some hook path imports (PyYAML for a configuration
#: change, the validators, the SQL reader, bashlex) and standard-library
#: names a hook may import lazily.
LIBRARY_NAMES = ("yaml", "pydantic", "jsonschema", "bashlex", "sqlparse", "_yaml",
                 "pydantic_core", "referencing", "json", "re", "subprocess", "shlex")

PLANT = """import os
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), {marker!r}), "w").write("ran")
os._exit(0)
"""


def _plant(claude: Path, name: str, as_package: bool) -> Path:
    marker = f"planted-{name}-ran"
    body = PLANT.format(marker=("../" if as_package else "") + marker)
    if as_package:
        (claude / name).mkdir(exist_ok=True)
        (claude / name / "__init__.py").write_text(body)
    else:
        (claude / f"{name}.py").write_text(body)
    return claude / marker


@pytest.mark.parametrize("as_package", [False, True], ids=["module", "package"])
def test_planted_library_modules_are_never_imported(installed, as_package):
    """Bypass: ``.claude/yaml.py`` written with the Write tool was imported by
    every hook (the suite root sat before site-packages), and one that exits
    0 let every PreToolUse through. Every hook kind still decides."""
    claude = installed.root / ".claude"
    markers = [_plant(claude, name, as_package) for name in LIBRARY_NAMES]
    # a cold permission configuration makes the gate load PyYAML and jsonschema
    for cache in (claude / ".cache").glob("*"):
        if cache.is_file():
            cache.unlink()
    approved = installed.hook("PermissionRequest", tool_name="Bash",
                              tool_input={"command": "git status"})
    assert approved.exit_code == 0
    assert approved.json["hookSpecificOutput"]["decision"]["behavior"] == "allow"
    denied = installed.tool("Bash", {"command": "rm -rf /"})
    assert denied.blocked, denied
    prompt = installed.hook("UserPromptSubmit", prompt="hello")
    assert prompt.exit_code in (0, 2)
    installed.hook("Stop", stop_hook_active=False)
    ran = [m.name for m in markers if m.exists()]
    assert ran == [], f"planted modules ran inside a hook: {ran}"


def _finder_probe(root: Path, names: list) -> dict:
    """``{name: origin or None}`` as a process that set up the hooks' path
    for ``root`` resolves each name."""
    code = (
        "import importlib.util, json, sys\n"
        f"sys.path.insert(0, {str(root / 'hooks')!r})\n"
        "import _bootstrap\n"
        f"_bootstrap.put_on_path({str(root)!r}, ({str(root / 'hooks')!r},))\n"
        "out = {}\n"
        "for n in json.loads(sys.argv[1]):\n"
        "    try:\n"
        "        spec = importlib.util.find_spec(n)\n"
        "    except (ImportError, ValueError):\n"
        "        spec = None\n"
        "    out[n] = spec.origin if spec is not None else None\n"
        f"out['<root on sys.path>'] = {str(root)!r} in sys.path\n"
        "print(json.dumps(out))\n")
    proc = subprocess.run([sys.executable, "-S", "-c", code, json.dumps(names)],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(proc.stdout)


_IDENT = st.from_regex(r"[a-z_][a-z0-9_]{0,12}", fullmatch=True)


@settings(max_examples=15, deadline=None)
@given(names=st.lists(_IDENT, min_size=1, max_size=6, unique=True))
def test_only_the_suite_packages_resolve_in_the_suite_root(installed_template, tmp_path_factory,
                                                           names):
    """Property: whatever module the agent writes into the suite root, a
    top-level import of that name never resolves there, unless it is one of
    the suite's own packages (which resolve nowhere else)."""
    from playgate.suite import PACKAGE_NAMES

    root = tmp_path_factory.mktemp("importroot") / ".claude"
    root.mkdir()
    for package in ("hooks", "playgate"):
        src = installed_template / ".claude" / package
        os.symlink(src, root / package)
    planted = [n for n in names if n not in PACKAGE_NAMES]
    for n in planted:
        (root / f"{n}.py").write_text("raise SystemExit('planted')\n")
    found = _finder_probe(root, planted + ["playgate"])
    assert found.pop("<root on sys.path>") is False
    assert found.pop("playgate").startswith(str(root / "playgate"))
    for n in planted:
        assert found[n] is None or not found[n].startswith(str(root)), (n, found[n])


def test_a_project_directory_on_the_import_path_fails_closed(installed):
    """A ``PYTHONPATH`` (or any ``sys.path`` entry) inside the project is a
    place the agent writes modules into: gating hooks block with a message,
    informational ones stay silent; the hooks' own ``.claude/.venv`` is not
    such a place."""
    (installed.root / "lib").mkdir()
    for value in (str(installed.root / "lib"), ".", str(installed.root)):
        res = installed.hook(
            "PreToolUse", tool_name="Read",
            tool_input={"file_path": str(installed.root / "state.md")},
            env={"PYTHONPATH": value})
        assert res.exit_code == 2, (value, res)
        assert "inside the project" in res.raw_stderr, res.raw_stderr
        quiet = installed.hook("Notification", message="hi", env={"PYTHONPATH": value})
        assert quiet.exit_code == 0 and not quiet.stdout.strip()
    venv = installed.root / ".claude" / ".venv" / "lib"
    venv.mkdir(parents=True)
    res = installed.hook("PreToolUse", tool_name="Read",
                         tool_input={"file_path": str(installed.root / "state.md")},
                         env={"PYTHONPATH": str(venv)})
    assert "inside the project" not in res.raw_stderr, res.raw_stderr


def test_import_problem_reads_symlinks(tmp_path, monkeypatch):
    """A ``sys.path`` entry outside the project that is a symbolic link into
    it is inside it."""
    sys.path.insert(0, str(SUITE / "hooks"))
    try:
        import _bootstrap
    finally:
        sys.path.remove(str(SUITE / "hooks"))
    project = tmp_path / "proj"
    (project / ".claude").mkdir(parents=True)
    (project / "mods").mkdir()
    link = tmp_path / "elsewhere"
    link.symlink_to(project / "mods")
    monkeypatch.setattr(sys, "path", [str(link), "/usr/lib"])
    env = {"CLAUDE_PROJECT_DIR": str(project)}
    assert "inside" in _bootstrap.import_problem(str(project / ".claude"), env)
    monkeypatch.setattr(sys, "path", ["/usr/lib", str(project / ".claude" / ".venv")])
    (project / ".claude" / ".venv").mkdir()
    assert _bootstrap.import_problem(str(project / ".claude"), env) == ""

#!/usr/bin/env python3
"""Install the playgate hook suite into a git repository's ``.claude/``.

    python install.py /path/to/repo                 # install (creates .claude/.venv)
    python install.py --python PATH /path/to/repo   # use an interpreter that has the deps

INTERIM (foundation skeleton): copies the suite, creates state.md and the
playbook templates, writes the hook registrations, compiles the bytecode and
prepares the interpreter. Merging into an existing settings.json, backups,
``--dry-run``, ``--uninstall``, ``--demo``, .gitignore entries and idempotency
reporting are being completed (issue 2).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

#: The suite's Python packages, copied to ``<repo>/.claude/<name>/``. The one
#: list of what the installed suite consists of.
SUITE_PACKAGES = ("hooks", "events", "guards", "statefiles", "shell", "permission")
#: Runtime dependencies installed into ``.claude/.venv`` (pyproject.toml pins
#: the same ranges).
RUNTIME_REQUIREMENTS = ("pydantic>=2.7,<3", "pyyaml>=6.0,<7", "bashlex>=0.18,<0.19",
                        "jsonschema>=4.20,<5")
VENV_PYTHON = '"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python'
SUITE_DIR = '"$CLAUDE_PROJECT_DIR"/.claude'


def _ignore(_dir, names):
    return [n for n in names if n == "__pycache__" or n.endswith((".pyc", ".pyo"))]


def render_settings(python_cmd: str, suite_dir: str) -> dict:
    """settings.template.json with ``{{PYTHON}}``/``{{SUITE}}`` filled in."""
    with open(os.path.join(HERE, "settings.template.json"), encoding="utf-8") as fh:
        text = fh.read()
    python_json = json.dumps(python_cmd)[1:-1]
    suite_json = json.dumps(suite_dir)[1:-1]
    return json.loads(text.replace("{{PYTHON}}", python_json).replace("{{SUITE}}", suite_json))


def _quote(path: str) -> str:
    return '"' + path.replace('"', '\\"') + '"'


def install(repo: str, python: str | None = None) -> None:
    repo = os.path.realpath(repo)
    claude = os.path.join(repo, ".claude")
    os.makedirs(claude, exist_ok=True)
    for pkg in SUITE_PACKAGES:
        dest = os.path.join(claude, pkg)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(os.path.join(HERE, pkg), dest, ignore=_ignore)
    protected = os.path.join(claude, "protected-files.txt")
    if not os.path.exists(protected):
        shutil.copyfile(os.path.join(HERE, "protected-files.txt"), protected)
    state = os.path.join(repo, "state.md")
    if not os.path.exists(state):
        shutil.copyfile(os.path.join(HERE, "templates", "state.md"), state)
    tpl = os.path.join(repo, "play", "template")
    os.makedirs(tpl, exist_ok=True)
    for name in ("plan.json", "progress.json"):
        shutil.copyfile(os.path.join(HERE, "templates", "play", name), os.path.join(tpl, name))
    if python:
        python_cmd = _quote(os.path.abspath(python))
    else:
        venv = os.path.join(claude, ".venv")
        if not os.path.exists(os.path.join(venv, "bin", "python")):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q",
                            *RUNTIME_REQUIREMENTS], check=True)
        python_cmd = VENV_PYTHON
        python = os.path.join(venv, "bin", "python")
    settings = render_settings(python_cmd, SUITE_DIR)
    with open(os.path.join(claude, "settings.json"), "w", encoding="utf-8") as fh:
        json.dump(settings, fh, indent=2)
        fh.write("\n")
    # Hooks start a new interpreter on every tool call; ship the bytecode so
    # that none of them compiles (PYTHONDONTWRITEBYTECODE may be set).
    subprocess.run([python, "-m", "compileall", "-q", *[os.path.join(claude, p)
                                                        for p in SUITE_PACKAGES]],
                   check=True, stdout=subprocess.DEVNULL)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("--python", help="interpreter that already has the runtime dependencies")
    args = parser.parse_args(argv)
    install(args.repo, args.python)
    print(f"installed playgate into {os.path.realpath(args.repo)}/.claude")
    return 0


if __name__ == "__main__":
    sys.exit(main())

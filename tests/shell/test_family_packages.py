"""The packages family (package managers that change an environment; shell/families/packages.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

from familykit import A, family_tests, workspace_fixture

FAMILY = "packages"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("pip install --prefix /usr evil", "system-write"),
    ("pip3 install --root / x", "system-write"),
    ("python3 -m pip install --target /etc x", "system-write", "interpreters"),
]

#: Commands that must stay allowed.
ALLOW = [
    "pip install requests",
    "pip list",
    "pip3 show pyyaml",
    "pip install -r requirements.txt",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))


def test_pip_into_the_suite_environment_writes_it():
    a = A(".claude/.venv/bin/pip uninstall -y bashlex")
    assert any(w.rel == ".claude/.venv" and w.recursive for w in a.writes)
    a = A("pip install --target .claude/hooks evil")
    assert any(w.rel == ".claude/hooks" for w in a.writes)

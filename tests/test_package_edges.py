"""The suite's packages are layers, and every import goes down.

From the top: ``playgate`` (the command line and the installer) → ``hooks``
(the entrypoints Claude Code runs) → ``events`` (one unit per hook event, the
runtime, rendering) → ``guards`` (one module per guard) → ``workflow`` (the
playbook and reward rules several guards share) → ``permission`` (the
permission gate, its configuration) → ``shell`` (the shell analysis) →
``statefiles`` (state files, logs, caches) → ``messages`` (the catalogues).

Every import counts: at module level, inside a function (lazy), under
``TYPE_CHECKING``, and ``__import__``/``import_module`` of a literal or an
f-string naming a suite package. :data:`ALLOWED` lists, for each package, the
packages it may import; anything else fails with the file and line.

Two doors are deliberate, and each is one named set of modules:

* **The guard contract** (:data:`CONTRACT`): a guard is a function of a
  :class:`events.context.Context` returning an ``events.verdict.Verdict``, and
  the guards and the workflow rules that build verdicts import these from
  ``events``. The event layer owns the protocol its guards implement (the
  caller defines the interface, CONTRIBUTING "The guard contract"), and a
  guard author looks for it next to the units that run it. The contract
  modules import nothing else from ``events`` and nothing from ``guards`` or
  ``workflow``: they behave as a layer just below ``workflow`` that lives in
  ``events/``, so the door adds no cycle.
* **Guards by chain name** (:data:`BY_NAME`): an event unit names its guards
  in ``chain(ctx)`` (and ``OUTCOME_GUARDS``); :func:`events.runtime.load_guard`
  is the one place that imports ``guards.<name>``. No other module of
  ``events`` (and nothing in ``playgate``) imports a guard module.
"""

from __future__ import annotations

import ast
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: The layers, top to bottom.
ORDER = ("playgate", "hooks", "events", "guards", "workflow", "permission", "shell",
         "statefiles", "messages")

#: Package → the packages its modules may import. Every edge goes down
#: :data:`ORDER`; some layers are narrower than "everything below".
ALLOWED = {
    "playgate": {"hooks", "events", "workflow", "permission", "shell", "statefiles", "messages"},
    "hooks": {"events", "statefiles"},
    "events": {"workflow", "permission", "shell", "statefiles", "messages"},
    "guards": {"workflow", "permission", "shell", "statefiles", "messages"},
    "workflow": {"permission", "shell", "statefiles", "messages"},
    "permission": {"shell", "statefiles", "messages"},
    "shell": {"statefiles", "messages"},
    "statefiles": {"messages"},
    "messages": set(),
}

#: The guard contract: the modules of ``events`` that ``guards`` and
#: ``workflow`` may import (the one upward door; see the module docstring).
CONTRACT = frozenset({
    "events.context",   # Context: the hook input plus lazily loaded state
    "events.verdict",   # Verdict, Effect and their constructors
    "events.inputs",    # HookInput and the tool-name sets a Context exposes
    "events.edits",     # PostEdit: Context.post_edit, loaded on first use
    "events.render",    # Outcome: what an outcome guard receives and returns
})
#: Who may use the contract door.
CONTRACT_USERS = ("guards", "workflow")
#: What the contract modules may import besides each other: the layers below
#: ``workflow`` (so the door never closes a cycle).
CONTRACT_IMPORTS = {"permission", "shell", "statefiles", "messages"}

#: The one module that reaches guards, by chain name (a dynamic import).
BY_NAME = {"events.runtime": {"guards"}}


def _module_name(path: str) -> str:
    name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def _dynamic_target(call: ast.Call) -> str | None:
    """The module named by ``__import__(...)``/``import_module(...)``: a
    literal, or an f-string's literal prefix (``f"guards.{name}"`` →
    ``"guards."``); ``None`` for anything computed otherwise."""
    func = call.func
    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(
        func, ast.Attribute) else None
    if called not in ("__import__", "import_module") or not call.args:
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value)
    return None


def _is_module(dotted: str) -> bool:
    parts = dotted.split(".")
    base = os.path.join(ROOT, *parts)
    return os.path.isfile(base + ".py") or os.path.isdir(base)


def imports_of(path: str, source: str | None = None) -> list:
    """``[(line, imported module name, dynamic)]`` for every import in the
    file: module level, in functions, under ``TYPE_CHECKING``, and literal
    dynamic imports. Relative imports are resolved against the module;
    ``from events import verdict`` imports ``events.verdict``, ``from
    events.verdict import block`` imports ``events.verdict``."""
    if source is None:
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
    name = _module_name(path)
    package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, False) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package
                for _ in range(node.level - 1):
                    pkg = pkg.rsplit(".", 1)[0]
                base = pkg + ("." + base if base else "")
            out += sorted({(node.lineno, f"{base}.{a.name}" if _is_module(f"{base}.{a.name}")
                            else base, False) for a in node.names})
        elif isinstance(node, ast.Call):
            target = _dynamic_target(node)
            if target is not None:
                out.append((node.lineno, target, True))
    return out


def _suite_files():
    for package in ORDER:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, package)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in sorted(filenames):
                if f.endswith(".py"):
                    yield package, os.path.join(dirpath, f)


def _in_contract(target: str) -> bool:
    return target in CONTRACT


def violations(files=None) -> list:
    """Every import that breaks the layering, as ``"file:line: what"``."""
    found = []
    for package, path in files if files is not None else _suite_files():
        name = _module_name(path)
        rel = os.path.relpath(path, ROOT)
        for line, target, dynamic in imports_of(path):
            top = target.split(".")[0]
            if top not in ORDER:
                continue
            if not dynamic and not _is_module(target):
                found.append(f"{rel}:{line}: imports {target}, which is no module of the suite "
                             "(moved? see CONTRIBUTING \"The layers\")")
                continue
            if name in CONTRACT:
                if not (_in_contract(target) or top in CONTRACT_IMPORTS):
                    found.append(f"{rel}:{line}: the contract module {name} imports {target} "
                                 "(only the contract and the layers below workflow)")
                continue
            if top == package or top in ALLOWED[package]:
                continue
            if package in CONTRACT_USERS and _in_contract(target):
                continue
            if dynamic and top in BY_NAME.get(name, ()):
                continue
            how = "dynamic import" if dynamic else "import"
            found.append(f"{rel}:{line}: {package} -> {top} ({how} of {target})")
    return found


# --------------------------------------------------------------------- tests


def test_every_import_goes_down_the_layers():
    found = violations()
    assert not found, "imports against the layering (tests/test_package_edges.py):\n" + \
        "\n".join(found)


def test_the_table_only_allows_edges_down_the_order():
    for package, allowed in ALLOWED.items():
        below = set(ORDER[ORDER.index(package) + 1:])
        assert allowed <= below, f"{package} may import {allowed - below}, which is not below it"
    assert set(ALLOWED) == set(ORDER)
    assert CONTRACT_IMPORTS <= set(ORDER[ORDER.index("workflow") + 1:])


def test_the_contract_modules_exist():
    for module in CONTRACT | set(BY_NAME):
        assert os.path.isfile(os.path.join(ROOT, *module.split(".")) + ".py"), module


def test_the_walk_sees_the_suite():
    """Not a vacuous pass: the walk reads every package and finds the
    contract door and the chain-name door in use."""
    files = list(_suite_files())
    assert {package for package, _path in files} == set(ORDER)
    assert len(files) > 150
    runtime = os.path.join(ROOT, "events", "runtime.py")
    assert any(dynamic and target == "guards." for _l, target, dynamic in imports_of(runtime))
    bash_check = os.path.join(ROOT, "guards", "bash_check.py")
    assert any(target == "events.context" for _l, target, _d in imports_of(bash_check))


@pytest.mark.parametrize("package, source, bad", [
    ("statefiles", "from shell import analyse\n", True),
    ("statefiles", "def f():\n    from permission import config  # lazy\n", True),
    ("statefiles", "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from shell.model import X\n",
     True),
    ("statefiles", "import playgate.suite\n", True),
    ("shell", "def f():\n    return __import__(f'permission.{x}')\n", True),
    ("shell", "import importlib\nimportlib.import_module('events.runtime')\n", True),
    ("playgate", "from guards.bash_check import NAME\n", True),
    ("events", "from guards import stop_loop_guard\n", True),
    ("permission", "from events.runtime import evaluate\n", True),
    ("guards", "from events.runtime import run_chain\n", True),
    ("guards", "from events import render, runtime\n", True),
    ("messages", "from statefiles import layout\n", True),
    ("hooks", "from guards import bash_check\n", True),
    ("guards", "from events.context import Context\nfrom events.verdict import block\n", False),
    ("guards", "from events import verdict\n", False),
    ("workflow", "from events.verdict import ALLOWED\n", False),
    ("shell", "from statefiles.record import Record\nfrom messages import Text\n", False),
    ("events", "from permission.levels import level_of\n", False),
    ("playgate", "import shell\nfrom events.runtime import evaluate\n", False),
    ("workflow", "from shell.record import Record\n", True),   # moved to statefiles
    ("guards", "import events.nowhere\n", True),
])
def test_an_import_against_the_layers_is_found(monkeypatch, package, source, bad):
    path = os.path.join(ROOT, package, "_layer_probe.py")
    real = imports_of
    monkeypatch.setattr(sys.modules[__name__], "imports_of",
                        lambda p, s=None: real(p, source if p == path else s))
    found = violations([(package, path)])
    assert bool(found) is bad, found


def test_a_contract_module_that_imports_upward_is_found(monkeypatch):
    path = os.path.join(ROOT, "events", "verdict.py")
    real = imports_of
    monkeypatch.setattr(sys.modules[__name__], "imports_of",
                        lambda p, s=None: real(p, "from workflow import shared\n"
                                               if p == path else s))
    assert violations([("events", path)])


def test_only_the_runtime_reaches_guards_by_name(monkeypatch):
    path = os.path.join(ROOT, "events", "stop.py")
    real = imports_of
    monkeypatch.setattr(sys.modules[__name__], "imports_of",
                        lambda p, s=None: real(p, "__import__(f'guards.{n}')\n"
                                               if p == path else s))
    assert violations([("events", path)])

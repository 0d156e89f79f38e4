"""The guard contract (``events/guard.py``).

Every event unit in ``events/`` is walked: ``chain(ctx)`` for every kind of
tool it can tell apart, and, for units with their own ``run(ctx)``, the guard
modules that ``run`` uses. Every module named must exist under ``guards/``,
have ``NAME`` equal to its module name with ``_`` → ``-``, a bool
``ADVISORY``, and a ``check`` taking one parameter (``apply(ctx, outcome)``
for an outcome guard); no two guards share a ``NAME``. A typo in a chain then
fails here instead of blocking every tool call of a user (a guard that cannot
be imported becomes a BLOCK at run time).

The checker itself is shown to fail on a missing, a misnamed, a duplicated
and a malformed guard (the ``*_is_caught`` tests).
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import sys
import typing
from pathlib import Path

import pytest

from events import runtime
from events.context import Context
from events.guard import Guard, OutcomeGuard, guard_name
from events.inputs import AGENT_TOOLS, EDIT_TOOLS, TOOL_FIELDS, parse
from events.verdict import Verdict

SUITE = Path(__file__).resolve().parents[2]

#: One name per kind of tool a unit could tell apart: every tool the input
#: parser knows, an MCP tool, and one nobody knows.
TOOLS = sorted(set(TOOL_FIELDS) | EDIT_TOOLS | AGENT_TOOLS
               | {"Bash", "Read", "WebFetch", "TodoWrite", "mcp__server__write_file",
                  "SomeFutureTool"})

_SAMPLE = {str: "x", list: [], bool: False, "number": 1}


def _tool_input(tool: str, root: Path) -> dict:
    """A valid ``tool_input`` for ``tool`` (required fields only)."""
    spec = TOOL_FIELDS.get(tool, {})
    out = {name: _SAMPLE[kind] for name, (kind, required) in spec.items() if required}
    for key in ("file_path", "notebook_path"):
        if key in out:
            out[key] = str(root / "src" / "x.py")
    if "command" in out:
        out["command"] = "ls"
    return out


def _context(event: str, tool: str, root: Path) -> Context:
    payload = {"session_id": "s", "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": event, "tool_name": tool,
               "tool_input": _tool_input(tool, root), "prompt": "x", "stop_hook_active": False,
               "source": "startup", "reason": "exit", "trigger": "manual", "message": "m",
               "permission_mode": "default"}
    return Context(parse(event, json.dumps(payload).encode()), root=str(root), env={})


def _run_guards(unit) -> list:
    """Outcome guards a unit's ``run(ctx)`` passes its outcome through: its
    ``OUTCOME_GUARDS``, module names like a chain's (a unit never imports a
    guard module; ``tests/test_package_edges.py`` holds that)."""
    return list(getattr(unit, "OUTCOME_GUARDS", ()))


def walk_chains(root: Path) -> dict:
    """``{module name: {(event, tool or "*", how)}}`` for every guard every
    unit names; ``how`` is ``"chain"`` or ``"run"``."""
    found: dict = {}
    for event, unit_name in runtime.UNITS.items():
        unit = importlib.import_module(f"events.{unit_name}")
        if hasattr(unit, "chain"):
            for tool in TOOLS:
                for name in unit.chain(_context(event, tool, root)):
                    found.setdefault(name, set()).add((event, tool, "chain"))
        if hasattr(unit, "run"):
            for name in _run_guards(unit):
                found.setdefault(name, set()).add((event, "*", "run"))
        assert hasattr(unit, "chain") or hasattr(unit, "run"), f"events.{unit_name}: no chain/run"
    return found


def _one_parameter(func) -> bool:
    try:
        params = list(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return False
    required = [p for p in params if p.default is p.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(required) == 1 and len(params) == 1


def _hints(func) -> dict:
    """The annotations of ``func`` resolved to objects (``{}`` when a name in
    them does not resolve: the module no longer imports it)."""
    try:
        return typing.get_type_hints(func)
    except NameError:
        return {}


def contract_problems(found: dict) -> list:
    """Every way the guards in ``found`` (from :func:`walk_chains`) break the
    contract, one line each; ``[]`` when they all keep it."""
    problems = []
    names: dict = {}
    for module_name in sorted(found):
        where = sorted(found[module_name])[0]
        label = f"guards.{module_name} (named in events {where[0]} for {where[1]})"
        if not module_name.isidentifier():
            problems.append(f"{label}: not a module name")
            continue
        try:
            module = importlib.import_module(f"guards.{module_name}")
        except ImportError as exc:
            problems.append(f"{label}: cannot be imported: {exc}")
            continue
        name = getattr(module, "NAME", None)
        if name != guard_name(module_name):
            problems.append(f"{label}: NAME is {name!r}, must be {guard_name(module_name)!r}")
        if not isinstance(getattr(module, "ADVISORY", None), bool):
            problems.append(f"{label}: ADVISORY must be True or False, "
                            f"not {getattr(module, 'ADVISORY', None)!r}")
        hows = {how for _, _, how in found[module_name]}
        has_check = callable(getattr(module, "check", None)) and _one_parameter(module.check)
        if "chain" in hows and not has_check:
            problems.append(f"{label}: check must be a function of one parameter (ctx)")
        if has_check and _hints(module.check) != {"ctx": Context, "return": Verdict}:
            problems.append(f"{label}: check must be annotated (ctx: Context) -> Verdict, "
                            f"not {_hints(module.check)}")
        if hows == {"run"} and not has_check and not callable(getattr(module, "apply", None)):
            problems.append(f"{label}: used by run(ctx) but has neither check(ctx) nor "
                            "apply(ctx, outcome)")
        if not any(p.startswith(label) for p in problems):
            # What a type checker sees (events.guard), checked at run time too.
            protocol = Guard if has_check else OutcomeGuard
            assert isinstance(module, protocol), f"{label}: does not meet {protocol.__name__}"
        if isinstance(name, str):
            names.setdefault(name, []).append(module_name)
    for name, modules in sorted(names.items()):
        if len(modules) > 1:
            problems.append(f"NAME {name!r} is shared by guards {', '.join(modules)}")
    return problems


@pytest.fixture
def root(tmp_path) -> Path:
    (tmp_path / "src").mkdir()
    return tmp_path


# ------------------------------------------------------------------ the suite


def test_every_guard_in_every_chain_keeps_the_contract(root):
    found = walk_chains(root)
    assert len(found) > 40  # the walk reached the chains (not a vacuous pass)
    assert contract_problems(found) == []


def test_every_module_in_guards_is_a_guard_some_unit_runs(root):
    """guards/ holds guards only, and each of them runs somewhere (a guard no
    chain names is dead code that looks like protection)."""
    found = walk_chains(root)
    modules = {p.stem for p in (SUITE / "guards").glob("*.py") if p.stem != "__init__"}
    assert modules - set(found) == set()
    assert {m for m in modules if m.startswith("_")} == set()



def test_the_walk_sees_each_tool_kind_of_the_pre_tool_use_chain(root):
    found = walk_chains(root)
    assert ("PreToolUse", "Bash", "chain") in found["bash_check"]
    assert ("PreToolUse", "Edit", "chain") in found["protected_edit"]
    assert ("PreToolUse", "mcp__server__write_file", "chain") in found["reward_route_guard"]
    assert ("PostToolUse", "Task", "chain") in found["log_subagent"]
    assert ("Stop", "*", "run") in found["stop_loop_guard"]


def test_rendered_label_is_the_module_name(root):
    """What Claude reads: ``[playgate:<NAME>]``, NAME from the module name."""
    from events import render
    from events.verdict import block

    verdict = block("no")
    verdict.guard = guard_name("guards.prompt_analyzer_gate")
    code, _, err = render.render("PreToolUse", render.Outcome(final=verdict))
    assert code == 2 and err.startswith("[playgate:prompt-analyzer-gate] no")


# ------------------------------------------------- the checker catches breakage


def _with_chain(monkeypatch, names: tuple) -> None:
    from events import pre_tool_use

    monkeypatch.setattr(pre_tool_use, "BASH_CHAIN", pre_tool_use.BASH_CHAIN + names)


def test_a_missing_guard_is_caught(root, monkeypatch):
    _with_chain(monkeypatch, ("bash_chekc",))
    problems = contract_problems(walk_chains(root))
    assert len(problems) == 1 and problems[0].startswith("guards.bash_chekc")
    assert "cannot be imported" in problems[0]


def test_a_misnamed_guard_is_caught(root, monkeypatch):
    from guards import lint

    monkeypatch.setattr(lint, "NAME", "linter")
    problems = contract_problems(walk_chains(root))
    assert problems == ["guards.lint (named in events PreToolUse for Bash): NAME is 'linter', "
                        "must be 'lint'"]


def test_a_duplicated_name_is_caught(root, monkeypatch):
    from guards import coherence

    monkeypatch.setattr(coherence, "NAME", "lint")
    problems = contract_problems(walk_chains(root))
    assert "NAME 'lint' is shared by guards coherence, lint" in problems


@pytest.mark.parametrize("attr, value, expected", [
    ("ADVISORY", None, "ADVISORY must be True or False"),
    ("ADVISORY", "yes", "ADVISORY must be True or False"),
    ("check", None, "check must be a function of one parameter"),
    ("check", lambda ctx, extra: None, "check must be a function of one parameter"),
    ("check", lambda: None, "check must be a function of one parameter"),
    ("check", lambda ctx: None, "check must be annotated (ctx: Context) -> Verdict"),
    ("Context", None, "check must be annotated (ctx: Context) -> Verdict"),
])
def test_a_malformed_guard_is_caught(root, monkeypatch, attr, value, expected):
    from guards import lint

    monkeypatch.setattr(lint, attr, value)
    problems = contract_problems(walk_chains(root))
    assert len(problems) == 1 and expected in problems[0], problems


def test_a_guard_without_advisory_is_caught(root, monkeypatch):
    from guards import lint

    monkeypatch.delattr(lint, "ADVISORY")
    problems = contract_problems(walk_chains(root))
    assert len(problems) == 1 and "ADVISORY must be True or False" in problems[0]


def test_a_name_that_is_no_module_name_is_caught(root, monkeypatch):
    _with_chain(monkeypatch, ("bash-check",))
    problems = contract_problems(walk_chains(root))
    assert problems == ["guards.bash-check (named in events PreToolUse for Bash): "
                        "not a module name"]


def test_a_broken_outcome_guard_is_caught(root, monkeypatch):
    from guards import stop_loop_guard

    monkeypatch.delattr(stop_loop_guard, "apply")
    problems = contract_problems(walk_chains(root))
    assert len(problems) == 1 and "neither check(ctx) nor apply(ctx, outcome)" in problems[0]


def test_guard_modules_import_no_typing_at_run_time():
    """The contract costs nothing at run time: no guard module imports
    events.guard (and with it typing) when it runs."""
    code = ("import sys, importlib, pkgutil, guards\n"
            "for m in pkgutil.iter_modules(guards.__path__):\n"
            "    importlib.import_module('guards.' + m.name)\n"
            "print('events.guard' in sys.modules)\n")
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], cwd=SUITE, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(SUITE)), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"

"""The handler registry and the shape of the command families:
one table, no duplicate names, each
family module declaring its name and its table, lazy loading, the family
recorded on findings, documented and annotated handlers, and the lazy
imports of shell/ each giving its reason."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

import pytest
from familykit import REPO

import shell
from shell import registry

SHELL = os.path.join(REPO, "shell")
FAMILIES = os.path.join(SHELL, "families")
FAMILY_MODULES = sorted(f[:-3] for f in os.listdir(FAMILIES)
                        if f.endswith(".py") and f != "__init__.py")


def _listed(lists) -> dict:
    """module → names, from a registry name list."""
    return {module: names.split() for module, names in lists}


# ------------------------------------------------------------ one table

def test_a_name_listed_twice_is_refused():
    with pytest.raises(ValueError, match="'docker' is listed for both 'infra' and 'cloud'"):
        registry._index((("infra", "kubectl docker"), ("cloud", "aws docker")))


def test_registry_names_are_unique():
    for lists in (registry._COMMANDS_BY_MODULE, registry._GIT_SUBCOMMANDS_BY_MODULE):
        names = [n for _module, text in lists for n in text.split()]
        assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize("module", FAMILY_MODULES)
def test_every_family_module_declares_its_name_and_table(module):
    mod = registry.module(module)
    assert isinstance(mod.FAMILY, str) and mod.FAMILY, module
    tables = [t for t in ("COMMANDS", "SUBCOMMANDS") if hasattr(mod, t)]
    assert tables, f"{module}: no COMMANDS/SUBCOMMANDS table"
    for table in tables:
        for name, function in getattr(mod, table).items():
            assert callable(getattr(mod, function, None)), (module, name, function)


@pytest.mark.parametrize("module", FAMILY_MODULES)
def test_the_registry_lists_exactly_the_module_table(module):
    mod = registry.module(module)
    commands = _listed(registry._COMMANDS_BY_MODULE)
    subcommands = _listed(registry._GIT_SUBCOMMANDS_BY_MODULE)
    if module == registry.FALLBACK:
        assert mod.COMMANDS == {} and module not in commands
        return
    if hasattr(mod, "SUBCOMMANDS"):
        assert sorted(mod.SUBCOMMANDS) == sorted(subcommands[module])
    else:
        assert sorted(mod.COMMANDS) == sorted(commands[module])


def test_the_registry_names_only_existing_modules():
    for lists in (registry._COMMANDS_BY_MODULE, registry._GIT_SUBCOMMANDS_BY_MODULE):
        for module, _names in lists:
            assert module in FAMILY_MODULES, module


def test_family_modules_stay_small():
    for module in FAMILY_MODULES:
        with open(os.path.join(FAMILIES, module + ".py")) as fh:
            assert len(fh.read().splitlines()) <= 500, module


def test_every_family_has_a_test_file():
    here = os.path.dirname(os.path.abspath(__file__))
    for module in FAMILY_MODULES:
        family = registry.module(module).FAMILY
        assert os.path.exists(os.path.join(here, f"test_family_{family}.py")), family


@pytest.mark.parametrize("name,module,function", [
    ("git", "git", "h_git"), ("sudo", "wrappers", "h_sudo"), ("nice", "wrappers", "h_wrapper"),
    ("bash", "shells", "h_shell"), ("python3", "interpreters", "h_python"),
    ("python3.12", "interpreters", "h_python"), ("pypy3", "interpreters", "h_python"),
    ("node", "interpreters", "h_interp"), ("perl5.30", "interpreters", "h_interp"),
    ("mkfs.ext4", "disks", "h_mkfs"), ("rm", "files", "h_rm"), ("gawk", "text", "h_awk"),
    ("docker", "containers", "h_docker"), ("kubectl", "containers", "h_kubectl"),
    ("redis-cli", "databases", "h_redis"), ("aws", "cloud", "h_aws"),
    ("pytest", "unmodelled", "h_generic"), ("cat", "unmodelled", "h_generic"),
])
def test_where_a_command_is_handled(name, module, function):
    handler, family = registry.handler(name)
    assert handler.__module__ == f"shell.families.{module}" and handler.__name__ == function
    assert family == registry.module(module).FAMILY


def test_where_is_printed_for_people():
    line = registry.where("/usr/bin/git")
    assert line.startswith("/usr/bin/git: family 'git', h_git() in shell/families/git.py")


def test_git_subcommands_go_to_their_module():
    handler, family = registry.git_subcommand("push")
    assert handler.__module__ == "shell.families.git_history" and family == "git"
    assert registry.git_subcommand("status") is None


# ------------------------------------------------- the family on findings

@pytest.mark.parametrize("command,kind,family", [
    ("sudo rm -rf /", "rm-recursive", "files"),
    ("env git push --force", "force-push", "git"),
    ("curl -X DELETE https://x", "http-delete", "network"),
    ("echo x > /dev/sda", "disk", "shell"),
    ("eval " * 15 + "ls", "depth-limit", "shell"),
    ("python3 -c 'import shutil; shutil.rmtree(\"/\")'", "rm-recursive", "interpreters"),
    ("terraform destroy", "infra-destroy", "infrastructure"),
])
def test_every_finding_records_the_family_that_produced_it(command, kind, family):
    a = shell.analyse(command, root=REPO, cwd=REPO, home="/home/tester")
    assert (kind, family) in [(f.kind, f.command_family) for f in a.destructive]
    assert all(f.command_family for f in a.destructive + a.carriers)


def test_carriers_record_their_family():
    a = shell.analyse("find . -exec ls {} + && eval ls", root=REPO, cwd=REPO, home="/h")
    assert [(f.kind, f.command_family) for f in a.carriers] == [
        ("find-exec", "fanout"), ("eval", "shells")]


# ---------------------------------------------------------- lazy loading

_IMPORTED = r"""
import sys
sys.path.insert(0, sys.argv[1])
import shell
shell.analyse(sys.argv[2], sys.argv[1])
print(" ".join(sorted(m[len("shell.families."):] for m in sys.modules
                      if m.startswith("shell.families."))))
"""


@pytest.mark.parametrize("command,families", [
    ("git status", "git"),
    ("ls -la", "unmodelled"),
    ("git push --force", "git git_history"),
    ("sudo rm -rf build", "files wrappers"),
])
def test_a_bash_call_imports_only_the_families_it_needs(command, families):
    proc = subprocess.run([sys.executable, "-c", _IMPORTED, REPO, command], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == families.split()


# ------------------------------------------------------ docs and imports

def _python_files():
    for dirpath, dirnames, filenames in os.walk(SHELL):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for f in sorted(filenames):
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


def _public_functions(tree):
    def visit(body, public):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if public and not node.name.startswith("_"):
                    yield node
            elif isinstance(node, ast.ClassDef):
                yield from visit(node.body, public and not node.name.startswith("_"))
    yield from visit(tree.body, True)


def test_every_public_function_in_shell_is_documented():
    missing = []
    for path in _python_files():
        with open(path) as fh:
            tree = ast.parse(fh.read())
        for node in _public_functions(tree):
            if not ast.get_docstring(node):
                missing.append(f"{os.path.relpath(path, REPO)}:{node.lineno} {node.name}")
    assert not missing, missing


def test_handlers_are_annotated():
    bad = []
    for module in FAMILY_MODULES:
        with open(os.path.join(FAMILIES, module + ".py")) as fh:
            tree = ast.parse(fh.read())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith(("h_", "g_")):
                first = node.args.args[0] if node.args.args else None
                if first is None or first.annotation is None or node.returns is None:
                    bad.append(f"{module}.{node.name}")
    assert not bad, bad


def test_function_level_imports_in_shell_say_why():
    """Imports inside functions only where the latency
    budget needs them, each with a ``# lazy: <reason>`` comment."""
    bad = []
    for path in _python_files():
        with open(path) as fh:
            source = fh.read()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)) and \
                            "# lazy: " not in lines[sub.lineno - 1]:
                        bad.append(f"{os.path.relpath(path, REPO)}:{sub.lineno}")
    assert not bad, bad


def test_no_dict_literal_in_shell_repeats_a_key():
    """A repeated key in a table literal silently keeps the last value."""
    bad = []
    for path in _python_files():
        with open(path) as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                bad += [(os.path.relpath(path, REPO), node.lineno, k) for k in set(keys)
                        if keys.count(k) > 1]
    assert not bad, bad


def test_every_handler_is_annotated():
    """A family handler (``h_*``) annotates its parameters
    and its result (``def h_rm(x: X) -> list``)."""
    import ast
    from pathlib import Path

    unannotated = []
    for path in sorted((Path(registry.__file__).parent / "families").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("h_") and (
                    node.returns is None or any(a.annotation is None for a in node.args.args)):
                unannotated.append(f"{path.name}:{node.lineno} {node.name}")
    assert unannotated == []

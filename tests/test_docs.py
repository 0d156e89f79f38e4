"""The documentation still works: README.md and docs/*.md.

* every relative link resolves: the file exists, and an ``#anchor`` names a
  heading of the target page (GitHub's anchor rules);
* every ``playgate <command>`` shown exists (``playgate <command> --help``
  exits 0);
* every flag shown for ``playgate``, ``python -m bench``, ``python -m pytest``,
  ``install.py`` is in that command's ``--help``; a flag shown for a script
  that has no ``--help`` (the permission hook, the post-loop handler, the
  plugin bootstrap) is one the script's source handles;
* every ``python -m <module>`` shown is a module that exists;
* every repository path shown in code (``shell/severity.py``,
  ``tests/e2e/``) exists, unless git ignores it (generated output such as
  ``bench/out/latest.json``).

Mentions of what a branch being merged separately adds (the
security branch's ``bench --worst``) are listed in :data:`PENDING`; a
test fails once the thing exists, so the entry is removed at the merge.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: Words after "playgate" in quoted messages, not commands
#: ("playgate is already installed ... nothing to change").
NOT_COMMANDS = frozenset({"is"})

#: (command, flag) shown in the docs for work merged separately: the
#: security branch's worst-case benchmark.
PENDING: dict = {}

#: Scripts without ``--help`` whose flags are checked against their source.
SCRIPT_SOURCES = {
    "permission_request.py": ("hooks/permission_request.py", "events/permission_request.py",
                              "events/explain.py"),
    "handler.py": ("skills/post-loop/handler.py",),
    "bootstrap.py": ("playgate/bootstrap.py",),
}

#: Example paths in commands (placeholders), which must not exist; and files
#: of the user's project the docs describe (its repository map).
EXAMPLE_PATHS = frozenset({"tests/test_x.py", "docs/defs.txt", "docs/repository-map.yaml",
                           "docs/architecture.md"})

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
SPAN = re.compile(r"(`+)(.+?)\1")
FLAG = re.compile(r"^(--[a-z][a-z0-9-]*|-[A-Za-z])(?:=.*)?$")
MODULE = re.compile(r"python3?\s+-m\s+([A-Za-z_][\w.]*)")


# ---------------------------------------------------------------- parsing
def _split(page: Path):
    """``(prose_lines, code_lines)`` of a page: prose outside fenced blocks
    (inline code kept), and code: fenced lines plus inline code spans."""
    prose, code = [], []
    fence = None
    for line in page.read_text(encoding="utf-8").splitlines():
        m = FENCE.match(line)
        if m and (fence is None or m.group(1) == fence):
            fence = m.group(1) if fence is None else None
            continue
        if fence:
            code.append(line)
        else:
            prose.append(line)
            code.extend(s.group(2).strip() for s in SPAN.finditer(line))
    return prose, code


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, inline-code backticks
    and punctuation dropped (letters, digits, ``_``, ``-`` and spaces stay),
    spaces become ``-``."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@functools.lru_cache(maxsize=None)
def anchors(page: Path) -> frozenset:
    """Every anchor of ``page``'s headings (duplicates get ``-1``, ``-2``...)."""
    seen: dict = {}
    out = set()
    for line in _split(page)[0]:
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def _links():
    for page in PAGES:
        for line in _split(page)[0]:
            for m in LINK.finditer(SPAN.sub("", line)):
                yield page, m.group(2)


def _code():
    for page in PAGES:
        for text in _split(page)[1]:
            yield page, text


def _segments(text: str):
    """The simple commands of one code line, comments dropped."""
    text = re.split(r"\s#\s|^#\s", text)[0]
    for part in re.split(r"&&|\|\||;|\|", text):
        try:
            words = shlex.split(part)
        except ValueError:
            words = part.split()
        if words:
            yield words


def _rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


# ---------------------------------------------------------------- the tool
def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@functools.lru_cache(maxsize=None)
def help_text(*command: str) -> str:
    """``--help`` of a command run from the checkout; fails the test when it
    does not exit 0."""
    proc = _run(*command, "--help")
    assert proc.returncode == 0, f"{' '.join(command)} --help exited {proc.returncode}: " \
                                 f"{proc.stderr[-500:]}"
    return proc.stdout


def _has_flag(help_out: str, flag: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", help_out) is not None


def _invocation(words):
    """``(key, help command, flags)`` for a command the docs show, or None.
    ``key`` names it in :data:`PENDING`. ``$P`` is the docs' shorthand for
    the installed tool (``P='.claude/.venv/bin/python .claude/playgate'``)."""
    if words and words[0] == "$":  # a shell prompt
        words = words[1:]
    words = ["playgate" if w == "$P" else w.strip("[]") if w.startswith("[-") else w
             for w in words]
    for i, w in enumerate(words):
        name = w.rsplit("/", 1)[-1]
        # the command word, or the program an interpreter runs
        # (``.claude/.venv/bin/python .claude/playgate doctor``)
        runs = i == 0 or words[i - 1].rsplit("/", 1)[-1].startswith("python")
        if name == "playgate" and runs and i + 1 < len(words) \
                and re.fullmatch(r"[a-z][a-z-]*", words[i + 1]):
            if words[i + 1] in NOT_COMMANDS:
                return None
            sub = words[i + 1]
            return "playgate", ("-m", "playgate", sub), [f for f in words[i + 2:] if FLAG.match(f)]
        if w == "-m" and i + 1 < len(words) and words[i + 1] in ("bench", "pytest", "playgate"):
            mod = words[i + 1]
            rest = words[i + 2:]
            if mod == "playgate":
                if not rest or not re.fullmatch(r"[a-z][a-z-]*", rest[0]):
                    return None
                return "playgate", ("-m", "playgate", rest[0]), [f for f in rest[1:] if FLAG.match(f)]
            return mod, ("-m", mod), [f for f in rest if FLAG.match(f)]
        if name == "install.py":
            return "install.py", ("install.py",), [f for f in words[i + 1:] if FLAG.match(f)]
        if name in SCRIPT_SOURCES:
            return name, None, [f for f in words[i + 1:] if FLAG.match(f)]
    return None


# ---------------------------------------------------------------- tests
def test_pages_exist_and_readme_is_short():
    assert (ROOT / "docs").is_dir()
    assert len(PAGES) > 5
    # The README is the front door; topics live under docs/.
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) < 200


def test_slug_follows_github():
    assert slug("Security modes and `.claude/protected-files.txt`") == \
        "security-modes-and-claudeprotected-filestxt"
    assert slug("Deliberate deviations from seed 000's phases") == \
        "deliberate-deviations-from-seed-000s-phases"
    assert slug("Settings: hooks and the static permission layer") == \
        "settings-hooks-and-the-static-permission-layer"


def test_every_relative_link_resolves():
    problems = []
    checked = 0
    for page, target in _links():
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        checked += 1
        if not dest.exists():
            problems.append(f"{_rel(page)}: {target}: no such file")
            continue
        if anchor:
            if dest.suffix != ".md":
                problems.append(f"{_rel(page)}: {target}: anchor into a non-Markdown file")
            elif anchor not in anchors(dest):
                problems.append(f"{_rel(page)}: {target}: no heading with anchor #{anchor} "
                                f"in {dest.relative_to(ROOT)}")
    assert checked > 40
    assert not problems, "\n".join(problems)


def test_every_playgate_command_shown_exists():
    subs = set()
    for _page, text in _code():
        for words in _segments(text):
            found = _invocation(words)
            if found and found[0] == "playgate":
                subs.add(found[1][2])
    assert {"install", "doctor", "explain"} <= subs
    bad = [s for s in sorted(subs) if _run("-m", "playgate", s, "--help").returncode != 0]
    assert not bad, f"playgate commands shown in the docs that do not exist: {bad}"


def test_every_flag_shown_exists():
    problems = []
    seen = set()
    for page, text in _code():
        for words in _segments(text):
            found = _invocation(words)
            if not found:
                continue
            key, command, flags = found
            for flag in flags:
                base = flag.split("=", 1)[0]
                if (key, command, base) in seen or (key, base) in PENDING:
                    continue
                seen.add((key, command, base))
                if command is None:
                    sources = "".join((ROOT / f).read_text(encoding="utf-8")
                                      for f in SCRIPT_SOURCES[key])
                    ok = f'"{base}"' in sources or f"'{base}'" in sources \
                        or f"``{base}" in sources
                else:
                    ok = _has_flag(help_text(*command), base)
                if not ok:
                    shown = " ".join(command) if command else key
                    problems.append(f"{_rel(page)}: {flag!r} is not a flag of {shown} "
                                    f"(in: {text.strip()[:100]})")
    assert len(seen) > 15
    assert not problems, "\n".join(problems)


def test_pending_mentions_are_still_pending():
    """A PENDING entry is removed when its branch is merged: then the flag
    exists and is checked like any other."""
    for (key, flag), branch in PENDING.items():
        assert key == "bench"
        assert not _has_flag(help_text("-m", "bench"), flag), (
            f"{flag} exists now ({branch} merged): remove it from PENDING in tests/test_docs.py")


def test_every_python_module_shown_exists():
    mods = set()
    for _page, text in _code():
        mods.update(MODULE.findall(text))
    assert {"bench", "playgate", "pytest"} <= mods
    missing = []
    for mod in sorted(mods):
        as_path = ROOT / mod.replace(".", "/")
        if as_path.with_suffix(".py").is_file() or (as_path / "__init__.py").is_file() \
                or (as_path / "__main__.py").is_file():
            continue
        if importlib.util.find_spec(mod.split(".")[0]) is None:
            missing.append(mod)
    assert not missing, f"python -m modules shown that do not exist: {missing}"


def _repo_paths():
    tops = {p.name for p in ROOT.iterdir()} - {".venv", ".git", ".cache", ".claude"}
    for page, text in _code():
        for token in re.split(r"[\s(),]+", text):
            token = token.strip("`'\".,;:")
            token = re.sub(r":\d+(:\d+)?$", "", token)
            if "/" not in token or not re.fullmatch(r"[\w.][\w./-]*", token):
                continue
            first = token.split("/", 1)[0]
            if first in tops:
                yield page, token


def test_every_repository_path_shown_exists():
    problems = []
    checked = 0
    for page, path in _repo_paths():
        if path in EXAMPLE_PATHS:
            continue
        checked += 1
        if (ROOT / path).exists():
            continue
        module, _, attr = path.rpartition(".")
        source = ROOT / (module + ".py")
        if module and source.is_file() and re.search(rf"\b{re.escape(attr)}\b",
                                                      source.read_text(encoding="utf-8")):
            continue  # module.attribute (hooks/_bootstrap.exit_now)
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", path], cwd=ROOT)
        if ignored.returncode == 0:
            continue  # generated (bench/out/...): not in the repository by design
        problems.append(f"{_rel(page)}: {path}")
    assert checked > 30
    assert not problems, "paths shown that do not exist:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", sorted(EXAMPLE_PATHS))
def test_example_paths_are_examples(path):
    assert not (ROOT / path).exists()


def test_cli_table_flags_exist():
    """The command table of docs/cli.md: every bare flag shown in a row
    (``--apply``, ``--no-run``, ``--python PATH``) is an option of one of
    the row's commands."""
    rows = [line for line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")]
    assert len(rows) >= 9
    problems, checked = [], 0
    for row in rows:
        first, rest = row[1:].split("|", 1)
        subs = [s.group(2).split()[0] for s in SPAN.finditer(first)]
        helps = [help_text("-m", "playgate", sub) for sub in subs]
        for span in SPAN.finditer(rest):
            flag = span.group(2).split()[0]
            if not FLAG.match(flag):
                continue
            checked += 1
            if not any(_has_flag(h, flag) for h in helps):
                problems.append(f"{flag} is not an option of playgate {'/'.join(subs)}")
    assert checked >= 8
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("package", ["shell", "guards"])
def test_every_public_function_has_a_docstring(package):
    """Every public function of ``shell/`` and ``guards/``
    (module level, and methods of public classes) says what it takes and
    returns in a docstring."""
    import ast

    missing = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [(node, "") for node in tree.body
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)
                    and not n.name.startswith("_")):
            functions += [(item, cls.name + ".") for item in cls.body
                          if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
        missing += [f"{path.relative_to(ROOT)}:{fn.lineno} {prefix}{fn.name}"
                    for fn, prefix in functions
                    if not fn.name.startswith("_") and not ast.get_docstring(fn)]
    assert missing == []

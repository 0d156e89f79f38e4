"""The installer's proposal of ``project_commands``.

The permission gate approves the project's own test, lint and build
commands only when the human declared them in
``.claude/permission-config.yaml`` (``project_commands``, see
``permission/project_commands.py``). The installer finds the usual ones and
offers them; it writes them only when the user agrees (``--yes``, or "y" at
an interactive prompt):

* Python: ``pytest`` and ``python -m pytest`` when the project configures
  pytest (``[tool.pytest.ini_options]`` in pyproject.toml, ``pytest.ini``,
  ``[tool:pytest]`` in setup.cfg, ``[pytest]`` in tox.ini), names it as a
  dependency, or has a ``conftest.py`` or ``tests/test_*.py``;
* JavaScript: ``npm test`` / ``npm run <script>`` for the package.json
  scripts named test, lint, build, check, typecheck (``yarn``/``pnpm`` when
  their lock file is there instead of npm's);
* make: ``make <target>`` for the Makefile targets test, check, lint, build.

Standard library only: install.py runs with any Python >= 3.10, without the
suite's dependencies. Public functions: :func:`detect`, :func:`declared`,
:func:`merged_text`, :func:`write`, :func:`offer`.
"""

from __future__ import annotations

import json
import os
import re

LAYER = ".claude/permission-config.yaml"
#: package.json script names worth proposing, in this order.
SCRIPT_NAMES = ("test", "lint", "build", "check", "typecheck")
#: Makefile targets worth proposing, in this order.
MAKE_TARGETS = ("test", "check", "lint", "build")
#: The schema's word rule for a prefix (permission/schema.json commandPrefix).
_WORD = re.compile(r"^[A-Za-z0-9._+:=@/,-]+$")

HEADER = """# playgate permission gate: this project's layer (commit it).
# project_commands: command prefixes the gate may approve for this project
# (tests, linters, builds). A command is approved only when it starts with one
# of them word for word and passes every other check: no shell syntax beyond
# `2>&1`/`|| true`, every path inside the project, nothing destructive.
# See `python .claude/hooks/permission_request.py --explain "pytest -q"`.
"""


class Detected:
    """One proposed prefix and why (``"pyproject.toml [tool.pytest.ini_options]"``)."""

    __slots__ = ("prefix", "reason")

    def __init__(self, prefix: str, reason: str) -> None:
        self.prefix = prefix
        self.reason = reason

    def __repr__(self) -> str:
        return f"Detected({self.prefix!r}, {self.reason!r})"


def _read(path: str, limit: int = 1024 * 1024) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


def _pytest_reason(repo: str) -> str | None:
    pyproject = _read(os.path.join(repo, "pyproject.toml")) or ""
    if re.search(r"^\[tool\.pytest(\.ini_options)?\]", pyproject, re.M):
        return "pyproject.toml [tool.pytest.ini_options]"
    if os.path.isfile(os.path.join(repo, "pytest.ini")):
        return "pytest.ini"
    if re.search(r"^\[tool:pytest\]", _read(os.path.join(repo, "setup.cfg")) or "", re.M):
        return "setup.cfg [tool:pytest]"
    if re.search(r"^\[pytest\]", _read(os.path.join(repo, "tox.ini")) or "", re.M):
        return "tox.ini [pytest]"
    if re.search(r"""["']pytest\b""", pyproject):
        return "pyproject.toml names pytest"
    if os.path.isfile(os.path.join(repo, "conftest.py")):
        return "conftest.py"
    tests = os.path.join(repo, "tests")
    try:
        names = os.listdir(tests)
    except OSError:
        names = []
    if any(n.startswith("test_") and n.endswith(".py") for n in names) or "conftest.py" in names:
        return "tests/test_*.py"
    return None


def _js_runner(repo: str) -> str:
    if os.path.isfile(os.path.join(repo, "pnpm-lock.yaml")):
        return "pnpm"
    if os.path.isfile(os.path.join(repo, "yarn.lock")) and not os.path.isfile(
            os.path.join(repo, "package-lock.json")):
        return "yarn"
    return "npm"


def detect(repo: str) -> list:
    """The project commands found in ``repo`` (a directory), as
    :class:`Detected`, in a stable order without duplicates."""
    found: list = []

    def add(prefix: str, reason: str) -> None:
        """Record command ``prefix`` with ``reason`` once, when each of its words is a plain
        word (:data:`_WORD`)."""
        if all(_WORD.match(w) for w in prefix.split(" ")) and \
                prefix not in [d.prefix for d in found]:
            found.append(Detected(prefix, reason))

    reason = _pytest_reason(repo)
    if reason:
        add("pytest", reason)
        add("python -m pytest", reason)
    text = _read(os.path.join(repo, "package.json"))
    if text:
        try:
            scripts = (json.loads(text) or {}).get("scripts") or {}
        except (ValueError, AttributeError):
            scripts = {}
        runner = _js_runner(repo)
        for name in SCRIPT_NAMES:
            if isinstance(scripts, dict) and name in scripts:
                prefix = f"{runner} test" if name == "test" else f"{runner} run {name}"
                add(prefix, f"package.json scripts.{name}")
    for makefile in ("Makefile", "makefile", "GNUmakefile"):
        text = _read(os.path.join(repo, makefile))
        if text is None:
            continue
        targets = set(re.findall(r"^([A-Za-z][A-Za-z0-9_.-]*)\s*:(?!=)", text, re.M))
        for target in MAKE_TARGETS:
            if target in targets:
                add(f"make {target}", f"{makefile} target {target}")
        break
    return found


def declared(repo: str) -> list:
    """The prefixes ``.claude/permission-config.yaml`` declares now (read
    without PyYAML: the block or flow list under ``project_commands``);
    ``[]`` when there is none."""
    text = _read(os.path.join(repo, *LAYER.split("/"))) or ""
    span = _key_span(text)
    if span is None:
        return []
    return _items(text[span[0]:span[1]])


def _key_span(text: str):
    """``(start, end)`` of the top-level ``project_commands`` entry in
    ``text`` (its line and the indented or ``-`` lines after it), or ``None``."""
    m = re.search(r"^project_commands\s*:.*$", text, re.M)
    if m is None:
        return None
    end = m.end()
    for line in re.finditer(r"\n([^\n]*)", text[end:]):
        body = line.group(1)
        if body.strip() and not body.startswith((" ", "\t", "-")) and not body.startswith("#"):
            break
        end = m.end() + line.end()
    return m.start(), end


def _items(entry: str) -> list:
    head, _, rest = entry.partition(":")
    inline = rest.split("\n", 1)[0].split("#", 1)[0].strip()
    items = []
    if inline.startswith("["):
        items = [w.strip().strip("'\"") for w in inline.strip("[]").split(",")]
    for line in rest.split("\n")[1:]:
        stripped = line.strip()
        if stripped.startswith("- "):
            items.append(stripped[2:].split(" #", 1)[0].strip().strip("'\""))
    return [i for i in items if i]


def merged_text(current: str | None, prefixes) -> str:
    """The layer's text with ``prefixes`` declared: the file as it is with
    a ``project_commands`` block list (existing items first) in place of the
    old entry, or appended; a new file gets a short header."""
    text = current if current is not None else HEADER
    span = _key_span(text)
    have = _items(text[span[0]:span[1]]) if span else []
    items = have + [p for p in prefixes if p not in have]
    block = "project_commands:\n" + "".join(f"  - {p}\n" for p in items)
    if span is None:
        if text and not text.endswith("\n"):
            text += "\n"
        return text + block
    tail = text[span[1]:]
    return text[:span[0]] + block + tail.lstrip("\n")


def write(repo: str, prefixes) -> str:
    """Declare ``prefixes`` in ``repo``'s ``.claude/permission-config.yaml``
    (kept as it is otherwise; atomically). Returns the file's path."""
    path = os.path.join(repo, *LAYER.split("/"))
    text = merged_text(_read(path), list(prefixes))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)
    return path


def offer(repo: str, *, assume_yes: bool = False, dry_run: bool = False, ask=None,
          out=print, left: list | None = None, lang: str = "en") -> list:
    """The installer's step: show the detected commands not declared yet and
    write them when the user agrees — ``assume_yes`` (``--yes``), or
    ``ask(question) -> bool`` answering yes (install.py passes an
    interactive prompt when stdin is a terminal). Without either, or with
    ``dry_run``, only says how to declare them. Returns the prefixes written;
    ``left`` (a list) receives those detected and not declared. Speaks
    ``lang`` (the installer's sentences, :mod:`playgate.installer.speak`)."""
    have = set(declared(repo))
    new = [d for d in detect(repo) if d.prefix not in have]
    if not new:
        return []
    from playgate.installer.speak import say  # lazy: the catalogue only when there is an offer

    out(say(lang, "installer.commands_found", layer=LAYER))
    for d in new:
        out(say(lang, "installer.command_row", prefix=d.prefix, reason=d.reason))
    prefixes = [d.prefix for d in new]
    if dry_run:
        out(say(lang, "installer.offer_dry"))
        return []
    agreed = assume_yes or (ask is not None and ask(say(lang, "installer.commands_ask")))
    if not agreed:
        if left is not None:
            left.extend(prefixes)
        out(say(lang, "installer.commands_not_declared", layer=LAYER))
        return []
    path = write(repo, prefixes)
    out(say(lang, "installer.commands_declared", path=os.path.relpath(path, repo)))
    return prefixes


def ask_terminal(question: str) -> bool:
    """A yes/no question on the terminal (default no)."""
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False

"""Every import inside a function says why it is lazy.

An import belongs at module level unless the latency budget needs it lazy (a
module only a rarer path uses: the block or warn path, one event, a CLI
command) or the module cannot be imported yet (the suite is not on
``sys.path``). Such an import carries a ``# lazy: <why>`` comment on its own
lines, or in the comment lines directly above it; several imports in a row
in one function may share one comment above the first (CONTRIBUTING.md,
"Speed rules"). The check walks the product packages with ``ast``."""

from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("events", "guards", "workflow", "statefiles", "shell", "permission", "messages",
            "playgate", "hooks")
MARK = "# lazy:"
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _has_reason(text: str) -> bool:
    at = text.find(MARK)
    return at >= 0 and bool(text[at + len(MARK):].strip())


def unexplained(source: str) -> list:
    """``[(line, import text)]``: the imports inside functions of ``source``
    with no ``# lazy: <why>`` comment (on the statement's lines, or in the
    comment lines above it or above the imports directly before it)."""
    lines = source.splitlines()
    tree = ast.parse(source)
    out = []

    def reasoned(node, previous: dict) -> bool:
        while True:
            if any(_has_reason(line) for line in lines[node.lineno - 1:node.end_lineno]):
                return True
            row = node.lineno - 2  # 0-based index of the line above
            while row >= 0 and lines[row].strip().startswith("#"):
                if _has_reason(lines[row]):
                    return True
                row -= 1
            node = previous.get(row + 1)  # an import statement ending on that line
            if node is None:
                return False

    def walk(node, in_function: bool) -> None:
        previous = {}
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if in_function and not reasoned(child, previous):
                    out.append((child.lineno, lines[child.lineno - 1].strip()))
                previous[child.end_lineno] = child
            walk(child, in_function or isinstance(child, FUNCTIONS))

    walk(tree, False)
    return out


def _sources():
    for package in PACKAGES:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, package)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for name in sorted(filenames):
                if name.endswith(".py"):
                    yield os.path.join(dirpath, name)


def test_every_import_inside_a_function_says_why_it_is_lazy():
    missing = []
    for path in _sources():
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        rel = os.path.relpath(path, ROOT)
        missing += [f"{rel}:{line}: {text}" for line, text in unexplained(source)]
    assert not missing, ("imports inside functions without a '# lazy: <why>' comment (move "
                         "them to module level, or say why they must stay lazy):\n"
                         + "\n".join(missing))


def test_the_check_finds_an_unexplained_import():
    """The check itself can fail, and accepts the documented forms."""
    bare = "def f():\n    import json\n    return json\n"
    assert unexplained(bare) == [(2, "import json")]
    assert unexplained("import json\n\n\ndef f():\n    return json\n") == []
    on_line = "def f():\n    import json  # lazy: json (~7 ms) for --json only\n"
    assert unexplained(on_line) == []
    empty_reason = "def f():\n    import json  # lazy:\n"
    assert unexplained(empty_reason) == [(2, "import json  # lazy:")]
    shared = ("def f():\n    # lazy: the archive engine only\n    # when a checkpoint exists\n"
              "    from a import b\n    from c import (\n        d,\n    )\n    import e\n")
    assert unexplained(shared) == []
    # A blank line or code ends the shared block.
    broken = "def f():\n    # lazy: only here\n    from a import b\n\n    import e\n"
    assert unexplained(broken) == [(5, "import e")]
    after_code = "def f():\n    # lazy: only here\n    from a import b\n    x = 1\n    import e\n"
    assert unexplained(after_code) == [(5, "import e")]
    # Nested functions, methods and lambdas count; a comment elsewhere does not.
    method = ("class C:\n    def m(self):\n        def g():\n            import os\n"
              "        return g  # lazy: not about an import\n")
    assert unexplained(method) == [(4, "import os")]

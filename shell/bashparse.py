"""Load bashlex without rebuilding its parser tables on every process (issue 3 item 5).

bashlex 0.18 ships a vendored PLY whose ``yacc.yacc()`` regenerates the LALR
tables of the bash grammar at every import (~100-300 ms of the ~140 ms+ an
import costs), plus ``inspect`` to read the grammar's source. A hook process
runs once per tool call, so that cost would be paid on every Bash call.

This module imports bashlex with two changes, neither of which touches its
behaviour:

* ``bashlex.yacc.yacc`` is replaced while ``bashlex.parser`` is imported by a
  function that builds the same ``LRParser`` from tables saved by an earlier
  run (:data:`TABLES_FILE`, next to this module). The saved tables are keyed
  by the grammar *signature* — the start symbol, precedence, tokens, and every
  ``p_*`` rule's docstring and line, exactly what PLY's own table cache keys
  on — plus the Python and marshal versions. A missing, stale or unreadable
  file makes the loader build the tables the normal way (slow, correct) and
  save them for the next process (atomic replace; failures ignored).
* ``inspect`` (only used by PLY while *building* tables) is imported lazily.

:func:`build_tables` builds and saves the tables ahead of time; install.py
calls it with the hook interpreter after copying the suite (``python -m
shell.bashparse`` with ``.claude`` as the working directory), so the first
Bash call of a session is fast too.

The tables are written with :mod:`marshal` (plain dicts, tuples, strings and
ints; no code objects), which loads in well under a millisecond. The file sits
in the suite's own directory, which the protection floor makes HARD_BLOCK
(``.claude/shell/**``), so it has the same trust as the analyser's code.
"""

from __future__ import annotations

import os
import sys

#: Saved parser tables (marshal), next to this module.
TABLES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bashlex_tables.marshal")
_FORMAT = 2

_loaded = None


class _LazyModule(type(sys)):
    """Stands in for a stdlib module in bashlex.yacc's globals and imports the
    real one on first attribute access (only the slow table-building path
    touches ``inspect``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.__dict__["_real"] = None

    def __getattr__(self, attr):
        real = self.__dict__["_real"]
        if real is None:
            import importlib

            real = importlib.import_module(self.__name__)
            self.__dict__["_real"] = real
        return getattr(real, attr)


def _signature(pdict: dict) -> str:
    """The grammar identity PLY's table cache uses (yacc.ParserReflect.signature),
    plus rule order (line numbers) and the interpreter/marshal versions."""
    import marshal

    parts = [f"fmt{_FORMAT}", f"py{sys.version_info[0]}.{sys.version_info[1]}",
             f"marshal{marshal.version}", str(pdict.get("start") or "")]
    prec = pdict.get("precedence") or ()
    parts.append("".join("".join(p) for p in prec))
    parts.append(" ".join(sorted(pdict.get("tokens") or ())))
    funcs = []
    for name, item in pdict.items():
        if name.startswith("p_") and name != "p_error" and callable(item):
            code = getattr(item, "__code__", None)
            funcs.append((getattr(code, "co_firstlineno", 0), name, item.__doc__ or ""))
    funcs.sort()
    for line, name, doc in funcs:
        parts.append(f"{line}:{name}:{doc}")
    return "\n".join(parts)


def _dump(parser, signature: str, path: str) -> None:
    import marshal

    names = sorted({k for row in list(parser.action.values()) + list(parser.goto.values())
                    for k in row})
    index = {k: i for i, k in enumerate(names)}
    if len(names) > 255:
        return  # the compact row format stores symbol indices as bytes

    def rows(table):
        return {state: (bytes(index[k] for k in row), tuple(row.values()))
                for state, row in table.items()}

    data = {
        "signature": signature,
        "names": tuple(names),
        "productions": tuple((p.name, p.len, p.func or "", p.str) for p in parser.productions),
        "action": rows(parser.action),
        "goto": rows(parser.goto),
        "defaulted": dict(parser.defaulted_states),
    }
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as fh:
            marshal.dump(data, fh)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _load(path: str):
    import marshal

    from statefiles.atomic import read_bytes

    try:
        data = marshal.loads(read_bytes(path))
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return data if isinstance(data, dict) else None


class _Production:
    """What LRParser.parse reads from a production: name, len, callable, str."""

    __slots__ = ("name", "len", "callable", "func", "str")

    def __init__(self, name, length, func, text, pdict):
        self.name = name
        self.len = length
        self.func = func or None
        self.str = text
        self.callable = pdict[func] if func else None


def _install_fast_yacc(yacc_module, path: str, write: bool):
    real_yacc = yacc_module.yacc

    def fast_yacc(*args, **kwargs):
        pdict = sys._getframe(1).f_globals
        signature = _signature(pdict)
        data = _load(path)
        if data is not None and data.get("signature") == signature:
            try:
                return _from_tables(yacc_module, data, pdict)
            except (KeyError, TypeError, ValueError):
                pass
        module = sys.modules[pdict["__name__"]]
        kwargs.pop("module", None)
        parser = real_yacc(*args, module=module, **kwargs)
        if write:
            _dump(parser, signature, path)
        return parser

    yacc_module.yacc = fast_yacc
    return real_yacc


class _Rows(dict):
    """Parser table rows decoded on first use: a parse visits a few dozen of
    the ~350 states, so decoding all ~7000 entries up front would be wasted."""

    __slots__ = ("_raw", "_names")

    def __init__(self, raw: dict, names: tuple) -> None:
        super().__init__()
        self._raw = raw
        self._names = names

    def __missing__(self, state):
        keys, values = self._raw[state]
        row = dict(zip(map(self._names.__getitem__, keys), values))
        self[state] = row
        return row


def _from_tables(yacc_module, data: dict, pdict: dict):
    parser = object.__new__(yacc_module.LRParser)
    parser.productions = tuple(_Production(name, length, func, text, pdict)
                               for name, length, func, text in data["productions"])
    names, action, goto = data["names"], data["action"], data["goto"]
    defaulted = data["defaulted"]
    if not all(isinstance(x, dict) for x in (action, goto, defaulted)) or not isinstance(names, tuple):
        raise TypeError("bad tables")
    parser.action = _Rows(action, names)
    parser.goto = _Rows(goto, names)
    parser.errorfunc = pdict.get("p_error")
    parser.defaulted_states = dict(defaulted)
    parser.errorok = True
    return parser


def load(path: str = TABLES_FILE, write: bool = True):
    """Import bashlex (once per process) using the saved tables at ``path``;
    returns the ``bashlex`` package. ``write``: save freshly built tables.

    If bashlex was already imported the normal way, that module is returned.
    """
    global _loaded
    if _loaded is not None:
        return _loaded
    existing = sys.modules.get("bashlex")
    if existing is not None and hasattr(existing, "parser"):
        _loaded = existing
        return existing
    import importlib.machinery

    spec = importlib.machinery.PathFinder.find_spec("bashlex")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("bashlex is not installed; reinstall the suite (python install.py <repo>)")
    # The package's __init__ imports bashlex.parser at once, which builds the
    # tables; create the package object ourselves so yacc can be patched first.
    pkg = type(sys)("bashlex")
    pkg.__path__ = list(spec.submodule_search_locations)
    pkg.__spec__ = spec
    pkg.__file__ = spec.origin
    pkg.__package__ = "bashlex"
    sys.modules["bashlex"] = pkg
    try:
        saved_inspect = sys.modules.get("inspect")
        if saved_inspect is None:
            sys.modules["inspect"] = _LazyModule("inspect")
        try:
            from bashlex import yacc as yacc_module  # noqa: PLC0415
        finally:
            if saved_inspect is None:
                del sys.modules["inspect"]
        real = _install_fast_yacc(yacc_module, path, write)
        try:
            from bashlex import parser, tokenizer  # noqa: PLC0415
        finally:
            yacc_module.yacc = real
        pkg.parser = parser
        pkg.tokenizer = tokenizer
        pkg.parse = parser.parse
        pkg.parsesingle = parser.parsesingle
        pkg.split = parser.split
    except BaseException:
        for name in [m for m in sys.modules if m == "bashlex" or m.startswith("bashlex.")]:
            del sys.modules[name]
        raise
    _loaded = pkg
    return pkg


def build_tables(path: str = TABLES_FILE) -> str:
    """Build bashlex's parser tables and save them at ``path`` (for install.py:
    run once with the hook interpreter). Returns ``path``. Raises ``OSError``
    when the file cannot be written and ``ImportError`` without bashlex."""
    global _loaded
    import marshal

    for name in [m for m in sys.modules if m == "bashlex" or m.startswith("bashlex.")]:
        del sys.modules[name]
    _loaded = None
    try:
        os.unlink(path)
    except OSError:
        pass
    load(path, write=True)
    data = _load(path)
    if data is None:
        raise OSError(f"could not write bashlex parser tables to {path}")
    del marshal
    return path


if __name__ == "__main__":  # python -m shell.bashparse  (install step)
    print(build_tables())

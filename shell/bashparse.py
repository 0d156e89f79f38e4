"""Load bashlex without rebuilding its parser tables on every process.

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
* ``inspect`` (only used by PLY while *building* tables) is imported lazily,
  and so is ``re``: bashlex compiles one regex at import and uses it only
  while building tables.
* ``copy`` and ``collections`` are replaced by what bashlex uses of them:
  :func:`_shallow_copy` (``copy.copy`` of plain instances, anything else
  handed to the real ``copy``) and ``defaultdict`` (from ``_collections``);
  ``collections.abc`` is ``_collections_abc``, which it re-exports.
* ``enum`` is replaced, while bashlex's modules are imported, by
  :class:`_Enum`, the subset of :class:`enum.Enum` bashlex uses (two flag
  sets made with the functional API and the token types: members with
  ``name``/``value``, lookup by value, iteration in definition order,
  aliases for repeated values, hashing by name, identity equality). ``re``
  and ``enum`` with ``functools`` and ``collections`` cost about 4 ms per
  process; the parse is the same (``tests/shell/test_shell_analysis.py``
  compares it with a normal ``import bashlex`` over the whole corpus).

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

import _collections
import marshal
import os
import sys

from statefiles.atomic import read_bytes, write_atomic

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
            name = self.__name__
            if sys.modules.get(name) is self:  # still standing in: import the real one
                del sys.modules[name]
            import importlib  # lazy: only when bashlex really uses the module stood in for

            real = importlib.import_module(name)
            self.__dict__["_real"] = real
        return getattr(real, attr)


class _LazyPattern:
    """``re.compile(...)`` compiled on first use (only PLY's table building
    matches with the pattern bashlex.yacc compiles at import)."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, args: tuple) -> None:
        self._args = args
        self._compiled = None

    def __getattr__(self, attr):
        compiled = self._compiled
        if compiled is None:
            import re  # lazy: only PLY's table building matches with this pattern

            compiled = self._compiled = re.compile(*self._args)
        return getattr(compiled, attr)


def _re_stand_in():
    module = _LazyModule("re")
    module.__dict__["compile"] = lambda pattern, flags=0: _LazyPattern((pattern, flags))
    return module


class _EnumType(type):
    """Metaclass of :class:`_Enum`: the parts of ``enum.EnumType`` bashlex
    uses. A class body's public, non-callable attributes become members in
    definition order; a repeated value makes an alias of the first member
    (as ``enum`` does)."""

    def __new__(mcls, name, bases, namespace):
        if not bases:
            return super().__new__(mcls, name, bases, dict(namespace))
        plain = {k: v for k, v in namespace.items()
                 if k.startswith("_") or callable(v) or isinstance(v, (property, classmethod,
                                                                        staticmethod))}
        cls = super().__new__(mcls, name, bases, plain)
        members: dict = {}
        names: dict = {}
        by_value: dict = {}
        for key, value in namespace.items():
            if key in plain:
                continue
            member = by_value.get(value)
            if member is None:
                member = object.__new__(cls)
                member._name_ = key
                member._value_ = value
                by_value[value] = member
                members[key] = member
            names[key] = member
            type.__setattr__(cls, key, member)
        cls._member_map_ = members       # canonical members, in definition order
        cls._member_names_ = names       # every name, aliases included
        cls._value2member_map_ = by_value
        return cls

    def __call__(cls, value, names=None, *, module=None, qualname=None, start=1):
        if names is None:
            try:
                return cls._value2member_map_[value]
            except (KeyError, TypeError):
                raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None
        # The functional API: Enum('name', ['A', 'B'] | 'A B' | [('A', 1)] | {'A': 1}).
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, dict):
            items = list(names.items())
        else:
            names = list(names)
            items = ([(n, i) for i, n in enumerate(names, start)]
                     if names and isinstance(names[0], str) else [tuple(x) for x in names])
        namespace = dict(items)
        namespace["__module__"] = module or sys._getframe(1).f_globals.get("__name__")
        namespace["__qualname__"] = qualname or value
        return _EnumType(value, (cls,), namespace)

    def __iter__(cls):
        return iter(cls._member_map_.values())

    def __len__(cls) -> int:
        return len(cls._member_map_)

    def __contains__(cls, member) -> bool:
        return isinstance(member, cls) and cls._member_map_.get(member._name_) is member

    def __getitem__(cls, name):
        return cls._member_names_[name]

    @property
    def __members__(cls) -> dict:
        return dict(cls._member_names_)

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"


class _Enum(metaclass=_EnumType):
    """Members: ``name``, ``value``, hash by name, equal only to themselves,
    copied as themselves."""

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __hash__(self) -> int:
        return hash(self._name_)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self._name_}"

    def __reduce_ex__(self, protocol):
        return type(self), (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _enum_stand_in():
    module = _LazyModule("enum")
    module.__dict__["Enum"] = _Enum
    return module


def _plain_instance(x) -> bool:
    """``x`` is an instance of an ordinary class: ``copy.copy`` would make it
    with ``cls.__new__(cls)`` and share its ``__dict__`` entries (the default
    ``object.__reduce_ex__`` protocol, no copy hooks, no slots)."""
    cls = type(x)
    if cls.__new__ is not object.__new__ or type(getattr(x, "__dict__", None)) is not dict:
        return False
    if cls.__reduce_ex__ is not object.__reduce_ex__ or cls.__reduce__ is not object.__reduce__:
        return False
    if getattr(cls, "__getstate__", None) is not getattr(object, "__getstate__", None):
        return False
    if hasattr(cls, "__copy__") or hasattr(cls, "__setstate__"):
        return False
    for base in cls.__mro__[:-1]:
        slots = vars(base).get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        if any(name not in ("__dict__", "__weakref__") for name in slots):
            return False  # slot values would be copied too (the ABCs' empty slots are not)
    copyreg = sys.modules.get("copyreg")
    return copyreg is None or cls not in copyreg.dispatch_table


def _shallow_copy(x):
    """``copy.copy`` for the objects bashlex copies on every parse (its parser
    and parser-state sets); anything else goes to the real ``copy.copy``."""
    if _plain_instance(x):
        y = object.__new__(type(x))
        y.__dict__.update(x.__dict__)
        return y
    import copy  # lazy: the stand-in exists so that bashlex does not import copy

    return copy.copy(x)


def _copy_stand_in():
    module = _LazyModule("copy")
    module.__dict__["copy"] = _shallow_copy
    return module


def _collections_stand_in():
    module = _LazyModule("collections")
    module.__dict__["defaultdict"] = _collections.defaultdict
    return module


#: Stand-ins for standard modules while bashlex's modules are imported (used
#: only when the real module is not loaded already). ``collections.abc`` is
#: ``_collections_abc`` (always loaded: ``os`` needs it) under its public name.
_STAND_INS = {"inspect": lambda: _LazyModule("inspect"), "re": _re_stand_in,
              "enum": _enum_stand_in, "copy": _copy_stand_in,
              "collections": _collections_stand_in,
              "collections.abc": lambda: sys.modules["_collections_abc"]}


def _signature(pdict: dict) -> str:
    """The grammar identity PLY's table cache uses (yacc.ParserReflect.signature),
    plus rule order (line numbers) and the interpreter/marshal versions."""
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


#: Whether the last :func:`load` used the saved tables (``False``: it built them).
used_saved_tables = False


def _install_fast_yacc(yacc_module, path: str, write: bool):
    real_yacc = yacc_module.yacc

    def fast_yacc(*args, **kwargs):
        global used_saved_tables
        pdict = sys._getframe(1).f_globals
        signature = _signature(pdict)
        data = _load(path)
        if data is not None and data.get("signature") == signature:
            try:
                parser = _from_tables(yacc_module, data, pdict)
                used_saved_tables = True
                return parser
            except (KeyError, TypeError, ValueError):
                pass
        used_saved_tables = False
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
    # The path finder importlib uses, without importing the importlib package.
    spec = sys.modules["_frozen_importlib_external"].PathFinder.find_spec("bashlex")
    if spec is None or not spec.submodule_search_locations:
        from statefiles import layout  # lazy: only a missing bashlex says how to repair

        raise ImportError(f"bashlex is not installed; reinstall the suite "
                          f"({layout.repair_command()})")
    # The package's __init__ imports bashlex.parser at once, which builds the
    # tables; create the package object ourselves so yacc can be patched first.
    pkg = type(sys)("bashlex")
    pkg.__path__ = list(spec.submodule_search_locations)
    pkg.__spec__ = spec
    pkg.__file__ = spec.origin
    pkg.__package__ = "bashlex"
    sys.modules["bashlex"] = pkg
    standing_in = {name: make() for name, make in _STAND_INS.items() if name not in sys.modules}
    try:
        sys.modules.update(standing_in)
        try:
            from bashlex import yacc as yacc_module  # lazy: bashlex under the stand-ins

            real = _install_fast_yacc(yacc_module, path, write)
            try:
                from bashlex import parser, tokenizer  # lazy: bashlex under the stand-ins
            finally:
                yacc_module.yacc = real
        finally:
            for name, module in standing_in.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
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


def build_tables(path: str = TABLES_FILE, seed: str | None = None) -> str:
    """Build bashlex's parser tables and save them at ``path`` (for install.py:
    run once with the hook interpreter). Returns ``path``. Raises ``OSError``
    when the file cannot be written and ``ImportError`` without bashlex.

    ``seed``: tables saved by another copy of the suite (the installing
    checkout's own, left by its hooks or tests). They are put at ``path``
    first and loaded as a hook loads them: kept when their signature matches
    this bashlex's grammar and this interpreter, else replaced by the built
    tables, so the result is always what a build makes (building costs
    about 0.1 s of CPU; checking a seed, a few ms). A seed is trusted as the
    checkout's code is, like the bytecode the installer reuses from it
    (playgate/installer/pycompile.py): the signature tells stale tables from
    current ones, not forged ones from built ones."""
    global _loaded
    for name in [m for m in sys.modules if m == "bashlex" or m.startswith("bashlex.")]:
        del sys.modules[name]
    _loaded = None
    try:
        os.unlink(path)
    except OSError:
        pass
    if seed:
        try:
            write_atomic(path, read_bytes(seed), durable=False)
        except OSError:
            pass  # no seed: built below
    load(path, write=True)
    data = _load(path)
    if data is None:
        raise OSError(f"could not write bashlex parser tables to {path}")
    return path


def tables_current(path: str = TABLES_FILE) -> bool:
    """True when the tables at ``path`` match the installed bashlex's grammar
    and this interpreter (what a hook would load without rebuilding).
    Writes nothing; imports bashlex in this process."""
    global _loaded
    for name in [m for m in sys.modules if m == "bashlex" or m.startswith("bashlex.")]:
        del sys.modules[name]
    _loaded = None
    load(path, write=False)
    return used_saved_tables


if __name__ == "__main__":
    # python -m shell.bashparse          build and save the tables (install step)
    # python -m shell.bashparse --check  exit 0 when the saved tables are current, else 1
    # python -m shell.bashparse --seed PATH  build them, starting from the tables at PATH
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if tables_current() else 1)
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        print(build_tables(seed=sys.argv[2]))
    else:
        print(build_tables())

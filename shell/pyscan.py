"""Python code the analysis can establish, or unknown: an allow-list.

Inline Python (``python3 -c``, a script fed on standard input, a project
script the permission gate reads) is parsed with :mod:`ast` and every call
in it must be one the analysis knows (bypass family C: "interpreter
one-liners whose payload can avoid every keyword a guard greps for"). A
deny-list of dangerous calls is always one call short; this module lists
what is *known* and makes everything else unknown (never approved, blocked
by bash-check):

* calls to the builtins of :data:`BUILTINS`, and to the functions of the
  modules of :data:`MODULES` reached through their imported names
  (``import json``, ``from os import path as p``, ``import subprocess as
  sp``); the calls that write files or run commands among them (:data:`EFFECTS`)
  are known too: :mod:`shell.codescan` records what they do (the path
  written, the command run) and makes a computed one unknown;
* method calls on values (``text.split()``, ``f.read()``) when the method is
  one of :data:`METHODS`, which only compute, read or write the object they
  are called on;
* functions and classes the code defines itself (their bodies are read too).

Unknown: a syntax error; importing a module not in :data:`MODULES` (a
database driver such as ``sqlite3``, ``psycopg2``... is named as such);
changing the working directory (``os.chdir``: later relative paths would
be read from the wrong place); building a name at run time (``getattr``,
``__import__``, ``globals()[...]``, a subscripted or computed callee, any
dunder attribute); a known function referred to without being called
(``run = os.system``); and any other call.
"""

from __future__ import annotations

import ast

from shell.model import Msg

#: Builtins whose calls only compute, print or read (``open`` is judged by
#: its mode in :mod:`shell.codescan`).
BUILTINS = frozenset("""
abs all any ascii bin bool bytearray bytes callable chr complex dict dir divmod enumerate filter
float format frozenset hash hex id int isinstance issubclass iter len list map max min next
object oct open ord pow print range repr reversed round set slice sorted str sum tuple zip input
super staticmethod classmethod property Exception ValueError KeyError TypeError IndexError
RuntimeError SystemExit StopIteration OSError IOError FileNotFoundError NotImplementedError
AttributeError ZeroDivisionError AssertionError ArithmeticError LookupError UnicodeDecodeError
""".split())
#: Builtins that reach code or names at run time.
DYNAMIC_BUILTINS = frozenset({"exec", "eval", "compile", "getattr", "setattr", "delattr",
                              "__import__", "globals", "locals", "vars", "breakpoint", "help",
                              "memoryview", "type"})

#: Modules whose functions the analysis knows: ``{module: functions}`` (``*``:
#: every public function of a module that only computes).
MODULES = {
    "json": {"loads", "load", "dumps", "dump", "JSONDecodeError"},
    "sys": {"exit", "getsizeof", "getrecursionlimit", "stdin.read", "stdin.readline",
            "stdin.readlines", "stdout.write", "stderr.write", "stdout.flush",
            "stderr.flush", "stdin.buffer.read", "stdout.buffer.write", "intern"},
    "os": {"getcwd", "getenv", "environ.get", "listdir", "scandir", "walk", "stat", "lstat",
           "getpid", "cpu_count", "fspath", "access", "path.join", "path.exists",
           "path.isfile", "path.isdir", "path.islink", "path.basename", "path.dirname",
           "path.abspath", "path.realpath", "path.splitext", "path.split", "path.getsize",
           "path.getmtime", "path.expanduser", "path.relpath", "path.normpath",
           "path.commonpath", "path.isabs", "path.samefile", "get_terminal_size",
           # effects, recorded by shell.codescan
           "remove", "unlink", "rmdir", "removedirs", "rename", "renames", "replace",
           "mkdir", "makedirs", "chmod", "truncate", "utime", "symlink", "link", "system",
           "popen", "execv", "execvp", "execve", "execl", "execlp", "spawnv", "spawnvp"},
    "os.path": {"join", "exists", "isfile", "isdir", "islink", "basename", "dirname",
                "abspath", "realpath", "splitext", "split", "getsize", "getmtime",
                "expanduser", "relpath", "normpath", "commonpath", "isabs"},
    "pathlib": {"Path", "PurePath", "PurePosixPath", "PosixPath"},
    "re": {"*"}, "math": {"*"}, "statistics": {"*"}, "itertools": {"*"}, "string": {"*"},
    "textwrap": {"*"}, "difflib": {"*"}, "fnmatch": {"*"}, "decimal": {"*"},
    "fractions": {"*"}, "random": {"*"}, "operator": {"add", "sub", "mul", "truediv",
                                                       "itemgetter", "eq", "lt", "gt"},
    "collections": {"Counter", "defaultdict", "OrderedDict", "namedtuple", "deque",
                    "ChainMap"},
    "functools": {"reduce", "lru_cache", "cmp_to_key", "total_ordering", "wraps"},
    "datetime": {"*"}, "time": {"time", "sleep", "strftime", "localtime", "gmtime",
                                "perf_counter", "monotonic", "strptime", "mktime"},
    "hashlib": {"*"}, "base64": {"*"}, "binascii": {"hexlify", "unhexlify"}, "uuid": {"*"},
    "csv": {"reader", "writer", "DictReader", "DictWriter"}, "pprint": {"pprint", "pformat"},
    "shlex": {"split", "quote", "join"}, "glob": {"glob", "iglob"},
    "platform": {"system", "machine", "python_version", "release", "node", "platform",
                 "uname", "version", "processor"},
    "shutil": {"which", "disk_usage", "get_terminal_size", "copy", "copy2", "copyfile",
               "copytree", "move", "rmtree", "copymode", "copystat"},
    "subprocess": {"run", "call", "check_call", "check_output", "Popen", "getoutput",
                   "getstatusoutput", "PIPE", "DEVNULL", "STDOUT", "CalledProcessError"},
    "io": {"StringIO", "BytesIO", "open"}, "codecs": {"open", "decode", "encode"},
    "unicodedata": {"*"}, "locale": {"getpreferredencoding"}, "enum": {"Enum", "IntEnum"},
    "dataclasses": {"dataclass", "field", "asdict"}, "typing": {"*"}, "types": {"SimpleNamespace"},
    "argparse": {"ArgumentParser"}, "contextlib": {"suppress"}, "warnings": {"warn"},
    "urllib.parse": {"*"}, "html": {"escape", "unescape"}, "struct": {"pack", "unpack"},
    "copy": {"copy", "deepcopy"}, "bisect": {"*"}, "heapq": {"*"}, "calendar": {"*"},
    "zlib": {"compress", "decompress", "crc32"}, "gzip": {"decompress", "compress"},
    "tomllib": {"loads", "load"}, "configparser": {"ConfigParser"}, "ipaddress": {"*"},
    "secrets": {"token_hex", "token_urlsafe", "choice"}, "keyword": {"*"}, "errno": {"*"},
    "stat": {"*"}, "numbers": {"*"}, "abc": {"*"}, "__future__": {"annotations"},
}
#: Database drivers: what they do to a database is not judged here.
DATABASE_MODULES = frozenset({"sqlite3", "psycopg", "psycopg2", "pymysql", "MySQLdb", "mysql",
                              "pymongo", "redis", "sqlalchemy", "duckdb", "cx_Oracle",
                              "oracledb", "pyodbc", "asyncpg", "aiosqlite", "peewee",
                              "motor", "cassandra", "clickhouse_driver", "snowflake"})
#: Methods of values that compute, read, or change only the value itself
#: (strings, bytes, lists, dicts, sets, files, paths, match objects, csv
#: readers and writers, counters...).
METHODS = frozenset("""
split rsplit strip lstrip rstrip join format lower upper title capitalize casefold startswith
endswith replace find rfind index rindex count encode decode splitlines partition rpartition
isdigit isalpha isalnum isspace isupper islower zfill ljust rjust center expandtabs translate
maketrans removeprefix removesuffix format_map
append extend insert pop remove clear copy sort reverse keys values items get setdefault update
add discard union intersection difference issubset issuperset symmetric_difference
read readline readlines write writelines close flush seek tell fileno readable writable
__enter__ __exit__ group groups groupdict span start end match search fullmatch findall finditer
sub subn hexdigest digest most_common elements total writerow writerows writeheader
read_text read_bytes exists is_file is_dir is_symlink iterdir glob rglob resolve absolute stat
joinpath with_suffix with_name with_stem relative_to as_posix expanduser parent parents
isoformat strftime timestamp date time replace_tzinfo total_seconds days seconds
to_bytes from_bytes bit_length as_integer_ratio is_integer conjugate real imag
add_argument parse_args getvalue appendleft popleft rotate
write_text write_bytes mkdir touch unlink rmdir rename chmod symlink_to hardlink_to open
communicate wait poll kill terminate returncode check_returncode
""".split())

#: Functions that change the working directory: relative paths after them
#: are read from a place the analysis does not follow.
CHDIR = frozenset({"os.chdir", "os.fchdir", "contextlib.chdir"})


class Verdict:
    """``unknown``: the reasons the code is not known (empty when every call
    in it is)."""

    __slots__ = ("unknown",)

    def __init__(self) -> None:
        self.unknown = []

    def add(self, reason) -> None:
        """Record ``reason`` (a :class:`shell.model.Msg`, ``shell.unknown.py_*``:
        a clause starting "it ...") once."""
        if reason not in self.unknown:
            self.unknown.append(reason)


def _dotted(node):
    """``a.b.c`` of a Name/Attribute chain, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _known_function(module: str, rest: str) -> bool:
    funcs = MODULES.get(module)
    if funcs is None:
        return False
    return "*" in funcs or rest in funcs


def check(code: str) -> Verdict:
    """The :class:`Verdict` of the Python source ``code``: the reasons it is
    not known (see the module docstring); none when every call is."""
    v = Verdict()
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        v.add(Msg("shell.unknown.py_unparsed"))
        return v
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            child._pg_parent = parent
    aliases: dict = {}      # local name -> dotted module or module.function
    defined: set = set()    # functions and classes the code defines, and its variables
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                _import(v, a.name, a.asname, aliases)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                v.add(Msg("shell.unknown.py_relative_import"))
                continue
            for a in node.names:
                if a.name == "*":
                    v.add(Msg("shell.unknown.py_star_import", module=node.module))
                    continue
                _import(v, f"{node.module}.{a.name}", a.asname or a.name, aliases,
                        from_module=node.module)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Lambda):
            pass
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__") and \
                node.attr.endswith("__") and node.attr not in ("__enter__", "__exit__",
                                                                 "__name__", "__init__"):
            v.add(Msg("shell.unknown.py_reaches_dunder", name=node.attr))
        elif isinstance(node, ast.Name) and node.id in DYNAMIC_BUILTINS and node.id != "type":
            v.add(Msg("shell.unknown.py_builds_name", name=node.id))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.With,
                             ast.comprehension, ast.NamedExpr)):
            for target in _targets(node):
                if target in aliases:
                    v.add(Msg("shell.unknown.py_rebinds", name=target))
                defined.add(target)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            _call(v, node, aliases, defined)
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(
                getattr(node, "ctx", None), ast.Load):
            _reference(v, node, aliases)
    return v


def _targets(node) -> list:
    out = []
    if isinstance(node, ast.Assign):
        nodes = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
        nodes = [node.target]
    elif isinstance(node, (ast.For, ast.comprehension)):
        nodes = [node.target]
    elif isinstance(node, ast.With):
        nodes = [i.optional_vars for i in node.items if i.optional_vars is not None]
    else:
        nodes = []
    for n in nodes:
        for sub in ast.walk(n):
            if isinstance(sub, ast.Name):
                out.append(sub.id)
    return out


def _import(v: Verdict, dotted: str, asname, aliases: dict, from_module: str | None = None
            ) -> None:
    top = dotted.split(".", 1)[0]
    if top in DATABASE_MODULES:
        v.add(Msg("shell.unknown.py_database", module=top))
        return
    module = from_module or dotted
    if from_module is not None:
        name = dotted[len(from_module) + 1:]
        if from_module in MODULES:
            if not _known_function(from_module, name) and f"{from_module}.{name}" not in MODULES:
                v.add(Msg("shell.unknown.py_unknown_name", name=name, module=from_module))
                return
        elif dotted not in MODULES:
            v.add(Msg("shell.unknown.py_unknown_module", module=from_module))
            return
        aliases[asname] = dotted
        return
    if module not in MODULES:
        v.add(Msg("shell.unknown.py_unknown_module", module=module))
        return
    if asname:
        aliases[asname] = module
    else:
        aliases[top] = top
        if "." in module:
            aliases[module] = module


def _resolve(name: str, aliases: dict):
    """``(module, rest)`` for a dotted name reached through an import, or
    ``None``."""
    head, _, rest = name.partition(".")
    base = aliases.get(head)
    if base is None:
        return None
    full = f"{base}.{rest}" if rest else base
    # the longest known module prefix
    parts = full.split(".")
    for k in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:k])
        if module in MODULES:
            return module, ".".join(parts[k:])
    if full in MODULES:
        return full, ""
    return None


def _call(v: Verdict, node: ast.Call, aliases: dict, defined: set) -> None:
    func = node.func
    name = _dotted(func)
    if name is None:
        if isinstance(func, ast.Attribute):
            # a method of a value computed by an expression: str(x).split()
            if func.attr not in METHODS and func.attr not in defined:
                v.add(Msg("shell.unknown.py_method_on_unknown", name=func.attr))
            return
        v.add(Msg("shell.unknown.py_computed_call"))
        return
    if name in CHDIR or name.endswith(".chdir") and _resolve(name, aliases):
        v.add(Msg("shell.unknown.py_chdir"))
        return
    head = name.split(".", 1)[0]
    if "." not in name:
        if name in aliases:
            resolved = _resolve(name, aliases)
            if resolved is None or not _known_function(*resolved) and resolved[1]:
                v.add(Msg("shell.unknown.py_unknown_call", name=name))
            return
        if name in defined:
            return
        if name in DYNAMIC_BUILTINS:
            return   # reported as a use above
        if name not in BUILTINS:
            v.add(Msg("shell.unknown.py_unknown_call", name=name))
        return
    if head in aliases:
        resolved = _resolve(name, aliases)
        if resolved is None:
            v.add(Msg("shell.unknown.py_unknown_call", name=name))
            return
        module, rest = resolved
        if rest and not _known_function(module, rest) and \
                rest.rsplit(".", 1)[-1] not in METHODS:
            v.add(Msg("shell.unknown.py_unknown_call", name=name))
        return
    # a method of a variable, an argument or an object the code made (a
    # method the code defines itself is read with the rest of it)
    method = name.rsplit(".", 1)[-1]
    if method not in METHODS and method not in defined:
        v.add(Msg("shell.unknown.py_unknown_method", name=name))


def _reference(v: Verdict, node, aliases: dict) -> None:
    """A function of a module referred to without being called (``f =
    os.system``) may be called later under any name: only plain module
    names and known constants pass."""
    name = _dotted(node)
    if name is None or "." not in name:
        return
    resolved = _resolve(name, aliases)
    if resolved is None:
        return
    module, rest = resolved
    effects = ("system", "popen", "run", "call", "check_output", "check_call", "Popen",
               "getoutput", "getstatusoutput", "remove", "unlink", "rmtree", "rename",
               "replace", "move", "execv", "execvp", "spawnv", "open", "chdir")
    last = rest.rsplit(".", 1)[-1] if rest else ""
    if last in effects and not _called(node):
        v.add(Msg("shell.unknown.py_indirect", name=name))


def _called(node) -> bool:
    parent = getattr(node, "_pg_parent", None)
    return isinstance(parent, ast.Call) and parent.func is node

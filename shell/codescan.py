"""Scan inline interpreter code (``python -c``, ``node -e``, ``perl -e``,
``ruby -e``, ``php -r``, ``awk`` programs...) for what it can do to the
machine: run shell commands, write or delete files, reach the network
(bypass family C: "interpreter one-liners whose payload can avoid every
keyword a guard greps for").

This is not a parser for those languages. It is deliberately conservative:

* calls that run commands (``os.system``, ``subprocess.*``, ``execSync``,
  ``system``, backquotes, ``qx``...) whose argument is one string literal are
  handed back as shell code, a list of literals as an argv; anything else
  makes the code *unknown*;
* calls that write/delete files with a literal path become writes; with a
  computed path the code is *unknown*;
* dynamic-code primitives (``exec``, ``eval``, ``compile``, ``getattr``,
  ``__import__`` of a computed name, ``importlib``, ``__dict__``, ``Function``,
  ``instance_eval``...) and references to write/exec functions that are not
  direct calls (``o = open``) make the code *unknown*, because after them any
  call may be hidden.

Importing ``re`` is fine here: this module only loads for interpreter code.
"""

from __future__ import annotations

import re
from shell.model import Msg
from statefiles.record import Record


class Report:
    """``shell``: shell code strings run; ``argv``: argument lists run;
    ``writes``: ``(kind, path_or_None, recursive)`` with kind ``write`` or
    ``delete``; ``literals``: every string literal (for guarded-path
    checks); ``can_write``; ``network``; ``http_methods``; ``destructive``:
    ``(family, message)``; ``unknown``: reasons."""

    __slots__ = ("shell", "argv", "writes", "literals", "can_write", "network",
                 "http_methods", "destructive", "unknown", "pipes")

    def __init__(self):
        #: commands that read the program's output (awk ``print | "cmd"``)
        self.pipes = []
        self.shell = []
        self.argv = []
        self.writes = []
        self.literals = []
        self.can_write = False
        self.network = False
        self.http_methods = []
        self.destructive = []
        self.unknown = []

    def unknown_(self, reason: str) -> None:
        """Record ``reason`` (str) why the code cannot be followed, once."""
        if reason not in self.unknown:
            self.unknown.append(reason)


# ------------------------------------------------------------------ literals

class Lit(Record):
    """A string literal in the scanned code: its ``value`` (escapes
    decoded), ``dynamic`` (it interpolates something, so the value at run
    time differs) and its span ``start:end`` in the code, quotes included.
    Made as ``Lit(value, dynamic, start, end)`` (:class:`statefiles.record.Record`)."""

    __slots__ = ("value", "dynamic", "start", "end")


_PY_ESC = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"',
           "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def literals(code: str, language: str) -> list:
    """String literals with their spans. Interpolating strings (f-strings,
    ``${}`` templates, Perl/PHP/Ruby ``"$x"``/``"#{x}"``) are ``dynamic``."""
    out = []
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == "#" and language in ("python", "perl", "ruby", "r", "powershell"):
            nl = code.find("\n", i)
            i = n if nl < 0 else nl
            continue
        if c == "/" and language in ("js", "php") and code.startswith(("//", "/*"), i):
            end = code.find("\n" if code[i + 1] == "/" else "*/", i + 2)
            i = n if end < 0 else end + (0 if code[i + 1] == "/" else 2)
            continue
        if c in "'\"`":
            prefix_start = i
            while prefix_start > 0 and code[prefix_start - 1] in "rRbBfFuU" and \
                    language == "python":
                prefix_start -= 1
            prefix = code[prefix_start:i].lower()
            triple = language == "python" and code.startswith(c * 3, i)
            q = c * 3 if triple else c
            j = i + len(q)
            buf = []
            raw = "r" in prefix or (language in ("perl", "ruby", "php", "powershell") and c == "'")
            while j < n and not code.startswith(q, j):
                ch = code[j]
                if ch == "\\" and j + 1 < n and not (raw and code[j + 1] not in (c, "\\")):
                    e = code[j + 1]
                    if raw:
                        buf.append(e)
                    elif e == "x" and j + 3 < n:
                        try:
                            buf.append(chr(int(code[j + 2:j + 4], 16)))
                            j += 4
                            continue
                        except ValueError:
                            buf.append(e)
                    else:
                        buf.append(_PY_ESC.get(e, e))
                    j += 2
                    continue
                buf.append(ch)
                j += 1
            value = "".join(buf)
            dynamic = ("f" in prefix and "{" in value) or (
                language == "js" and c == "`" and "${" in value) or (
                language in ("perl", "php") and c == '"' and re.search(r"[$@]\w|\$\{", value)) or (
                language == "ruby" and c in '"`' and "#{" in value) or (
                language == "powershell" and c == '"' and "$" in value)
            out.append(Lit(value, bool(dynamic), i, j + len(q)))
            i = j + len(q)
            continue
        i += 1
    return out


def _outside_strings(text: str, start: int = 0):
    """``(index, char, depth)`` for every character of ``text`` from ``start``
    that is not inside a string literal (``'``, ``"`` or a backquote, with
    backslash escapes inside), ``depth`` being the bracket nesting after it.
    The programming languages' quoting, not the shell's (see
    :mod:`shell.quoting`)."""
    depth = 0
    quote = None
    i = start
    n = len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if c in "'\"`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        yield i, c, depth
        i += 1


def _call_args(code: str, open_paren: int):
    """Text between ``(`` at ``open_paren`` and its matching ``)`` (strings
    skipped), or ``None``."""
    for i, c, depth in _outside_strings(code, open_paren):
        if c in ")]}" and depth == 0:
            return code[open_paren + 1:i]
    return None


def _split_top(args: str) -> list:
    """Split call arguments on top-level commas."""
    parts = []
    prev = 0
    for i, c, depth in _outside_strings(args):
        if c == "," and depth == 0:
            parts.append(args[prev:i].strip())
            prev = i + 1
    if args[prev:].strip():
        parts.append(args[prev:].strip())
    return parts


def _as_literal(expr: str, language: str):
    """A lone string literal → its value; else ``None``."""
    expr = expr.strip()
    lits = literals(expr, language)
    if len(lits) == 1 and lits[0].start <= 2 and lits[0].end == len(expr) and not lits[0].dynamic:
        head = expr[:lits[0].start]
        if head.lower() in ("", "r", "b", "u", "rb", "br"):
            return lits[0].value
    return None


def _as_list(expr: str, language: str):
    """A list/array of string literals → list of values; else ``None``."""
    expr = expr.strip()
    if not expr or expr[0] not in "[(" or expr[-1] not in "])":
        return None
    inner = expr[1:-1]
    parts = [p for p in _split_top(inner) if p]
    values = []
    for p in parts:
        v = _as_literal(p, language)
        if v is None:
            return None
        values.append(v)
    return values


# ------------------------------------------------------------------ tables

_EXEC = {
    "python": [r"\bos\s*\.\s*(?:system|popen)\b", r"\bsubprocess\b", r"\bpty\s*\.\s*spawn\b",
               r"\bcreate_subprocess_(?:shell|exec)\b", r"\bmultiprocessing\b",
               r"\bos\s*\.\s*(?:exec\w*|spawn\w*|posix_spawn\w*)\b", r"\bcommands\s*\.",
               r"\bplatform\s*\.\s*popen\b", r"\bsystem\s*\(", r"\bpopen\s*\("],
    "js": [r"\bchild_process\b", r"\bexecSync\b", r"\bexecFileSync\b", r"\bspawnSync\b",
           r"\bexecFile\b", r"\bspawn\b", r"\bexec\s*\(", r"\bexeca\b", r"\bBun\s*\.\s*spawn",
           r"\bDeno\s*\.\s*(?:run|Command)\b", r"\$`"],
    "perl": [r"\bsystem\b", r"\bexec\b", r"`", r"\bqx\b", r"\bopen\s*\(?[^;]*['\"][^'\"]*\|",
             r"\bopen\s*\(?[^;]*['\"]-?\|-?['\"]", r"\bIPC::"],
    "ruby": [r"\bsystem\b", r"\bexec\b", r"`", r"%x", r"\bIO\s*\.\s*popen\b", r"\bOpen3\b",
             r"\bspawn\b", r"\bKernel\s*\.", r"\bPTY\b"],
    "php": [r"\bsystem\b", r"\bexec\b", r"\bshell_exec\b", r"\bpassthru\b", r"\bpopen\b",
            r"\bproc_open\b", r"`", r"\bpcntl_exec\b"],
    "lua": [r"\bos\s*\.\s*execute\b", r"\bio\s*\.\s*popen\b"],
    "r": [r"\bsystem2?\b", r"\bshell\b", r"\bprocessx\b"],
    "awk": [r"\bsystem\s*\(", r"\|\s*getline", r"\bprint[f]?\b[^;}]*\|", r"\|&"],
    "powershell": [r"Start-Process", r"Invoke-Expression", r"\biex\b", r"&\s*\(",
                   r"cmd(?:\.exe)?\s*/c"],
}
#: Calls whose first argument is shell code (string) or argv (list).
_EXEC_CALLS = {
    "python": [(r"\bos\s*\.\s*system\s*\(", "shell"), (r"\bos\s*\.\s*popen\s*\(", "shell"),
               (r"\bsubprocess\s*\.\s*(?:run|call|check_call|check_output|Popen)\s*\(", "auto"),
               (r"\bsubprocess\s*\.\s*(?:getoutput|getstatusoutput)\s*\(", "shell"),
               (r"\bpty\s*\.\s*spawn\s*\(", "auto"),
               (r"\bcreate_subprocess_shell\s*\(", "shell"),
               (r"\bcreate_subprocess_exec\s*\(", "argv-split")],
    "js": [(r"\bexecSync\s*\(", "shell"), (r"(?<![\w.])exec\s*\(", "shell"),
           (r"\.\s*exec\s*\(", "shell"), (r"\bspawnSync\s*\(", "argv-split"),
           (r"\bspawn\s*\(", "argv-split"), (r"\bexecFileSync\s*\(", "argv-split"),
           (r"\bexecFile\s*\(", "argv-split")],
    "perl": [(r"\bsystem\s*\(?", "auto"), (r"\bexec\s*\(?", "auto")],
    "ruby": [(r"\bsystem\s*\(?", "auto"), (r"\bexec\s*\(?", "auto"),
             (r"\bIO\s*\.\s*popen\s*\(", "auto"), (r"\bspawn\s*\(?", "auto")],
    "php": [(r"\b(?:system|exec|shell_exec|passthru|popen)\s*\(", "shell")],
    "lua": [(r"\bos\s*\.\s*execute\s*\(", "shell"), (r"\bio\s*\.\s*popen\s*\(", "shell")],
    "r": [(r"\bsystem\s*\(", "shell")],
    "awk": [(r"\bsystem\s*\(", "shell")],
}
#: Dynamic-code primitives: after them any call may be hidden.
_DYNAMIC = {
    "python": [r"\bexec\s*\(", r"\beval\s*\(", r"\bcompile\s*\(", r"\bgetattr\s*\(",
               r"\b__import__\s*\(", r"\bmethodcaller\b", r"\battrgetter\b", r"\brunpy\b",
               r"\bsetattr\s*\(", r"\bsys\s*\.\s*modules\b", r"\bbreakpoint\s*\(",
               r"\bcode\s*\.\s*(?:interact|InteractiveInterpreter|InteractiveConsole)\b",
               r"\btypes\s*\.\s*(?:FunctionType|CodeType)\b",
               r"\b__builtins__\b", r"\bglobals\s*\(\s*\)", r"\blocals\s*\(\s*\)",
               r"\bvars\s*\(", r"\bimportlib\b", r"__dict__", r"\bmarshal\b",
               r"\bpickle\b", r"\bctypes\b", r"\bcffi\b", r"__class__", r"__subclasses__",
               r"\bruntime\b"],
    "js": [r"\beval\s*\(", r"\bFunction\s*\(", r"\bnew\s+Function\b", r"\bvm\s*\.",
           # destructuring with a rename hides the function behind another name
           r"\{[^{}]*\w\s*:\s*\w[^{}]*\}\s*=\s*(?:await\s+)?(?:require|import)\s*\(",
           r"\bimport\s*\{[^{}]*\bas\b[^{}]*\}\s*from\b",
           r"\bimport\s+\*\s+as\s+\w+\s+from\s+['\"`](?:node:)?(?:child_process|fs)",
           r"\bReflect\s*\.\s*(?:apply|get)\b", r"\bprocess\s*\.\s*dlopen\b",
           r"\bmodule\s*\.\s*constructor\b", r"\bWorker\s*\(",
           r"\brequire\s*\(\s*[^'\"`\s)]", r"\bimport\s*\(\s*[^'\"`\s)]",
           r"\[\s*['\"`]\w+['\"`]\s*\]\s*\(",
           r"\bglobalThis\b", r"\bprocess\s*\.\s*binding\b", r"\bsetTimeout\s*\(\s*['\"`]"],
    "perl": [r"\beval\b", r"\bdo\s+['\"$]", r"\brequire\s+\$", r"&\{", r"->\s*\$",
             r"&\$\w", r"\$\w+\s*->\s*\(", r"\\&\w", r"\bcan\s*\("],
    "ruby": [r"\beval\b", r"\binstance_eval\b", r"\bclass_eval\b", r"\bsend\s*\(",
             r"\b__send__\b", r"\bmethod_missing\b", r"\bdefine_method\b", r"\bload\b",
             r"\bpublic_send\b", r"\bconst_get\b", r"\bmethod\s*\(", r"\bbinding\b"],
    "php": [r"\beval\s*\(", r"\bassert\s*\(", r"\bcreate_function\b", r"\bcall_user_func",
            r"\$\w+\s*\(", r"preg_replace\s*\(\s*['\"].*/e", r"\binclude\b", r"\brequire\b"],
    "lua": [r"\bload\s*\(", r"\bloadstring\b", r"\bdofile\b", r"\brequire\b"],
    "awk": [],
    "r": [r"\beval\s*\(", r"\bparse\s*\(", r"\bdo\.call\b", r"\bget\s*\("],
    "powershell": [r"Invoke-Expression", r"\biex\b", r"ScriptBlock", r"-EncodedCommand",
                   r"FromBase64String"],
}


def _call(pattern: str, kind: str, recursive: bool = False, arg: int = 0) -> tuple:
    """A row of :data:`_WRITES`: ``(pattern, kind, recursive, arg)``: the call's
    regex (ending at its ``(``), what it does (``write``, ``delete``, ``move``,
    ``open``, or a kind read by its own rule), whether it acts on whole trees,
    and which argument holds the path (``-1``: every argument)."""
    return pattern, kind, recursive, arg


#: File-writing calls per language (see :func:`_call`).
_WRITES = {
    "python": [
        _call(r"\bopen\s*\(", "open"),
        _call(r"\b(?:io|codecs)\s*\.\s*open\s*\(", "open"),
        _call(r"\bos\s*\.\s*(?:remove|unlink|rmdir)\s*\(", "delete"),
        _call(r"\bos\s*\.\s*removedirs\s*\(", "delete", recursive=True),
        _call(r"\bos\s*\.\s*(?:rename|renames|replace)\s*\(", "move"),
        _call(r"\bos\s*\.\s*(?:truncate|chmod|chown|lchown|utime|mkdir|makedirs|mkfifo|mknod)\s*\(",
              "write"),
        _call(r"\bos\s*\.\s*(?:symlink|link)\s*\(", "write", arg=1),
        _call(r"\bshutil\s*\.\s*rmtree\s*\(", "delete", recursive=True),
        _call(r"\bshutil\s*\.\s*move\s*\(", "move", recursive=True),
        _call(r"\bshutil\s*\.\s*(?:copy|copy2|copyfile|copytree|copymode|copystat|chown)\s*\(",
              "write", recursive=True, arg=1),
        _call(r"\bPath\s*\(([^()]*)\)\s*\.\s*(?:write_text|write_bytes|touch|mkdir|chmod|"
              r"symlink_to|hardlink_to|open)\s*\(", "path-write"),
        _call(r"\bPath\s*\(([^()]*)\)\s*\.\s*(?:unlink|rmdir|rename|replace)\s*\(", "path-delete"),
    ],
    "js": [
        _call(r"\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|"
              r"truncate|truncateSync|chmod|chmodSync|chown|chownSync|mkdir|mkdirSync|copyFile|"
              r"copyFileSync|outputFile|outputFileSync|writeJson|writeJsonSync|utimes|utimesSync)"
              r"\s*\(", "write"),
        _call(r"\b(?:cp|cpSync|copy|copySync)\s*\(", "write", recursive=True, arg=1),
        _call(r"\b(?:symlink|symlinkSync|link|linkSync)\s*\(", "write", arg=1),
        _call(r"\b(?:unlink|unlinkSync|rmdir|rmdirSync)\s*\(", "delete"),
        _call(r"\b(?:rm|rmSync|remove|removeSync|emptyDir|emptyDirSync|rimraf|rimrafSync)\s*\(",
              "delete", recursive=True),
        _call(r"\b(?:rename|renameSync|move|moveSync)\s*\(", "move", recursive=True),
        _call(r"\bBun\s*\.\s*write\s*\(", "write"),
        _call(r"\bDeno\s*\.\s*(?:writeTextFile|writeFile|create|truncate|chmod|mkdir)"
              r"(?:Sync)?\s*\(", "write"),
        _call(r"\bDeno\s*\.\s*remove(?:Sync)?\s*\(", "delete", recursive=True),
    ],
    "perl": [
        _call(r"\bunlink\s*\(?", "delete"), _call(r"\brmdir\s*\(?", "delete"),
        _call(r"\b(?:rmtree|remove_tree)\s*\(?", "delete", recursive=True),
        _call(r"\brename\s*\(?", "move"), _call(r"\btruncate\s*\(?", "write"),
        _call(r"\b(?:chmod|chown|utime)\s*\(?", "write", arg=-1),
        _call(r"\bopen\s*\(?", "perl-open"),
        _call(r"\b(?:copy|move|cp|mv)\s*\(", "write", arg=1),
        _call(r"\bsymlink\s*\(?", "write", arg=1), _call(r"\bmkdir\s*\(?", "write"),
    ],
    "ruby": [
        _call(r"\bFile\s*\.\s*(?:write|binwrite|truncate|chmod|symlink|link|rename|new)\s*\(?",
              "ruby-file"),
        _call(r"\bFile\s*\.\s*open\s*\(?", "open"),
        _call(r"\bIO\s*\.\s*(?:write|binwrite)\s*\(?", "write"),
        _call(r"\bFile\s*\.\s*(?:delete|unlink)\s*\(?", "delete"),
        _call(r"\bDir\s*\.\s*(?:rmdir|delete|unlink)\s*\(?", "delete"),
        _call(r"\bFileUtils\s*\.\s*(?:rm_rf|rm_r|remove_dir|remove_entry|rmtree|"
              r"remove_entry_secure)\s*\(?", "delete", recursive=True),
        _call(r"\bFileUtils\s*\.\s*(?:rm|rm_f|remove|remove_file|rmdir)\s*\(?", "delete"),
        _call(r"\bFileUtils\s*\.\s*(?:mv|move)\s*\(?", "move", recursive=True),
        _call(r"\bFileUtils\s*\.\s*(?:cp|cp_r|copy|copy_entry|install|ln|ln_s|ln_sf|touch|"
              r"mkdir_p|mkdir|chmod|chmod_R|chown|chown_R)\s*\(?", "write", recursive=True,
              arg=-1),
    ],
    "php": [
        _call(r"\bfile_put_contents\s*\(", "write"), _call(r"\bfopen\s*\(", "open"),
        _call(r"\bunlink\s*\(", "delete"), _call(r"\brmdir\s*\(", "delete"),
        _call(r"\brename\s*\(", "move"), _call(r"\bcopy\s*\(", "write", arg=1),
        _call(r"\b(?:touch|mkdir|chmod|chown|symlink|link|ftruncate)\s*\(", "write"),
    ],
    "lua": [
        _call(r"\bio\s*\.\s*open\s*\(", "open"),
        _call(r"\bos\s*\.\s*remove\s*\(", "delete"),
        _call(r"\bos\s*\.\s*rename\s*\(", "move"),
    ],
    "r": [
        _call(r"\b(?:writeLines|write|cat|saveRDS|save|write\.csv|write\.table|sink|file\.create|"
              r"file\.copy|dir\.create)\s*\(", "write", arg=-1),
        _call(r"\b(?:unlink|file\.remove)\s*\(", "delete", recursive=True),
        _call(r"\bfile\.rename\s*\(", "move"),
    ],
}
_WRITE_WORDS = {
    "python": r"\b(?:open|remove|unlink|rmdir|removedirs|rename|renames|replace|truncate|"
              r"rmtree|move|copy|copy2|copyfile|copytree|write_text|write_bytes|system|popen|"
              r"symlink|chmod|chown|makedirs|mkdir|touch)\b",
}
_NETWORK = {
    "python": r"\b(?:urllib|requests|httpx|http\.client|aiohttp|socket|ftplib|smtplib|"
              r"telnetlib|paramiko|urlopen)\b",
    "js": r"\b(?:fetch|axios|https?\s*\.\s*(?:get|request)|XMLHttpRequest|WebSocket|net\s*\."
          r"\s*connect|undici|got)\b",
    "perl": r"\b(?:LWP|HTTP::Tiny|IO::Socket|Net::|Mojo::UserAgent)\b",
    "ruby": r"\b(?:Net::HTTP|open-uri|URI\.open|Faraday|HTTParty|RestClient|TCPSocket)\b",
    "php": r"\b(?:curl_exec|curl_init|fsockopen|file_get_contents\s*\(\s*['\"]https?:)",
    "lua": r"\b(?:socket\.http|http\.request)\b",
    "r": r"\b(?:download\.file|httr|curl|url\s*\()\b",
    "powershell": r"(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm|Net\.WebClient|DownloadString)",
}


# ------------------------------------------------------------------ python

#: (module, functions, kind, recursive, index of the path argument)
_PY_FILE_FUNCS = (
    ("os", ("remove", "unlink", "rmdir"), "delete", False, 0),
    ("os", ("removedirs",), "delete", True, 0),
    ("os", ("rename", "renames", "replace"), "move", False, 0),
    ("os", ("truncate", "chmod", "chown", "lchown", "utime", "mkdir", "makedirs", "mkfifo",
            "mknod"), "write", False, 0),
    ("os", ("symlink", "link"), "write", False, 1),
    ("shutil", ("rmtree",), "delete", True, 0),
    ("shutil", ("move",), "move", True, 0),
    ("shutil", ("copy", "copy2", "copyfile", "copytree", "copymode", "copystat", "chown"),
     "write", True, 1),
    ("io", ("open",), "open", False, 0),
    ("codecs", ("open",), "open", False, 0),
    # low-level and archive writers: the path (or destination) is written
    ("os", ("open",), "write", False, 0),
    ("io", ("FileIO",), "write", False, 0),
    ("tarfile", ("open",), "write", True, 0),
    ("zipfile", ("ZipFile",), "write", True, 0),
)
#: (module, functions, mode): calls that run commands.
_PY_EXEC_FUNCS = (
    ("os", ("system", "popen"), "shell"),
    ("os", ("execv", "execvp", "execve", "execvpe", "execl", "execlp", "execle", "execlpe",
            "spawnv", "spawnvp", "spawnve", "spawnvpe", "spawnl", "spawnlp", "posix_spawn",
            "posix_spawnp"), "exec-argv"),
    ("subprocess", ("run", "call", "check_call", "check_output", "Popen"), "auto"),
    ("subprocess", ("getoutput", "getstatusoutput"), "shell"),
    ("pty", ("spawn",), "auto"),
    ("commands", ("getoutput", "getstatusoutput"), "shell"),
    ("platform", ("popen",), "shell"),
)
#: module -> every function of it the tables above know (for
#: :func:`_py_from_imports`).
_PY_KNOWN_FUNCS: dict = {}
for _mod, _funcs, *_rest in _PY_FILE_FUNCS + _PY_EXEC_FUNCS:
    _PY_KNOWN_FUNCS.setdefault(_mod, set()).update(_funcs)
del _mod, _funcs, _rest
#: Function names that only ever write, delete or run commands: a call to one
#: of them on a receiver the scanner cannot identify makes the code unknown.
_PY_UNAMBIGUOUS = ("rmtree", "removedirs", "unlink", "rmdir", "write_text", "write_bytes",
                   "extractall", "FileIO",
                   "symlink_to", "hardlink_to", "copytree", "copyfile", "makedirs", "lchown",
                   "system", "popen", "check_output", "check_call", "Popen", "getoutput",
                   "getstatusoutput", "execv", "execvp", "execve", "execvpe", "execl",
                   "execlp", "spawnv", "spawnvp", "posix_spawn", "posix_spawnp", "spawn")


def _py_aliases(masked: str) -> dict:
    """``{module: (receiver_names, bare_function_names)}`` from the code's
    imports (``import shutil as s``, ``from os import remove as rm``)."""
    out: dict = {}
    for m in re.finditer(r"\bimport\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+"
                         r"\w+)?)*)", masked):
        if masked[max(0, m.start() - 30):m.start()].rstrip().split()[-1:] and \
                re.search(r"\bfrom\s+[\w.]+\s*$", masked[:m.start()]):
            continue
        for part in m.group(1).split(","):
            bits = part.split()
            if not bits:
                continue
            mod = bits[0]
            alias = bits[2] if len(bits) >= 3 and bits[1] == "as" else mod.split(".")[0]
            recv, bare = out.setdefault(mod, (set(), set()))
            recv.add(alias if len(bits) >= 3 else mod)
    for _end, mod, name, alias in _py_from_import_names(masked):
        _recv, bare = out.setdefault(mod, (set(), set()))
        bare.add("*" if name == "*" else (name, alias))
    return out


def _py_from_import_names(masked: str):
    """``(end, module, name, alias)`` for every name of every ``from MODULE
    import NAME [as ALIAS], ...`` in the code (``*`` for a star import;
    ``alias`` is ``name`` when there is no ``as``; ``end``: where the
    import statement ends)."""
    for m in re.finditer(r"\bfrom\s+([\w.]+)\s+import\s+\(?([\w\s,*]+)\)?", masked):
        for part in m.group(2).split(","):
            bits = part.split()
            if bits:
                alias = bits[2] if len(bits) >= 3 and bits[1] == "as" else bits[0]
                yield m.end(), m.group(1), bits[0], alias


def _py_receiver(mod: str, aliases: dict) -> str:
    names = {mod}
    recv, _bare = aliases.get(mod, (set(), set()))
    names |= recv
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # string literals are masked with "_" of the same length in the scanned text
    imp = r"__import__\s*\(\s*['\"](?:" + re.escape(mod) + "|_{" + str(len(mod)) + \
        r"})['\"]\s*\)"
    return r"(?:(?<![\w.])(?:" + alts + r")|" + imp + r")\s*\.\s*"


def _py_bare_calls(mod: str, funcs, aliases: dict) -> list:
    """Patterns of calls to ``mod``'s functions ``funcs`` under the bare
    names the code imported them as (``from mod import *``: all of them;
    ``from mod import f as g``: ``g``), from :func:`_py_aliases`."""
    pats = []
    _recv, bare = aliases.get(mod, (set(), set()))
    for item in bare:
        if item == "*":
            names = funcs
        elif item[0] in funcs:
            names = (item[1],)
        else:
            continue
        pats.append(r"(?<![\w.])(?:" + "|".join(names) + r")\s*\(")
    return pats


def _py_patterns(masked: str):
    """Alias-aware write and exec patterns for Python code."""
    aliases = _py_aliases(masked)
    writes = [(r"(?<![\w.])open\s*\(", "open", False, 0)]
    for mod, funcs, kind, recursive, index in _PY_FILE_FUNCS:
        recv = _py_receiver(mod, aliases)
        writes.append((recv + "(?:" + "|".join(funcs) + r")\s*\(", kind, recursive, index))
        for pat in _py_bare_calls(mod, funcs, aliases):
            writes.append((pat, kind, recursive, index))
    for recv_pat in (r"(?:(?<![\w.])(?:pathlib\s*\.\s*)?Path|(?<![\w.])PurePath)",):
        writes.append((recv_pat + r"\s*\(([^()]*)\)\s*\.\s*(?:write_text|write_bytes|touch|mkdir|"
                       r"chmod|symlink_to|hardlink_to|open)\s*\(", "path-write", False, 0))
        writes.append((recv_pat + r"\s*\(([^()]*)\)\s*\.\s*(?:unlink|rmdir|rename|replace)\s*\(",
                       "path-delete", False, 0))
    execs = []
    for mod, funcs, mode in _PY_EXEC_FUNCS:
        recv = _py_receiver(mod, aliases)
        execs.append((recv + "(?:" + "|".join(funcs) + r")\s*\(", mode))
        for pat in _py_bare_calls(mod, funcs, aliases):
            execs.append((pat, mode))
    return writes, execs


def scan(language: str, code: str) -> Report:
    """Scan ``code`` written in ``language`` (``python``, ``js``, ``perl``,
    ``ruby``, ``php``, ``lua``, ``awk``, ``r``, ``powershell``; others are
    treated as unknown when they do anything but print)."""
    rep = Report()
    lits = literals(code, language)
    rep.literals = [lit.value for lit in lits if not lit.dynamic and lit.value.strip()]
    masked = _mask_strings(code, lits)
    if language == "awk":
        _scan_awk(code, masked, lits, rep)
        return rep
    known = language in _EXEC
    if not known:
        if code.strip():
            rep.unknown_(Msg("shell.unknown.code_cannot_checked", language=language))
            rep.can_write = True
        return rep
    for pat in _DYNAMIC.get(language, ()):
        if re.search(pat, masked):
            rep.unknown_(Msg("shell.unknown.builds_runs_code_run"))
            rep.can_write = True
            break
    if language == "ruby" or language == "perl":
        # Ruby's FileUtils::rm_rf and Perl's File::Path::rmtree: "::" reaches a
        # method like "." (same length, so positions in the code still match)
        masked = re.sub(r"(?<=\w)::(?=\w)", ". ", masked)
    if language == "python":
        _py_from_imports(masked, rep)
    exec_present = any(re.search(p, masked) for p in _EXEC.get(language, ()))
    if language == "perl" and re.search(r"`|\bqx\s*[({/|!'\"]", code):
        exec_present = True
    py = _py_patterns(masked) if language == "python" else None
    if py is not None and not exec_present:
        # a command runner imported under another name (from os import system as s)
        exec_present = any(re.search(p, masked) for p, _mode in py[1])
    # Python's tables know the names this code imported under (py); the
    # spans the calls take are kept so that a later check skips them.
    consumed: list = []
    if exec_present:
        rep.can_write = True
        calls = py[1] if py else _EXEC_CALLS.get(language, ())
        _exec_calls(code, masked, language, rep, calls, consumed)
    table = py[0] if py else _WRITES.get(language, ())
    _write_calls(code, masked, language, rep, table, consumed)
    if language == "python":
        for m in re.finditer(r"(?<![\w])(" + "|".join(_PY_UNAMBIGUOUS) + r")\s*\(", masked):
            if not any(a <= m.start(1) < b for a, b in consumed):
                rep.unknown_(Msg("shell.unknown.calls_object_check_cannot",
                                 call=m.group(1)))
                rep.can_write = True
    ww = _WRITE_WORDS.get(language)
    if ww:
        for m in re.finditer(ww, masked):
            rest = masked[m.end():m.end() + 40].lstrip()
            before = masked[max(0, m.start() - 12):m.start()]
            if rest.startswith("(") or before.rstrip().endswith(("def", "import", "from")):
                continue
            if rest.startswith((".", "=", ":")) or before.rstrip().endswith(("import", ",")):
                continue
            # A write/exec function used without being called directly (o = open).
            rep.unknown_(Msg("shell.unknown.refers_without_calling_directly", name=m.group(0)))
            rep.can_write = True
    net = _NETWORK.get(language)
    if net and re.search(net, code):
        rep.network = True
        for m in re.finditer(r"\b(DELETE|PUT|PATCH|POST)\b", code):
            rep.http_methods.append(m.group(1))
        if language == "python" and re.search(r"\brequests\s*\.\s*delete\s*\(|\.\s*delete\s*\(",
                                              masked):
            rep.http_methods.append("DELETE")
    if re.search(r"\bfork\b", masked) and re.search(r"\b(?:while|for|loop|until)\b", masked):
        rep.destructive.append(("fork-bomb", Msg("shell.find.fork_code")))
    return rep


#: Modules whose functions run programs, write or delete files, or reach
#: other code by name (for ``from MODULE import NAME`` in Python).
_PY_RISKY_MODULES = frozenset({"os", "posix", "nt", "subprocess", "shutil", "pty", "commands",
                               "asyncio", "asyncio.subprocess", "multiprocessing", "runpy",
                               "importlib", "operator", "ctypes", "platform", "builtins",
                               "sys", "socket", "pathlib", "tempfile", "glob", "io", "codecs"})
#: Names those modules export that only read or describe (safe to import).
_PY_SAFE_NAMES = frozenset({"path", "environ", "getcwd", "sep", "linesep", "name", "PIPE",
                            "DEVNULL", "STDOUT", "CalledProcessError", "TimeoutExpired",
                            "CompletedProcess", "Path", "PurePath", "PurePosixPath",
                            "PosixPath", "argv", "exit", "stdin", "stdout", "stderr", "version",
                            "version_info", "platform", "listdir", "scandir", "walk",
                            "getenv", "cpu_count", "which", "disk_usage", "get_terminal_size",
                            "gettempdir", "glob", "iglob", "StringIO", "BytesIO", "itemgetter",
                            "add", "mul", "sub", "truediv", "stat", "fspath", "basename",
                            "dirname", "join", "exists", "isfile", "isdir", "python_version",
                            "system_alias", "machine", "node", "release", "uname",
                            "get_event_loop", "run", "sleep", "gather", "Queue", "Event",
                            "Lock", "create_task", "wait_for", "TemporaryDirectory",
                            "NamedTemporaryFile", "mkdtemp", "mkstemp", "setrecursionlimit",
                            "getsizeof", "maxsize", "executable", "modules_", "open"})


def _py_from_imports(masked: str, rep: Report) -> None:
    """``from os import system as s``, ``from subprocess import *``: a
    function imported by name from a module that runs programs or writes
    files can be called under any name. The scanner follows a name its
    tables know (``from shutil import rmtree as r; r(p)``) when every use
    of it is a direct call; any other such import — a name it does not
    know, a star import, a name passed around — makes the code unknown
    (what is not known is never safe)."""
    known = _PY_KNOWN_FUNCS
    for end, mod, name, alias in _py_from_import_names(masked):
        if mod not in _PY_RISKY_MODULES and mod.split(".")[0] not in ("os", "subprocess",
                                                                      "shutil", "importlib"):
            continue
        if name != "*" and name in _PY_SAFE_NAMES and alias == name and \
                name not in known.get(mod, ()):
            continue
        if name in known.get(mod, ()) and _only_called(masked, alias, end):
            continue
        rep.unknown_(Msg("shell.unknown.imports_name_calls_cannot", name=name,
                         mod=mod))
        rep.can_write = True
        return


def _only_called(masked: str, alias: str, after: int) -> bool:
    """Every use of ``alias`` after position ``after`` is a direct call."""
    for m in re.finditer(r"(?<![\w.])" + re.escape(alias) + r"(?!\w)", masked[after:]):
        if not masked[after + m.end():].lstrip().startswith("("):
            return False
    return True


def _mask_strings(code: str, lits: list) -> str:
    out = list(code)
    for lit in lits:
        for k in range(lit.start + 1, max(lit.start + 1, lit.end - 1)):
            if k < len(out):
                out[k] = "_"
    return "".join(out)


def _exec_calls(code: str, masked: str, language: str, rep: Report, calls, consumed: list) -> None:
    """The command runners of ``calls`` (``[(pattern, mode)]``) found in
    ``masked``: each call's span is appended to ``consumed``."""
    resolved_any = False
    spans = []
    for pat, mode in calls:
        for m in re.finditer(pat, masked):
            spans.append((m.start(), m.end()))
            consumed.append((m.start(), m.end()))
            args = _args_after(code, m.end(), language)
            if args is None:
                rep.unknown_(Msg("shell.unknown.runs_command_cannot_read"))
                continue
            parts = _split_top(args)
            if not parts:
                continue
            first = parts[0]
            if mode == "exec-argv":
                lst = _as_list(parts[1], language) if len(parts) > 1 else None
                if lst is None:
                    lits = [_as_literal(p, language) for p in parts[1:]]
                    lst = lits if lits and all(v is not None for v in lits) else None
                if lst is None:
                    rep.unknown_(Msg("shell.unknown.runs_program_arguments_computed"))
                else:
                    rep.argv.append(lst)
                    resolved_any = True
                continue
            shell_kw = any(re.match(r"shell\s*=\s*True", p) for p in parts[1:])
            lit = _as_literal(first, language)
            lst = _as_list(first, language)
            if mode == "argv-split" and lit is not None:
                rest = _as_list(parts[1], language) if len(parts) > 1 else []
                if rest is None:
                    rep.unknown_(Msg("shell.unknown.runs_command_arguments_computed"))
                    continue
                if any(re.match(r"\{?\s*shell\s*:\s*true", p) for p in parts[1:]):
                    rep.shell.append(" ".join([lit] + rest))
                else:
                    rep.argv.append([lit] + rest)
                resolved_any = True
                continue
            if lit is not None:
                if mode == "shell" or shell_kw or (mode == "auto" and language in (
                        "perl", "ruby") and len(parts) == 1):
                    rep.shell.append(lit)
                elif mode == "auto" and language in ("perl", "ruby"):
                    others = [_as_literal(p, language) for p in parts[1:]]
                    if any(o is None for o in others):
                        rep.unknown_(Msg("shell.unknown.runs_command_arguments_computed"))
                        continue
                    rep.argv.append([lit] + others)
                else:
                    rep.argv.append([lit])
                resolved_any = True
                continue
            if lst is not None:
                if shell_kw and lst:
                    rep.shell.append(lst[0])
                else:
                    rep.argv.append(lst)
                resolved_any = True
                continue
            rep.unknown_(Msg("shell.unknown.runs_command_assembled_run"))
    # Backquotes / qx / %x / $`...` in perl, ruby, php, js.
    if language in ("perl", "ruby", "php"):
        for lit in literals(code, language):
            if code[lit.start] == "`":
                if lit.dynamic:
                    rep.unknown_(Msg("shell.unknown.runs_backquoted_command_assembled"))
                else:
                    rep.shell.append(lit.value)
                resolved_any = True
        for m in re.finditer(r"(?:\bqx|%x)\s*([({\[/|!])", code):
            closer = {"(": ")", "{": "}", "[": "]"}.get(m.group(1), m.group(1))
            end = code.find(closer, m.end())
            body = code[m.end():end] if end > 0 else ""
            if "$" in body or "#{" in body or end < 0:
                rep.unknown_(Msg("shell.unknown.runs_qx_x_command"))
            else:
                rep.shell.append(body)
            resolved_any = True
    if not spans and not resolved_any:
        rep.unknown_(Msg("shell.unknown.runs_external_commands_way"))


def _args_after(code: str, pos: int, language: str):
    """Arguments of a call whose name ends at ``pos`` (with or without
    parentheses for Perl/Ruby)."""
    j = pos
    while j > 0 and code[j - 1] in " \t":
        j -= 1
    if j > 0 and code[j - 1] == "(":
        return _call_args(code, j - 1)
    k = pos
    while k < len(code) and code[k] in " \t":
        k += 1
    if k < len(code) and code[k] == "(":
        return _call_args(code, k)
    if language in ("perl", "ruby"):
        end = len(code)
        for stop in (";", "\n", " if ", " unless ", " or ", " and ", "}"):
            f = code.find(stop, k)
            if f >= 0:
                end = min(end, f)
        return code[k:end]
    return None


_MODE_WRITE = re.compile(r"^[rbt]*[wax+]|[wax+]")


def _write_calls(code: str, masked: str, language: str, rep: Report, table,
                 consumed: list) -> None:
    """The file writes of ``table`` (``[(pattern, kind, recursive, arg)]``)
    found in ``masked``: each call's span is appended to ``consumed``."""
    for pat, kind, recursive, index in table:
        for m in re.finditer(pat, masked):
            consumed.append((m.start(), m.end()))
            if kind in ("path-write", "path-delete"):
                inner = code[m.start(1):m.end(1)]
                path = _as_literal(inner, language)
                rep.can_write = True
                rep.writes.append(("delete" if kind == "path-delete" else "write", path,
                                   recursive))
                continue
            args = _args_after(code, m.end(), language)
            if args is None:
                continue
            parts = _split_top(args)
            if kind == "open":
                mode = None
                if len(parts) >= 2:
                    mode = _as_literal(parts[1], language)
                    if mode is None and "=" not in parts[1]:
                        rep.unknown_(Msg("shell.unknown.opens_file_mode_computed"))
                        rep.can_write = True
                        mode = "w"
                for p in parts[1:]:
                    mm = re.match(r"mode\s*=\s*(.*)$", p)
                    if mm:
                        mode = _as_literal(mm.group(1), language) or "w"
                if language == "ruby" and mode is None:
                    mode = "r"
                if mode is None or not _MODE_WRITE.search(mode.replace("r", "", 1)
                                                          if mode.startswith("r") and "+" not in
                                                          mode else mode):
                    continue
                rep.can_write = True
                path = _as_literal(parts[0], language) if parts else None
                rep.writes.append(("write", path, False))
                continue
            if kind == "perl-open":
                _perl_open(parts, language, rep)
                continue
            if kind == "ruby-file":
                name = re.search(r"\.\s*(\w+)", masked[m.start():m.end()])
                meth = name.group(1) if name else ""
                if meth == "new":
                    mode = _as_literal(parts[1], language) if len(parts) > 1 else "r"
                    if not mode or not re.search(r"[wa+]", mode):
                        continue
                kind2 = "write"
            else:
                kind2 = kind
            rep.can_write = True
            targets = parts if index == -1 else parts[index:index + 1]
            if kind2 == "move":
                targets = parts[:2]
            if not targets:
                rep.writes.append(("write", None, recursive))
                continue
            for t in targets:
                path = _as_literal(t, language)
                if path is None and index == -1:
                    continue
                k = "delete" if kind2 == "delete" or (kind2 == "move" and t is parts[0]) else \
                    "write"
                rep.writes.append((k, path, recursive))


def _perl_open(parts: list, language: str, rep: Report) -> None:
    if len(parts) >= 3:
        mode = _as_literal(parts[1], language)
        path = _as_literal(parts[2], language)
        if mode is None:
            rep.unknown_(Msg("shell.unknown.opens_file_mode_computed"))
            rep.can_write = True
            return
        if "|" in mode:
            rep.can_write = True
            if path is None:
                rep.unknown_(Msg("shell.unknown.opens_pipe_command_assembled"))
            else:
                rep.shell.append(path)
            return
        if any(c in mode for c in ">+"):
            rep.can_write = True
            rep.writes.append(("write", path, False))
        return
    if len(parts) == 2:
        spec = _as_literal(parts[1], language)
        if spec is None:
            rep.unknown_(Msg("shell.unknown.opens_file_named_run"))
            rep.can_write = True
            return
        s = spec.strip()
        if s.endswith("|") or s.startswith("|"):
            rep.can_write = True
            rep.shell.append(s.strip("|").strip())
        elif s.startswith((">", "+<", "+>")):
            rep.can_write = True
            rep.writes.append(("write", s.lstrip(">+<").strip(), False))


def _scan_awk(code: str, masked: str, lits: list, rep: Report) -> None:
    # system("cmd"), "cmd" | getline, print | "cmd", print > "file"
    for m in re.finditer(r"\bsystem\s*\(", masked):
        args = _call_args(code, m.end() - 1)
        lit = _as_literal(args or "", "awk") if args is not None else None
        if lit is None:
            rep.unknown_(Msg("shell.unknown.awk_system_runs_command"))
        else:
            rep.shell.append(lit)
        rep.can_write = True
    for m in re.finditer(r"\|\s*&?\s*getline|\|&", masked):
        before = code[:m.start()].rstrip()
        lit = next((x for x in reversed(lits) if x.end <= len(before) and x.end >= len(before)
                    - 1), None)
        if lit is None or lit.dynamic:
            rep.unknown_(Msg("shell.unknown.awk_reads_command_assembled"))
        else:
            rep.shell.append(lit.value)
        rep.can_write = True
    for m in re.finditer(r"\bprintf?\b([^;}\n]*?)(\|&?|>>?)\s*", masked):
        op = m.group(2)
        after = code[m.end():]
        lit = next((x for x in lits if x.start == m.end()), None)
        if op.startswith("|"):
            if lit is None or lit.dynamic:
                rep.unknown_(Msg("shell.unknown.awk_pipes_output_command"))
            else:
                rep.pipes.append(lit.value)
        else:
            if lit is None or lit.dynamic:
                # print > $2 etc.
                if after[:1] not in ("", ";", "}"):
                    rep.writes.append(("write", None, False))
            else:
                rep.writes.append(("write", lit.value, False))
        rep.can_write = True

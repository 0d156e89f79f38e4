"""Reading what database clients are told to run (databases family): SQL and CQL statements, client meta-commands (psql ``\\!``,
sqlite3 ``.shell``, mysql ``system``), MongoDB shell JavaScript and Redis
commands. The text is data the analyser reads, never runs.

SQL is tokenized by ``sqlparse`` (a well-kept non-validating SQL lexer and
statement splitter), imported only when a database command carries SQL that
contains one of the words a destructive statement needs (``DROP``,
``DELETE``...): its import and first-use regex compilation cost about 20 ms,
which ``SELECT`` queries never pay. A statement is
destructive when it

* drops something (``DROP DATABASE|SCHEMA|TABLE|...``, ``ALTER ... DROP``),
* truncates (``TRUNCATE``),
* deletes or updates without a ``WHERE`` clause, or with one that does not
  name a column (``WHERE 1=1``, ``WHERE true``),
* writes server files or runs programs (``COPY ... PROGRAM``,
  ``INTO OUTFILE``/``DUMPFILE``),
* or stops the server (``SHUTDOWN``).

:func:`judge` returns a :class:`Report`: the destructive statements, shell
code run by meta-commands, files written, and whether something could not
be read (a file included with ``\\i``/``.read``/``source``).
"""

from __future__ import annotations

from shell.model import Msg


class Report:
    """What a client's input does: ``destructive`` (messages), ``shell``
    (command lines a meta-command runs), ``writes`` (file names a
    meta-command or statement writes), ``unknown`` (reasons: input the
    client reads from elsewhere)."""

    __slots__ = ("destructive", "shell", "writes", "unknown")

    def __init__(self) -> None:
        self.destructive: list = []
        self.shell: list = []
        self.writes: list = []
        self.unknown: list = []


#: Words one of which a destructive statement contains (a cheap filter
#: before tokenizing: text without any of them has nothing to judge).
_TRIGGERS = ("DROP", "TRUNCATE", "DELETE", "UPDATE", "ALTER", "COPY", "OUTFILE", "DUMPFILE",
             "SHUTDOWN")

#: Statements whose first keyword destroys data whatever follows.
_ALWAYS = {"DROP": "shell.find.sql_drop", "TRUNCATE": "shell.find.sql_truncate"}
#: What DROP/TRUNCATE name before the object (shown upper-cased, as keywords;
#: the object's own name is shown as written).
_OBJECT_KINDS = frozenset({"TABLE", "DATABASE", "SCHEMA", "INDEX", "VIEW", "USER", "ROLE",
                           "SEQUENCE", "TRIGGER", "FUNCTION", "PROCEDURE", "TYPE", "EXTENSION",
                           "MATERIALIZED", "TEMPORARY", "TEMP", "IF", "KEYSPACE"})

#: Meta-commands per client dialect: (run a shell command, write a file,
#: read statements from elsewhere), lower case.
_META = {
    "psql": (("\\!",), ("\\o", "\\out", "\\w", "\\write", "\\copy"),
             ("\\i", "\\ir", "\\include", "\\include_relative", "\\gexec")),
    "sqlite": ((".shell", ".system"), (".output", ".once", ".save", ".backup", ".excel"),
               (".read", ".restore", ".import", ".open")),
    "mysql": (("\\!", "system"), ("\\t", "tee"), ("source", "\\.")),
}


def judge(text: str, dialect: str = "sql") -> Report:
    """Read ``text`` as the input of a client of ``dialect`` (``"psql"``,
    ``"sqlite"``, ``"mysql"``, or ``"sql"``/``"cql"`` for plain
    statements): meta-command lines first, then the SQL statements."""
    report = Report()
    sql_lines = []
    run_shell, write, include = _META.get(dialect, ((), (), ()))
    for line in text.splitlines():
        s = line.strip()
        parts = s.split(None, 1)
        word = parts[0].lower() if parts else ""
        rest = parts[1].strip() if len(parts) > 1 else ""
        if s.startswith("\\!") and "\\!" in run_shell:
            report.shell.append(s[2:].strip())
            continue
        if word in run_shell:
            report.shell.append(rest)
            continue
        if word in write:
            low = rest.lower()
            if word == "\\copy":
                if " program " in f" {low} ":
                    report.unknown.append(Msg("shell.unknown.psql_copy_program"))
                elif " to " in f" {low} ":
                    at = f" {low} ".index(" to ")
                    target = rest[at + 3:].split()
                    if target and target[0].lower() not in ("stdout", "pstdout"):
                        report.writes.append(target[0].strip("'\""))
            elif rest:
                report.writes.append(rest.split()[0].strip("'\""))
            continue
        if word in include:
            report.unknown.append(Msg("shell.unknown.sql_include", word=word, rest=rest[:40]))
            continue
        if (dialect == "psql" and s.startswith("\\")) or (dialect == "sqlite" and
                                                         s.startswith(".")):
            continue   # other meta-commands (\\dt, \\c, .tables, .mode...) read or connect
        sql_lines.append(line)
    statements("\n".join(sql_lines), report)
    return report


def statements(text: str, report: Report) -> None:
    """Judge every SQL statement of ``text`` (see the module docstring) into
    ``report.destructive``."""
    if not text.strip():
        return
    upper = text.upper()
    if not any(k in upper for k in _TRIGGERS):
        return   # no statement can be destructive: spare the tokenizer (~20 ms)
    from sqlparse import lexer  # lazy: sqlparse (~8 ms), only for SQL a client carries
    from sqlparse import tokens as T  # lazy: as above
    from sqlparse.engine.statement_splitter import StatementSplitter  # lazy: as above

    for stmt in StatementSplitter().process(lexer.tokenize(text)):
        toks = [(t.ttype, t.value) for t in stmt.flatten()
                if not t.is_whitespace and t.ttype not in T.Comment and
                t.ttype not in (T.Comment.Single, T.Comment.Multiline)]
        message = _statement(toks, T)
        if message:
            report.destructive.append(message)


def _statement(toks, T):
    """The message for one destructive statement ``toks`` (``[(ttype,
    value)]`` without whitespace and comments), or ``None``."""
    if not toks:
        return None
    written = [v for tt, v in toks if tt is not T.Punctuation]
    words = [v.upper() for v in written]
    if not words:
        return None
    head = words[0]
    # WITH ... DELETE/UPDATE: judge the main statement after the CTEs (the
    # first statement keyword outside parentheses).
    if head == "WITH":
        depth = 0
        for k, (_tt, v) in enumerate(toks):
            depth += v.count("(") - v.count(")") if _tt is T.Punctuation else 0
            if depth == 0 and k > 0 and v.upper() in ("DELETE", "UPDATE", "INSERT", "SELECT",
                                                      "MERGE"):
                toks = toks[k:]
                written = [w for tt, w in toks if tt is not T.Punctuation]
                words = [w.upper() for w in written]
                head = words[0]
                break
    # The statement as the user wrote it: keywords are matched upper-cased,
    # names are shown as written (a table called Users is not USERS).
    shown = " ".join(written[:4])
    if head in _ALWAYS:
        what = " ".join(words[1:2] + written[2:3] if words[1:2] and words[1] in _OBJECT_KINDS
                        else written[1:3])
        return Msg(_ALWAYS[head], what=what, shown=shown)
    if head == "ALTER" and "DROP" in words:
        return Msg("shell.find.sql_alter_drop", shown=shown)
    if head in ("DELETE", "UPDATE"):
        where = _where(toks)
        if where is None:
            return Msg("shell.find.sql_delete_all" if head == "DELETE" else
                       "shell.find.sql_update_all", shown=shown)
        if not any(tt in T.Name or (tt in T.Keyword and v.upper() not in (
                "TRUE", "FALSE", "NULL", "NOT", "AND", "OR", "IS", "LIKE", "IN", "BETWEEN"))
                for tt, v in where):
            return Msg("shell.find.sql_where_no_column", head=head, shown=shown)
        return None
    upper = [v.upper() for _tt, v in toks]
    if head == "COPY" and "PROGRAM" in upper:
        return Msg("shell.find.sql_copy_program")
    if head == "SELECT" and ("OUTFILE" in upper or "DUMPFILE" in upper):
        return Msg("shell.find.sql_outfile")
    if head == "SHUTDOWN":
        return Msg("shell.find.sql_shutdown")
    return None


def _where(toks):
    """The tokens of the top-level ``WHERE`` clause (after WHERE up to
    ``RETURNING``/``ORDER``/``LIMIT``/``;``), or ``None`` when there is
    none."""
    upper = [v.upper() for _tt, v in toks]
    if "WHERE" not in upper:
        return None
    k = upper.index("WHERE")
    out = []
    for tt, v in toks[k + 1:]:
        if v.upper() in ("RETURNING", "ORDER", "LIMIT", ";"):
            break
        out.append((tt, v))
    return out


# ------------------------------------------------------------------ MongoDB
#: MongoDB shell calls that delete databases, collections, users or indexes.
_MONGO_DROP = ("dropDatabase(", ".drop(", "dropCollection(", "dropUser(", "dropAllUsers(",
               "dropRole(", "dropAllRoles(", "dropIndexes(", "dropIndex(", "dropSearchIndex(",
               "shutdownServer(")
#: Calls that delete or change every document when their filter is empty.
_MONGO_ALL = (".deleteMany(", ".remove(", ".updateMany(", ".findOneAndDelete(",
              ".bulkWrite(")


def mongo(js: str) -> list:
    """Messages for destructive MongoDB shell JavaScript: dropping
    databases, collections, users, roles or indexes; ``deleteMany({})``,
    ``remove({})`` and ``updateMany({}, ...)`` (an empty filter matches every
    document); ``runCommand``/``adminCommand`` with ``drop``,
    ``dropDatabase`` or ``shutdown``."""
    out = []
    flat = "".join(js.split())
    for call in _MONGO_DROP:
        if call in flat:
            out.append(Msg("shell.find.mongo_drop", call=call.strip(".(")))
    for call in _MONGO_ALL:
        start = 0
        while True:
            k = flat.find(call, start)
            if k < 0:
                break
            arg = flat[k + len(call):]
            if arg.startswith(("{}", ")", "{},", "{})")) or arg.startswith("{}"):
                out.append(Msg("shell.find.mongo_empty_filter", call=call.strip(".(")))
                break
            start = k + 1
    for cmd in ("runCommand(", "adminCommand("):
        k = flat.find(cmd)
        if k >= 0:
            arg = flat[k + len(cmd):k + len(cmd) + 40]
            if any(arg.startswith("{" + w) or arg.startswith("{'" + w) or
                   arg.startswith('{"' + w) or arg.startswith('"' + w) or
                   arg.startswith("'" + w) for w in ("drop", "shutdown", "delete")):
                out.append(Msg("shell.find.mongo_command", call=cmd.rstrip("("), arg=arg[:20]))
    return out


# -------------------------------------------------------------------- Redis
#: Redis commands that delete keys or stop the server (upper case).
REDIS_DESTRUCTIVE = {
    "FLUSHALL": "shell.find.redis_flushall",
    "FLUSHDB": "shell.find.redis_flushdb",
    "DEL": "shell.find.redis_del",
    "UNLINK": "shell.find.redis_del",
    "SHUTDOWN": "shell.find.redis_shutdown",
    "SWAPDB": "shell.find.redis_swapdb",
}
#: Two-word Redis commands that delete or reconfigure (``SCRIPT FLUSH``).
REDIS_DESTRUCTIVE_2 = {
    ("SCRIPT", "FLUSH"): "shell.find.redis_script_flush",
    ("FUNCTION", "FLUSH"): "shell.find.redis_function_flush",
    ("FUNCTION", "DELETE"): "shell.find.redis_function_delete",
    ("CONFIG", "SET"): "shell.find.redis_config_set",
    ("CLUSTER", "RESET"): "shell.find.redis_cluster_reset",
    ("DEBUG", "SEGFAULT"): "shell.find.redis_debug_segfault",
    ("DEBUG", "FLUSHALL"): "shell.find.redis_debug_flushall",
}


def redis(words: list) -> Msg | None:
    """The message for one Redis command line ``words`` (strings), or
    ``None``. ``EVAL``/``EVALSHA``/``FCALL`` script text is scanned for
    ``redis.call`` of a destructive command."""
    if not words:
        return None
    first = words[0].upper()
    if first in REDIS_DESTRUCTIVE:
        return Msg(REDIS_DESTRUCTIVE[first], command=first)
    if len(words) > 1 and (first, words[1].upper()) in REDIS_DESTRUCTIVE_2:
        return Msg(REDIS_DESTRUCTIVE_2[(first, words[1].upper())],
                   command=f"{first} {words[1].upper()}")
    if first in ("EVAL", "EVAL_RO") and len(words) > 1:
        return redis_script(words[1])
    return None


def redis_script(lua: str) -> Msg | None:
    """The message for a Lua script that calls a destructive Redis command
    (``redis.call('FLUSHALL')``), or ``None``."""
    flat = "".join(lua.split()).upper()
    for name in list(REDIS_DESTRUCTIVE) + ["SCRIPT", "FUNCTION", "CONFIG"]:
        for q in ("'", '"'):
            if f"CALL({q}{name}{q}" in flat or f"PCALL({q}{name}{q}" in flat:
                return Msg("shell.find.redis_lua", name=name)
    return None

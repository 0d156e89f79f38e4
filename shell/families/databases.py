"""Databases' command-line clients and tools (SPEC §3 bash-check
"destructive commands"; databases family).

What a client is told to run is data the analyser reads (:mod:`shell.sql`):
SQL/CQL given on the command line (``psql -c``, ``mysql -e``, ``sqlite3 DB
SQL``, ``cqlsh -e``, ``clickhouse-client --query``, ``sqlcmd -Q``...), in a
file it reads (``-f FILE``, ``< FILE``) or on its standard input (a
here-document, a here-string, ``echo ... |``). A statement that drops,
truncates, deletes or updates without ``WHERE`` is ``data-destroy``; so are
``mongosh --eval`` scripts that drop or delete every document, Redis
``FLUSHALL``/``FLUSHDB``/``DEL``..., ``dropdb``, ``dropuser``,
``mysqladmin drop``, ``pg_restore --clean``, ``mongorestore --drop``, ORM
resets (``prisma migrate reset``, ``rails db:drop``). Client meta-commands
that run a shell (psql ``\\!``, sqlite3 ``.shell``, mysql ``system``) are
analysed as shell code; those that write files are writes.

Input the analysis cannot see (a pipe from a program, an unreadable or
too-large file) is judged as the worst it could be: an uncertain
``data-destroy`` finding (the family's level decides; ask by default).
A client with no input to read is interactive: nothing is judged.
"""

from __future__ import annotations

import shell.opts as opts
import shell.quoting as quoting
import shell.sql as sql
from shell.families.unmodelled import h_generic
from shell.invocation import X, file_text
from shell.model import Label, Msg, Word
from shell.output import static_output

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "databases"
#: The finding kind of this family.
KIND = "data-destroy"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "psql": "h_psql", "pgcli": "h_psql",
    "mysql": "h_mysql", "mariadb": "h_mysql", "mycli": "h_mysql",
    "mysqladmin": "h_mysqladmin", "mariadb-admin": "h_mysqladmin",
    "sqlite3": "h_sqlite", "sqlite": "h_sqlite", "litecli": "h_sqlite", "duckdb": "h_sqlite",
    "cqlsh": "h_query", "clickhouse-client": "h_query", "clickhouse": "h_query",
    "sqlcmd": "h_query", "cockroach": "h_query", "trino": "h_query", "snowsql": "h_query",
    "mongosh": "h_mongo", "mongo": "h_mongo",
    "redis-cli": "h_redis", "valkey-cli": "h_redis", "keydb-cli": "h_redis",
    "dropdb": "h_drop", "dropuser": "h_drop", "pg_dropcluster": "h_drop",
    "pg_restore": "h_restore", "mongorestore": "h_restore", "mongoimport": "h_restore",
    "etcdctl": "h_kv", "influx": "h_kv", "bq": "h_bq",
    "kafka-topics": "h_messaging", "kafka-topics.sh": "h_messaging",
    "kafka-consumer-groups": "h_messaging", "kafka-consumer-groups.sh": "h_messaging",
    "kafka-delete-records": "h_messaging", "kafka-delete-records.sh": "h_messaging",
    "rabbitmqctl": "h_messaging", "rabbitmqadmin": "h_messaging", "nats": "h_messaging",
    "prisma": "h_orm", "supabase": "h_orm", "rails": "h_orm", "rake": "h_orm",
}


def _finding(x: X, message, certain: bool = True) -> None:
    x.run.find(KIND, Msg("shell.find.database_client", name=x.cmd.name, message=message), x.cmd,
               certain=certain)


def _unseen(x: X, where) -> None:
    """Input the analysis cannot read: judged as the worst it could be."""
    _finding(x, Msg("shell.find.database_unseen_input", where=where), certain=False)


def _stdin_text(x: X):
    """``(text, where)``: what the command reads on its standard input —
    ``("", "")`` for none (interactive), ``(None, where)`` when it cannot be
    known."""
    st = x.cmd.stdin
    if st is None:
        return "", ""
    if st.kind in ("heredoc", "herestring"):
        return (None, Msg("shell.find.where_heredoc_dynamic")) if st.dynamic else (
            st.content or "", "")
    if st.kind == "pipe":
        text = static_output(st.producers)
        names = ", ".join(sorted({p.name or "?" for p in st.producers})) or "|"
        return (text, "") if text is not None else (None, Msg("shell.find.where_output_of",
                                                              names=names))
    if st.kind == "file" and not st.dynamic and st.path:
        return _file(x, Word.literal(st.path))
    return None, Msg("shell.find.where_input")


def _file(x: X, word: Word):
    """``(text, where)`` of a file the client reads statements from."""
    if word.dynamic:
        return None, Msg("shell.find.where_file_dynamic")
    if word.value == "-":
        return _stdin_text(x)
    written = x.scope.files
    for path, content in written.items():
        if path.endswith("/" + word.value.lstrip("./")) and content is not None:
            return content, ""
    text = file_text(word.value, x.cmd)
    return (text, "") if text is not None else (None, Msg("shell.find.where_file", file=word.value))


def _judge(x: X, text, where: str, dialect: str) -> None:
    """Judge client input ``text`` in ``dialect`` (``None``: unseen, from
    ``where``)."""
    if text is None:
        _unseen(x, where)
        return
    if not text.strip():
        return
    try:
        report = sql.judge(text, dialect)
    except ImportError:   # a suite installed without sqlparse: fail towards asking
        _unseen(x, Msg("shell.find.where_sql_unreadable"))
        return
    for message in report.destructive:
        _finding(x, message)
    for code in report.shell:
        x.code(code, Label("shell.label.shell_escape", f"{x.cmd.name} shell escape",
                           name=x.cmd.name))
    for target in report.writes:
        x.run.write(x.cmd, Word.literal(target), f"{x.cmd.name} output")
    for reason in report.unknown:
        _unseen(x, reason)


def _texts(x: X, inline, files, dialect: str) -> None:
    """Judge the statements given inline (Words), in files (Words) and, when
    neither, on standard input."""
    for w in inline:
        if w.dynamic:
            _unseen(x, Msg("shell.find.where_command_line_dynamic"))
        else:
            _judge(x, w.value, "", dialect)
    for w in files:
        text, where = _file(x, w)
        _judge(x, text, where, dialect)
    if not inline and not files:
        text, where = _stdin_text(x)
        _judge(x, text, where, dialect)


def h_psql(x: X) -> list:
    """``psql``/``pgcli``: ``-c``/``--command`` statements, ``-f``/``--file``
    files, else standard input; ``-o``/``-L`` write files. ``-l`` only lists.
    Returns ``[cmd]``."""
    p = opts.parse(x.args, "cfdhpUoLvPFRTW",
                   ("--command", "--file", "--dbname", "--host", "--port", "--username",
                    "--output", "--log-file", "--set", "--variable", "--pset",
                    "--field-separator", "--record-separator", "--table-attr"),
                   long_flags=("--list", "--no-psqlrc", "--single-transaction", "--quiet"))
    for o, v in p.opts:
        if v is not None and o in ("-o", "--output", "-L", "--log-file"):
            x.run.write(x.cmd, v, f"{x.cmd.name} {o}")
    if not p.has("-l", "--list"):
        _texts(x, p.values("-c", "--command"), p.values("-f", "--file"), "psql")
    return x.plain()


def h_mysql(x: X) -> list:
    """``mysql``/``mariadb``/``mycli``: ``-e``/``--execute`` and
    ``--init-command`` statements, else standard input (``< dump.sql``
    included); ``--tee`` writes. A glued password (``-psecret``) is not an
    option bundle. Returns ``[cmd]``."""
    args = [a for a in x.args if not (a.value.startswith("-p") and len(a.value) > 2)]
    p = opts.parse(args, "ehuPSDp",
                   ("--execute", "--host", "--user", "--port", "--socket", "--database",
                    "--init-command", "--tee", "--defaults-file", "--defaults-extra-file",
                    "--pager", "--login-path", "--default-character-set"))
    for v in p.values("--tee"):
        x.run.write(x.cmd, v, f"{x.cmd.name} --tee")
    if p.has("--pager") or p.has("--defaults-file", "--defaults-extra-file"):
        x.run.carrier("db-client", Msg("shell.carrier.runs_pager_reads_options",
                                       name=x.cmd.name),
                      x.cmd)
    for w in p.values("--init-command"):
        _texts(x, [w], [], "mysql")
    _texts(x, p.values("-e", "--execute"), [], "mysql")
    return x.plain()


def h_mysqladmin(x: X) -> list:
    """``mysqladmin drop DB`` deletes a database, ``shutdown`` stops the
    server. Returns ``[cmd]``."""
    vals = [a.value.lower() for a in x.args if not a.value.startswith("-")]
    if "drop" in vals:
        _finding(x, Msg("shell.find.drop_deletes_database"))
    if "shutdown" in vals:
        _finding(x, Msg("shell.find.shutdown_stops_database_server"))
    return x.plain()


#: sqlite3/duckdb options that take a value (they are spelled with one dash).
_SQLITE_VALUES = frozenset({"-cmd", "-init", "-separator", "-nullvalue", "-newline", "-mmap",
                            "-maxsize", "-vfs", "-escape", "-c", "-s", "-f", "-e",
                            "--execute", "-q"})


def h_sqlite(x: X) -> list:
    """``sqlite3 [OPTIONS] DB [SQL...]`` (``litecli``, ``duckdb`` alike):
    the SQL arguments, ``-cmd``/``-c``/``-e`` values and ``-init``/``-f``
    files, else standard input; dot-commands that run a shell (``.shell``,
    ``.system``) are analysed, those that write (``.output``, ``.once``,
    ``.save``) are writes. The database file may be written (touched).
    Returns ``[cmd]``."""
    inline, files, ops = [], [], []
    args = x.args
    k = 0
    while k < len(args):
        v = args[k].value
        if v in _SQLITE_VALUES and k + 1 < len(args):
            if v in ("-cmd", "-c", "-s", "-e", "--execute", "-q"):
                inline.append(args[k + 1])
            elif v in ("-init", "-f"):
                files.append(args[k + 1])
            k += 2
            continue
        if v in ("-lookaside", "-pagecache"):
            k += 3
            continue
        if v.startswith("-"):
            k += 1
            continue
        ops.append(args[k])
        k += 1
    if ops:
        x.run.touched(x.cmd, ops[0])
    statements = ops[1:]
    if statements or inline or files:
        _texts(x, inline + statements, files, "sqlite")
    else:
        text, where = _stdin_text(x)
        _judge(x, text, where, "sqlite")
    return x.plain()


def h_query(x: X) -> list:
    """Clients with a query option: ``cqlsh -e|-f``, ``clickhouse-client
    --query|-q|--queries-file`` (``clickhouse client``), ``sqlcmd -Q|-q|-i``,
    ``cockroach sql -e``, ``trino --execute|-f``, ``snowsql -q|-f``; else
    standard input. Returns ``[cmd]``."""
    args = x.args
    if x.cmd.key in ("clickhouse", "cockroach") and args and not args[0].value.startswith("-"):
        if args[0].value not in ("client", "sql", "local"):
            return h_generic(x)
        args = args[1:]
    inline, files = [], []
    k = 0
    while k < len(args):
        v = args[k].value
        name, eq, val = v.partition("=")
        nxt = args[k + 1] if k + 1 < len(args) else None
        if name in ("-e", "--execute", "--query", "-q", "-Q") or (
                x.cmd.key == "sqlcmd" and name == "-q"):
            if eq:
                inline.append(Word(args[k].text, val, dynamic=args[k].dynamic))
            elif nxt is not None:
                inline.append(nxt)
                k += 1
        elif name in ("-f", "--file", "-i", "--input-file", "--queries-file", "--filename"):
            if eq:
                files.append(Word(args[k].text, val, dynamic=args[k].dynamic))
            elif nxt is not None:
                files.append(nxt)
                k += 1
        k += 1
    _texts(x, inline, files, "cql" if x.cmd.key == "cqlsh" else "sql")
    return x.plain()


def h_mongo(x: X) -> list:
    """``mongosh``/``mongo``: ``--eval`` scripts and ``.js`` files (``-f``,
    ``--file`` or operands), else standard input, read as MongoDB shell
    JavaScript (:func:`shell.sql.mongo`). Returns ``[cmd]``."""
    p = opts.parse(x.args, "fuph", ("--eval", "--file", "--host", "--port", "--username",
                                   "--password", "--authenticationDatabase", "--tlsCAFile"))
    scripts = list(p.values("--eval"))
    files = list(p.values("-f", "--file")) + [w for w in p.operands
                                              if w.value.endswith((".js", ".mjs"))]
    for w in scripts:
        if w.dynamic:
            _unseen(x, Msg("shell.find.where_script_dynamic"))
        else:
            _mongo(x, w.value)
    for w in files:
        text, where = _file(x, w)
        _unseen(x, where) if text is None else _mongo(x, text)
    if not scripts and not files:
        text, where = _stdin_text(x)
        _unseen(x, where) if text is None else _mongo(x, text)
    return x.plain()


def _mongo(x: X, js: str) -> None:
    for message in sql.mongo(js):
        _finding(x, message)


#: redis-cli options that take a value.
_REDIS_VALUES = frozenset({"-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "-D", "-t",
                           "--user", "--pass", "--eval", "--pattern", "--count", "--rdb",
                           "--functions-rdb", "--tls-cert", "--tls-key", "--cacert",
                           "--cacertdir", "--sni", "--quoted-pattern", "--memkeys-samples",
                           "--cluster-yes", "-e", "--replica"})


def h_redis(x: X) -> list:
    """``redis-cli [OPTIONS] [COMMAND ARGS]`` (``valkey-cli``, ``keydb-cli``):
    the command (:func:`shell.sql.redis`: ``FLUSHALL``, ``FLUSHDB``, ``DEL``,
    ``UNLINK``, ``SHUTDOWN``, ``CONFIG SET``...), ``--eval`` Lua files, or
    the commands on standard input one per line; ``--rdb`` writes a file.
    Returns ``[cmd]``."""
    args = x.args
    k = 0
    lua = None
    while k < len(args) and args[k].value.startswith("-"):
        v = args[k].value
        if v in ("--rdb", "--functions-rdb") and k + 1 < len(args):
            x.run.write(x.cmd, args[k + 1], f"{x.cmd.name} {v}")
        if v == "--eval" and k + 1 < len(args):
            lua = args[k + 1]
        if v == "--cluster" and k + 1 < len(args):
            if args[k + 1].value in ("del-node", "fix", "reshard", "rebalance", "import"):
                _finding(x, Msg("shell.find.cluster_changes_cluster", value=args[k + 1].value))
            return x.plain()
        k += 2 if v in _REDIS_VALUES else 1
    command = args[k:]
    if lua is not None:
        text, where = _file(x, lua)
        message = sql.redis_script(text) if text is not None else None
        if text is None:
            _unseen(x, where)
        elif message:
            _finding(x, message)
    elif command:
        if any(w.dynamic for w in command[:1]):
            _unseen(x, Msg("shell.find.where_command_dynamic"))
        else:
            message = sql.redis([w.value for w in command])
            if message:
                _finding(x, message)
    else:
        text, where = _stdin_text(x)
        if text is None:
            _unseen(x, where)
        else:
            for line in text.splitlines():
                message = sql.redis(quoting.split_tolerant(line))
                if message:
                    _finding(x, message)
    return x.plain()


def h_drop(x: X) -> list:
    """``dropdb``, ``dropuser``, ``pg_dropcluster`` delete a database, a role
    or a whole cluster (not with ``--help``/``--version``). Returns
    ``[cmd]``."""
    if not any(a.value in ("--help", "-?", "--version", "-V") for a in x.args):
        _finding(x, Msg("shell.find.deletes_database_role_cluster"))
    return x.plain()


def h_restore(x: X) -> list:
    """``pg_restore -c|--clean``, ``mongorestore|mongoimport --drop`` drop
    what they restore over. Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    if x.cmd.key == "pg_restore":
        if "--clean" in vals or any(v.startswith("-") and not v.startswith("--") and "c" in v[1:]
                                    for v in vals):
            _finding(x, Msg("shell.find.clean_drops_database_objects"))
    elif "--drop" in vals:
        _finding(x, Msg("shell.find.drop_deletes_each_collection"))
    return h_generic(x)


def h_kv(x: X) -> list:
    """Key-value and time-series stores: ``etcdctl del``, ``influx delete``,
    ``influx bucket|org delete``. Returns ``[cmd]``."""
    vals = [a.value for a in x.args if not a.value.startswith("-")]
    if x.cmd.key == "etcdctl" and vals[:1] in (["del"], ["delete"]):
        _finding(x, Msg("shell.find.del_deletes_keys"))
    if x.cmd.key == "influx" and ("delete" in vals[:2]):
        _finding(x, Msg("shell.find.deletes_data", what=' '.join(vals[:2])))
    return x.plain()


#: ORM and framework commands that drop or reset a database.
_ORM_RESETS = {
    "prisma": (("migrate", "reset"), ("db", "push", "--force-reset"),
               ("db", "push", "--accept-data-loss")),
    "supabase": (("db", "reset"),),
    "rails": (("db:drop",), ("db:reset",), ("db:purge",), ("db:migrate:reset",),
              ("db:schema:load",), ("db:truncate_all",)),
}


def h_orm(x: X) -> list:
    """``prisma migrate reset``, ``prisma db push --force-reset``,
    ``supabase db reset``, ``rails|rake db:drop|db:reset|db:purge...`` drop
    or empty a database. Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    key = "rails" if x.cmd.key == "rake" else x.cmd.key
    for form in _ORM_RESETS.get(key, ()):
        words = [v for v in form if not v.startswith("-")]
        flags = [v for v in form if v.startswith("-")]
        ops = [v for v in vals if not v.startswith("-")]
        if ops[:len(words)] == words and all(f in vals for f in flags) or (
                key == "rails" and words[0] in vals):
            _finding(x, Msg("shell.find.drops_empties_database", what=' '.join(form)))
            break
    return h_generic(x)


def h_bq(x: X) -> list:
    """BigQuery's ``bq rm`` deletes datasets, tables or models; ``bq query
    SQL`` runs SQL (judged like any client's). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = [a for a in x.args if not a.value.startswith("-")]
    if ops and ops[0].value == "rm" and not any(v in ("--help", "-h") for v in vals):
        _finding(x, Msg("shell.find.rm_deletes_dataset_table"))
    elif ops and ops[0].value in ("query", "q"):
        _texts(x, ops[1:2], [], "sql")
    return h_generic(x)


#: Messaging tools: options or subcommands that delete topics, queues,
#: streams or messages.
_MESSAGING = {
    "kafka-topics": ("--delete",), "kafka-consumer-groups": ("--delete", "--delete-offsets"),
    "kafka-delete-records": None,
    "rabbitmqctl": ("delete_queue", "purge_queue", "reset", "force_reset", "delete_vhost",
                    "delete_user", "clear_policy"),
    "rabbitmqadmin": ("delete", "purge"),
    "nats": ("rm", "purge", "delete", "del"),
}


def h_messaging(x: X) -> list:
    """``kafka-topics --delete``, ``kafka-consumer-groups --delete``,
    ``kafka-delete-records``, ``rabbitmqctl delete_queue|purge_queue|reset``,
    ``rabbitmqadmin delete|purge``, ``nats stream|kv rm|purge`` delete
    messages, queues or topics (``data-destroy``). Returns ``[cmd]``."""
    key = x.cmd.key[:-3] if x.cmd.key.endswith(".sh") else x.cmd.key
    vals = [a.value for a in x.args]
    words = _MESSAGING.get(key)
    if words is None:
        hit = True
    elif key.startswith("kafka"):
        hit = any(v in words for v in vals)
    else:
        hit = any(v in words for v in [v for v in vals if not v.startswith("-")][:3])
    if hit and not any(v in ("--help", "-h", "--dry-run") for v in vals):
        _finding(x, Msg("shell.find.deletes_topics_queues_streams"))
    return h_generic(x)

"""Code a command runs that is not on its command line (SPEC §4, bypass
family C): a program read from a file, from its standard input (a pipe, a
here-document), from a process substitution, and inline interpreter code
(``python -c``...). Shells (``bash x.sh``, ``source``), interpreters and
schedulers (``at``) share these readers.

Fetched content that would run (``curl ... | sh``) is a ``fetched-exec``
finding; code whose text is only known at run time makes the analysis
unknown.
"""

from __future__ import annotations

import shell.paths as paths
from shell.deletion import judge_delete
from shell.invocation import NETWORK, X, dynamic_origin
from shell.model import DYN, Label, Msg, Word
from shell.output import static_output


#: Names of the standard input as a file: a program read from one of them
#: is the here-document's, here-string's or pipe's text.
STDIN_FILES = frozenset({"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0",
                         "/proc/thread-self/fd/0"})


def reads_stdin(word: Word) -> bool:
    """``word`` names the standard input (:data:`STDIN_FILES`, also with
    ``//`` or ``/./``)."""
    import posixpath  # lazy: a program file operand only

    if word.dynamic or not word.value.startswith("/"):
        return False
    return "/" + posixpath.normpath(word.value).lstrip("/") in STDIN_FILES


def run_program_source(x: X, word: Word, how: str) -> None:
    """A shell reads its program from the file ``word``: the standard input
    (``bash /dev/stdin <<< ...``, ``. /dev/stdin``: the here-string's,
    here-document's or pipe's text, :func:`program_from_stdin`), a process
    substitution (its producers' output is the program), a file written
    earlier in this command (its content, when known, is analysed as shell
    code), or a script on disk (recorded in ``Analysis.scripts`` for
    bash-check to read). ``how`` labels the nested commands' wrapper."""
    run, cmd = x.run, x.cmd
    if reads_stdin(word):
        program_from_stdin(x, how)
        return
    sources = getattr(word, "sources", ()) or ()
    procs = [cmds for kind, cmds in sources if kind.startswith("procsub")]
    if procs:
        program_from_producers(x, [c for cmds in procs for c in cmds or ()], how)
        return
    if word.dynamic:
        run.unknown(Msg("shell.unknown.runs_program_file_name", name=cmd.name))
        return
    if not run_written_file(x, word, lambda content: x.code(content, how)):
        run.script(cmd, word)


def run_written_file(x: X, word: Word, run_content) -> bool:
    """When the file ``word`` names was written earlier in this command, its
    content (when known) is the program: ``run_content(content)`` analyses
    it, unknown content makes the analysis unknown. Returns whether the file
    was one of those (else it is a file on disk)."""
    cmd = x.cmd
    for t in paths.resolve(word.value, cmd.cwd) or ():
        if t in x.scope.files:
            content = x.scope.files[t]
            if content is None:
                x.run.unknown(Msg("shell.unknown.runs_written_earlier_command",
                                  name=cmd.name, word=word.value))
            else:
                run_content(content)
            return True
    return False


def program_from_producers(x: X, producers, how: str, language: str = "sh",
                           into: str = "shell.find.into_shell",
                           wrapped_fetches: bool = True) -> None:
    """A shell or interpreter (``language``, see :func:`program_from_stdin`)
    reads its program from the output of ``producers`` (a pipe or process
    substitution): from a network program (``wrapped_fetches``: also a
    command run under one, ``ssh host cat x``) it is ``fetched-exec`` (the
    message says it is piped ``into`` the command: the catalogue key of
    that phrase), from literal
    ``echo``/``printf`` it is analysed, otherwise unknown."""
    run, cmd = x.run, x.cmd
    net = [p for p in producers if p.key in NETWORK or (wrapped_fetches and _fetches(p))]
    if net:
        run.find("fetched-exec", Msg("shell.find.runs_download_piped",
                                     name=cmd.name, name2=net[0].name, into=Msg(into)),
                 cmd)
        run.unknown(Msg("shell.unknown.runs_downloaded_code", name=cmd.name))
        return
    text = static_output(producers)
    if text is None:
        names = ", ".join(sorted({p.name or "?" for p in producers})) or "?"
        run.unknown(Msg("shell.unknown.runs_code_produced_run", name=cmd.name, names=names))
        return
    if language == "sh":
        x.code(text, how)
    else:
        interpreter_code(x, language, text, how)


def _fetches(cmd) -> bool:
    """``cmd`` runs under a network program (``ssh host cat x``)."""
    return any(w for w in cmd.wrappers if w in NETWORK)


def program_from_stdin(x: X, how: str, language: str = "sh") -> None:
    """The command reads its program from standard input (``bash`` without
    a script, ``python -``, ``at``): a here-document or here-string is
    analysed as ``language`` code (``"sh"`` or a :mod:`shell.codescan`
    language), a pipe from a network program is ``fetched-exec``, a pipe
    from literal ``echo``/``printf`` is analysed, anything else is
    unknown. Nothing is read from a terminal."""
    cmd, run = x.cmd, x.run
    st = cmd.stdin
    if st is None:
        return   # interactive: reads from the terminal (nothing to analyse)
    if st.kind in ("heredoc", "herestring"):
        if st.dynamic:
            run.unknown(Msg("shell.unknown.program_contains_parts_computed", how=how))
        if language == "sh":
            x.code(st.content or "", how)
        else:
            interpreter_code(x, language, st.content or "", how, dynamic=st.dynamic)
        return
    if st.kind == "pipe":
        program_from_producers(x, list(st.producers), how, language, "shell.find.into_interpreter",
                               wrapped_fetches=False)
        return
    if st.kind == "file":
        if st.dynamic:
            run.unknown(Msg("shell.unknown.reads_program_file_named", name=cmd.name))
            return
        if st.path and st.path.startswith(("/dev/tcp/", "/dev/udp/")):
            run.find("fetched-exec", Msg("shell.find.runs_arrives_network_connection",
                                         name=cmd.name, path=st.path), cmd)
            return
        run_program_source(x, Word.literal(st.path), how)
        return
    run.unknown(Msg("shell.unknown.reads_program_input", name=cmd.name))


def interpreter_code(x: X, language: str, code: str, how: str, dynamic: bool = False,
                     word: Word | None = None) -> None:
    """Scan inline interpreter code ``code`` in ``language`` (see
    :mod:`shell.codescan`): shell commands and argv it runs are analysed,
    files it writes or deletes are writes (deletes judged by
    :func:`shell.deletion.judge_delete`), network use is an
    ``interpreter-network`` carrier, what cannot be followed is unknown.
    ``dynamic``: the code is assembled at run time (``word`` names where it
    comes from)."""
    import shell.codescan as codescan  # lazy: imports re (7 ms); only for interpreter code

    run, cmd = x.run, x.cmd
    if dynamic:
        origin = dynamic_origin(word) if word is not None else None
        if origin:
            run.find("fetched-exec", Msg("shell.find.program_fetched", how=how,
                                         origin=origin), cmd)
        run.unknown(Msg("shell.unknown.assembled_run_time", how=how))
    report = codescan.scan(language, code)
    for reason in report.unknown:
        run.unknown(Msg("shell.unknown.program_part", how=how, reason=reason))
    for family, message in report.destructive:
        run.find(family, Msg("shell.find.program_part", how=how, message=message), cmd)
    for shell_code in report.shell:
        x.code(shell_code, Label("shell.label.subprocess", f"{how} (subprocess)", name=how))
    for argv in report.argv:
        x.argv([Word.literal(a) if a is not None else Word(DYN, DYN, dynamic=True)
                for a in argv], Label("shell.label.subprocess", f"{how} (subprocess)", name=how),
               stdin=None)
    for kind, path, recursive in report.writes:
        if path is None:
            run.unknown(Msg("shell.unknown.writes_file_name_computed", how=how))
            continue
        targets = run.write(cmd, Word.literal(path), how,
                            "delete" if kind == "delete" else "write",
                            recursive=recursive, follow=kind != "delete")
        if kind == "delete":
            judge_delete(x, Word.literal(path), targets, recursive=recursive, force=True,
                         how=how)
    if report.can_write:
        for lit in report.literals:
            run.touched(cmd, Word.literal(lit))
    if report.network:
        run.carrier("interpreter-network",
                    Msg("shell.carrier.makes_network_requests", how=how), cmd)
    for method in report.http_methods:
        run.http(method, cmd)

"""Interpreters (SPEC §4; bypass family C: "interpreter one-liners whose
payload can avoid every keyword a guard greps for"): ``python -c``, ``node
-e``, ``perl -e``, ``ruby -e``, ``php -r``... Inline code is an
``interpreter`` carrier and is scanned (:mod:`shell.codescan`) for the shell
commands it runs, the files it writes or deletes and its network use; a
program on standard input or in a file written earlier in the command is
scanned the same way; a script file on disk is recorded for bash-check to
read. ``python -m pip`` changes an environment (:mod:`shell.families.packages`).
"""

from __future__ import annotations

import os

import shell.opts as opts
import shell.paths as paths

from shell.families.packages import pip_effects
from shell.invocation import NETWORK, X, touch_rest, write_each
from shell.model import Label, Msg, Word
from shell.programs import interpreter_code, program_from_stdin, run_written_file

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "interpreters"


#: interpreter → (options whose value is inline code, options taking another
#: value, options meaning "program on stdin", language)
INTERPRETERS = {
    "python": (("-c",), ("-m", "-W", "-X", "-Q"), (), "python"),
    "node": (("-e", "--eval", "-p", "--print"), ("-r", "--require", "--import", "--loader",
                                                 "--experimental-loader", "-C", "--conditions",
                                                 "--input-type", "--env-file"), (), "js"),
    "nodejs": (("-e", "--eval", "-p", "--print"), ("-r", "--require", "--import"), (), "js"),
    "deno": (("eval",), (), (), "js"),
    "bun": (("-e", "--eval", "-p", "--print"), (), (), "js"),
    "perl": (("-e", "-E"), ("-M", "-m", "-I", "-x", "-0", "-l", "-F", "-C", "-d", "-D"), (),
             "perl"),
    "ruby": (("-e",), ("-r", "-I", "-C", "-E", "-F", "-K", "-T", "-W", "-x", "-0"), (), "ruby"),
    "php": (("-r", "-B", "-R", "-E"), ("-c", "-d", "-z", "-t", "-F"), (), "php"),
    "lua": (("-e",), ("-l",), (), "lua"),
    "luajit": (("-e",), ("-l", "-j", "-O", "-b"), (), "lua"),
    "rscript": (("-e",), (), (), "r"),
    "r": (("-e",), (), (), "r"),
    "osascript": (("-e",), ("-l",), (), "applescript"),
    "pwsh": (("-c", "-command", "-Command", "-encodedcommand", "-EncodedCommand", "-e",
              "-ec"), ("-file", "-File", "-f"), (), "powershell"),
    "powershell": (("-c", "-command", "-Command", "-encodedcommand", "-EncodedCommand"),
                   ("-file", "-File"), (), "powershell"),
    "tclsh": ((), (), (), "tcl"),
    "wish": ((), (), (), "tcl"),
    "jshell": ((), (), (), "java"),
    "groovy": (("-e",), (), (), "groovy"),
    "scala": (("-e",), (), (), "scala"),
    "kotlin": (("-e",), (), (), "kotlin"),
    "julia": (("-e", "--eval", "-E", "--print"), ("-L", "--load"), (), "julia"),
    "elixir": (("-e", "--eval"), ("-r",), (), "elixir"),
    "erl": (("-eval",), (), (), "erlang"),
    "swift": (("-e",), (), (), "swift"),
    "dotnet-script": (("-e", "--eval"), (), (), "csharp"),
    # Languages the analysis cannot read: inline code is unknown (never
    # safe), as for julia above; a script operand is a file it runs.
    "guile": (("-c",), ("-L", "-l", "-e", "-x", "-C"), (), "scheme"),
    "racket": (("-e", "--eval", "-E"), ("-l", "--lib", "-t", "--require", "-f", "--load"), (),
               "racket"),
    "sbcl": (("--eval",), ("--load", "--core", "--dynamic-space-size"), (), "lisp"),
    "clisp": (("-x",), ("-i", "-M"), (), "lisp"),
    "ghci": (("-e",), (), (), "haskell"),
    "swipl": (("-g", "-t"), ("-s", "-f", "-l"), (), "prolog"),
    "expect": (("-c",), ("-f",), (), "tcl"),
    "qjs": (("-e", "--eval"), ("-I", "--include"), (), "js-quickjs"),
    "bb": (("-e", "--eval"), ("-f", "--file", "-cp", "--classpath"), (), "clojure"),
    "ipython": (("-c",), ("-m",), (), "ipython"),
    "gawk": ((), ("-f", "-v", "-F", "-i", "-l", "-E", "--file", "--assign",
                  "--field-separator", "--include", "--load", "--exec"), (), "awk"),
}

#: Command → handler below (:mod:`shell.registry` lists the same names).
#: ``gawk`` is in :data:`INTERPRETERS` for its script language (bash-check
#: reads ``gawk -f FILE``'s file) but handled by the text family's awk
#: handler (:mod:`shell.families.text`).
COMMANDS = {
    **{name: "h_interp" for name in INTERPRETERS if name not in ("gawk", "python")},
    "python": "h_python", "python3": "h_python",
}


def h_python(x: X) -> list:
    """``python``, ``python3``, ``python3.12``, ``pypy3``...: see
    :func:`_interpreter`. Returns ``[cmd]``."""
    return _interpreter(x, "python")


def h_interp(x: X) -> list:
    """An interpreter of :data:`INTERPRETERS` named by its key, or a
    versioned name the registry routes here (``perl5.30``, ``node18``,
    ``ruby2.7``, ``php74``), read with its base interpreter's options: see
    :func:`_interpreter`. Returns ``[cmd]``."""
    key = x.cmd.key
    if key not in INTERPRETERS:
        key = key.rstrip("0123456789.-")
    return _interpreter(x, key)


def _interpreter(x: X, key: str) -> list:
    """An interpreter: inline code (``-c``/``-e``) is scanned
    (:mod:`shell.codescan`); ``-`` or no program means the program comes from
    stdin; otherwise the first operand is a script file."""
    cmd = x.cmd
    run = x.run
    code_opts, value_opts, _stdin_opts, language = INTERPRETERS.get(key, INTERPRETERS["python"])
    run.add(cmd)
    args = x.args
    walk = opts.OptionWalk(args, value_opts)
    codes = []
    module = None
    in_place = False
    for a in walk:
        i = walk.i
        v = a.value
        if key == "deno" and v == "eval":
            codes.extend(args[i + 1:i + 2])
            walk.i = len(args)
            break
        hit = next((o for o in code_opts if v == o), None)
        if hit is not None:
            if i + 1 < len(args):
                codes.append(args[i + 1])
            walk.i = i + 2
            if key == "python":
                break  # everything after -c CODE is argv for the code
            continue
        glued = next((o for o in code_opts if o.startswith("-") and len(o) == 2 and
                      v.startswith(o) and len(v) > 2), None)
        if glued is not None and key in ("python", "perl", "ruby", "node", "php", "lua"):
            codes.append(Word(v[2:], v[2:], dynamic=a.dynamic))
            walk.i = i + 1
            if key == "python":
                break
            continue
        if key in ("perl", "ruby") and v.startswith("-") and not v.startswith("--") and \
                len(v) > 1:
            letters = v[1:]
            if "i" in letters:
                in_place = True
            if "e" in letters or "E" in letters:
                pos = max(letters.find("e"), letters.find("E"))
                tail = letters[pos + 1:]
                if tail:
                    codes.append(Word(tail, tail, dynamic=a.dynamic))
                    walk.i = i + 1
                elif i + 1 < len(args):
                    codes.append(args[i + 1])
                    walk.i = i + 2
                else:
                    walk.i = i + 1
                continue
            if any(ch in "MmIxlFCdD0" for ch in letters[:1]) and len(letters) == 1 and \
                    i + 1 < len(args) and letters[0] in "MIx":
                walk.i = i + 2
                continue
            walk.i = i + 1
            continue
        if v == "-m" and key == "python":
            module = args[i + 1] if i + 1 < len(args) else None
            walk.i = i + 2
            break
        if key == "python" and v.startswith("-m") and len(v) > 2:
            module = Word(v[2:], v[2:], dynamic=a.dynamic)
            walk.i = i + 1
            break
    rest = walk.rest()
    if codes:
        run.carrier("interpreter", Msg("shell.carrier.runs_inline_code", name=cmd.name), cmd)
        for c in codes:
            how = Label("shell.label.inline_code", f"{cmd.name} inline code", name=cmd.name)
            interpreter_code(x, language, c.value, how, dynamic=c.dynamic, word=c)
        if in_place:
            write_each(x, rest, f"{cmd.name} -i")
        else:
            touch_rest(x, rest)
        return [cmd]
    if module is not None:
        _python_module(x, module, rest)
        return [cmd]
    if not rest or rest[0].value == "-":
        program_from_stdin(x, f"{cmd.name} (program on its input)", language)
        return [cmd]
    _run_program_source_interp(x, rest[0], language)
    if in_place:
        write_each(x, rest[1:], f"{cmd.name} -i")
    else:
        touch_rest(x, rest[1:])
    return [cmd]


def _run_program_source_interp(x: X, word: Word, language: str) -> None:
    """The interpreter runs the program file ``word``: a process
    substitution is unknown (``fetched-exec`` from the network), a file
    written earlier in the command is scanned, a file on disk is a script
    run."""
    run, cmd = x.run, x.cmd
    sources = getattr(word, "sources", ()) or ()
    procs = [c for kind, cmds in sources if kind.startswith("procsub") for c in cmds or ()]
    if procs:
        net = [p for p in procs if p.key in NETWORK]
        if net:
            run.find("fetched-exec", Msg("shell.find.runs_download", name=cmd.name,
                                         name2=net[0].name), cmd)
        run.unknown(Msg("shell.unknown.runs_program_produced_run", name=cmd.name))
        return
    if word.dynamic:
        run.unknown(Msg("shell.unknown.runs_script_path_computed", name=cmd.name))
        return
    how = f"{cmd.name} {word.value}"
    if not run_written_file(x, word, lambda content: interpreter_code(x, language, content, how)):
        run.script(cmd, word)


def _python_module(x: X, module: Word, rest) -> None:
    """``python -m MODULE ARGS``: ``pip`` changes an environment,
    ``json.tool IN OUT`` writes OUT, ``shutil``/``os`` with arguments are
    unknown; any other module may write the paths it receives."""
    run, cmd = x.run, x.cmd
    if module.dynamic:
        run.unknown(Msg("shell.unknown.python_m_runs_module"))
        return
    name = module.value
    if name == "pip":
        pip_effects(x, cmd.word, rest)
        return
    if name == "json.tool":
        ops = [w for w in rest if not w.value.startswith("-")]
        if len(ops) >= 2:
            run.write(cmd, ops[1], "python -m json.tool")
        return
    if name in ("shutil", "os"):
        run.unknown(Msg("shell.unknown.python_m_arguments", name=name))
    # A module of the project (python -m puts the working directory first on
    # sys.path): its file is a script the command runs, which bash-check
    # judges like any other.
    rel = name.replace(".", "/")
    for candidate in (rel + ".py", rel + "/__main__.py"):
        found = paths.resolve(candidate, cmd.cwd)
        if found and os.path.isfile(found[0]):
            run.script(cmd, Word.literal(found[0]))
            break
    touch_rest(x, rest)

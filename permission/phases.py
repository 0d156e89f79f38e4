"""The permission gate's phases, one small function each (SPEC §5, seed 000).

Every phase takes the :class:`Request` and returns ``(status, text)`` (see
:mod:`permission.pipeline`). The order is data in
:data:`events.permission_request.PHASES`:

====== ==================== ===================================================
S0     :func:`nul_byte`      NUL byte (raw or escaped), empty command → dialog
1      :func:`input_check`   tool_name must be Bash; control characters, Unicode
                             whitespace, over-long command, no absolute cwd → dialog
1.5    :func:`safe_suffixes` strip `` 2>&1``, `` 2>/dev/null``, `` || true``,
                             `` || echo "lit"``, `` && echo 'lit'`` repeatedly
2      :func:`shell_syntax`  any remaining shell syntax → dialog
config :func:`load_config`   a broken configuration layer → dialog
3      :func:`parse_command` words; ``source . exec eval`` → dialog; a declared
                             project command (``project_commands``) → 7A–7D
                             without 7B's runner floor; interpreter or direct
                             execution → phases 4–6
4      :func:`interpreter_flags` safe flags pass; dangerous/unknown → dialog
5      :func:`script_path`   script path inside the project (lexical and real)
6      :func:`project_scripts` under ``scripts/`` or ``.claude/hooks/``, or one of
                             the suite's scripts (``SUITE_SCRIPTS``) → ALLOW,
                             else dialog
7A     :func:`command_name`  plain name, exact case
7B     :func:`always_ask`    always_ask, or a command runner (floor) → dialog
7B2    :func:`subcommand_ask` subcommand_ask rules; unknown git/gh subcommand
7C     :func:`collect_paths` path-like arguments; URLs → dialog
7E     :func:`shell_floor`   shell analysis: destructive, carrier, mutating HTTP,
                             write outside the project, unknown → dialog; also
                             the gate's own checks (sed e/w/r, tar remote, git
                             restore/checkout of paths)
rules  custom_rules.phase    a rule of .claude/playgate-rules.yaml matches, or
                             the file is broken → dialog (floor)
7F     :func:`known_effects` the analysis knows the command and models its
                             effects as safe (:mod:`permission.effects`), else
                             dialog
7D     :func:`containment`   every path and the cwd inside the project, no
                             secret file, nothing in .claude/ or .git/ → ALLOW
====== ==================== ===================================================
"""

from __future__ import annotations

import os

from permission import carriers, config, custom_rules, floors, lexer, rules
from permission.paths import HARMLESS, Scope, candidates, looks_like_url, name_parts
from permission.pipeline import ALLOW, DIALOG, PASS, SKIP
from permission.project_commands import match

#: Phase 3: command words that run what follows them or a file.
SOURCE_WORDS = ("source", ".", "exec", "eval")
#: Phase 6: the directories whose scripts are approved (whole components).
SCRIPT_DIRS = ("scripts", ".claude/hooks")
#: Phase 6: the suite's own scripts Claude runs with a python interpreter,
#: approved as these exact files (install.py's copies, in the protected
#: floor: nothing an agent writes is one of them). The crew workflow's
#: scripts (seed 000 new_cmd, validate_result, stats; workflow.crew.scripts).
SUITE_SCRIPTS = (".claude/skills/crew/new_cmd.py", ".claude/skills/crew/validate_result.py",
                 ".claude/skills/crew/stats.py")
#: 7E: HTTP methods that only read.
READ_METHODS = frozenset({"GET", "HEAD"})
#: 7E/7D: repo-relative directories no approved command may write into, or
#: name at all (the suite, its settings and git's internals: a write there
#: disables the gate or plants a git hook; bash-check blocks these too).
NO_WRITE_DIRS = (".git", ".claude")

GENERAL = "general"
INTERPRETER = "interpreter"
DIRECT = "direct"
#: A command the human declared in ``project_commands``:
#: judged like a general command, except 7B.
PROJECT = "project"
#: Kinds phases 7A-7D judge.
COMMAND_KINDS = (GENERAL, PROJECT)


class Request:
    """One permission request as the phases see it.

    Args:
        tool: ``tool_name`` from the input (``""`` when missing).
        command: ``tool_input.command`` (``None`` when absent or not a string).
        cwd: the shell's working directory (absolute path expected).
        root: the project root (absolute).
        env: the environment mapping (``HOME``, ``CLAUDE_PROJECT_DIR``).
        config: a :class:`permission.config.Config`; loaded by the config
            phase when ``None``.
        session: the session id, for the audit log.
        mode: ``permission_mode`` from the input (``plan`` approves only
            read-only commands).

    Phases fill in: ``stripped``, ``suffixes``, ``words``, ``name``, ``args``,
    ``kind``, ``script``, ``script_rel``, ``paths``, ``analysis``, and
    ``project_command`` (the declared ``project_commands`` prefix the
    command matched, or ``None``; for phase 7F).
    """

    __slots__ = (
        "_scope",
        "analysis",
        "args",
        "command",
        "config",
        "cwd",
        "env",
        "flags",
        "kind",
        "mode",
        "name",
        "on_error",
        "paths",
        "project_command",
        "root",
        "script",
        "script_args",
        "script_rel",
        "session",
        "stripped",
        "suffixes",
        "tool",
        "words",
    )

    def __init__(self, tool: str, command, cwd: str, root: str, env=None, config=None,
                 session: str = "", on_error=None, mode: str = "") -> None:
        self.tool = tool or ""
        self.command = command if isinstance(command, str) else None
        self.cwd = cwd or ""
        self.root = root
        self.env = env if env is not None else {}
        self.config = config
        self.session = session
        self.mode = mode or ""
        self.on_error = on_error
        self.stripped = self.command or ""
        self.suffixes = []
        self.words = []
        self.name = ""
        self.args = []
        self.kind = GENERAL
        self.script = None
        self.script_args = []
        self.flags = []
        self.script_rel = (None, None)
        self.project_command = None
        self.paths = []
        self.analysis = None
        self._scope = None

    @property
    def scope(self) -> Scope:
        """Where paths may point (project root, ``allowed_dirs_extra``)."""
        if self._scope is None:
            extra = self.config.allowed_dirs_extra if self.config is not None else ()
            self._scope = Scope(self.root, self.cwd, extra, self.env)
        return self._scope


def _dialog(text: str) -> tuple:
    return DIALOG, text


def _quote(text: str, limit: int = 80) -> str:
    shown = text if len(text) <= limit else text[: limit - 3] + "..."
    return repr(shown)


# ---------------------------------------------------------------- S0 .. 2
def nul_byte(req: Request) -> tuple:
    """S0: a NUL byte (raw or as ``\\u0000``/``\\x00`` text) or an empty
    command → dialog."""
    if req.tool != "Bash":
        return SKIP, "not a Bash call (phase 1 decides)"
    if req.command is None or not req.command.strip(" "):
        return _dialog("empty command")
    found = lexer.find_nul(req.command)
    if found:
        return _dialog(f"the command contains {found}")
    return PASS, "no NUL byte"


def input_check(req: Request) -> tuple:
    """Phase 1: only Bash is approved; control characters (CR, LF, TAB
    included), Unicode whitespace and invisible characters, commands over
    :data:`permission.lexer.MAX_COMMAND` characters and inputs without an
    absolute ``cwd`` → dialog."""
    if req.tool != "Bash":
        shown = f"tool_name is {req.tool!r}" if req.tool else "tool_name is missing or empty"
        return _dialog(f"only Bash commands are auto-approved; {shown}")
    bad = lexer.find_bad_char(req.command)
    if bad:
        return _dialog(f"the command contains a {bad}")
    if len(req.command) > lexer.MAX_COMMAND:
        return _dialog(f"the command is {len(req.command)} characters long "
                       f"(more than {lexer.MAX_COMMAND})")
    if not req.cwd.startswith("/"):
        return _dialog("the input has no absolute cwd, so relative paths cannot be placed")
    return PASS, "Bash; no control or invisible characters"


def safe_suffixes(req: Request) -> tuple:
    """Phase 1.5: strip the safe trailing suffixes repeatedly (never decides)."""
    rest, stripped = lexer.strip_suffixes(req.command)
    req.stripped = rest.strip(" ")
    req.suffixes = stripped
    if stripped:
        return PASS, "stripped " + ", ".join(repr(s.strip()) for s in stripped)
    return PASS, "no safe suffix"


def shell_syntax(req: Request) -> tuple:
    """Phase 2: any shell syntax left after phase 1.5 → dialog (strict)."""
    found = lexer.find_syntax(req.stripped)
    if found:
        return _dialog(f"shell syntax: {found}")
    return PASS, "no shell syntax"


def load_config(req: Request) -> tuple:
    """Configuration: load the layers (cached); a broken layer → dialog for
    every command, naming the file and key."""
    if req.config is None:
        req.config = config.load(req.root)
    cfg = req.config
    if not cfg.ok:
        return _dialog("the permission configuration is broken, so nothing is auto-approved: "
                       + "; ".join(cfg.errors))
    shown = ", ".join(f"{label} {status}" for label, status in cfg.layers) or "defaults"
    return PASS, shown


# ---------------------------------------------------------------- 3 .. 6
def parse_command(req: Request) -> tuple:
    """Phase 3: split into words; ``source``/``.``/``exec``/``eval`` →
    dialog; classify as interpreter, direct execution or general command."""
    try:
        words = lexer.split_words(req.stripped)
    except lexer.LexError as exc:
        return _dialog(f"cannot split the command into words: {exc}")
    if not words:
        return _dialog("empty command")
    req.words = words
    req.name = name = words[0]
    req.args = words[1:]
    if name in SOURCE_WORDS:
        return _dialog(f"'{name}' runs commands from its arguments or a file")
    declared = match(req.config.project_commands, words)
    if declared is not None:
        req.kind = PROJECT
        req.project_command = declared
        return PASS, (f"project command {declared!r} (project_commands, from "
                      f"{req.config.source('project_commands', declared)}; phases 7A-7D)")
    if "/" in name:
        req.kind = DIRECT
        req.script = name
        req.script_args = words[1:]
        return PASS, f"runs the file {name!r} directly (phases 4-6)"
    if name in req.config.interpreters:
        req.kind = INTERPRETER
        return PASS, f"interpreter {name!r} (phases 4-6)"
    req.kind = GENERAL
    return PASS, f"general command {name!r} (phases 7A-7D)"


def classify_flag(flag: str, safe, dangerous) -> str:
    """``"safe"``, ``"dangerous"`` or ``"unknown"`` for one interpreter flag.

    Dangerous: listed (config or floor), ``-`` (program on stdin), a long flag
    given with ``=value`` or abbreviated, or a short flag whose letter appears
    anywhere in a bundle (``-Bc``, glued ``-mhttp.server``, ``-c"..."``).
    Safe: listed exactly, or a bundle of listed single letters (``-Bu``).
    """
    danger = set(dangerous) | set(floors.DANGEROUS_FLAGS)
    if flag == "-":
        return "dangerous"
    if flag.startswith("--"):
        base = flag.split("=", 1)[0]
        if base in danger:
            return "dangerous"
        if len(base) >= 3 and any(d.startswith("--") and d.startswith(base) for d in danger):
            return "dangerous"
        return "safe" if flag in safe else "unknown"
    lead = flag[0]
    if flag in danger or any(lead + ch in danger for ch in flag[1:]):
        return "dangerous"
    if flag in safe or all(lead + ch in safe for ch in flag[1:]):
        return "safe"
    return "unknown"


def interpreter_flags(req: Request) -> tuple:
    """Phase 4: the interpreter's flags up to the script; dangerous or
    unknown → dialog; no script (reads stdin) → dialog."""
    if req.kind in COMMAND_KINDS:
        return SKIP, "not an interpreter command"
    if req.kind == DIRECT:
        return PASS, "direct execution: no interpreter flags"
    safe, dangerous = req.config.interpreters[req.name]
    flags = []
    for i, word in enumerate(req.args):
        if len(word) >= 1 and (word.startswith("-") or (word.startswith("+") and len(word) > 1)):
            kind = classify_flag(word, safe, dangerous)
            if kind != "safe":
                return _dialog(f"{req.name} flag {_quote(word)} is {kind}"
                               + (" (runs code that is not a project script)" if kind == "dangerous"
                                  else " (not in safe_flags)"))
            flags.append(word)
            continue
        req.script = word
        req.script_args = req.args[i + 1 :]
        break
    req.flags = flags
    if req.script is None:
        return _dialog(f"{req.name} has no script argument, so it would read code from its input")
    return PASS, ("safe flags " + " ".join(flags)) if flags else "no flags"


def script_path(req: Request) -> tuple:
    """Phase 5: the script path, normalised lexically and really, must stay
    inside the project."""
    if req.kind in COMMAND_KINDS:
        return SKIP, "not an interpreter command"
    if not req.script:
        return _dialog("empty script path")
    problem = req.scope.check(req.script)
    if problem:
        return _dialog(f"script path: {problem}")
    req.script_rel = req.scope.project_rel(req.script)
    lex_rel, real_rel = req.script_rel
    if lex_rel is None or real_rel is None:
        return _dialog(f"script {req.script!r} is not inside the project itself")
    really = f" (really {real_rel})" if real_rel != lex_rel else ""
    return PASS, f"script resolves to {lex_rel}{really}"


def _in_script_dir(rel) -> str | None:
    if rel is None:
        return None
    for directory in SCRIPT_DIRS:
        if rel.startswith(directory + "/") and len(rel) > len(directory) + 1:
            return directory
    return None


def _is_python(name: str) -> bool:
    """``python``, ``python3`` or ``python3.N`` (the suite's scripts are Python)."""
    return name in ("python", "python3") or (name.startswith("python3.")
                                              and name[8:].isdigit())


def project_scripts(req: Request) -> tuple:
    """Phase 6: a script under ``<project>/scripts/`` or
    ``<project>/.claude/hooks/`` (whole components, in both readings) whose
    content the shell analysis reads as it reads a command line and finds
    approvable by the same floors (:func:`script_problem`), or one of
    :data:`SUITE_SCRIPTS` run by an interpreter (that exact file in both
    readings; the protection floor keeps the agent from writing them) →
    ALLOW; any other script → dialog."""
    if req.kind in COMMAND_KINDS:
        return SKIP, "not an interpreter command"
    lex_rel, real_rel = req.script_rel
    if (req.kind == INTERPRETER and _is_python(req.name) and lex_rel == real_rel
            and lex_rel in SUITE_SCRIPTS):
        return ALLOW, f"{req.name} {lex_rel}: one of the suite's scripts"
    lex_dir, real_dir = _in_script_dir(lex_rel), _in_script_dir(real_rel)
    if lex_dir and real_dir:
        problem = script_problem(req)
        if problem:
            return _dialog(f"{lex_rel}: {problem}")
        how = f"{req.name} " if req.kind == INTERPRETER else ""
        return ALLOW, (f"{how}{lex_rel}: a project script under {lex_dir}/ whose content the "
                       "shell analysis approves")
    where = lex_rel if real_rel == lex_rel else f"{lex_rel} (really {real_rel})"
    return _dialog(f"{where} is not under scripts/ or .claude/hooks/; only project scripts are "
                   "auto-approved for interpreters and direct execution")


#: Largest script read for phase 6 (bytes): a larger one is a dialog.
SCRIPT_LIMIT = 64 * 1024
#: Script language by interpreter or extension; shells are ``sh``.
_SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox")
_EXT_LANGUAGE = {".sh": "sh", ".bash": "sh", ".zsh": "sh", ".ksh": "sh", ".py": "python",
                 ".js": "js", ".mjs": "js", ".cjs": "js", ".pl": "perl", ".rb": "ruby",
                 ".php": "php", ".lua": "lua"}


def _script_language(req: Request, text: str) -> str | None:
    name = req.name.rsplit("/", 1)[-1] if req.kind == INTERPRETER else ""
    if name in _SHELLS:
        return "sh"
    if name.startswith(("python", "pypy")):
        return "python"
    for prefix, lang in (("node", "js"), ("perl", "perl"), ("ruby", "ruby"), ("php", "php"),
                         ("lua", "lua")):
        if name.startswith(prefix):
            return lang
    if text.startswith("#!"):
        first = text.split("\n", 1)[0]
        words = first[2:].replace("/usr/bin/env", " ").split()
        interp = words[0].rsplit("/", 1)[-1] if words else ""
        if interp in _SHELLS:
            return "sh"
        for prefix, lang in (("python", "python"), ("node", "js"), ("perl", "perl"),
                             ("ruby", "ruby"), ("php", "php"), ("lua", "lua")):
            if interp.startswith(prefix):
                return lang
        return None
    return _EXT_LANGUAGE.get(os.path.splitext(req.script or "")[1]) or (
        "sh" if req.kind == DIRECT else None)


def script_problem(req: Request) -> str | None:
    """Why phase 6 must not approve the project script ``req.script``, or
    ``None``: the shell analysis reads its content as it reads a command
    line, with the same floors (7E: nothing unknown, destructive, a carrier,
    a network request, a deletion, a write outside the project or into
    ``.claude/``/``.git/``, no git that runs hooks; 7F: every command known
    and on its own). A shell script is analysed as shell code; a script in
    another language through the inline-code reader (:mod:`shell.codescan`:
    the commands it runs are analysed, the files it writes judged, anything
    it cannot follow is unknown); a language the analysis cannot read, a
    script larger than :data:`SCRIPT_LIMIT`, or one that cannot be read is
    a dialog. The scripts can be written by the agent, so their name or
    directory is no reason to trust them; one a HARD_BLOCK entry of the
    protection list covers (the suite's own hooks, a directory the user
    listed) cannot be, and is trusted."""
    from permission import effects  # lazy: phase 6 only
    from shell import analyse  # lazy: resolved per call (tests replace shell.analyse)
    from statefiles import layout, protected  # lazy: phase 6 only

    path = os.path.realpath(os.path.join(req.cwd or req.root, req.script))
    # A script no agent can have written (a HARD_BLOCK entry covers it: the
    # suite's own hooks, or what the user listed) is what the user put there.
    entry = protected.load(req.root).match(layout.resolve(path, req.root, req.root))
    if entry is not None and entry.level == "HARD_BLOCK":
        return None
    try:
        with open(path, "rb") as fh:
            data = fh.read(SCRIPT_LIMIT + 1)
    except OSError as exc:
        return f"the script cannot be read ({exc.strerror or exc})"
    if len(data) > SCRIPT_LIMIT:
        return f"the script is larger than {SCRIPT_LIMIT} bytes, too large to read"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "the script is not UTF-8 text"
    lang = _script_language(req, text)
    if lang is None:
        return "the shell analysis cannot read the script's language"
    home = req.env.get("HOME") or ""
    cwd = req.cwd or req.root
    if lang == "sh":
        body = text.split("\n", 1)[1] if text.startswith("#!") else text
        analysis = analyse(body, root=req.root, cwd=cwd, home=home)
        problem = analysis_problem(req, analysis) or (
            effects.problem(analysis) if analysis.commands else None)
        return f"its content: {problem}" if problem else None
    import shell.codescan as codescan  # lazy: scripts in other languages only

    report = codescan.scan(lang, text)
    if report.unknown:
        return f"its content: the shell analysis cannot follow it ({report.unknown[0]})"
    if report.destructive:
        return f"its content is destructive ({report.destructive[0][1]})"
    if report.network or report.http_methods:
        return "its content makes network requests"
    for kind, wpath, _recursive in report.writes:
        if kind == "delete":
            return f"its content deletes {wpath}"
        if wpath is None:
            return "its content writes a file whose name is computed"
        full = os.path.realpath(os.path.join(cwd, wpath))
        rel = os.path.relpath(full, os.path.realpath(req.root))
        if rel == ".." or rel.startswith("../") or rel.split("/", 1)[0] in NO_WRITE_DIRS:
            return f"its content writes {wpath}, outside the project or into its machinery"
    from shell.quoting import quote  # lazy: scripts in other languages only

    for code in list(report.shell) + [" ".join(quote(a) for a in argv) for argv in report.argv]:
        analysis = analyse(code, root=req.root, cwd=cwd, home=home)
        problem = analysis_problem(req, analysis) or effects.problem(analysis)
        if problem:
            return f"a command its content runs: {problem}"
    return None


# ---------------------------------------------------------------- 7A .. 7D
def _known_names(cfg) -> set:
    return (set(cfg.always_ask) | set(cfg.interpreters) | set(floors.RUNNERS) | set(cfg.rules)
            | set(SOURCE_WORDS))


def command_name(req: Request) -> tuple:
    """7A: the command name must be a plain ASCII name whose case matches
    exactly; a case variant of a listed command (``PYTHON3``, ``Git``,
    ``CURL``) → dialog, since case-insensitive file systems run the
    original; so is a Windows spelling (``git.exe``)."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    name = req.name
    if not lexer.plain_name(name):
        return _dialog(f"command name {_quote(name)} is not a plain command name")
    if name[-4:].lower() in (".exe", ".com", ".cmd", ".bat") and len(name) > 4:
        # git.exe is git: the rules name commands without the suffix
        return _dialog(f"command name {name!r} is a Windows spelling of {name[:-4]!r}; "
                       "the gate approves commands by their plain name only")
    known = _known_names(req.config)
    if name not in known:
        lowered = name.lower()
        for other in sorted(known):
            if other.lower() == lowered:
                return _dialog(f"command name {name!r} differs from {other!r} only in case")
        if floors.runs_code(lowered) and not floors.runs_code(name):
            return _dialog(f"command name {name!r} differs from an interpreter's only in case")
    return PASS, f"command name {name!r}"


def always_ask(req: Request) -> tuple:
    """7B: a command in ``always_ask`` → dialog; so is a command that runs
    commands or programs taken from its arguments (floor, see
    :data:`permission.floors.RUNNERS`)."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    name = req.name
    if req.kind == PROJECT and name not in floors.ALWAYS_ASK:
        # The human declared it; the floors of every
        # other phase still hold.
        return PASS, (f"{req.project_command!r} is a project command the human declared "
                      f"(from {req.config.source('project_commands', req.project_command)})")
    if name in req.config.always_ask:
        return _dialog(f"{name!r} is in always_ask (from {req.config.source('always_ask', name)})")
    if floors.runs_code(name):
        return _dialog(f"{name!r} runs commands or programs given in its arguments, so the gate "
                       "never approves it on its own; headless (claude -p) nobody answers the "
                       "dialog and the call is denied. A test or lint command of the project "
                       "can be declared in project_commands (.claude/permission-config.yaml); "
                       "a settings.json allow rule approves it too")
    return PASS, f"{name!r} is not in always_ask"


def subcommand_ask(req: Request) -> tuple:
    """7B2: ``subcommand_ask`` rules, matched after git's/gh's global
    options with the flag anywhere; a git/gh subcommand the gate does not
    know (alias, extension) → dialog."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    problem = rules.subcommand_problem(req.name, req.args)
    if problem:
        return _dialog(problem)
    rule = rules.match(req.config.rules.get(req.name), req.name, req.args, req.scope.cwd)
    if rule is not None:
        return _dialog(f"{_quote(' '.join(req.words))} matches subcommand_ask rule {rule.text} "
                       f"(from {req.config.source('subcommand_ask', rule.text)})")
    return PASS, "no subcommand_ask rule matches"


def collect_paths(req: Request) -> tuple:
    """7C: collect every argument part that can name a file (operands,
    option values, glued short-option values, text after ``= : , @``);
    a URL → dialog."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    for word in req.args:
        if looks_like_url(word):
            return _dialog(f"{_quote(word)} is a URL or remote location (network access)")
    # sed scripts are programs, not paths (/x/p); 7E refuses the ones that
    # read or write files (r, w) or run commands (e).
    skip = carriers.sed_script_words(req.args) if req.name in carriers.SED_NAMES else ()
    paths = []
    for index, word in enumerate(req.args):
        if index in skip:
            continue
        for part in candidates(word):
            if part not in paths:
                paths.append(part)
    req.paths = paths
    if paths:
        return PASS, "paths: " + ", ".join(_quote(p, 60) for p in paths[:8]) + (
            f" and {len(paths) - 8} more" if len(paths) > 8 else "")
    return PASS, "no argument can leave the working directory (checked in 7D)"


def _write_problem(write, req: Request) -> str | None:
    rel = getattr(write, "rel", None)
    abs_path = getattr(write, "abs", "") or ""
    how = getattr(write, "how", "write")
    if rel is None:
        if abs_path in HARMLESS:
            return None
        return f"writes outside the project ({how} -> {abs_path or getattr(write, 'given', '?')})"
    for directory in NO_WRITE_DIRS:
        if rel == directory or rel.startswith(directory + "/"):
            return f"writes into {directory}/ ({how} -> {rel})"
        if getattr(write, "recursive", False) and (
                rel == "." or directory.startswith(rel.rstrip("/") + "/")):
            # unknown contents (an archive) written anywhere under rel
            return (f"writes anywhere under {rel}, {directory}/ included ({how})")
    return None


def shell_floor(req: Request) -> tuple:
    """7E, the floor beyond the seed: never approve what the shell analysis
    (SPEC §4) calls unknown, destructive, a code-execution carrier, an HTTP
    method other than GET/HEAD, a deletion, or a write outside the project (or
    into ``.git/``/``.claude/``); nor what the gate's own carrier checks find
    (:mod:`permission.carriers`). In plan mode (``permission_mode: plan``)
    only read-only commands pass: planning changes nothing."""
    if req.kind in COMMAND_KINDS:
        own = carriers.problem(req.name, req.args, req.scope.cwd)
        if own:
            return _dialog(own)
    from shell import analyse  # lazy: resolved per call (tests replace shell.analyse)

    home = req.env.get("HOME") or ""
    analysis = analyse(req.stripped, root=req.root, cwd=req.cwd or req.root, home=home)
    req.analysis = analysis
    problem = analysis_problem(req, analysis)
    if problem:
        return _dialog(problem)
    return PASS, "nothing destructive, no carrier, no mutating HTTP method, no write outside"


def analysis_problem(req: Request, analysis) -> str | None:
    """Why the shell analysis of a command (or of a script's content) is not
    approvable by 7E's floors, or ``None``: unknown, destructive, a carrier,
    an HTTP method other than GET/HEAD, a deletion, a write outside the
    project or into ``.claude/``/``.git/``, a git command that would run the
    repository's own hooks (:func:`hooks_problem`); in plan mode anything
    not read-only."""
    if analysis.unknown:
        # English: the gate's dialog reasons go to the decision log and
        # --explain, not to the agent
        reasons = "; ".join(str(r) for r in analysis.reasons) or "no reason given"
        return f"the shell analysis cannot resolve the command ({reasons})"
    for label, findings in (("destructive", analysis.destructive),
                            ("a code-execution carrier", analysis.carriers)):
        if findings:
            first = findings[0]
            return f"the shell analysis finds {label}: {getattr(first, 'message', first)}"
    methods = [m for m in analysis.http_methods if str(m).upper() not in READ_METHODS]
    if methods:
        return f"the shell analysis finds the HTTP method {methods[0]} (not GET/HEAD)"
    for write in analysis.writes:
        if getattr(write, "kind", "write") == "delete":
            # Deleting is data loss whatever the place (rm and rmdir are in
            # always_ask; find -delete and friends must not be the way around).
            return (f"the shell analysis finds a deletion ({write.how} -> "
                    f"{write.rel if write.rel is not None else write.given})")
        problem = _write_problem(write, req)
        if problem:
            return f"the shell analysis finds a command that {problem}"
    problem = hooks_problem(req, analysis)
    if problem:
        return problem
    if req.mode == "plan" and not analysis.read_only:
        return "plan mode: only commands the shell analysis calls read-only are auto-approved"
    return None


#: git subcommands that run the repository's hooks (pre-commit, commit-msg,
#: post-checkout, post-merge, pre-push, pre-rebase, post-rewrite,
#: reference-transaction...).
HOOK_SUBCOMMANDS = frozenset({"commit", "merge", "pull", "rebase", "checkout", "switch", "push",
                              "am", "cherry-pick", "revert", "clone", "worktree", "stash",
                              "reset", "branch", "tag", "update-ref", "gc", "fetch", "restore",
                              "notes", "replace"})


def repository_hooks(root: str) -> str | None:
    """What makes git run project code as hooks in the repository at
    ``root``, or ``None``: ``core.hooksPath`` in its configuration (husky and
    the like set it), a ``.husky/`` directory, or a hook in ``.git/hooks/``
    that is not a ``.sample``. A configuration that cannot be read counts."""
    from statefiles import gitinfo  # lazy: phases 6/7E with a git command only

    if os.path.isdir(os.path.join(root, ".husky")):
        return "a .husky/ directory"
    git_dir = gitinfo.git_dir(root)
    if git_dir is None:
        return None
    try:
        with open(os.path.join(git_dir, "config"), "rb") as fh:
            config = fh.read(256 * 1024).decode("utf-8", "replace").lower()
    except FileNotFoundError:
        config = ""
    except OSError:
        return "a git configuration that cannot be read"
    for line in config.splitlines():
        key, eq, value = line.partition("=")
        if key.strip().replace("\t", "").replace(" ", "") == "hookspath" or \
                (not eq and "hookspath" in line.replace(" ", "").replace("\t", "")):
            # /dev/null is the one value that turns hooks off (playgate's own
            # scratch copies set it); anything else may name project code.
            if value.strip().strip('"') != "/dev/null":
                return "core.hooksPath in its git configuration"
    if any(line.strip().startswith(("[include]", "[include ", "[includeif"))
           for line in config.splitlines()):
        return "a git configuration that includes other files (they may set core.hooksPath)"
    try:
        names = os.listdir(os.path.join(git_dir, "hooks"))
    except OSError:
        names = []
    found = sorted(n for n in names if not n.endswith(".sample") and not n.startswith("."))
    if found:
        return f"a hook in .git/hooks/ ({found[0]})"
    return None


def hooks_problem(req: Request, analysis) -> str | None:
    """A git command that runs hooks (:data:`HOOK_SUBCOMMANDS`) in a
    repository that has some (:func:`repository_hooks`) runs project code:
    never auto-approved, ``project_commands`` or not."""
    gits = [c for c in analysis.commands if c.name == "git"
            and (c.git_subcommand or "") in HOOK_SUBCOMMANDS]
    if not gits:
        return None
    why = repository_hooks(req.root)
    if why is None:
        return None
    return (f"git {gits[0].git_subcommand} runs the repository's hooks ({why}): project code, "
            "so it is not auto-approved")


def known_effects(req: Request) -> tuple:
    """7F, the floor beyond the seed (SPEC §5): approve only
    what the shell analysis knows and models as safe — a known reader or a
    command whose writes it records (:mod:`permission.effects`), running on
    its own, reading no secrets. An unknown command is a dialog (seed 000's
    ``mygit push data`` case becomes one on purpose). A command the human
    declared in ``project_commands`` passes: the human vouched for it."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    if req.kind == PROJECT:
        return PASS, (f"{req.project_command!r} is a project command the human declared; "
                      "the other floors still hold")
    from permission import effects  # lazy: phase 7F only

    why = effects.problem(req.analysis)
    if why:
        return _dialog(why)
    return PASS, "every command is a known reader or has effects the analysis models"


def _machinery_rel(rel) -> str | None:
    if rel is None:
        return None
    for directory in NO_WRITE_DIRS:
        if rel == directory or rel.startswith(directory + "/"):
            return directory
    return None


def machinery_argument(req: Request) -> str | None:
    """Why an argument names the suite's or git's own directory
    (``.claude/``, ``.git/``; lexically or through a symlink), or ``None``.
    The gate cannot tell a read from a write for an arbitrary command
    (``sort -o .claude/settings.json x``), so it asks."""
    for word in req.args:
        for part in name_parts(word):
            if not part or part.startswith("-"):
                continue
            lex_rel, real_rel = req.scope.project_rel(part)
            found = _machinery_rel(lex_rel) or _machinery_rel(real_rel)
            if found:
                return (f"{_quote(part)} is inside {found}/ (the suite's or git's own files); "
                        "the gate does not approve commands that name them")
    return None


def secret_argument(args) -> str | None:
    """An argument part whose file name looks like a secret or key
    (:func:`permission.floors.secret_name`), or ``None``."""
    for word in args:
        for part in name_parts(word):
            base = part.rstrip("/").rsplit("/", 1)[-1]
            if base and floors.secret_name(base):
                return part
    return None


def containment(req: Request) -> tuple:
    """7D: every collected path, and the working directory, inside the
    project (or ``allowed_dirs_extra``) in both readings, and no argument
    naming a secret file (``.env``, keys) → ALLOW."""
    if req.kind not in COMMAND_KINDS:
        return SKIP, "decided by phases 3-6"
    problem = req.scope.cwd_problem()
    if problem:
        return _dialog(problem)
    secret = secret_argument(req.args)
    if secret:
        return _dialog(f"{_quote(secret)} names a secret or key file; reading it would put the "
                       "secret into the conversation")
    for path in req.paths:
        problem = req.scope.check(path)
        if problem:
            return _dialog(problem)
    machinery = machinery_argument(req)
    if machinery:
        return _dialog(machinery)
    if req.paths:
        return ALLOW, f"{req.name}: the working directory and every path are inside the project"
    return ALLOW, (f"{req.name}: no argument leaves the working directory, which is inside the "
                   "project")


#: The permission gate, in order (SPEC §5). ``config`` loads the layered
#: permission-config.yaml; a broken layer makes every command a dialog.
PHASES = (
    ("S0", nul_byte),
    ("1", input_check),
    ("1.5", safe_suffixes),
    ("2", shell_syntax),
    ("config", load_config),
    ("3", parse_command),
    ("4", interpreter_flags),
    ("5", script_path),
    ("6", project_scripts),
    ("7A", command_name),
    ("7B", always_ask),
    ("7B2", subcommand_ask),
    ("7C", collect_paths),
    ("7E", shell_floor),
    ("rules", custom_rules.phase),  # the project's custom rules
    ("7F", known_effects),
    ("7D", containment),
)

#: Phases every approval must pass, even one decided earlier (SPEC §5: 7E
#: "is ever approved" — never).
FLOOR = ("7E", "rules")

"""crew-path-passer (PreToolUse Read, Grep, Bash; the crew workflow, seed 000
「パス受け渡し係」原則).

While a cmd is open, the parent (the main session, not a subagent) passes
paths; it does not read contents into its context. Refused, with the rule
and what to read instead:

* a task file ``work/cmd_NNN/tasks/task_N.md`` — any read;
* a result file ``results/result_N.md`` beyond its metadata header: a Read
  must start at the top (``offset`` absent, 0 or 1) with ``limit`` at most
  20; in Bash only ``head -n N`` (N ≤ 20) of it;
* ``cmd_report.md``, except its memory-candidate section (``## Memory...`` up to
  the next heading): a Read whose ``offset``/``limit`` lie inside it (the
  refusal names them).

The readers are judged alike: Read by its file (symlinks resolved); Grep in
``content`` mode by its search path — the file, or a directory holding such
files unless ``glob``/``type`` leaves every one of them out (the other modes
list file names and counts, which are metadata); Bash by every argument and
input redirection of every command it runs (nested ones included), as a
file, as a directory a recursive reader walks, as a glob matching such a
file, or as a value only known at run time (refused unless the command
reads no file at all: ``echo``, ``printf``, ``test``...), ``git show
REV:path`` and pathspecs, and git's content views without a pathspec while
such a file is tracked. A command the analysis cannot see through
(unknown, code-running carriers) is refused while a cmd is open, except
the crew's own scripts. Listing (Glob, ``ls``, ``find`` without actions)
passes: the seed lists ``results/`` with Glob.

The rule binds every agent whose reply lands in the parent's context: the
main session, and any subagent that is not one of the crew's agents
(``Explore``, ``general-purpose``...: a reader by proxy, whose summary of a
body would be the body in other words). The crew's own agents read what
their prompts name. Only while ``config.workflow`` is ``crew``.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles.crew import HEADER_LINES, REPORT, RESULT, TASK, classify
from workflow.crew import agents, cmds

NAME = "crew-path-passer"
ADVISORY = False

#: Commands that read no file named by their arguments (a dynamic argument
#: is harmless to them).
NON_READERS = frozenset({"echo", "printf", "test", "[", "[[", "true", "false", "date", "sleep",
                         "pwd", "basename", "dirname", "mkdir", "seq", "expr", "exit",
                         "return", "cd", "type", "which", "command"})
#: Commands that only list names or metadata of the paths they get.
LISTERS = frozenset({"ls", "find", "du", "stat", "tree", "file", "realpath", "readlink"})
#: git subcommands that print file contents.
GIT_CONTENT = frozenset({"show", "diff", "log", "grep", "blame", "annotate", "cat-file",
                         "archive", "format-patch", "stash", "whatchanged", "difftool"})


def check(ctx: Context) -> Verdict:
    """Read/Grep/Bash of the parent or a non-crew subagent while a cmd is
    open: BLOCK a read of a task body, a result body past its header or
    cmd_report.md outside its memory section; ALLOWED otherwise."""
    hook = ctx.hook
    tool = hook.tool_name
    if tool not in ("Read", "Grep", "Bash"):
        return ALLOWED
    proxy = hook.in_subagent
    if proxy and agents.role(hook.agent_type) is not None:
        return ALLOWED  # a crew agent reads what its prompt names
    bodies = _bodies(ctx.root)
    if not bodies:
        return ALLOWED
    if tool == "Read":
        verdict = _read(ctx, bodies)
    elif tool == "Grep":
        verdict = _grep(ctx, bodies)
    else:
        verdict = _bash(ctx, bodies)
    if proxy and verdict.stops:
        return block(ctx.say("crew.passer_proxy", agent=hook.agent_type or "-",
                             rule=verdict.message))
    return verdict


def _bodies(root: str) -> dict:
    """``{rel: (kind, cmd)}`` of the task, result and report files of the
    open cmds that exist."""
    out = {}
    for cmd in cmds.open_cmds(root):
        base = os.path.join(root, "work", cmd.cmd)
        for sub, kind in (("tasks", TASK), ("results", RESULT)):
            try:
                names = os.listdir(os.path.join(base, sub))
            except OSError:
                continue
            for name in names:
                rel = f"work/{cmd.cmd}/{sub}/{name}"
                if classify(rel).kind == kind:
                    out[rel] = (kind, cmd.cmd)
        if os.path.isfile(os.path.join(base, "cmd_report.md")):
            out[f"work/{cmd.cmd}/cmd_report.md"] = (REPORT, cmd.cmd)
    return out


def _refuse(ctx, rel: str, kind: str) -> Verdict:
    if kind == TASK:
        return block(ctx.say("crew.passer_task", path=rel))
    if kind == RESULT:
        return block(ctx.say("crew.passer_result", path=rel, lines=HEADER_LINES))
    section = cmds.memory_section(_text(os.path.join(ctx.root, *rel.split("/"))) or "")
    if section is None:
        return block(ctx.say("crew.passer_report", path=rel,
                             summary=rel[:-len("cmd_report.md")] + "cmd_report_summary.md"))
    first, last = section
    return block(ctx.say("crew.passer_report_section", path=rel, offset=first,
                         limit=last - first + 1,
                         summary=rel[:-len("cmd_report.md")] + "cmd_report_summary.md"))


def _text(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(2 * 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and value == value:
        return value
    return None


def _read(ctx, bodies: dict) -> Verdict:
    target = ctx.target
    rel = target.rel if target is not None else None
    if rel not in bodies:
        return ALLOWED
    kind, _cmd = bodies[rel]
    ti = ctx.hook.tool_input
    offset, limit = _number(ti.get("offset")), _number(ti.get("limit"))
    if kind == RESULT:
        if (offset is None or offset <= 1) and limit is not None and 0 < limit <= HEADER_LINES:
            return ALLOWED
        return _refuse(ctx, rel, kind)
    if kind == REPORT and offset is not None and limit is not None and limit > 0:
        section = cmds.memory_section(_text(target.abs) or "")
        if section and section[0] <= offset and offset + limit - 1 <= section[1]:
            return ALLOWED
    return _refuse(ctx, rel, kind)


# ------------------------------------------------------------------ Grep


def _grep(ctx, bodies: dict) -> Verdict:
    ti = ctx.hook.tool_input
    if ti.get("output_mode") not in ("content",):
        return ALLOWED  # file names or counts: metadata
    given = ti.get("path") if isinstance(ti.get("path"), str) and ti.get("path") else "."
    resolved = ctx.resolve(given)
    rel = resolved.rel
    if rel is None:
        return ALLOWED
    hit = _covered(rel, bodies, glob=ti.get("glob"), ftype=ti.get("type"))
    return _refuse(ctx, hit, bodies[hit][0]) if hit else ALLOWED


def _covered(rel: str, bodies: dict, glob=None, ftype=None) -> str | None:
    """The first body the search path ``rel`` reaches (the file itself, or a
    file under the directory ``rel``) that ``glob``/``type`` do not leave
    out; ``None`` when none."""
    import fnmatch  # lazy: a content search while a cmd is open only

    prefix = "" if rel in ("", ".") else rel.rstrip("/") + "/"
    for body in sorted(bodies):
        if body != rel and not body.startswith(prefix):
            continue
        name = body.rsplit("/", 1)[1]
        if isinstance(ftype, str) and ftype and ftype.lower() not in ("md", "markdown", "all"):
            continue
        if isinstance(glob, str) and glob:
            pats = _expand_braces(glob)
            inside = body[len(prefix):]
            if not any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(inside, p)
                       or fnmatch.fnmatch(body, p) or fnmatch.fnmatch(inside, p.lstrip("*/"))
                       for p in pats):
                continue
        return body
    return None


def _expand_braces(glob: str) -> list:
    if "{" in glob and "}" in glob.split("{", 1)[1]:
        head, rest = glob.split("{", 1)
        inner, tail = rest.split("}", 1)
        return [p for part in inner.split(",") for p in _expand_braces(head + part + tail)]
    return [glob]


# ------------------------------------------------------------------ Bash


def _bash(ctx, bodies: dict) -> Verdict:
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    from workflow.crew.scripts import is_crew_script  # lazy: Bash while a cmd is open only

    if is_crew_script(ctx):
        return ALLOWED
    if analysis.unknown or analysis.carriers:
        return block(ctx.say("crew.passer_unseen"))
    tracked = None
    for cmd in analysis.commands:
        hit = _command_hit(ctx, cmd, bodies)
        if hit is not None:
            return _refuse(ctx, hit, bodies[hit][0]) if hit in bodies else block(
                ctx.say("crew.passer_dynamic", command=" ".join(
                    a.replace("\x00", "$?") for a in cmd.argv)[:120]))
        if cmd.name == "git" and cmd.git_subcommand in GIT_CONTENT and not _pathspecs(cmd):
            if tracked is None:
                tracked = _tracked(ctx.root, bodies)
            if tracked:
                return _refuse(ctx, tracked, bodies[tracked][0])
    return ALLOWED


def _cwds(ctx, cmd) -> list:
    return sorted(cmd.cwd) if cmd.cwd else [ctx.hook.cwd or ctx.root]


def _rel(root: str, cwd: str, value: str) -> str | None:
    path = os.path.normpath(os.path.join(cwd, os.path.expanduser(value)))
    for candidate in (path, os.path.realpath(path)):
        if candidate == root:
            return ""
        if candidate.startswith(root.rstrip("/") + "/"):
            rel = candidate[len(root.rstrip("/")) + 1:]
            if candidate == path and os.path.realpath(path) != path:
                continue  # judge a symlink by where it leads
            return rel
    return None


def _command_hit(ctx, cmd, bodies: dict):
    """The body a command reads (its rel), ``""`` for an argument only known
    at run time given to a reader, or ``None``."""
    import fnmatch  # lazy: Bash while a cmd is open only

    root = os.path.realpath(ctx.root)
    name = cmd.name
    words = list(cmd.words[1:])
    words += [r.target for r in cmd.redirects or () if r.target is not None
              and r.op in ("<", "<>")]
    header_ok = name == "head" and _head_lines(cmd.argv[1:]) is not None
    for word in words:
        value = word.value
        if word.dynamic or "\x00" in value:
            if name in NON_READERS:
                continue
            return ""
        candidates = [value]
        if name == "git" and ":" in value and not value.startswith("-"):
            candidates.append(value.split(":", 1)[1] or ".")
        if value.startswith("-") and "=" in value:
            candidates.append(value.split("=", 1)[1])
        for cwd in _cwds(ctx, cmd):
            for cand in candidates:
                if word.glob and word.pattern:
                    pattern = os.path.normpath(os.path.join(cwd, word.pattern))
                    for body in bodies:
                        if fnmatch.fnmatch(os.path.join(root, body), pattern):
                            if not (header_ok and bodies[body][0] == RESULT):
                                return body
                    continue
                rel = _rel(root, cwd, cand)
                if rel is None:
                    continue
                if rel in bodies:
                    if header_ok and bodies[rel][0] == RESULT:
                        continue
                    return rel
                if name not in LISTERS and name != "git" and name not in NON_READERS:
                    inside = _covered(rel, bodies)
                    if inside is not None and os.path.isdir(os.path.join(root, rel or ".")):
                        return inside
    return None


def _head_lines(args) -> int | None:
    """The line count of ``head`` when it reads at most the header (``-n N``,
    ``-nN``, ``-N``, ``--lines=N`` with N ≤ 20, or the default 10); ``None``
    for other options (``-c``, more lines)."""
    count = 10
    k = 0
    while k < len(args):
        a = args[k]
        if a in ("-n", "--lines") and k + 1 < len(args):
            count, k = args[k + 1], k + 2
            continue
        if a.startswith("--lines="):
            count = a.split("=", 1)[1]
        elif a.startswith("-n") and len(a) > 2:
            count = a[2:]
        elif a.startswith("-") and a[1:].isdigit():
            count = a[1:]
        elif a.startswith("-") and a not in ("-q", "--quiet", "-s", "--silent", "--"):
            return None
        k += 1
    try:
        count = int(str(count))
    except ValueError:
        return None
    return count if 0 <= count <= HEADER_LINES else None


def _pathspecs(cmd) -> bool:
    """The git command names paths (``-- paths`` or path-like arguments)."""
    args = cmd.git_args or []
    if "--" in args:
        return len(args) > args.index("--") + 1
    return any("/" in a and not a.startswith("-") for a in args)


def _tracked(root: str, bodies: dict) -> str | None:
    """A body file git's index tracks (its content views would show it)."""
    from statefiles import gitindex, gitinfo  # lazy: a pathless git content view only
    from statefiles.atomic import read_bytes

    gdir = gitinfo.git_dir(root)
    if gdir is None:
        return None
    try:
        index = read_bytes(f"{gdir}/index", gitindex.MAX_INDEX_BYTES)
    except (OSError, ValueError):
        return None
    for rel in sorted(bodies):
        try:
            if gitindex.index_entry_sha(index, rel.encode()) is not None:
                return rel
        except (ValueError, IndexError):
            return rel
    return None

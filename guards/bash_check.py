"""bash-check (SPEC §3 Bash chain 1; seed 002 §5).

Reads the command through the shell analysis (``ctx.shell``, SPEC §4) and
blocks, in this order:

1. **destructive** commands (``Analysis.destructive``: rm -r/-f outside the
   project and temp directories, history-destroying git, force pushes, disk
   writes, chmod -R on system paths, fork bombs, fetched content run by a
   shell, HTTP DELETE, ...), each by the level of the command family that
   found it (:mod:`shell.severity`, set per family in
   ``permission-config.yaml`` ``families:``): ``block`` refuses
   here; ``ask`` lets the user decide (an ASK verdict, rendered as
   PreToolUse ``permissionDecision: "ask"``) once the checks below pass;
   ``warn`` tells Claude and leaves the call to Claude Code's permission
   rules;
2. commands the analysis cannot resolve (``Analysis.unknown``): unknown is
   never safe;
3. **writes to guarded files** by any Bash write form — HARD_BLOCK entries of
   the protection list (the suite's own floor included), state.md and the
   playbook files ``play/<id>/plan.json|progress.json`` (so the Edit/Write
   guards cannot be routed around) — and BLOCK/WARN entries by security mode
   (strict: block; trusted: warn; developer/admin: allow), like
   protected-edit. Deleting, moving or overwriting a directory that contains
   guarded files counts as writing them; a write whose target is computed at
   run time is blocked because it could be any of them;
4. with **no active playbook**, every command that is not read-only, except
   the post-loop handler (deadlock escape), branch creation/switching and
   ``git fetch|pull`` (a playbook starts on its own branch), ``git add`` and
   ``git commit`` on the branch of the playbook archived last (committing the
   finished work and its archive, in every mode: :mod:`workflow.closing`),
   and in security mode ``admin`` the maintenance allow-list
   (archiving playbooks, ``git add`` of state.md/playbooks, commits) — SPEC
   §3, §7.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, ask, block, warn
from shell import analyse, is_read_only, paths
from shell.limits import TooComplex, check_deadline
from shell.model import Write
from statefiles import layout
from statefiles.atomic import read_bytes
from statefiles.layout import clean_components
from workflow import registry
from workflow.shared import bash_analysis, is_post_loop_handler

NAME = "bash-check"
ADVISORY = False

#: Most directory entries inspected when a command removes or replaces a
#: directory tree (to find guarded files inside it).
WALK_LIMIT = 4000

#: Destructive families with their own advice (``bash_check.advice.<family>``
#: in the message catalogue).
_ADVICE = frozenset({
    "rm-recursive",
    "git-history",
    "force-push",
    "disk",
    "chmod-system",
    "system-write",
    "fork-bomb",
    "fetched-exec",
    "http-delete",
    "gh-delete",
    "process-kill",
    "system-power",
    "depth-limit",
    "infra-destroy",
    "data-destroy",
    "package-remove",
    "service-stop",
    "fanout-exec",
})


def check(ctx: Context) -> Verdict:
    """Bash only: BLOCK destructive findings of a family at level ``block``,
    unresolvable commands, writes to guarded files (state.md, playbook files,
    the protection list by level and security mode) and scripts that would do
    either, and, with no active playbook, any command that is not read-only or
    an escape; ASK (the user decides) for destructive findings of a family at
    level ``ask`` once nothing else blocks; WARN for findings of a family at
    level ``warn``, BLOCK entries in trusted mode and WARN entries; else
    ALLOWED (SPEC §3 Bash chain 1, §4, §7; the levels in :mod:`shell.severity`)."""
    try:
        return _check(ctx)
    except TooComplex:
        # The deadline passed in bash-check's own walks.
        return block(ctx.say("bash_check.too_complex"))


def _check(ctx: Context) -> Verdict:
    analysis = bash_analysis(ctx)
    if analysis is None:
        return ALLOWED
    if analysis.too_complex:
        return block(ctx.say("bash_check.too_complex"))
    handler = is_post_loop_handler(ctx)

    # 1. destructive, by the level of the family that found it
    asking: list = []
    lowered: list = []
    if analysis.destructive:
        blocking, asking, lowered = _by_level(ctx, analysis.destructive)
        if blocking:
            return block(_destructive_message(ctx, blocking))

    # 2. unknown
    if analysis.unknown:
        reasons = "; ".join(ctx.render(r) for r in analysis.reasons[:3])
        return block(ctx.say("bash_check.unknown", reasons=reasons))

    admin_archive = ctx.security == "admin" and not ctx.active_playbook_path

    # 3. writes to guarded files
    blocks, warns = _guarded_writes(ctx, analysis, handler, admin_archive)
    if blocks:
        return block(blocks[0])

    # 3b. scripts on disk that the command runs (a script written in an
    # earlier call and run now: bypass family G, "splitting one attack")
    if not handler:
        problem = _script_problem(ctx, analysis)
        if problem:
            return block(problem)

    # 4. no active playbook: only read-only commands (and the escapes). The
    # golden path's rule: another active workflow has its own plan gate
    # (workflow.registry, Workflow.guards), which does not obey playbooks.
    pb = ctx.playbook
    no_playbook = pb is None or bool(pb.plan_error)
    if no_playbook and not analysis.read_only and not handler \
            and registry.active(ctx) is registry.DEFAULT:
        # lazy: the closing rules only for a write with no active playbook
        from workflow import closing as _closing

        closing = _closing.closing(ctx)

        def ok(c) -> bool:
            return (_allowed_without_playbook(ctx, c, admin_archive)
                    or (closing and _closing.allowed(analysis, c)))

        if not analysis.all_commands(ok):
            offending = next((c for c in analysis.commands if not ok(c)), None)
            shown = (" ".join(offending.argv)[:80] if offending is not None
                     else analysis.command[:80])
            error = ctx.playbook_error or (pb.plan_error if pb is not None else None)
            why = (ctx.say("bash_check.why_playbook_error", error=error)
                   if error else ctx.say("bash_check.why_no_playbook"))
            extra = ctx.say("bash_check.admin_extra") if ctx.security == "admin" else ""
            return block(ctx.say("bash_check.no_playbook", why=why, found=repr(shown),
                                 extra=extra))
    for finding, source in lowered:
        warns.insert(0, ctx.say("bash_check.family_warn", family=finding.command_family,
                                message=ctx.render(finding.message),
                                source=ctx.render(source)))
    if asking:
        first, source = asking[0]
        more = ""
        if len(asking) > 1:
            more = ctx.say("bash_check.also", findings="; ".join(
                ctx.render(f.message) for f, _s in asking[1:3]))
        context = ctx.say("bash_check.ask_context", family=first.command_family,
                          message=ctx.render(first.message))
        if warns:
            context += " " + " ".join(warns[:3])
        return ask(ctx.say("bash_check.ask", family=first.command_family,
                           message=ctx.render(first.message), more=more,
                           source=ctx.render(source)),
                   context)
    if warns:
        return warn(" ".join(warns[:3]))
    return ALLOWED


def _by_level(ctx, findings) -> tuple:
    """``(blocking, asking, lowered)``: the findings whose command family's
    level is ``block``, and ``(finding, source)`` pairs for ``ask`` and
    ``warn`` (:func:`permission.levels.level_of`)."""
    # lazy: the configured levels only for commands with a destructive finding
    from permission.levels import family_levels, level_of

    overrides, broken = family_levels(ctx.root)
    blocking, asking, lowered = [], [], []
    for f in findings:
        level, source = level_of(f.command_family or "shell", overrides, broken)
        if level == "block":
            blocking.append(f)
        elif level == "ask":
            asking.append((f, source))
        else:
            lowered.append((f, source))
    return blocking, asking, lowered
def finding_text(ctx, finding) -> str:
    """What a destructive finding is, for Claude: the sentence the shell
    analysis recorded (``shell.find.*``, :class:`shell.model.Msg`) in the
    context's language."""
    return ctx.render(finding.message)


def _destructive_message(ctx, findings) -> str:
    first = findings[0]
    more = ""
    if len(findings) > 1:
        more = ctx.say("bash_check.also",
                       findings="; ".join(finding_text(ctx, f) for f in findings[1:3]))
    if first.family in _ADVICE:
        advice = ctx.say(f"bash_check.advice.{first.family}")
    else:
        advice = ctx.say("bash_check.advice_default")
    return ctx.say("bash_check.destructive", family=first.family,
                   message=finding_text(ctx, first), more=more, advice=advice)


# ------------------------------------------------------------------ guarded

def _guarded_files(ctx) -> list:
    """Repo-relative files that Bash must never write: state.md and every
    playbook's plan.json/progress.json (SPEC §3: the Edit/Write guards must not
    be routed around)."""
    files = [layout.STATE_MD]
    play = ctx.path(layout.PLAY_DIR)
    try:
        ids = os.listdir(play)
    except OSError:
        ids = []
    for pid in ids:
        for name in ("plan.json", "progress.json"):
            files.append(f"{layout.PLAY_DIR}/{pid}/{name}")
        if pid == "archive":
            try:
                for sub in os.listdir(os.path.join(play, pid)):
                    for name in ("plan.json", "progress.json"):
                        files.append(f"{layout.PLAY_DIR}/archive/{sub}/{name}")
            except OSError:
                pass
    pb = ctx.playbook
    if pb is not None:
        files += [pb.plan_rel, pb.progress_rel]
    return files


def _is_playbook_path(rel: str) -> bool:
    parts = rel.split("/")
    return len(parts) >= 3 and parts[0] == layout.PLAY_DIR and parts[-1] in ("plan.json",
                                                                            "progress.json")


def _variants(rel: str) -> set:
    out = {rel, clean_components(rel)}
    if not rel.isascii():
        import unicodedata  # lazy: non-ASCII paths only

        for v in list(out):
            out.add(unicodedata.normalize("NFC", v))
            out.add(unicodedata.normalize("NFKC", v))
    return out | {v.casefold() for v in out}


class _Hit:
    __slots__ = ("level", "what", "source")

    def __init__(self, level, what, source):
        self.level = level
        self.what = what
        self.source = source


def _protected_entry(ctx, rel_variants, abs_forms):
    """The strongest protection entry matching a path (repo-relative
    spellings and absolute forms), like ``ProtectedList.match``."""
    best = None
    home = os.path.expanduser("~")
    for entry in ctx.protected.entries:
        if entry.absolute:
            hit = entry.matches_abs(abs_forms, home)
        else:
            hit = any(entry.matches_rel(v) for v in rel_variants)
        if hit and (best is None or _rank(entry.level) > _rank(best.level)):
            best = entry
    return best


def _guarded_inodes(ctx, guarded: list) -> set:
    """(device, inode) of the guarded files that exist: a hard link elsewhere
    is the same file."""
    out = set()
    for g in guarded:
        try:
            st = os.stat(ctx.path(g))
        except OSError:
            continue
        out.add((st.st_dev, st.st_ino))
    return out


def _match_path(ctx, abs_path: str, rel: str | None, guarded_set: set, inodes=None,
                memo=None):
    """Strongest protection for one path: ``_Hit`` or ``None``. Both the path
    as given and with symlinks resolved are checked, and (with ``inodes``)
    whether it is a hard link to a guarded file. ``memo`` (a dict, one per
    check) answers a path seen before at once: a command that names the same
    tree many times costs one walk."""
    if memo is not None:
        key = (abs_path, rel, inodes is not None)
        if key in memo:
            return memo[key]
        check_deadline()
        memo[key] = hit = _match_path(ctx, abs_path, rel, guarded_set, inodes)
        return hit
    if inodes:
        try:
            st = os.stat(abs_path)
            if (st.st_dev, st.st_ino) in inodes and st.st_nlink > 1:
                return _Hit("GUARDED", rel or abs_path, "a hard link to a guarded file")
        except OSError:
            pass
    real = os.path.realpath(abs_path)
    real_rel = _rel(real, ctx.root)
    rels = [r for r in (rel, real_rel) if r is not None and r != "."]
    variants = set()
    for r in rels:
        variants |= _variants(r)
    if variants & guarded_set or any(_is_playbook_path(v) for v in variants):
        return _Hit("GUARDED", rels[0], "guarded file")
    entry = _protected_entry(ctx, variants, {abs_path, real})
    if entry is None:
        return None
    return _Hit(entry.level, rels[0] if rels else abs_path, _source(ctx, entry))


def _rank(level: str) -> int:
    return {"WARN": 1, "BLOCK": 2, "HARD_BLOCK": 3, "GUARDED": 4}.get(level, 0)


def _source(ctx, entry) -> str:
    """Where a protection entry comes from, in the context's language (the
    catalogue's protected-edit labels, so both guards name it alike)."""
    if entry.line == 0:
        return ctx.say("protected_edit.source_floor")
    return f"{ctx.say('protected_edit.source_line', line=entry.line)}: {entry.pattern}"


def _contained(ctx, w, guarded: list, guarded_set: set, memo=None):
    """Guarded or protected paths inside the directory ``w`` affects
    recursively: the strongest ``_Hit`` or ``None``. With ``w.pattern``
    (``find DIR -name PAT``) only entries matching it — and everything below
    a matching directory — are affected. ``memo`` (a dict, one per check):
    the same directory affected the same way is walked once."""
    if memo is None:
        memo = {}
    key = ("contained", w.abs, w.kind, w.pattern, w.max_depth)
    if key not in memo:
        memo[key] = _contained_walk(ctx, w, guarded, guarded_set, memo)
    return memo[key]


def _contained_walk(ctx, w, guarded: list, guarded_set: set, memo: dict):
    import fnmatch  # lazy: fnmatch imports re (~4 ms); find -name only

    abs_dir = w.abs
    if abs_dir is None:
        return None
    roots = [abs_dir]
    if w.pattern is not None and os.path.isdir(abs_dir):
        found = []
        count = 0
        truncated = False
        base_depth = abs_dir.rstrip("/").count("/")
        for dirpath, dirnames, filenames in os.walk(abs_dir):
            if w.max_depth is not None and dirpath.rstrip("/").count("/") - base_depth >= \
                    w.max_depth:
                dirnames[:] = []
            check_deadline()
            for name in dirnames + filenames:
                count += 1
                if count > WALK_LIMIT:
                    truncated = True
                    break
                if fnmatch.fnmatchcase(name, w.pattern):
                    found.append(os.path.join(dirpath, name))
            if truncated:
                break
        if not truncated:
            roots = found
    best = None
    for r in roots:
        if w.kind == "delete" and _bytecode(r):
            continue
        hit = _contained_one(ctx, r, w.kind, guarded, guarded_set, memo)
        if hit is not None and (best is None or _rank(hit.level) > _rank(best.level)):
            best = hit
    return best


def _contained_one(ctx, abs_dir: str, kind: str, guarded: list, guarded_set: set, memo: dict):
    root = ctx.root
    rel_dir = _rel(abs_dir, root)
    best = None

    def consider(hit):
        nonlocal best
        if hit is not None and (best is None or _rank(hit.level) > _rank(best.level)):
            best = hit

    consider(_match_path(ctx, abs_dir, rel_dir, guarded_set, memo=memo))
    if not os.path.isdir(abs_dir) and kind == "delete":
        return best
    # Literal guarded files under the directory.
    for g in guarded:
        g_abs = ctx.path(g)
        if g_abs.startswith(abs_dir.rstrip("/") + "/") and (os.path.lexists(g_abs) or
                                                            g == layout.STATE_MD):
            consider(_Hit("GUARDED", g, "guarded file"))
    # Protection entries whose literal part lies inside the directory.
    home = os.path.expanduser("~")
    for entry in ctx.protected.entries:
        pat = entry.pattern
        if entry.absolute:
            full = home + pat[1:] if pat.startswith("~/") else pat
        else:
            body = pat[2:] if pat.startswith("./") else pat
            if body.startswith("**"):
                continue   # anywhere: found by the walk below
            full = os.path.join(root, body)
        cut = min([i for i in (full.find("*"), full.find("?"), full.find("[")) if i >= 0] or
                  [len(full)])
        literal = full[:cut].rstrip("/")
        if not literal:
            continue
        if literal.startswith(abs_dir.rstrip("/") + "/") or abs_dir == "/":
            if kind == "delete" and not os.path.lexists(literal) and "*" not in pat:
                continue
            consider(_Hit(entry.level, os.path.relpath(literal, root) if
                          literal.startswith(root) else literal, _source(ctx, entry)))
    # Existing files under the directory (exact; bounded).
    if os.path.isdir(abs_dir) and abs_dir != "/":
        count = 0
        for dirpath, dirnames, filenames in os.walk(abs_dir):
            check_deadline()
            for name in filenames + dirnames:
                count += 1
                if count > WALK_LIMIT:
                    break
                p = os.path.join(dirpath, name)
                if kind == "delete" and _bytecode(p):
                    continue
                consider(_match_path(ctx, p, _rel(p, root), guarded_set, memo=memo))
            if count > WALK_LIMIT:
                break
    return best


def _bytecode(path) -> bool:
    """A Python bytecode cache (``__pycache__`` or ``*.pyc``): deleting it
    changes nothing but speed, so cleanup commands stay usable in a repository
    where the suite's own bytecode lives under protected directories."""
    if not path:
        return False
    return "/__pycache__" in path or path.endswith((".pyc", ".pyo"))


def _rel(p: str, root: str):
    if p == root:
        return "."
    if p.startswith(root.rstrip("/") + "/"):
        return p[len(root.rstrip("/")) + 1:]
    return None


def _guarded_writes(ctx, analysis, handler: bool, admin_archive: bool) -> tuple:
    blocks: list = []
    warns: list = []
    guarded = _guarded_files(ctx)
    guarded_set = set()
    for g in guarded:
        guarded_set |= _variants(g)
    inodes = _guarded_inodes(ctx, guarded)
    mode = ctx.security
    items = list(analysis.writes) + list(analysis.touched)
    memo: dict = {}
    for w in items:
        if handler and w.possible:
            continue   # the post-loop handler's own arguments
        if admin_archive and _archive_move(w):
            continue
        if w.kind == "delete" and _bytecode(w.abs):
            continue   # __pycache__/*.pyc: regenerated from the sources
        if w.abs is None:
            if w.possible:
                continue
            blocks.append(ctx.say("bash_check.computed_path", how=w.how,
                                  path=repr(w.given.replace(chr(0), '$?'))))
            continue
        hit = _match_path(ctx, w.abs, w.rel, guarded_set, inodes, memo=memo)
        if w.recursive or (os.path.isdir(w.abs) and w.kind == "delete"):
            inner = _contained(ctx, w, guarded, guarded_set, memo)
            if inner is not None and (hit is None or _rank(inner.level) > _rank(hit.level)):
                hit = inner
        if hit is None:
            unreadable = ctx.protected.unreadable
            if unreadable and not w.possible:
                # What the list protects is unknown: no write until it is repaired.
                blocks.append(ctx.say("bash_check.list_unreadable", how=w.how,
                                      verb=ctx.say(f"bash_check.verb_{_verb(w)}"),
                                      target=w.rel or w.abs, problem=unreadable))
            continue  # not guarded: nothing to say (the catalogue stays unloaded)
        verb = ctx.say(f"bash_check.verb_{_verb(w)}")
        target = w.rel if w.rel not in (None, ".") else w.abs
        inside = "" if hit.what == target else ctx.say("bash_check.inside", what=hit.what)
        receives = ctx.say("bash_check.receives_only") if w.possible else ""
        if hit.level == "GUARDED":
            blocks.append(ctx.say("bash_check.guarded", how=w.how, verb=verb, target=target,
                                  inside=inside, receives=receives))
        elif hit.level == "HARD_BLOCK":
            blocks.append(ctx.say("bash_check.hard_block", how=w.how, verb=verb, target=target,
                                  inside=inside, source=hit.source, receives=receives))
        elif hit.level == "BLOCK":
            if mode == "strict":
                blocks.append(ctx.say("bash_check.block_strict", how=w.how, verb=verb,
                                      target=target, inside=inside, source=hit.source))
            elif mode == "trusted":
                warns.append(ctx.say("bash_check.block_trusted", target=target,
                                     source=hit.source))
        elif hit.level == "WARN":
            warns.append(ctx.say("bash_check.warn", target=target))
    return blocks, warns


def _verb(w) -> str:
    """The kind of access, a key suffix of ``bash_check.verb_*``."""
    if w.possible:
        return "receives"
    if w.kind == "delete":
        return "deletes"
    if w.kind == "meta":
        return "changes"
    return "writes"


def _archive_move(w) -> bool:
    """Admin maintenance: moving a playbook directory into play/archive/."""
    cmd = w.command
    if cmd is None or w.rel is None:
        return False
    name = cmd.name
    sub = cmd.git_subcommand if name == "git" else None
    if name != "mv" and sub != "mv" and name != "mkdir":
        return False
    parts = w.rel.split("/")
    if parts[0] != layout.PLAY_DIR:
        return False
    if w.kind == "delete":
        return len(parts) == 2 and parts[1] not in ("archive", "template")
    return len(parts) >= 2 and parts[1] == "archive"


# ------------------------------------------------------------------ scripts

#: Largest script file inspected (bytes).
SCRIPT_LIMIT = 256 * 1024
_EXT_LANG = {".sh": "sh", ".bash": "sh", ".zsh": "sh", ".ksh": "sh", ".py": "python",
             ".js": "js", ".mjs": "js", ".cjs": "js", ".ts": "js", ".pl": "perl",
             ".rb": "ruby", ".php": "php", ".lua": "lua", ".R": "r", ".r": "r"}


#: Script language → the inline-code form the analysis reads it through.
_INLINE = {"python": "python3 -c", "js": "node -e", "perl": "perl -e", "ruby": "ruby -e",
           "php": "php -r"}


def _script_language(cmd, path: str, head: str) -> str | None:
    # lazy: only a command that runs a script file needs the family tables
    from shell.families import interpreters, shells

    name = cmd.key
    if name in shells.SHELLS or name in (".", "source"):
        return "sh"
    if name.startswith(("python", "pypy")):
        return "python"
    lang = interpreters.INTERPRETERS.get(name)
    if lang is not None:
        return lang[3]
    if head.startswith("#!"):
        first = head.split("\n", 1)[0]
        for key, value in (("python", "python"), ("node", "js"), ("perl", "perl"),
                           ("ruby", "ruby"), ("php", "php"), ("bash", "sh"), ("sh", "sh"),
                           ("zsh", "sh")):
            if key in first:
                return value
    ext = os.path.splitext(path)[1]
    return _EXT_LANG.get(ext)


def _script_problem(ctx, analysis) -> str | None:
    """A script run by the command that certainly destroys something or
    writes a guarded file: the message, else ``None``. Scripts that belong to
    the suite (HARD_BLOCK-protected, so Claude cannot have changed them) are
    trusted."""
    for cmd, path in analysis.scripts:
        if not os.path.isfile(path):
            continue
        rel = _rel(path, ctx.root)
        hit = _protected_entry(ctx, _variants(rel) if rel else set(), {path})
        if hit is not None and hit.level == "HARD_BLOCK":
            continue
        try:
            if os.path.getsize(path) > SCRIPT_LIMIT:
                continue

            text = read_bytes(path, SCRIPT_LIMIT).decode("utf-8", "replace")
        except OSError:
            continue
        lang = _script_language(cmd, path, text[:200])
        shown = rel or path
        if lang == "sh":
            cwd = next(iter(cmd.cwd)) if cmd.cwd else ctx.root
            inner = analyse(text, root=ctx.root, cwd=cwd,
                            home=ctx.env.get("HOME") or os.path.expanduser("~"))
            certain = [f for f in inner.destructive if f.certain]
            if certain:
                return ctx.say("bash_check.script_destructive", script=shown,
                               family=certain[0].family, message=finding_text(ctx, certain[0]))
            writes = [w for w in inner.writes if w.abs is not None]
        elif lang is not None:
            from shell import codescan  # lazy: scripts in other languages only

            # Judged like a shell script: the program's code
            # goes through the inline-code analysis (``python -c``...), so the
            # commands it runs and the trees it deletes are findings.
            inline = _INLINE.get(lang)
            if inline is not None and len(text) < 60 * 1024:
                from shell.quoting import quote  # lazy: scripts in other languages only

                cwd = next(iter(cmd.cwd)) if cmd.cwd else ctx.root
                inner = analyse(f"{inline} {quote(text)}", root=ctx.root, cwd=cwd,
                                home=ctx.env.get("HOME") or os.path.expanduser("~"))
                certain = [f for f in inner.destructive if f.certain]
                if certain:
                    return ctx.say("bash_check.script_destructive", script=shown,
                                   family=certain[0].family,
                                   message=finding_text(ctx, certain[0]))
            rep = codescan.scan(lang, text)
            if rep.destructive:
                return ctx.say("bash_check.script_code_destructive", script=shown,
                               what=ctx.render(rep.destructive[0][1]))

            writes = []
            for kind, wpath, recursive in rep.writes:
                if wpath is None:
                    continue
                base = next(iter(cmd.cwd)) if cmd.cwd else ctx.root
                full = os.path.normpath(os.path.join(base, wpath))
                writes.append(Write(f"{shown}", wpath, full, _rel(full, ctx.root),
                                    "delete" if kind == "delete" else "write", recursive,
                                    command=cmd))
        else:
            continue
        guarded = _guarded_files(ctx)
        guarded_set = set()
        for g in guarded:
            guarded_set |= _variants(g)
        for w in writes:
            found = _match_path(ctx, w.abs, w.rel, guarded_set)
            if found is not None and found.level in ("GUARDED", "HARD_BLOCK"):
                return ctx.say("bash_check.script_writes", script=shown, what=found.what,
                               level=(ctx.say("bash_check.level_guarded")
                                      if found.level == "GUARDED" else "HARD_BLOCK"))
    return None


# ------------------------------------------------------------ no playbook

def _allowed_without_playbook(ctx, cmd, admin_archive: bool) -> bool:
    if is_read_only(cmd):
        return True
    if not cmd.name:
        return not any(r.writes for r in cmd.redirects)
    if cmd.name == "git" and cmd.trusted:
        sub, args = cmd.git_subcommand, cmd.git_args
        if sub in ("fetch", "pull"):
            return True
        if sub in ("checkout", "switch") and not any(
                a in ("-f", "--force", "--discard-changes", "-B", "-C", "--") for a in args):
            return _branch_only(sub, args)
        if admin_archive:
            if sub == "add":
                paths = [a for a in args if not a.startswith("-")]
                return bool(paths) and all(_maintenance_path(ctx, cmd, p) for p in paths)
            if sub == "commit":
                return not any(a.startswith(("-a", "--all")) for a in args)
            if sub == "mv":
                return True   # checked as an archive move by the write rules
    if admin_archive and cmd.name in ("mv", "mkdir") and cmd.trusted:
        return all(_maintenance_path(ctx, cmd, a) for a in cmd.args if not a.startswith("-"))
    return False


def _branch_only(sub: str, args: list) -> bool:
    ops = [a for a in args if not a.startswith("-")]
    flags = [a for a in args if a.startswith("-")]
    if sub == "checkout":
        if any(f in ("-b", "--orphan") for f in flags):
            return True
        return len(ops) == 1 and not flags
    if any(f in ("-c", "--create", "--orphan") for f in flags):
        return True
    return len(ops) == 1 and all(f in ("--detach", "-d", "--no-guess", "--guess") for f in flags)


def _maintenance_path(ctx, cmd, value: str) -> bool:
    targets = paths.resolve(value, cmd.cwd)
    if not targets:
        return False
    for t in targets:
        rel = paths.rel_to(t, ctx.root)
        if rel is None:
            return False
        if rel != layout.STATE_MD and not (rel == layout.PLAY_DIR or rel.startswith(
                layout.PLAY_DIR + "/")):
            return False
    return True

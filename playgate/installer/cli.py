"""The installer's command line, shared by ``python install.py`` (a
checkout) and ``playgate install|uninstall|demo`` (the wheel's console
script): the same flags, output and exit codes.

Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused (nothing
written), 130 interrupted.
"""

from __future__ import annotations

import argparse
import shlex
import sys

import playgate.installer.manifest as manifest
import playgate.installer.pin as pin
from playgate.detect_commands import LAYER, ask_terminal, offer
import playgate.installer.routes as routes
from playgate.installer.commit import commit_command
from playgate.installer.common import MANIFEST, SETTINGS, InstallError, Refusal, join, read, \
    sha256, write
from playgate.installer.demo import run_demo
from playgate.installer.plan import install
from playgate.installer.sandbox import MODES
from playgate.installer.speak import language, say, shown
from playgate.installer.statusline import offer_statusline
from playgate.installer.uninstall import uninstall
from playgate.installer.workflow_env import choose, offer_env, workflow_names

EPILOG = "Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused (nothing written)."


def _add_repo(parser, required: bool = False) -> None:
    parser.add_argument("repo", nargs=None if required else "?",
                        help="the git repository (its top-level directory)")


def _add_python(parser) -> None:
    parser.add_argument("--python", metavar="PATH",
                        help="use this interpreter (Python >= 3.10 with the runtime "
                             "dependencies) instead of creating .claude/.venv")


def _add_dry_run(parser) -> None:
    parser.add_argument("--dry-run", action="store_true", help="print the plan, write nothing")


def _add_yes(parser) -> None:
    parser.add_argument("--yes", action="store_true",
                        help="declare the project's detected test/lint/build commands as "
                             "project_commands and register `playgate statusline` as the "
                             "status line (never over one you have) without asking")


def _add_sandbox(parser) -> None:
    parser.add_argument("--sandbox", choices=MODES, default=None,
                        help="Claude Code's Bash sandbox, the outer wall around the gate's "
                             "files: 'required' (default; Claude Code refuses to start on this "
                             "machine without it once it worked here), 'optional' (it warns "
                             "instead; playgate still blocks Bash where it is missing) or "
                             "'off' (not configured). Default: the previous install's choice")


def _add_pin(parser) -> None:
    parser.add_argument("--source", action="append", metavar="SPEC", default=[],
                        help="where clones of the repository get this suite (recorded in "
                             f"{pin.PATH}, tried first): a git URL of playgate "
                             "(git+https://host/org/playgate@<commit>), a wheel's URL or "
                             "path, or a playgate checkout; repeatable")
    parser.add_argument("--repair", action="store_true",
                        help=f"install exactly the suite {pin.PATH} pins (what a clone's "
                             f"`{routes.CLONE_COMMAND}` runs): a source with another suite "
                             "is refused and the pin is not changed")


def _add_workflow(parser) -> None:
    parser.add_argument("--workflow", metavar="NAME",
                        help="set state.md config.workflow (golden-path, crew, breezing, "
                             "sync-sdd) and offer the Claude Code environment it needs "
                             "(breezing: Agent Teams)")


def _install(repo: str, python, dry_run: bool, assume_yes: bool, again: str, undo: str,
             sources=(), repair: bool = False, workflow: str | None = None,
             sandbox_mode: str | None = None) -> int:
    """Install, then propose the project's own commands: written to
    ``.claude/permission-config.yaml`` only when the user agrees (``--yes``,
    or a yes at the terminal prompt), the status line on the same terms, and
    — for ``--workflow NAME``, or a state.md that names a workflow needing
    one — the workflow's environment (:mod:`playgate.installer.workflow_env`);
    then the end of the install (:func:`_finish`). ``again``: the command
    that ran this install (shown with ``--yes``); ``undo``: the uninstall
    command, without the repository. Speaks the project's language, else
    the locale's (:mod:`playgate.installer.speak`). ``sandbox_mode``: the
    ``--sandbox`` choice (:mod:`playgate.installer.sandbox`), ``None`` for the
    previous install's."""
    lang = language(repo)
    if workflow and workflow not in workflow_names():
        raise Refusal(f"unknown workflow {workflow!r}: {' | '.join(workflow_names())}")
    parsed = [pin.parse_source(spec) for spec in sources]
    if python:
        again = f"{again} --python {shlex.quote(python)}"
    result = {}
    code = install(repo, python=python, dry_run=dry_run, sources=parsed, repair=repair,
                   result=result, uninstall_command=undo, lang=lang,
                   sandbox_mode=sandbox_mode)
    if code != 0:
        return code
    target = result["root"]
    lang = language(target)  # the state.md the install may just have made
    interactive = sys.stdin.isatty()
    ask = ask_terminal if interactive else None
    layer = join(target, LAYER)
    before = read(layer)
    left = []
    declared = offer(target, assume_yes=assume_yes, dry_run=dry_run, ask=ask, left=left,
                     lang=lang)
    if declared:
        _record_declared(target, before)
    registered = offer_statusline(target, assume_yes=assume_yes, dry_run=dry_run, ask=ask,
                                  lang=lang)
    chosen = choose(target, workflow, dry_run=dry_run, lang=lang)
    offer_env(target, chosen, assume_yes=assume_yes, dry_run=dry_run, ask=ask, lang=lang)
    if dry_run:
        return 0
    _finish(result, bool(declared) or registered == "registered", left, again, undo,
            repair=repair, lang=lang)
    return 0


def _record_declared(root: str, before: bytes | None) -> None:
    """Record the permission layer the offer wrote in the manifest, so that
    --uninstall removes it when the install created it and nobody changed
    it since, and names it otherwise."""
    m = manifest.load(root)
    data = read(join(root, LAYER))
    if m is None or data is None:
        return
    rec = m["files"].get(LAYER) or {"origin": "created" if before is None else "amended"}
    m["files"][LAYER] = dict(rec, sha256=sha256(data), written_by="project_commands")
    write(join(root, MANIFEST), manifest.dumps(m), durable=True)


def _source_text(lang: str, source: dict) -> str:
    if "path" in source:
        return say(lang, "installer.source_checkout", path=source["path"])
    return say(lang, "installer.source_pip", spec=source.get("pip"))


def _finish(result: dict, offered: bool, left: list, again: str, undo: str, out=print,
            repair: bool = False, lang: str = "en") -> None:
    """The end of an install, in this order: what happened; how to undo it;
    a loud warning when detected project commands were not declared
    (without a terminal and without ``--yes`` nobody was asked); where
    clones get the suite when only this machine can reach it; and, last,
    the exact command that commits what the repository needs."""
    root = result["root"]
    if result["changed"] or offered:
        out(say(lang, "installer.done", root=root, settings=SETTINGS))
    else:
        out(say(lang, "installer.up_to_date", root=root))
    out(say(lang, "installer.undo", command=f"{undo} {shlex.quote(root)}"))
    if left:
        out("")
        out(say(lang, "installer.undeclared", commands=", ".join(left)))
        out(f"  {again} --yes {shlex.quote(root)}")
    sources = result.get("pin_sources") or []
    if sources and not pin.shared(sources) and not repair:
        out("")
        out(say(lang, "installer.local_source", source=_source_text(lang, sources[0])))
        out(f"  {again} --source git+https://HOST/ORG/playgate@COMMIT {shlex.quote(root)}")
    message = say(lang, "installer.commit_message", version=result.get("version", ""))
    command, added = commit_command(root, manifest.load(root), message)
    out("")
    if command is None:
        out(say(lang, "installer.nothing_to_commit"))
        return
    out(say(lang, "installer.commit", count=len(added), clone=routes.CLONE_COMMAND))
    out(f"  {command}")


def _reason(lang: str, exc: BaseException) -> str:
    """An installer error's one line in ``lang`` (a :class:`messages.Text`
    reason is translated; other reasons are as raised)."""
    return shown(lang, exc.args[0]) if exc.args else str(exc)


def _guarded(func, *args, **kwargs) -> int:
    """Run one installer action and turn its errors into exit codes (the
    frame in the language of the repository named first, else the locale)."""
    lang = language(args[0] if args and isinstance(args[0], str) else None)
    try:
        return func(*args, **kwargs)
    except Refusal as exc:
        sys.stderr.write(say(lang, "installer.refused", reason=_reason(lang, exc)) + "\n")
        return 2
    except InstallError as exc:
        sys.stderr.write(say(lang, "installer.failed_step", error=_reason(lang, exc)) + "\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write(say(lang, "installer.interrupted") + "\n")
        return 130


def main(argv=None, launcher: str = "install.py") -> int:
    """``python install.py [--python PATH] [--dry-run] [--uninstall] REPO``
    and ``--demo [DIR]``. ``launcher``: the path of install.py (for the
    commands the install prints). Returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="install.py", description="Install the playgate hook suite into a git repository.",
        epilog=EPILOG)
    _add_repo(parser)
    _add_python(parser)
    _add_dry_run(parser)
    _add_yes(parser)
    _add_sandbox(parser)
    _add_pin(parser)
    _add_workflow(parser)
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what the install added and restore settings/.gitignore")
    parser.add_argument("--demo", nargs="?", const="", metavar="DIR",
                        help="create a throw-away repository (DIR, default a new temp dir), "
                             "install into it and replay a scripted session")
    args = parser.parse_args(argv)
    again = routes.launcher_command(launcher)
    if args.demo is not None:
        if args.repo or args.uninstall or args.dry_run:
            parser.error("--demo takes only an optional DIR and --python")
        return _guarded(run_demo, args.demo or None, args.python)
    if not args.repo:
        parser.error(f"name the repository: {again} /path/to/repo")
    if args.uninstall:
        if args.python or args.source or args.repair or args.workflow:
            parser.error("--uninstall takes only --dry-run")
        return _guarded(uninstall, args.repo, dry_run=args.dry_run)
    return _guarded(_install, args.repo, args.python, args.dry_run, args.yes, again,
                    f"{again} --uninstall", args.source, args.repair, args.workflow,
                    sandbox_mode=args.sandbox)


def command_main(command: str, argv=None) -> int:
    """``playgate install|uninstall|demo ...``: the same actions as
    :func:`main` as subcommands of the ``playgate`` console script (a wheel
    installed with pip or pipx: ``playgate install <repo>``)."""
    parser = argparse.ArgumentParser(prog=f"playgate {command}", epilog=EPILOG)
    if command == "install":
        parser.description = "Install the playgate hook suite into a git repository's .claude/."
        _add_repo(parser, required=True)
        _add_python(parser)
        _add_dry_run(parser)
        _add_yes(parser)
        _add_sandbox(parser)
        _add_pin(parser)
        _add_workflow(parser)
    elif command == "uninstall":
        parser.description = "Remove what `playgate install` added to a repository."
        _add_repo(parser, required=True)
        _add_dry_run(parser)
    elif command == "demo":
        parser.description = ("Create a throw-away repository, install into it and replay a "
                              "scripted Claude Code session through the installed hooks.")
        parser.add_argument("dir", nargs="?", metavar="DIR",
                            help="where to make the demo repository (default: a new temp dir)")
        _add_python(parser)
    else:
        raise ValueError(f"not an installer command: {command}")
    args = parser.parse_args(argv)
    playgate = routes.console_command()
    if command == "install":
        return _guarded(_install, args.repo, args.python, args.dry_run, args.yes,
                        f"{playgate} install", f"{playgate} uninstall", args.source,
                        args.repair, args.workflow, sandbox_mode=args.sandbox)
    if command == "uninstall":
        return _guarded(uninstall, args.repo, dry_run=args.dry_run)
    return _guarded(run_demo, args.dir or None, args.python)

"""``playgate statusline``: one line for Claude Code's ``statusLine`` setting.

Claude Code runs the ``statusLine`` command (``{"type": "command", "command":
...}`` in user or project settings) on every refresh (at most every 300 ms),
pipes it a JSON object on stdin (``session_id``, ``transcript_path``,
``cwd``, ``workspace {current_dir, project_dir}``, ``model``...; reference
"The status line") and shows the first line it prints. This prints::

    playgate | p-login | phase p2 | 3/7 subtasks | strict | pending: post-loop, consent

the active playbook (its id), the phase, subtasks done/total, the security
mode (state.md ``config.security``) and what is pending (the post-loop after
an archived playbook, a consent request), read the same way the hooks read
them (:func:`workflow.lifecycle.where`). Without an active playbook:
``playgate | no playbook | strict``; outside a project with playgate state:
``playgate | not set up``.

Fast, because it runs on every refresh: standard library ``os``/``sys`` plus
the suite's own light modules (no ``json``, ``re``, argparse, pydantic,
jsonschema, bashlex, PyYAML for a state.md the simple reader can take);
dispatched by :mod:`playgate.__main__` / :func:`playgate.cli.main` before
anything else is imported. Never noisy: any input or state it cannot read
gives a short neutral line (:data:`NEUTRAL`) and exit 0, nothing on stderr.
"""

from __future__ import annotations

import os
import sys

#: Printed when the input or the project cannot be read.
NEUTRAL = "playgate"
#: Largest stdin read (bytes); Claude Code's object is a few kilobytes.
MAX_INPUT = 1024 * 1024
SEP = " | "


def project_dir(data, env) -> str:
    """The project directory for a status-line payload ``data`` (a dict or
    anything else): ``workspace.project_dir``, else ``workspace.current_dir``,
    else ``cwd``, else ``$CLAUDE_PROJECT_DIR``, else the process's working
    directory. Only an existing directory is taken."""
    candidates = []
    if isinstance(data, dict):
        ws = data.get("workspace")
        if isinstance(ws, dict):
            candidates += [ws.get("project_dir"), ws.get("current_dir")]
        candidates.append(data.get("cwd"))
    candidates.append(env.get("CLAUDE_PROJECT_DIR"))
    for candidate in candidates:
        if isinstance(candidate, str) and candidate and "\x00" not in candidate \
                and os.path.isdir(candidate):
            return candidate
    return os.getcwd()


def _session(data) -> str:
    value = data.get("session_id") if isinstance(data, dict) else None
    return value if isinstance(value, str) and "\x00" not in value else ""


def line_for(data, env=None) -> str:
    """The status line (one line, no newline) for the parsed stdin ``data``.
    Never raises (:data:`NEUTRAL` on any failure)."""
    env = os.environ if env is None else env
    try:
        return _line(data, env)
    except Exception:  # noqa: BLE001 - a status line never crashes noisily
        return NEUTRAL


def _line(data, env) -> str:
    # lazy: the suite's modules only once _script() or the CLI put the suite root on
    # sys.path and the hooks' bundle in place (this module is imported before that)
    from events.context import Context
    from events.inputs import HookInput
    from statefiles import layout

    root = layout.project_root(project_dir(data, env), {})
    if not os.path.isfile(layout.join(root, layout.STATE_MD)):
        return f"{NEUTRAL}{SEP}not set up"
    hook = HookInput("Notification", {"cwd": root, "session_id": _session(data)})
    ctx = Context(hook, root=root, env=env)
    from workflow.lifecycle import status_word, where  # lazy: as above; only inside a set-up project

    w = where(ctx)
    parts = [NEUTRAL]
    if w["playbook"]:
        pb = ctx.playbook
        parts.append(_short(pb.id if pb is not None and pb.id else w["playbook"]))
        if w["phase"]:
            parts.append(status_word(ctx, "phase", phase=_short(w["phase"])))
        parts.append(status_word(ctx, "subtasks", done=w["done"], total=w["total"]))
    else:
        parts.append(status_word(ctx, "no_playbook"))
    parts.append(ctx.security)
    pending = [status_word(ctx, name) for name, on in (("post_loop", w["post_loop_pending"]),
                                                       ("consent", w["consent_pending"])) if on]
    if pending:
        parts.append(status_word(ctx, "pending", items=", ".join(pending)))
    if w["problem"]:
        parts.append(status_word(ctx, "problem"))
    return SEP.join(parts)


def _short(text, limit: int = 40) -> str:
    """One printable line of at most ``limit`` characters."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(text)).strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _parse(raw: bytes):
    if not raw.strip() or len(raw) > MAX_INPUT:
        return None
    from statefiles import fastjson  # lazy: see _line

    try:
        return fastjson.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def use_bundle(root: str) -> None:
    """Import the suite's modules from the installed module bundle
    (``hooks/suite.bundle``) as the hooks do, when there is one:
    the status line runs as often as a hook. Silently nothing otherwise."""
    hooks = os.path.join(root, "hooks")
    if not os.path.isfile(os.path.join(hooks, "suite.bundle")):
        return
    try:
        sys.path.insert(0, hooks)
        try:
            import _bootstrap  # lazy: importable only while its directory is on sys.path
        finally:
            sys.path.remove(hooks)
        if not any(type(f).__name__ == "BundleFinder" for f in sys.meta_path):
            _bootstrap._install_bundle(root)
    except Exception:  # noqa: BLE001 - only a speed-up
        pass


def main(argv=None, stdin=None, stdout=None, env=None) -> int:
    """``playgate statusline``: read the payload, print one line, exit 0."""
    env = os.environ if env is None else env
    stdout = stdout or sys.stdout
    line = NEUTRAL
    try:
        stream = stdin if stdin is not None else sys.stdin.buffer
        raw = b"" if stream is None or (hasattr(stream, "isatty") and stream.isatty()) \
            else stream.read(MAX_INPUT + 1)
        data = _parse(raw if isinstance(raw, bytes) else raw.encode("utf-8", "replace"))
        if data is None and raw.strip():
            line = NEUTRAL  # unreadable input: nothing guessed from it
        else:
            line = line_for(data, env)
    except BaseException:  # noqa: BLE001 - even KeyboardInterrupt: one quiet line
        line = NEUTRAL
    try:
        stdout.write(line + "\n")
        stdout.flush()
    except (OSError, ValueError):
        pass
    return 0


def _script() -> int:
    """``python .claude/playgate/statusline.py``: what the installer registers
    (no ``runpy``, which ``python .claude/playgate statusline`` pays for).
    This file's directory is taken off ``sys.path`` (``playgate/messages.py``
    must not shadow the suite's ``messages``) and the suite root put on it."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    hooks = os.path.join(root, "hooks")
    sys.path.insert(0, hooks)
    try:
        import _bootstrap  # lazy: hooks/ goes on sys.path just above; imports only os and sys
    except ImportError:  # a damaged suite: main() prints the neutral line
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") not in (here, hooks)]
        return main(sys.argv[1:])
    _bootstrap.put_on_path(root, (here, hooks))
    use_bundle(root)
    return main(sys.argv[1:])


if __name__ == "__main__":
    _code = _script()
    try:
        sys.stdout.flush()
    finally:
        os._exit(_code)

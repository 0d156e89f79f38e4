"""Set up (or repair) playgate in a repository from its pin: what a teammate
runs once in a fresh clone.

    python3 .claude/playgate install . [--source SPEC] [--yes]

A repository playgate was installed into commits only what a clone needs to
fail closed and to set itself up: ``.claude/settings.json`` (the hook
registrations, which block every call while the hooks cannot run),
``.claude/hooks/failclosed.sh`` (the message saying so), the pin
``.claude/playgate-pin.json`` (the suite's version and hash, and where to get
it) and this entry point (``.claude/playgate/__main__.py`` and this file).
The suite's code, skills and agents and the hooks' virtualenv are not
committed; this script installs them:

1. it tries the pin's sources in order, after any ``--source`` given here and
   before a ``playgate`` command on ``PATH``: a checkout's ``install.py``, or
   ``pip install SPEC`` into ``.claude/.venv`` (which brings the runtime
   dependencies too) and that package's installer;
2. each runs the installer with ``--repair``: it installs exactly the pinned
   suite — a source with another suite is refused and the next one is tried
   — and changes no committed file;
3. when none works it says what each one answered and what to do.

The same command repairs a clone whose hooks stopped working (a deleted
virtualenv, a broken interpreter): ``__main__.py`` hands every ``install`` of
an installed copy to this script, and any command when the suite's code is
missing, so a fix printed by a hook always works.

Standard library only, and no syntax newer than Python 3.6, so that an old
``python3`` can still say that it is too old. Every subprocess is bounded.
"""

import json
import os
import shutil
import subprocess
import sys

MIN_PYTHON = (3, 10)
#: ``<repo>/.claude``: this file is ``<repo>/.claude/playgate/repair.py``.
CLAUDE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(CLAUDE)
PIN = os.path.join(CLAUDE, "playgate-pin.json")
VENV = os.path.join(CLAUDE, ".venv")
#: Tells the installer that this script made the virtualenv (its uninstall removes it).
VENV_MARKER = os.path.join(VENV, ".made-by-playgate")
COMMAND = "python3 .claude/playgate install ."

VENV_TIMEOUT = 300
PIP_TIMEOUT = 900
INSTALL_TIMEOUT = 1800
#: What the installer's --repair refusal says when a source has another suite.
PIN_MISMATCH = "not the pinned suite"


class SetupError(Exception):
    """A source could not be used; one line saying why."""


def say(text=""):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def load_pin(path=PIN):
    """The pin as a dict, or ``None`` when it is missing or unreadable."""
    try:
        with open(path, encoding="utf-8") as fh:
            pin = json.load(fh)
    except (OSError, ValueError):
        return None
    if not isinstance(pin, dict) or not isinstance(pin.get("sources"), list):
        return None
    return pin


def parse_source(spec):
    """``--source SPEC``: a checkout directory, a wheel file, or a pip spec."""
    given = os.path.expanduser(spec)
    if os.path.isdir(given):
        return {"path": os.path.realpath(given)}
    if os.path.isfile(given):
        return {"pip": os.path.realpath(given)}
    return {"pip": spec}


def describe(source):
    if "path" in source:
        return "the checkout {}".format(source["path"])
    if "command" in source:
        return "the `{}` command on PATH".format(source["command"])
    return "pip install {}".format(source.get("pip"))


def run(argv, timeout, capture=False, cwd=None):
    """Run ``argv`` (bounded; its output shown unless ``capture``). Returns
    ``(exit code or None on timeout, captured text)``."""
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL if capture else None,
                                stdout=subprocess.PIPE if capture else None,
                                stderr=subprocess.STDOUT if capture else None, cwd=cwd,
                                start_new_session=True)
    except OSError as exc:
        raise SetupError("cannot run {}: {}".format(argv[0], exc.strerror or exc))
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, 9)
        except OSError:
            pass
        proc.communicate()
        return None, ""
    return proc.returncode, (out or b"").decode("utf-8", "replace")


def tail(text, lines=4):
    rows = [r for r in text.strip().splitlines() if r.strip()]
    return " | ".join(rows[-lines:])


def venv_python():
    return os.path.join(VENV, "bin", "python")


def ensure_venv():
    """``.claude/.venv`` with a working interpreter (made, or remade when
    broken); returns its python."""
    python = venv_python()
    if os.path.exists(python):
        code, _ = run([python, "-c", "pass"], 60, capture=True)
        if code == 0:
            return python
        say("  {} does not run; it is made again".format(os.path.relpath(VENV, REPO)))
        shutil.rmtree(VENV, ignore_errors=True)
    say("  creating {} with {}".format(os.path.relpath(VENV, REPO), sys.executable))
    code, out = run([sys.executable, "-m", "venv", VENV], VENV_TIMEOUT, capture=True)
    if code != 0:
        shutil.rmtree(VENV, ignore_errors=True)
        raise SetupError("python3 -m venv failed: {} (on Debian/Ubuntu: apt install "
                         "python3-venv)".format(tail(out) or "timed out"))
    with open(VENV_MARKER, "w") as fh:
        fh.write("made by python3 .claude/playgate install\n")
    return python


def installer_argv(source, extra):
    """The installer command for ``source`` (``--repair`` and ``extra`` added)."""
    tail_args = ["install", "--repair"] if "path" not in source else ["--repair"]
    tail_args += list(extra) + [REPO]
    if "path" in source:
        launcher = os.path.join(source["path"], "install.py")
        if not os.path.isfile(launcher):
            raise SetupError("not on this machine (no {})".format(launcher))
        return [sys.executable, launcher] + tail_args
    if "command" in source:
        return [source["command"]] + tail_args
    python = ensure_venv()
    say("  pip install {} (and the runtime dependencies) into {}".format(
        source["pip"], os.path.relpath(VENV, REPO)))
    code, out = run([python, "-m", "pip", "install", "--disable-pip-version-check",
                     "--no-input", "-q", source["pip"]], PIP_TIMEOUT, capture=True)
    if code != 0:
        raise SetupError("pip failed: {}".format(tail(out) or "timed out"))
    # -I: the package from the virtualenv, never a playgate/ folder in the
    # working directory (this clone's .claude/ holds one).
    return [python, "-I", "-m", "playgate"] + tail_args


def try_source(source, extra):
    """Install from ``source``. Returns None when it worked, else why not."""
    say("playgate: trying {} ...".format(describe(source)))
    try:
        argv = installer_argv(source, extra)
    except SetupError as exc:
        return str(exc)
    code, out = run(argv, INSTALL_TIMEOUT, capture=True, cwd=REPO)
    text = out.rstrip("\n")
    if code == 0:
        if text:
            say(text)
        return None
    if code is None:
        return "the installer did not finish within {} s".format(INSTALL_TIMEOUT)
    if PIN_MISMATCH in text:
        return "it has another suite than the pin ({})".format(tail(text, 1))
    if text:
        say(text)
    return "the installer exited with {}: {}".format(code, tail(text, 2))


def candidates(pin, given):
    found = list(given) + [s for s in (pin or {}).get("sources") or () if isinstance(s, dict)]
    command = shutil.which("playgate")
    if command:
        found.append({"command": command})
    unique = []
    for item in found:
        if item not in unique:
            unique.append(item)
    return unique


def setup(argv):
    """``install``: set playgate up in this clone from the pin. Exit code."""
    import argparse  # lazy: only the install command parses options

    parser = argparse.ArgumentParser(
        prog="python3 .claude/playgate install",
        description="Set up (or repair) playgate in this repository from its pin "
                    "(.claude/playgate-pin.json): the suite's code and the hooks' "
                    "virtualenv.")
    parser.add_argument("repo", nargs="?", default=".", help="this repository (default: .)")
    parser.add_argument("--source", action="append", default=[], metavar="SPEC",
                        help="a copy of the pinned playgate to install from, tried first: a "
                             "checkout, a wheel file or URL, or a git URL at the pinned commit")
    parser.add_argument("--yes", action="store_true",
                        help="accept the installer's offers (project commands, status line)")
    parser.add_argument("--repair", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if os.path.realpath(args.repo) != os.path.realpath(REPO):
        say("playgate: refused: this entry point sets up {} (it is that repository's "
            ".claude/playgate); run it there, or install into {} with playgate's "
            "installer".format(REPO, args.repo))
        return 2
    pin = load_pin()
    if pin is None:
        say("playgate: refused: {} has no readable pin ({}), so it is not known which "
            "playgate to install. Install it with playgate's installer: python3 "
            "<playgate checkout>/install.py {} (or `playgate install {}`)".format(
                REPO, os.path.relpath(PIN, REPO), REPO, REPO))
        return 2
    given = [parse_source(s) for s in args.source]
    extra = ["--yes"] if args.yes else []
    tried = []
    for source in candidates(pin, given):
        why = try_source(source, extra)
        if why is None:
            return 0
        say("  {}".format(why))
        tried.append((source, why))
    say("")
    say("playgate could not be set up in {}: the repository pins playgate {} (suite {}), and "
        "no source of it worked{}".format(REPO, pin.get("version", "?"),
                                          str(pin.get("suite_sha256", "?"))[:12],
                                          ":" if tried else " (the pin names none)."))
    for source, why in tried:
        say("  - {}: {}".format(describe(source), why))
    say("Every tool call stays blocked until it is set up. Get playgate {} (a checkout of it, "
        "its wheel, or a git URL at that version: ask whoever installed it in this "
        "repository), then:".format(pin.get("version", "?")))
    say("  python3 .claude/playgate install . --source PATH-OR-URL")
    return 1


def not_set_up(command):
    """Any other command in a clone where the suite is missing. Exit code."""
    sys.stderr.write(
        "playgate: playgate is not set up in this clone ({} holds only its entry point; the "
        "suite's code is installed from the pin). Set it up with: {} (in {}){}\n".format(
            os.path.relpath(CLAUDE, REPO), COMMAND, REPO,
            "; nothing is installed here, so there is nothing to uninstall"
            if command == "uninstall" else ""))
    return 1 if command in ("doctor", "uninstall") else 3


def main(argv=None):
    """``python3 .claude/playgate COMMAND ...`` in a clone. Exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.version_info < MIN_PYTHON:
        sys.stderr.write(
            "playgate: refused: playgate needs Python {}.{} or newer, and python3 is {} ({}). "
            "Run it with a newer one, e.g. python3.12 .claude/playgate install .\n".format(
                MIN_PYTHON[0], MIN_PYTHON[1], sys.version.split()[0], sys.executable))
        return 2
    command = argv[0] if argv else ""
    if command in ("install", "repair"):
        return setup(argv[1:])
    if command in ("-h", "--help", ""):
        say("usage: {}   set up (or repair) playgate in this clone from its pin".format(COMMAND))
        return 0 if command else 2
    return not_set_up(command)


if __name__ == "__main__":
    sys.exit(main())

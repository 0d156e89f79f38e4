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

#: Prints an interpreter's site-packages directories as JSON.
SITE_PACKAGES = ("import json, sysconfig; print(json.dumps(list(dict.fromkeys("
                 "[sysconfig.get_path('purelib'), sysconfig.get_path('platlib')]))))")

VENV_TIMEOUT = 300
PIP_TIMEOUT = 900
INSTALL_TIMEOUT = 1800
#: What the installer's --repair refusal says when a source has another suite.
PIN_MISMATCH = "not the pinned suite"


class SetupError(Exception):
    """A source could not be used; one line saying why."""


#: This script's sentences in both languages. It cannot use the suite's
#: catalogue (messages/): in a clone that is not set up, the suite's code is
#: not there yet. Same rule for the language as the installer's: state.md's
#: ``config.language``, else the locale.
TEXTS = {
    "en": {
        "venv_broken": "  {venv} does not run; it is made again",
        "venv_create": "  creating {venv} with {python}",
        "venv_failed": "python3 -m venv failed: {detail} (on Debian/Ubuntu: apt install python3-venv)",
        "pip_install": "  pip install {spec} (and the runtime dependencies) into {venv}",
        "pip_failed": "pip failed: {detail}",
        "trying": "playgate: trying {source} ...",
        "not_here": "not on this machine (no {path})",
        "timeout": "the installer did not finish within {seconds} s",
        "other_suite": "it has another suite than the pin ({detail})",
        "exited": "the installer exited with {code}: {detail}",
        "other_repo": ("playgate: refused: this entry point sets up {repo} (it is that "
                       "repository's .claude/playgate); run it there, or install into {given} "
                       "with playgate's installer"),
        "no_pin": ("playgate: refused: {repo} has no readable pin ({pin}), so it is not known "
                   "which playgate to install. Install it with playgate's installer: python3 "
                   "<playgate checkout>/install.py {repo} (or `playgate install {repo}`)"),
        "none_worked": ("playgate could not be set up in {repo}: the repository pins playgate "
                        "{version} (suite {sha}), and no source of it worked:"),
        "none_named": ("playgate could not be set up in {repo}: the repository pins playgate "
                       "{version} (suite {sha}), and the pin names no source."),
        "tried": "  - {source}: {why}",
        "get_it": ("Every tool call stays blocked until it is set up. Get playgate {version} (a "
                   "checkout of it, its wheel, or a git URL at that version: ask whoever "
                   "installed it in this repository), then:"),
        "not_set_up": ("playgate: playgate is not set up in this clone ({claude} holds only its "
                       "entry point; the suite's code is installed from the pin). Set it up "
                       "with: {command} (in {repo})"),
        "nothing_to_uninstall": "; nothing is installed here, so there is nothing to uninstall",
        "too_old": ("playgate: refused: playgate needs Python {need} or newer, and python3 is "
                    "{have} ({python}). Run it with a newer one, e.g. python3.12 "
                    ".claude/playgate install ."),
        "usage": "usage: {command}   set up (or repair) playgate in this clone from its pin",
        "source_checkout": "the checkout {path}",
        "source_command": "the `{path}` command on PATH",
        "source_pip": "pip install {spec}",
    },
    "ja": {
        "venv_broken": "  {venv} が動かないため、作り直します",
        "venv_create": "  {venv} を {python} で作成しています",
        "venv_failed": "python3 -m venv が失敗しました: {detail} (Debian/Ubuntu では apt install python3-venv)",
        "pip_install": "  pip install {spec} (と実行時の依存パッケージ) を {venv} に",
        "pip_failed": "pip が失敗しました: {detail}",
        "trying": "playgate: {source} を試しています ...",
        "not_here": "このマシンにはありません ({path} がありません)",
        "timeout": "インストーラーが {seconds} 秒以内に終わりませんでした",
        "other_suite": "固定されたものとは別のスイートです ({detail})",
        "exited": "インストーラーが終了コード {code} で終わりました: {detail}",
        "other_repo": ("playgate: 中止しました: この入口がセットアップするのは {repo} です (そのリポジトリの "
                       ".claude/playgate です)。そこで実行するか、{given} には playgate のインストーラーで"
                       "インストールしてください"),
        "no_pin": ("playgate: 中止しました: {repo} には読める固定情報 ({pin}) がないため、どの playgate を"
                   "インストールするか分かりません。playgate のインストーラーでインストールしてください: "
                   "python3 <playgate のチェックアウト>/install.py {repo} (または `playgate install {repo}`)"),
        "none_worked": ("{repo} に playgate をセットアップできませんでした: リポジトリは playgate {version} "
                        "(スイート {sha}) を固定していますが、どの入手元もうまくいきませんでした:"),
        "none_named": ("{repo} に playgate をセットアップできませんでした: リポジトリは playgate {version} "
                       "(スイート {sha}) を固定していますが、固定情報に入手元がありません。"),
        "tried": "  - {source}: {why}",
        "get_it": ("セットアップするまで、すべてのツール呼び出しはブロックされたままです。playgate {version} "
                   "(そのチェックアウト、wheel、またはそのバージョンを指す git URL。このリポジトリに"
                   "インストールした人に聞いてください) を用意して、次を実行してください:"),
        "not_set_up": ("playgate: このクローンでは playgate がセットアップされていません ({claude} には"
                       "入口しかなく、スイートのコードは固定情報からインストールされます)。セットアップするには: "
                       "{command} ({repo} で)"),
        "nothing_to_uninstall": "。ここには何もインストールされていないため、アンインストールするものはありません",
        "too_old": ("playgate: 中止しました: playgate には Python {need} 以上が必要ですが、python3 は "
                    "{have} ({python}) です。新しいもので実行してください (例: python3.12 "
                    ".claude/playgate install .)"),
        "usage": "使い方: {command}   このクローンに固定情報から playgate をセットアップ (または修復) します",
        "source_checkout": "チェックアウト {path}",
        "source_command": "PATH 上の `{path}` コマンド",
        "source_pip": "pip install {spec}",
    },
}


def language(env=None):
    """``ja`` or ``en``: state.md's ``language:``, else the locale."""
    env = os.environ if env is None else env
    try:
        with open(os.path.join(REPO, "state.md"), encoding="utf-8") as fh:
            for line in fh:
                words = line.split("#", 1)[0].split(":", 1)
                if len(words) == 2 and words[0].strip() == "language":
                    value = words[1].strip().strip("'\"").lower()
                    return value if value in TEXTS else "en"
    except (OSError, UnicodeDecodeError):
        pass
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = (env.get(name) or "").split(":", 1)[0].strip()
        if value:
            code = value.split(".", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()
            return code if code in TEXTS else "en"
    return "en"


LANG = language()


def t(key, **fields):
    """This script's sentence ``key`` in :data:`LANG`."""
    return TEXTS.get(LANG, TEXTS["en"]).get(key, TEXTS["en"][key]).format(**fields)


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
        return t("source_checkout", path=source["path"])
    if "command" in source:
        return t("source_command", path=source["command"])
    return t("source_pip", spec=source.get("pip"))


def run(argv, timeout, capture=False, cwd=None):
    """Run ``argv`` (bounded; its output shown unless ``capture``). Returns
    ``(exit code or None on timeout, captured text)``."""
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL if capture else None,
                                stdout=subprocess.PIPE if capture else None,
                                stderr=subprocess.STDOUT if capture else None, cwd=cwd,
                                start_new_session=True)
    except OSError as exc:
        raise SetupError("cannot run {}: {}".format(argv[0], exc.strerror or exc)) from exc
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
        say(t("venv_broken", venv=os.path.relpath(VENV, REPO)))
        shutil.rmtree(VENV, ignore_errors=True)
    say(t("venv_create", venv=os.path.relpath(VENV, REPO), python=sys.executable))
    code, out = run([sys.executable, "-m", "venv", VENV], VENV_TIMEOUT, capture=True)
    if code != 0:
        shutil.rmtree(VENV, ignore_errors=True)
        raise SetupError(t("venv_failed", detail=tail(out) or "timeout"))
    with open(VENV_MARKER, "w") as fh:
        fh.write("made by python3 .claude/playgate install\n")
    base = os.environ.get("PLAYGATE_PYTHON")
    if base:
        # An interpreter that has the dependencies (offline machines, tests):
        # its packages are made visible, as the installer and the plugin do.
        code, out = run([base, "-c", SITE_PACKAGES], 60, capture=True)
        own_code, own = run([python, "-c", SITE_PACKAGES], 60, capture=True)
        if code != 0 or own_code != 0:
            raise SetupError(t("venv_failed", detail=tail(out + own) or "PLAYGATE_PYTHON"))
        with open(os.path.join(json.loads(own)[0], "playgate-base.pth"), "w") as fh:
            fh.write("".join(p + "\n" for p in json.loads(out)))
    return python


def installer_argv(source, extra):
    """The installer command for ``source`` (``--repair`` and ``extra`` added)."""
    tail_args = ["install", "--repair"] if "path" not in source else ["--repair"]
    tail_args += list(extra) + [REPO]
    if "path" in source:
        launcher = os.path.join(source["path"], "install.py")
        if not os.path.isfile(launcher):
            raise SetupError(t("not_here", path=launcher))
        return [sys.executable, launcher] + tail_args
    if "command" in source:
        return [source["command"]] + tail_args
    python = ensure_venv()
    say(t("pip_install", spec=source["pip"], venv=os.path.relpath(VENV, REPO)))
    # With PLAYGATE_PYTHON the dependencies are already visible: nothing else downloaded.
    no_deps = ["--no-deps"] if os.environ.get("PLAYGATE_PYTHON") else []
    code, out = run([python, "-m", "pip", "install", "--disable-pip-version-check",
                     "--no-input", "-q", *no_deps, source["pip"]], PIP_TIMEOUT, capture=True)
    if code != 0:
        raise SetupError(t("pip_failed", detail=tail(out) or "timeout"))
    # -I: the package from the virtualenv, never a playgate/ folder in the
    # working directory (this clone's .claude/ holds one).
    return [python, "-I", "-m", "playgate"] + tail_args


def try_source(source, extra):
    """Install from ``source``. Returns None when it worked, else why not."""
    say(t("trying", source=describe(source)))
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
        return t("timeout", seconds=INSTALL_TIMEOUT)
    if PIN_MISMATCH in text:
        return t("other_suite", detail=tail(text, 1))
    if text:
        say(text)
    return t("exited", code=code, detail=tail(text, 2))


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
        say(t("other_repo", repo=REPO, given=args.repo))
        return 2
    pin = load_pin()
    if pin is None:
        say(t("no_pin", repo=REPO, pin=os.path.relpath(PIN, REPO)))
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
    version, sha = pin.get("version", "?"), str(pin.get("suite_sha256", "?"))[:12]
    say(t("none_worked" if tried else "none_named", repo=REPO, version=version, sha=sha))
    for source, why in tried:
        say(t("tried", source=describe(source), why=why))
    say(t("get_it", version=version))
    say("  python3 .claude/playgate install . --source PATH-OR-URL")
    return 1


def not_set_up(command):
    """Any other command in a clone where the suite is missing. Exit code."""
    sys.stderr.write(t("not_set_up", claude=os.path.relpath(CLAUDE, REPO), command=COMMAND,
                       repo=REPO) + (t("nothing_to_uninstall") if command == "uninstall"
                                     else "") + "\n")
    return 1 if command in ("doctor", "uninstall") else 3


def main(argv=None):
    """``python3 .claude/playgate COMMAND ...`` in a clone. Exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.version_info < MIN_PYTHON:
        sys.stderr.write(t("too_old", need="{}.{}".format(*MIN_PYTHON),
                           have=sys.version.split()[0], python=sys.executable) + "\n")
        return 2
    command = argv[0] if argv else ""
    if command in ("install", "repair"):
        return setup(argv[1:])
    if command in ("-h", "--help", ""):
        say(t("usage", command=COMMAND))
        return 0 if command else 2
    return not_set_up(command)


if __name__ == "__main__":
    sys.exit(main())

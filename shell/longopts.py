"""Long options as the program reads them: one matcher for every modelled
program (bypass family F: "flag spellings").

GNU ``getopt_long`` accepts any unambiguous prefix of a long option
(``sort --o=x`` is ``--output``, ``cp --li`` is ``--link``, ``curl --upl``
is ``--upload-file``), and so does git's parse-options (``git push
--force-w`` is ``--force-with-lease``, ``--no-verif`` is ``--no-verify``),
while git's revision options (``git log``, ``diff``, ``show``...), git's
global options and a few programs take only the exact names. Comparing a
table of options by exact spelling misses every abbreviation; so before a
command's handler reads its arguments (:mod:`shell.dispatch`, and the git
front end for a subcommand's), :func:`normalize` spells each abbreviated long
option in full, by the program's own rule and its complete list of long
options (:mod:`shell.longopts_data`, generated from the programs' ``--help``):

* a word equal to an option, or to ``--`` + anything after ``--`` (the end of
  options), is left as it is;
* an unambiguous prefix (at least one letter after ``--``) becomes the
  option, ``=value`` kept; git also reads ``--no-<prefix>`` as the negation;
* an ambiguous prefix is left as it is: the program refuses it ("option is
  ambiguous") and does nothing.

A program without a table is read as written. ``python -m shell.longopts
--generate`` rebuilds the tables on a machine that has the programs.
"""

from __future__ import annotations

import sys

#: Programs (and git subcommands) that take only exact long option names.
EXACT = frozenset({
    "git", "git log", "git show", "git diff", "git diff-tree", "git diff-index",
    "git diff-files", "git rev-list", "git whatchanged", "git shortlog", "git range-diff",
    "git format-patch", "git blame", "git annotate", "find", "python", "python3", "node",
    "perl", "ruby", "php", "java", "jq", "yq", "dd",
})
#: Programs whose abbreviations follow git's parse-options (``--no-`` prefixes).
GIT_RULE_PREFIX = "git "

_TABLES: dict = {}


def table(program: str):
    """The frozenset of long options (``--name``) of ``program`` (a command
    key, or ``"git <subcommand>"``), or ``None`` when it has no table."""
    found = _TABLES.get(program)
    if found is None:
        from shell.longopts_data import TABLES  # lazy: only for a command with a long option

        names = TABLES.get(program)
        found = frozenset("--" + n for n in names.split()) if names is not None else False
        _TABLES[program] = found
    return found or None


def expand(program: str, word: str) -> str | None:
    """The full spelling of the long option ``word`` (``--outp=x``) for
    ``program`` under its rule (see the module docstring), or ``None`` when
    it stays as written (exact, unknown, ambiguous, not a long option, or
    a program with exact names only)."""
    if not word.startswith("--") or len(word) < 3 or program in EXACT:
        return None
    name, eq, value = word.partition("=")
    options = table(program)
    if options is None or name in options:
        return None
    full = _unique(name, options)
    if full is None and program.startswith(GIT_RULE_PREFIX) and name.startswith("--no-") \
            and len(name) > 5:
        positive = _unique("--" + name[5:], options)
        if positive is not None:
            full = "--no-" + positive[2:]
    if full is None:
        return None
    return full + eq + value


def _unique(prefix: str, options) -> str | None:
    found = None
    for option in options:
        if option.startswith(prefix):
            if found is not None:
                return None
            found = option
    return found


def normalize(cmd, program: str, start: int = 1) -> None:
    """Spell the abbreviated long options of ``cmd`` (a
    :class:`shell.model.SimpleCommand`) in full, from word ``start`` up to a
    ``--``, in place (its ``words`` and ``argv``), for ``program``'s rule."""
    if program in EXACT:
        return
    from shell.model import Word  # lazy: loaded by every caller already; no import cycle

    words = cmd.words
    for i in range(start, len(words)):
        w = words[i]
        v = w.value
        if v == "--":
            break
        if not v.startswith("--") or (w.dynamic and "=" not in v):
            continue   # a computed word: its name is not known either
        full = expand(program, v)
        if full is None:
            continue
        fresh = Word(w.text, full, dynamic=w.dynamic, quoted=w.quoted)
        fresh.glob, fresh.pattern, fresh.sources = w.glob, w.pattern, w.sources
        words[i] = fresh
        cmd.argv[i] = full


def generate() -> dict:
    """``{program: [long options]}`` from the ``--help`` of every program the
    registry and the read-only table name (and ``git <sub> -h``), for the
    ones installed here; programs that would do something when run are not
    asked."""
    import os  # lazy: the table's generator (a developer's command), never a hook path
    import re  # lazy: as above
    import shutil  # lazy: as above
    import subprocess  # lazy: as above

    import shell.registry as registry  # lazy: as above
    from shell.gitargs import KNOWN_SUBCOMMANDS  # lazy: as above
    from shell.readonly import READ_ONLY  # lazy: as above

    pattern = re.compile(r"(?<![\w-])--(\[no-\])?([a-z0-9][a-z0-9-]*[a-z0-9])")
    env = dict(os.environ, LC_ALL="C", PAGER="cat", MANPAGER="cat", GIT_PAGER="cat")
    never = {"reboot", "shutdown", "halt", "poweroff", "init", "telinit", "yes", "top", "watch",
             "less", "more", "vi", "vim", "nano", "emacs", "man", "info", "ssh", "sudo", "su",
             "login", "bash", "sh", "zsh", "xdg-open", "open"}

    def options(argv):
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=5, env=env,
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            return []
        found = set()
        for m in pattern.finditer(proc.stdout + proc.stderr):
            found.add(m.group(2))
            if m.group(1):
                found.add("no-" + m.group(2))
        return sorted(found)

    out = {}
    for name in sorted(set(registry.COMMANDS) | set(READ_ONLY)):
        if name in never or not re.fullmatch(r"[a-z0-9][a-z0-9.+-]*", name) or \
                not shutil.which(name):
            continue
        found = options([name, "--help", "all"] if name == "curl" else [name, "--help"])
        if len(found) >= 2:
            out[name] = found
    for sub in sorted(KNOWN_SUBCOMMANDS):
        found = options(["git", sub, "-h"])
        if len(found) >= 2:
            out[f"git {sub}"] = found
    return out


def main(argv) -> int:
    """``--generate``: print a new ``shell/longopts_data.py`` on stdout."""
    if argv[:1] != ["--generate"]:
        print("usage: python -m shell.longopts --generate > shell/longopts_data.py",
              file=sys.stderr)
        return 2
    tables = generate()
    print('"""Long options of the programs the analysis models, as the programs list')
    print("them (generated from their own ``--help`` / ``git <sub> -h``; regenerate with")
    print('``python -m shell.longopts --generate``). Read by :mod:`shell.longopts`."""')
    print()
    print("# fmt: off")
    print("TABLES = {")
    for program in sorted(tables):
        print(f"    {program!r}: {' '.join(tables[program])!r},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

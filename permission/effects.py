"""Phase 7F: the permission gate approves only what the shell analysis
understands (SPEC §5 7F).

Seed 000's phase 7D approves any command whose arguments look like paths
inside the project, so every command missing from a deny list was approved:
other forges' CLIs deleting repositories, secret managers, database and
service administration, DNS lookups of arbitrary names, document tools that
run code. The floor here turns that around: a general command is approved
only when the shell analysis (SPEC §4) *knows* it and models its effects as
safe:

* a **known reader** (:func:`shell.readonly.is_read_only`: the read-only
  table with its argument checks — ``cat``, ``ls``, ``grep``, ``git log``,
  ``gh pr view``...), or
* a command of :data:`MODELLED`: one whose handler in ``shell/families/``
  records every file it writes or deletes, so that phase 7E has already
  kept every write inside the project (``mkdir``, ``touch``, ``sed -i``,
  ``sort -o``, ``tar``/``zip``/``unzip``, ``git add|commit|checkout -b``...);

and in both cases nothing else runs: no nested command (a wrapper or a
payload), no remote host, and no read of secrets the gate would put into the
transcript (:func:`secret_read`: another process's environment with ``ps
e``, the environment with ``printenv``, ``jq env``). A command the analysis
does not model — the ``unmodelled`` family, or a family command outside
:data:`MODELLED` (``systemctl``, ``psql``, ``aws``...) — is a dialog: the
seed's ``mygit push data`` is a dialog on purpose.

The project's own scripts (phase 6) and the human's ``project_commands``
are the only code the gate runs; neither reaches this check as unknown.
"""

from __future__ import annotations

#: git subcommands whose effects the analysis models and that stay inside
#: the repository (their destructive forms are phase 7B2's subcommand_ask
#: rules and 7E's findings; the read-only ones are the read-only table's).
GIT_SUBCOMMANDS = frozenset({
    "add", "commit", "branch", "checkout", "switch", "restore", "stash", "fetch", "pull",
    "rebase", "merge", "tag", "cherry-pick", "revert", "reset", "mv", "rm",
})


def _always(cmd) -> bool:
    return True


def _git(cmd) -> bool:
    sub = cmd.git_subcommand
    if sub == "remote":
        return False  # adding or changing a remote: a later fetch goes anywhere
    return sub in GIT_SUBCOMMANDS


def _tar(cmd) -> bool:
    # Absolute member names write anywhere; a remote archive is network.
    return not any(a in ("-P", "--absolute-names") or a.startswith("--rsh-command") or (
        a.startswith("-") and not a.startswith("--") and "P" in a[1:]) for a in cmd.args)


def _unzip(cmd) -> bool:
    # -: keeps "../" in member names (writes outside the target).
    return not any(a.startswith("-") and not a.startswith("--") and ":" in a for a in cmd.args)


#: Commands (``SimpleCommand.key``) whose family handler records every
#: write, and the check their arguments must pass. Everything here writes
#: only what 7E has already placed inside the project.
MODELLED = {
    # files family: every operand is a recorded write
    "mkdir": _always, "touch": _always, "chmod": _always, "ln": _always, "truncate": _always,
    "tee": _always, "cp": _always, "mv": _always,
    # text family: writes recorded (sed -i, sort -o, split's pieces); sed's e/w/r
    # are 7E's carrier checks
    "sed": _always, "sort": _always, "uniq": _always, "diff": _always, "split": _always,
    "csplit": _always,
    # archives family: extraction is a recursive write of the target directory
    "tar": _tar, "zip": _always, "unzip": _unzip, "gzip": _always, "gunzip": _always,
    "bzip2": _always, "bunzip2": _always, "xz": _always, "unxz": _always, "zstd": _always,
    "unzstd": _always,
    "git": _git,
}


def _ps_environment(cmd) -> bool:
    """``ps e``/``ps auxe``/``ps -o ...,environ``: BSD-style letters with
    ``e`` (or a format naming the environment) print every process's
    environment, credentials included."""
    for a in cmd.args:
        if not a.startswith("-") and "e" in a and a.isalpha():
            return True
        if "env" in a.lower():
            return True
    return False


def _jq_environment(cmd) -> bool:
    """jq/gojq/yq programs that read the environment (``env``, ``$ENV``,
    ``strenv``)."""
    return any("env" in a.lower() for a in cmd.args)


#: Commands that print secrets the gate would put into the transcript.
SECRET_READERS = {
    "ps": _ps_environment,
    "printenv": _always,
    "env": lambda cmd: not cmd.args,
    "jq": _jq_environment, "gojq": _jq_environment, "yq": _jq_environment,
}


def secret_read(cmd) -> bool:
    """``cmd`` prints environment variables of this or another process
    (where tokens live)."""
    check = SECRET_READERS.get(cmd.key)
    try:
        return bool(check is not None and check(cmd))
    except Exception:  # noqa: BLE001 - a checker error means "may read secrets"
        return True


def modelled(cmd) -> bool:
    """``cmd`` is a :data:`MODELLED` command and its arguments pass the check."""
    check = MODELLED.get(cmd.key)
    if check is None or cmd.name != cmd.key:
        return False
    try:
        return bool(check(cmd))
    except Exception:  # noqa: BLE001 - a checker error means "not modelled"
        return False


def problem(analysis) -> str | None:
    """Why the analysed command is not known to be safe (phase 7F), or
    ``None`` when every simple command in it is a known reader or a
    :data:`MODELLED` command running on its own."""
    from shell.readonly import is_read_only  # lazy: phase 7F only

    if analysis is None:
        return "the command was not analysed"
    if analysis.unknown:
        return "the shell analysis cannot resolve the command"
    real = [c for c in analysis.commands if c.name]
    if not real:
        return "the command runs nothing the shell analysis can name"
    for cmd in real:
        if cmd.depth > 0 or cmd.wrappers:
            return (f"{cmd.name!r} is run by another command "
                    f"({' '.join(cmd.wrappers) or 'nested'}); only commands that run on their "
                    "own are auto-approved")
        if cmd.remote:
            return f"{cmd.name!r} runs on another host"
        if not cmd.trusted:
            return f"{cmd.word!r} is not a program found through PATH"
        if secret_read(cmd):
            return (f"{cmd.name!r} prints environment variables (of this or another process), "
                    "where credentials live")
        if is_read_only(cmd) or modelled(cmd):
            continue
        return (f"the shell analysis does not model what {cmd.name!r} does (its effects are "
                "unknown), and only commands it knows to be safe are auto-approved")
    return None

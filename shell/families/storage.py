"""Object storage, sync and backup tools (SPEC §3 bash-check "destructive
commands"; cloud family — the providers' own CLIs are in
:mod:`shell.families.cloud`): deleting objects or buckets (``gsutil rm``,
``gsutil rb``, ``azcopy remove``, ``mc rm``, ``mc rb --force``, ``s3cmd
del|rb``, ``rclone purge|delete|rmdirs``, ``b2 rm``) and syncs that delete
what the source lacks (``gsutil rsync -d``, ``azcopy sync
--delete-destination=true``, ``mc mirror --remove``, ``rclone sync``,
``s3cmd sync --delete-removed``) are ``infra-destroy``, and so is deleting
backups (``restic forget|prune``, ``borg delete|prune``, ``kopia snapshot
delete``, ``velero backup delete``); ``--dry-run`` forms are not. Everything
else is judged like an unmodelled program.
"""

from __future__ import annotations

from shell.families.cloud import KIND, command_path, option_on
from shell.families.unmodelled import h_generic
from shell.invocation import X
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "cloud"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"gsutil": "h_gsutil", "azcopy": "h_azcopy", "mc": "h_mc", "mcli": "h_mc",
            "rclone": "h_rclone", "s3cmd": "h_s3cmd", "b2": "h_b2", "s5cmd": "h_s5cmd",
            "restic": "h_backup", "borg": "h_backup", "kopia": "h_backup",
            "velero": "h_backup"}

#: Global options with a value, per tool.
_VALUES = {
    "gsutil": frozenset({"-o", "-h", "-u", "-i"}),
    "rclone": frozenset({"--config", "--transfers", "--checkers", "--log-file", "--log-level",
                         "--bwlimit", "--exclude", "--include", "--filter", "--filter-from",
                         "--exclude-from", "--include-from", "--min-age", "--max-age",
                         "--backup-dir", "--suffix", "--max-delete"}),
    "mc": frozenset({"--config-dir", "-C", "--limit-upload", "--limit-download"}),
    "s5cmd": frozenset({"--endpoint-url", "--profile", "--credentials-file", "--numworkers",
                        "--retry-count", "--log"}),
}


def _dry(vals) -> bool:
    return any(v in ("--dry-run", "-n", "--dryrun", "--help", "-h", "help") for v in vals)


def _destroy(x: X, what: str) -> None:
    x.run.find(KIND, Msg("shell.find.storage_delete", name=x.cmd.name, what=what), x.cmd)


def _judge(x: X, deleting: dict, syncs: dict) -> list:
    """The tool's subcommand (first positional word) deletes
    (``deleting``: subcommand → label) or, for a sync (``syncs``:
    subcommand → options that make it delete), deletes at the destination."""
    vals = [a.value for a in x.args]
    path = command_path(x.args, _VALUES.get(x.cmd.key, frozenset()), 2)
    if path and not _dry(vals):
        sub = path[0]
        if sub in deleting:
            _destroy(x, deleting[sub])
        elif sub in syncs and (syncs[sub] is None or any(_has(vals, o) for o in syncs[sub])):
            _destroy(x, Msg("shell.find.storage_sync_delete", sub=sub))
    return h_generic(x)


def _has(vals: list, option: str) -> bool:
    """``option`` is given: a long one not turned off (``=false``), a short
    one alone or in a bundle (``-rd``)."""
    if option.startswith("--"):
        return option_on(vals, option)
    return any(v.startswith("-") and not v.startswith("--") and option[1] in v[1:]
               for v in vals)


def h_gsutil(x: X) -> list:
    """``gsutil [-m] rm|rb``, ``gsutil rsync -d`` (``infra-destroy``)."""
    return _judge(x, {"rm": "rm", "rb": "rb", "del": "rm"}, {"rsync": ("-d",)})


def h_azcopy(x: X) -> list:
    """``azcopy remove|rm``, ``azcopy sync --delete-destination=true``."""
    return _judge(x, {"remove": "remove", "rm": "rm"},
                  {"sync": ("--delete-destination",)})


def h_mc(x: X) -> list:
    """MinIO client ``mc rm|rb``, ``mc mirror --remove``, ``mc admin ...
    remove``; ``mc`` alone is Midnight Commander (nothing to judge)."""
    vals = [a.value for a in x.args]
    if vals[:1] == ["admin"] and any(v in ("remove", "rm", "delete") for v in vals[1:4]) \
            and not _dry(vals):
        _destroy(x, "admin ... remove")
        return h_generic(x)
    return _judge(x, {"rm": "rm", "rb": "rb"}, {"mirror": ("--remove",)})


def h_rclone(x: X) -> list:
    """``rclone purge|delete|deletefile|rmdir|rmdirs|cleanup|dedupe``,
    ``rclone sync`` (deletes destination files the source lacks), ``rclone
    move`` (deletes the sources)."""
    return _judge(x, {"purge": "purge", "delete": "delete", "deletefile": "deletefile",
                      "rmdir": "rmdir", "rmdirs": "rmdirs", "cleanup": "cleanup",
                      "dedupe": "dedupe", "move": "move", "moveto": "moveto"},
                  {"sync": None, "bisync": ("--resync",)})


def h_s3cmd(x: X) -> list:
    """``s3cmd del|rm|rb|deleteall``, ``s3cmd sync --delete-removed``."""
    return _judge(x, {"del": "del", "rm": "rm", "rb": "rb", "delete": "delete"},
                  {"sync": ("--delete-removed", "--delete-after")})


def h_b2(x: X) -> list:
    """Backblaze ``b2 rm``, ``b2 delete-bucket|delete-file-version``, ``b2
    sync --delete``."""
    vals = [a.value for a in x.args]
    op = next((v for v in vals if not v.startswith("-")), "")
    if op.startswith("delete") and not _dry(vals):
        _destroy(x, op)
        return h_generic(x)
    return _judge(x, {"rm": "rm"}, {"sync": ("--delete",)})


def h_s5cmd(x: X) -> list:
    """``s5cmd rm|rb``, ``s5cmd sync --delete``."""
    return _judge(x, {"rm": "rm", "rb": "rb"}, {"sync": ("--delete",)})


#: Backup tools' deleting subcommands (the first one or two words).
_BACKUP = {"restic": ("forget", "prune"), "borg": ("delete", "prune", "compact"),
           "kopia": ("delete", "prune", "gc"), "velero": ("delete",)}


def h_backup(x: X) -> list:
    """``restic forget|prune``, ``borg delete|prune``, ``kopia snapshot
    delete``, ``velero backup|restore|schedule delete`` delete backups
    (``infra-destroy``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = [v for v in vals if not v.startswith("-")]
    verbs = _BACKUP.get(x.cmd.key, ())
    if any(v in verbs for v in ops[:2]) and not _dry(vals):
        _destroy(x, " ".join(ops[:2]))
    return h_generic(x)

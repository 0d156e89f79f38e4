"""Databases' command-line tools (SPEC §3 bash-check "destructive
commands"): ``dropdb`` deletes a database, ``redis-cli FLUSHALL|FLUSHDB``
every key (``infra-destroy``). Everything else they do is judged like an
unmodelled program.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "databases"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"dropdb": "h_dropdb", "redis-cli": "h_redis_cli"}


def h_dropdb(x: X) -> list:
    """``dropdb NAME`` deletes a database (``infra-destroy``). Returns
    ``[cmd]``."""
    x.run.find("infra-destroy", "dropdb deletes a database", x.cmd)
    return h_generic(x)


def h_redis_cli(x: X) -> list:
    """``redis-cli ... FLUSHALL|FLUSHDB`` (any case) deletes every key
    (``infra-destroy``). Returns ``[cmd]``."""
    if any(a.value.lower() in ("flushall", "flushdb") for a in x.args):
        x.run.find("infra-destroy", "redis-cli FLUSHALL/FLUSHDB deletes every key", x.cmd)
    return h_generic(x)

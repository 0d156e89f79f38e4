"""Cloud providers' command-line tools (SPEC §3 bash-check "destructive
commands"): ``aws s3 rm --recursive``/``aws s3 rb --force`` delete a
bucket's data, ``gcloud projects delete`` a project (``infra-destroy``).
Everything else they do is judged like an unmodelled program.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "cloud"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"aws": "h_aws", "gcloud": "h_gcloud"}


def h_aws(x: X) -> list:
    """``aws s3 rm ... --recursive`` / ``aws s3 rb ... --force``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    if len(vals) >= 2 and vals[0] == "s3" and (
            (vals[1] == "rm" and "--recursive" in vals) or (vals[1] == "rb" and "--force" in vals)):
        x.run.find("infra-destroy", "aws s3 rm --recursive / rb --force deletes a bucket's data",
                   x.cmd)
    return h_generic(x)


def h_gcloud(x: X) -> list:
    """``gcloud projects delete`` (``infra-destroy``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    if "projects" in vals and "delete" in vals:
        x.run.find("infra-destroy", "gcloud projects delete", x.cmd)
    return h_generic(x)

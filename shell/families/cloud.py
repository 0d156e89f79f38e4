"""Cloud providers' and hosting platforms' command-line tools (SPEC §3
bash-check "destructive commands"; cloud family). Object storage
tools are in :mod:`shell.families.storage` (same family).

Each CLI's global options are skipped before the command path (``aws
--profile p --region r SERVICE OPERATION``, ``gcloud --project x GROUP...
COMMAND``, ``az --subscription s GROUP... COMMAND``). A command path that
deletes, terminates, purges or destroys (``aws ec2 terminate-instances``,
``aws rds delete-db-instance``, ``aws cloudformation delete-stack``,
``aws s3 rm|rb``, ``aws s3 sync --delete``, ``gcloud compute instances
delete``, ``gcloud storage rm``, ``az group delete``, ``az storage blob
delete-batch``, ``heroku apps:destroy``, ``doctl compute droplet delete``...)
is ``infra-destroy``; ``--dry-run`` and help forms are not. Everything
else is judged like an unmodelled program.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X
from shell.opts import positional
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "cloud"
#: The finding kind of this family.
KIND = "infra-destroy"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "aws": "h_aws", "awslocal": "h_aws", "gcloud": "h_gcloud", "az": "h_az",
    **dict.fromkeys(("doctl", "hcloud", "linode-cli", "oci", "ibmcloud", "scw", "vultr-cli",
                     "civo", "exo", "heroku", "fly", "flyctl", "vercel", "netlify", "firebase",
                     "wrangler", "railway", "render", "koyeb", "aliyun", "tccli", "upctl",
                     "eksctl", "sam", "serverless", "sls", "cdk", "amplify", "copilot",
                     "eb", "gh-pages", "glab", "op", "doppler", "infisical", "cf", "ibm"),
                   "h_verbs"),
}

#: Words of a command path that destroy (whole words, or the part after
#: ``:`` in ``heroku apps:destroy``).
VERBS = frozenset({"delete", "destroy", "rm", "remove", "purge", "terminate", "drop",
                   "delete-batch", "wipe", "erase", "nuke", "teardown", "undeploy",
                   "decommission", "reset"})
#: Operation-name prefixes (aws ``delete-bucket``, ``terminate-instances``...).
OP_PREFIXES = ("delete", "terminate", "purge", "destroy", "remove", "deregister",
               "batch-delete", "schedule-key-deletion", "empty")

#: aws global options that take a value.
_AWS_VALUES = frozenset({"--profile", "--region", "--output", "--endpoint-url", "--query",
                         "--color", "--ca-bundle", "--cli-read-timeout",
                         "--cli-connect-timeout", "--cli-binary-format", "--cli-input-json",
                         "--cli-input-yaml", "--cli-auto-prompt"})
#: gcloud/az global options that take a value (``--x=y`` forms are one word).
_GLOBAL_VALUES = frozenset({"--project", "--account", "--configuration", "--format",
                            "--verbosity", "--impersonate-service-account",
                            "--billing-project", "--flags-file", "--trace-token",
                            "--subscription", "--output", "-o", "--query", "--zone",
                            "--region", "--resource-group", "-g", "--name", "-n",
                            "--context", "--app", "-a", "--remote", "-r", "--team",
                            "--scope", "--token", "-t", "--config", "--access-token",
                            "--profile", "--env", "-e", "--org", "--site"})


def command_path(words, values=_GLOBAL_VALUES, limit: int = 6) -> list:
    """The first ``limit`` positional words (str) of ``words`` (Words),
    skipping options (and the values of those in ``values``)."""
    return positional(words, values, limit)


def _dry(x: X) -> bool:
    """A dry run or a help request: nothing is changed."""
    return any(a.value in ("--dry-run", "--dryrun", "--help", "-h", "help", "--what-if",
                           "--preview") or a.value.startswith("--dry-run=")
               for a in x.args)


def _destroy(x: X, what: str) -> None:
    x.run.find(KIND, Msg("shell.find.cloud_delete", name=x.cmd.name, what=what), x.cmd)


def h_aws(x: X) -> list:
    """``aws [global options] SERVICE OPERATION ...``: an operation that
    deletes or terminates (:data:`OP_PREFIXES`), ``s3 rm|rb``, ``s3 sync
    --delete``, ``s3 mv`` from a bucket (``infra-destroy``). Returns
    ``[cmd]``."""
    path = command_path(x.args, _AWS_VALUES, 2)
    if len(path) >= 2 and not _dry(x):
        service, op = path[0], path[1]
        vals = [a.value for a in x.args]
        if service == "s3":
            if op in ("rm", "rb") or (op == "sync" and "--delete" in vals) or (
                    op == "mv" and any(v.startswith("s3://") for v in vals[2:3])):
                _destroy(x, f"s3 {op}")
        elif op.startswith(OP_PREFIXES):
            _destroy(x, f"{service} {op}")
    return h_generic(x)


def h_gcloud(x: X) -> list:
    """``gcloud [global options] [alpha|beta] GROUP... COMMAND``: a command
    path word that deletes (``delete``, ``rm``...: :data:`VERBS`), ``storage
    rsync --delete-unmatched-destination-objects`` (``infra-destroy``).
    Returns ``[cmd]``."""
    path = command_path(x.args)
    vals = [a.value for a in x.args]
    if not _dry(x):
        hit = next((w for w in path if w in VERBS), None)
        if hit is not None:
            _destroy(x, " ".join(path[:path.index(hit) + 1]))
        elif "rsync" in path and "--delete-unmatched-destination-objects" in vals:
            _destroy(x, "storage rsync --delete-unmatched-destination-objects")
    return h_generic(x)


def h_az(x: X) -> list:
    """``az [global options] GROUP... COMMAND``: ``delete``, ``delete-batch``,
    ``purge``... (:data:`VERBS`), ``storage blob sync --delete-destination
    true``, ``storage remove``, ``deployment ... --mode Complete``
    (``infra-destroy``). Returns ``[cmd]``."""
    path = command_path(x.args)
    vals = [a.value for a in x.args]
    if not _dry(x):
        hit = next((w for w in path if w in VERBS or w.startswith("delete")), None)
        if hit is not None:
            _destroy(x, " ".join(path[:path.index(hit) + 1]))
        elif "sync" in path and option_on(vals, "--delete-destination"):
            _destroy(x, "storage sync --delete-destination")
        elif "deployment" in path and any(v.lower() == "complete" for v in vals):
            _destroy(x, "deployment --mode Complete")
    return h_generic(x)


def option_on(vals: list, name: str) -> bool:
    """The option ``name`` is given and not turned off (``name false``,
    ``name=false``)."""
    for k, v in enumerate(vals):
        if v == name:
            return k + 1 >= len(vals) or vals[k + 1].lower() != "false"
        if v.startswith(name + "="):
            return v.split("=", 1)[1].lower() != "false"
    return False


def h_verbs(x: X) -> list:
    """Hosting and cloud CLIs whose command path names the action
    (``doctl compute droplet delete``, ``hcloud server delete``, ``heroku
    apps:destroy``, ``fly apps destroy``, ``vercel rm``, ``firebase
    firestore:delete``, ``wrangler r2 bucket delete``, ``eksctl delete
    cluster``, ``cdk destroy``, ``serverless remove``...): a word of
    :data:`VERBS`, alone or after ``:`` (``infra-destroy``). Returns
    ``[cmd]``."""
    path = command_path(x.args, _GLOBAL_VALUES, 4)
    if not _dry(x):
        for w in path:
            last = w.rsplit(":", 1)[-1]
            if w in VERBS or last in VERBS or last.startswith(("delete", "destroy")):
                _destroy(x, " ".join(path[:path.index(w) + 1]))
                break
    return h_generic(x)

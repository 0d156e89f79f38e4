"""Infrastructure as code and cluster tooling (SPEC §3 bash-check
"destructive commands"; infrastructure family; containers and
Kubernetes are in :mod:`shell.families.containers`, same family).

``terraform|tofu|terragrunt destroy``, ``apply -destroy``, ``apply
-replace``, ``state rm|push``, ``workspace delete``, ``taint``,
``force-unlock`` (global options such as ``-chdir=DIR`` before the
subcommand; terragrunt's ``run-all``/``run --all``), ``pulumi destroy|down``,
``pulumi stack rm``, ``pulumi state delete``, ``helm uninstall|delete``,
``vagrant destroy``, ``minikube|kind|k3d ... delete``, ``nomad job stop
-purge``, ``consul kv delete``, ``vault kv delete|destroy``, ``vault
secrets disable``, ``skaffold delete`` are ``infra-destroy``; dry runs and
help are not. ``ansible HOSTS -m shell|command -a CMD`` runs CMD on other
machines: analysed with remote semantics. Everything else is judged like an
unmodelled program.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X
from shell.opts import positional
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "infrastructure"
#: The finding kind of this family.
KIND = "infra-destroy"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "terraform": "h_terraform", "tofu": "h_terraform", "terragrunt": "h_terraform",
    "pulumi": "h_pulumi", "helm": "h_helm", "vagrant": "h_simple", "minikube": "h_simple",
    "kind": "h_simple", "k3d": "h_simple", "skaffold": "h_simple", "tilt": "h_simple",
    "nomad": "h_nomad", "consul": "h_consul", "vault": "h_vault", "ansible": "h_ansible",
}

#: terraform subcommands that destroy, and options of ``apply`` that do.
_TF_DESTROY = frozenset({"destroy", "taint", "force-unlock"})


def destroy(x: X, what) -> None:
    """Record the ``infra-destroy`` finding ``{name} {what}`` for the command."""
    x.run.find(KIND, what, x.cmd)


def _read(x: X, values=frozenset()) -> tuple:
    """``(vals, ops)``: the argument strings of an infra tool, and its
    positional words (subcommand path and operands) skipping options and the
    values of the options named in ``values`` (see :func:`shell.opts.positional`)."""
    return [a.value for a in x.args], positional(x.args, values)


def dry(vals) -> bool:
    """A dry run or a help request (``--dry-run`` but not ``--dry-run=none``)."""
    return any(v in ("--dry-run", "-dry-run", "--help", "-help", "-h", "help", "--preview",
                     "--what-if") or (v.startswith("--dry-run=") and v != "--dry-run=none")
               for v in vals)


def h_terraform(x: X) -> list:
    """terraform/tofu/terragrunt (see the module docstring). Returns
    ``[cmd]``."""
    vals, ops = _read(x)
    if ops[:1] in (["run-all"], ["run"]):
        ops = ops[1:]
    if not ops or dry(vals):
        return h_generic(x)
    sub = ops[0]
    flags = [v.split("=", 1)[0].lstrip("-") for v in vals if v.startswith("-")]
    if sub in _TF_DESTROY or (sub == "apply" and ("destroy" in flags or "replace" in flags)):
        destroy(x, Msg("shell.find.infra_destroy", name=x.cmd.name, sub=sub,
                       destroy=' -destroy' if sub == 'apply' else ''))
    elif sub == "state" and ops[1:2] in (["rm"], ["push"], ["replace-provider"]):
        destroy(x, Msg("shell.find.state_changes_state_tracks", name=x.cmd.name,
                       op=ops[1]))
    elif sub == "workspace" and ops[1:2] == ["delete"]:
        destroy(x, Msg("shell.find.workspace_delete_deletes_workspace", name=x.cmd.name))
    elif x.cmd.key == "terragrunt" and sub in ("destroy-all", "apply-all") and \
            "destroy" in " ".join(vals):
        destroy(x, Msg("shell.find.infra_delete", name=x.cmd.name, sub=sub))
    return h_generic(x)


def h_pulumi(x: X) -> list:
    """``pulumi destroy|down``, ``stack rm``, ``state delete``, ``up
    --replace`` (``infra-destroy``). Returns ``[cmd]``."""
    vals, ops = _read(x, frozenset({"--cwd", "-C", "--stack", "-s", "--color"}))
    if ops and not dry(vals):
        if ops[0] in ("destroy", "down", "dn"):
            destroy(x, Msg("shell.find.destroy_deletes_every_resource", name=x.cmd.name))
        elif ops[:2] in (["stack", "rm"], ["stack", "remove"], ["state", "delete"]):
            destroy(x, Msg("shell.find.deletes_stack_state", name=x.cmd.name,
                           what=' '.join(ops[:2])))
    return h_generic(x)


def h_helm(x: X) -> list:
    """``helm uninstall|delete|del|un RELEASE``, ``upgrade|rollback --force``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals, ops = _read(x, frozenset({"--kube-context", "-n", "--namespace", "--kubeconfig"}))
    if ops and ops[0] in ("uninstall", "delete", "del", "un") and not dry(vals):
        destroy(x, Msg("shell.find.removes_release_resources", name=x.cmd.name, what=ops[0]))
    elif ops and ops[0] in ("upgrade", "rollback") and "--force" in vals and not dry(vals):
        destroy(x, Msg("shell.find.force_deletes_recreates_release", name=x.cmd.name,
                       what=ops[0]))
    return h_generic(x)


#: Destroying verbs of the simple cluster and VM tools.
_SIMPLE = {"vagrant": ("destroy",), "minikube": ("delete",), "kind": ("delete",),
           "k3d": ("delete", "rm"), "skaffold": ("delete",), "tilt": ("down",)}


def h_simple(x: X) -> list:
    """``vagrant destroy``, ``minikube delete``, ``kind delete cluster``,
    ``k3d cluster delete``, ``skaffold delete``, ``tilt down``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals, ops = _read(x)
    verbs = _SIMPLE.get(x.cmd.key, ())
    if any(v in verbs for v in ops[:2]) and not dry(vals):
        destroy(x, Msg("shell.find.deletes_machines_clusters", name=x.cmd.name,
                       what=' '.join(ops[:2])))
    return h_generic(x)


def h_nomad(x: X) -> list:
    """``nomad job stop -purge``, ``nomad namespace|volume delete``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals, ops = _read(x)
    if ops[:2] == ["job", "stop"] and "-purge" in vals or (len(ops) > 1 and ops[1] in (
            "delete", "deregister")):
        destroy(x, Msg("shell.find.deletes_jobs_volumes", name=x.cmd.name, what=' '.join(ops[:2])))
    return h_generic(x)


def h_consul(x: X) -> list:
    """``consul kv delete`` (``infra-destroy``). Returns ``[cmd]``."""
    if positional(x.args)[:2] == ["kv", "delete"]:
        destroy(x, Msg("shell.find.kv_delete_deletes_keys", name=x.cmd.name))
    return h_generic(x)


def h_vault(x: X) -> list:
    """``vault kv delete|destroy|metadata delete``, ``vault delete``,
    ``vault secrets|auth disable`` (``infra-destroy``). Returns ``[cmd]``."""
    ops = positional(x.args)
    if ops[:1] == ["delete"] or (ops[:1] == ["kv"] and any(
            v in ("delete", "destroy") for v in ops[1:3])) or (
            ops[:1] in (["secrets"], ["auth"]) and ops[1:2] == ["disable"]):
        destroy(x, Msg("shell.find.deletes_secrets_secrets_engine", name=x.cmd.name,
                       what=' '.join(ops[:3])))
    return h_generic(x)


def h_ansible(x: X) -> list:
    """``ansible HOSTS -m shell|command|raw -a CMD`` runs CMD on the hosts:
    analysed as a remote command (its destructive commands count, its paths
    are not local). Returns the produced commands."""
    vals = [a.value for a in x.args]
    module = None
    for k, v in enumerate(vals):
        if v in ("-m", "--module-name") and k + 1 < len(vals):
            module = vals[k + 1]
        elif v.startswith("--module-name="):
            module = v.split("=", 1)[1]
    if module in ("shell", "command", "raw", "ansible.builtin.shell",
                  "ansible.builtin.command", "ansible.builtin.raw"):
        for k, v in enumerate(vals):
            if v in ("-a", "--args") and k + 1 < len(x.args):
                remote_code(x, x.args[k + 1], "ansible -a")
    return h_generic(x)


def remote_argv(x: X, payload) -> None:
    """Analyse ``payload`` (Words) as a command run elsewhere (a container,
    another host): a new shell, unknown directory, every produced command
    marked remote."""
    if not payload or any(w.dynamic for w in payload):
        return
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.run_argv(payload, x.cmd, scope, x.cmd.name)
    for c in x.run.analysis.commands[before:]:
        c.remote = True


def remote_code(x: X, word, how: str) -> None:
    """Analyse the shell code ``word`` (a Word) as run on other hosts
    (remote semantics); computed at run time → unknown."""
    if word.dynamic:
        x.run.unknown(Msg("shell.unknown.code_option_dynamic", how=how))
        return
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.code(word.value, scope, x.cmd.depth + 1, x.cmd.wrappers + [how], None)
    for c in x.run.analysis.commands[before:]:
        c.remote = True

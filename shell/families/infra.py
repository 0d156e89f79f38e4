"""Infrastructure and containers (SPEC §3 bash-check "destructive
commands"): ``terraform|tofu|terragrunt destroy`` (and ``apply -destroy``),
``kubectl delete`` of a namespace or of everything, ``docker|podman system
prune -a``/``volume prune|rm`` delete at scale (``infra-destroy``).
Commands run in a container (``docker|podman exec|run ... CMD``,
``kubectl exec ... -- CMD``) are analysed with remote semantics (their paths
are not local); mounting ``/`` or a system directory from the host is
``system-write``.
"""

from __future__ import annotations

import shell.paths as paths
from shell.families.unmodelled import h_generic
from shell.invocation import X, touch_all

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "infra"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "terraform": "h_terraform", "tofu": "h_terraform", "terragrunt": "h_terraform",
    "kubectl": "h_kubectl", "docker": "h_docker", "podman": "h_docker",
    "nerdctl": "h_docker",
}


def h_terraform(x: X) -> list:
    """``terraform|tofu|terragrunt destroy`` and ``apply -destroy`` delete the
    managed infrastructure (``infra-destroy``); otherwise an unmodelled
    program. Returns ``[cmd]``."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if vals and (vals[0] == "destroy" or (vals[0] == "apply" and "-destroy" in vals)):
        x.run.find("infra-destroy", f"{cmd.name} destroy deletes the managed infrastructure",
                   cmd)
    return h_generic(x)


def h_kubectl(x: X) -> list:
    """``kubectl delete`` of a namespace or with ``--all``/``-A``
    (``infra-destroy``); ``kubectl exec ... -- CMD`` runs CMD in a container.
    Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    if "delete" in vals and any(
            v in ("namespace", "ns", "namespaces", "--all", "-A", "--all-namespaces") or
            v.startswith(("namespace/", "ns/")) for v in vals):
        x.run.find("infra-destroy", "kubectl delete of a namespace or of everything", x.cmd)
    return _container(x)


def h_docker(x: X) -> list:
    """``docker|podman system prune`` with ``-a``/``--volumes``, ``volume
    prune``, ``volume rm`` (``infra-destroy``); ``docker|podman|nerdctl
    exec|run``: see :func:`_container`. Returns ``[cmd]``."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if cmd.key in ("docker", "podman") and vals[:2] in (["system", "prune"],
                                                        ["volume", "prune"],
                                                        ["volume", "rm"]) and (
            vals[:2] != ["system", "prune"] or any(v in ("-a", "--all", "--volumes") or (
                v.startswith("-") and not v.startswith("--") and "a" in v) for v in vals)):
        x.run.find("infra-destroy", f"{cmd.name} {' '.join(vals[:2])} deletes data volumes or "
                   "every unused image", cmd)
    return _container(x)


def _container(x: X) -> list:
    """``docker|podman exec|run ... cmd``, ``kubectl exec ... -- cmd``: the
    command runs in a container (remote semantics)."""
    cmd = x.cmd
    x.run.add(cmd)
    vals = [a.value for a in x.args]
    if cmd.key == "kubectl":
        if "exec" in vals and "--" in vals:
            payload = x.args[vals.index("--") + 1:]
            _remote_payload(x, payload)
        touch_all(x)
        return [cmd]
    sub = next((v for v in vals if not v.startswith("-")), None)
    if sub not in ("run", "exec"):
        touch_all(x)
        return [cmd]
    for k, v in enumerate(vals):
        if v in ("-v", "--volume", "--mount") and k + 1 < len(vals):
            spec = vals[k + 1]
            host = spec.split(":", 1)[0]
            if host.startswith("/") and (host == "/" or paths.is_system(host)):
                x.run.find("system-write", f"{cmd.name} mounts {host} from the host into a "
                           "container", cmd)
    return [cmd]


def _remote_payload(x: X, payload) -> None:
    """Analyse ``payload`` (Words) as a command run in a container: a new
    shell, unknown directory, every produced command marked remote."""
    if not payload or any(w.dynamic for w in payload):
        return
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.run_argv(payload, x.cmd, scope, x.cmd.name)
    for c in x.run.analysis.commands[before:]:
        c.remote = True

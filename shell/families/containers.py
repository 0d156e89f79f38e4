"""Containers and Kubernetes (SPEC §3 bash-check "destructive commands";
infrastructure family; infrastructure-as-code tools are in
:mod:`shell.families.infra`).

Global options come before the subcommand (``docker --context c``,
``kubectl --context c -n ns``). ``kubectl|oc delete`` of anything (a kind
and a name, ``-f FILE``, ``--all``), ``drain``, ``replace --force``, ``apply
--prune``, ``scale --replicas=0``; ``docker|podman|nerdctl rm -f``, ``rmi
-f``, every ``prune`` (``system prune`` with or without ``-a``), ``volume
rm``, ``system reset``, ``stack|service rm``, ``swarm leave --force``,
``compose down -v|--rmi``; ``crictl rm|rmi|rmp`` of everything are
``infra-destroy`` (dry runs are not). Commands run in a container
(``docker|podman exec|run ... CMD``, ``kubectl exec ... -- CMD``) are
analysed with remote semantics (their paths are not local); mounting ``/``
or a system directory from the host is ``system-write``.
"""

from __future__ import annotations

import shell.paths as paths
from shell.families.infra import destroy, dry, remote_argv
from shell.invocation import X, touch_all
from shell.opts import positional
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "infrastructure"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "kubectl": "h_kubectl", "oc": "h_kubectl", "microk8s": "h_kubectl", "k3s": "h_kubectl",
    "docker": "h_docker", "podman": "h_docker", "nerdctl": "h_docker",
    "docker-compose": "h_compose", "podman-compose": "h_compose", "crictl": "h_crictl",
}

#: kubectl global options that take a value.
_KUBE_VALUES = frozenset({"--context", "-n", "--namespace", "--kubeconfig", "--cluster",
                          "--user", "-s", "--server", "--token", "--request-timeout",
                          "--as", "--as-group", "-v", "--v", "--certificate-authority",
                          "-l", "--selector", "-o", "--output", "-f", "--filename",
                          "--field-selector", "--replicas", "--grace-period", "-c",
                          "--container", "--timeout"})
#: docker/podman global options that take a value.
_DOCKER_VALUES = frozenset({"--context", "-c", "-H", "--host", "--config", "-l",
                            "--log-level", "--tlscacert", "--tlscert", "--tlskey",
                            "--connection", "--url", "--identity", "--root", "--runroot",
                            "--storage-driver", "--namespace", "-n", "--address", "-a",
                            "-f", "--file", "-p", "--project-name", "--env-file",
                            "--profile", "--project-directory", "--filter"})


#: docker exec options that take a value.
_EXEC_VALUES = frozenset({"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir",
                          "--detach-keys"})


def h_kubectl(x: X) -> list:
    """kubectl/oc (``microk8s kubectl``, ``k3s kubectl``): see the module
    docstring. Returns ``[cmd]``."""
    args = x.args
    if x.cmd.key in ("microk8s", "k3s"):
        if not args or args[0].value not in ("kubectl", "oc"):
            return _container(x)
        args = args[1:]
    vals = [a.value for a in args]
    ops = positional(args, _KUBE_VALUES)
    if ops and not dry(vals):
        sub = ops[0]
        if sub == "delete":
            what = " ".join(ops[1:3]) or next((v for v in vals if v.startswith(("-f", "--f",
                                                                                "--all"))), "")
            destroy(x, Msg("shell.find.kubectl_delete", name=x.cmd.name, what=what) if what else
                    Msg("shell.find.kubectl_delete_any", name=x.cmd.name))
        elif sub in ("drain", "cordon"):
            destroy(x, Msg("shell.find.takes_node_out_service", name=x.cmd.name,
                           sub=sub))
        elif sub == "replace" and any(v in ("--force",) for v in vals):
            destroy(x, Msg("shell.find.replace_force_deletes_recreates", name=x.cmd.name))
        elif sub == "apply" and any(v.startswith("--prune") for v in vals):
            destroy(x, Msg("shell.find.apply_prune_deletes_resources",
                           name=x.cmd.name))
        elif sub == "scale" and ("--replicas=0" in vals or any(
                v == "--replicas" and vals[k + 1:k + 2] == ["0"] for k, v in enumerate(vals))):
            destroy(x, Msg("shell.find.scale_replicas_stops_every", name=x.cmd.name))
    return _container(x)


#: docker subcommands (after an optional object word) that destroy, and
#: the options that make them destroy (``None``: always).
_DOCKER_DESTROY = {
    ("rm",): ("-f", "--force", "-v", "--volumes"),
    ("container", "rm"): ("-f", "--force", "-v", "--volumes"),
    ("rmi",): ("-f", "--force"),
    ("image", "rm"): ("-f", "--force"),
    ("volume", "rm"): None, ("volume", "remove"): None,
    ("system", "reset"): None, ("stack", "rm"): None, ("stack", "remove"): None,
    ("service", "rm"): None, ("secret", "rm"): None, ("config", "rm"): None,
    ("machine", "rm"): None, ("swarm", "leave"): ("-f", "--force"),
    ("pod", "rm"): ("-f", "--force", "-a", "--all"),
}


def h_docker(x: X) -> list:
    """docker/podman/nerdctl: see the module docstring; ``compose`` goes to
    :func:`h_compose`. Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = positional(x.args, _DOCKER_VALUES)
    if ops and ops[0] == "compose":
        return h_compose(x, ops[1:])
    if ops and not dry(vals):
        if "prune" in ops[:2]:
            destroy(x, Msg("shell.find.deletes_containers_images_networks",
                           name=x.cmd.name, what=' '.join(ops[:ops.index('prune') + 1])))
        else:
            for form, options in _DOCKER_DESTROY.items():
                if tuple(ops[:len(form)]) == form and (options is None or any(
                        _flag(vals, o) for o in options)):
                    destroy(x, Msg("shell.find.deletes_containers_images_volumes", name=x.cmd.name,
                                   what=' '.join(form)))
                    break
            else:
                if ops[:1] in (["rm"], ["rmi"]) or ops[:2] in (["container", "rm"],
                                                               ["image", "rm"]):
                    if any(a.dynamic for a in x.args):
                        # docker rm $(docker ps -aq): which ones is known only at run time
                        x.run.find("infra-destroy",
                                   Msg("shell.find.removes_containers_images_chosen",
                                                        name=x.cmd.name, what=ops[0]),
                                   x.cmd, certain=False)
    return _container(x)


def _flag(vals: list, option: str) -> bool:
    """``option`` given alone, with ``=value`` or in a short bundle (``-fv``)."""
    if option.startswith("--"):
        return any(v == option or v.startswith(option + "=") for v in vals)
    return any(v.startswith("-") and not v.startswith("--") and option[1] in v[1:]
               for v in vals)


def h_compose(x: X, ops: list | None = None) -> list:
    """``docker compose down -v|--volumes|--rmi``, ``compose rm -f -v``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    if ops is None:
        ops = positional(x.args, _DOCKER_VALUES)
    if ops and not dry(vals):
        if ops[0] == "down" and any(_flag(vals, o) for o in ("-v", "--volumes", "--rmi")):
            destroy(x, Msg("shell.find.compose_down_v_rmi", name=x.cmd.name))
        elif ops[0] == "rm" and (_flag(vals, "-v") or "--volumes" in vals):
            destroy(x, Msg("shell.find.compose_rm_v_deletes", name=x.cmd.name))
    touch_all(x)
    return x.plain()


def h_crictl(x: X) -> list:
    """``crictl rm|rmi|rmp`` with ``-a``/``--all``/``--prune``
    (``infra-destroy``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = positional(x.args)
    if ops[:1] in (["rm"], ["rmi"], ["rmp"]) and any(
            v in ("-a", "--all", "--prune", "-f", "--force") for v in vals):
        destroy(x, Msg("shell.find.deletes_every_container_image", name=x.cmd.name,
                       what=ops[0]))
    return x.plain()


def _container(x: X) -> list:
    """``docker|podman exec|run ... cmd``, ``kubectl exec ... -- cmd``: the
    command runs in a container (remote semantics)."""
    cmd = x.cmd
    x.run.add(cmd)
    vals = [a.value for a in x.args]
    if cmd.key in ("kubectl", "oc", "microk8s", "k3s"):
        if "exec" in vals and "--" in vals:
            payload = x.args[vals.index("--") + 1:]
            remote_argv(x, payload)
        touch_all(x)
        return [cmd]
    sub = next((v for v in vals if not v.startswith("-")), None)
    if sub not in ("run", "exec"):
        touch_all(x)
        return [cmd]
    if sub == "exec":
        # docker exec [OPTIONS] CONTAINER CMD...: CMD runs in a live container.
        rest = x.args[vals.index("exec") + 1:]
        ops = []
        k = 0
        while k < len(rest):
            v = rest[k].value
            if not ops and v.startswith("-"):
                k += 2 if v in _EXEC_VALUES else 1
                continue
            ops = rest[k:]
            break
        remote_argv(x, ops[1:])
    for k, v in enumerate(vals):
        if v in ("-v", "--volume", "--mount") and k + 1 < len(vals):
            spec = vals[k + 1]
            host = spec.split(":", 1)[0]
            if spec.startswith(("type=", "source=", "src=")):
                host = next((p.split("=", 1)[1] for p in spec.split(",")
                             if p.startswith(("source=", "src="))), "")
            if host.startswith("/") and (host == "/" or paths.is_system(host)):
                # The host's system, not the cluster's: judged at the system family's
                # (hard) level.
                x.run.find("system-write", Msg("shell.find.mounts_host_container", name=cmd.name,
                                               host=host), cmd, command_family="system")
    return [cmd]

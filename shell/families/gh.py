"""GitHub's CLI (SPEC §3 bash-check, §5 phase 7E): ``gh api`` request
methods in every spelling, ``gh <group> delete|remove|archive...`` (deletes
or archives something on GitHub: ``gh-delete``), ``gh alias set --shell``
(shell code: a carrier, analysed) and ``gh extension install|exec``
(third-party code: a carrier).
"""

from __future__ import annotations

import shell.opts as opts
from shell.invocation import X, request_methods
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "gh"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"gh": "h_gh"}


#: gh subcommands (second word) that delete or archive something remote.
GH_DESTRUCTIVE = frozenset({"delete", "remove", "rm", "archive", "delete-asset", "destroy",
                            "unlink"})


def h_gh(x: X) -> list:
    """``gh [-R REPO] GROUP ACTION ...``: see the module docstring. Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = x.args
    vals = [a.value for a in args]
    # gh's global flags: -R/--repo OWNER/REPO, --hostname
    k = 0
    while k < len(vals) and vals[k].startswith("-"):
        k += 2 if vals[k] in ("-R", "--repo", "--hostname") else 1
    if k >= len(vals):
        return [cmd]
    group = vals[k]
    rest = args[k + 1:]
    if group == "api":
        p = opts.parse(rest, "XfFHpqt", ("--method", "--field", "--raw-field", "--header",
                                         "--preview", "--jq", "--template", "--input",
                                         "--hostname", "--cache"))
        request_methods(x, "gh api", p.values("-X", "--method"),
                        "POST" if p.has("-f", "-F", "--field", "--raw-field", "--input") else None,
                        p.values("-H", "--header"), ("x-http-method-override:", "x-http-method:"))
        return [cmd]
    if group == "alias" and rest and rest[0].value in ("set", "import"):
        if any(a.value in ("-s", "--shell") for a in rest):
            run.carrier("gh-alias", Msg("shell.carrier.gh_alias_set_shell"), cmd)
            body = [a for a in rest[1:] if not a.value.startswith("-")]
            if len(body) >= 2 and not body[1].dynamic:
                x.code(body[1].value, "gh alias --shell")
        return [cmd]
    action = rest[0].value if rest else ""
    if action in GH_DESTRUCTIVE:
        run.find("gh-delete", Msg("shell.find.gh_deletes_archives_something", group=group,
                                  action=action),
                 cmd)
        run.http("DELETE", cmd)
    if group == "extension" and action in ("install", "exec", "upgrade"):
        run.carrier("gh-extension", Msg("shell.carrier.gh_extension_installs_runs"), cmd)
    return [cmd]

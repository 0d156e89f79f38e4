"""Network clients and remote commands (SPEC §3 bash-check, §5 phase 7E;
bypass families C and D): HTTP request methods in every spelling (``-X
DELETE``, ``-XDELETE``, ``--request=DELETE``, ``--method``, data flags
implying POST, method-override headers: DELETE/PURGE are ``http-delete``,
the rest feed ``Analysis.http_methods``), downloaded files, ``nc -e``/
``socat EXEC:`` (a remote shell: ``fetched-exec``), ``ssh HOST CMD`` (the
remote command is analysed; its paths are not local), ``rsync`` (``--delete``
judged like a recursive delete) and ``scp``.
"""

from __future__ import annotations

import os

import shell.opts as opts
from shell.deletion import judge_delete
from shell.invocation import X, code_carrier, cwd_word, http_method, request_methods
from shell.model import Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "network"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "curl": "h_curl", "wget": "h_wget", "http": "h_httpie", "https": "h_httpie",
    "xh": "h_httpie", "xhs": "h_httpie", "nc": "h_netcat", "ncat": "h_netcat",
    "netcat": "h_netcat", "socat": "h_socat", "ssh": "h_ssh", "rsync": "h_rsync",
    "scp": "h_scp", "ssh-keygen": "h_ssh_keygen",
}


def h_curl(x: X) -> list:
    """``curl``: the request method (explicit, implied by ``-d``/``-F``/``-T``,
    or a method-override header); ``-o``/``-O``/``-D``/``-c``... write files
    (``--output-dir`` honoured); ``-K`` config files are unknown. Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "AbcCdDeEFHhKmoPQrtTuUwxXyYz",
                   ("--request", "--data", "--data-ascii", "--data-binary", "--data-raw",
                    "--data-urlencode", "--form", "--form-string", "--json", "--upload-file",
                    "--output", "--dump-header", "--cookie-jar", "--trace", "--trace-ascii",
                    "--stderr", "--libcurl", "--etag-save", "--output-dir", "--config",
                    "--header", "--user", "--proxy", "--cookie", "--user-agent", "--referer",
                    "--cert", "--key", "--cacert", "--max-time", "--connect-timeout",
                    "--retry", "--range", "--write-out", "--url", "--hsts", "--alt-svc",
                    "--proxy-user", "--resolve", "--connect-to", "--interface", "--limit-rate",
                    "--quote", "--continue-at", "--time-cond", "--max-filesize",
                    "--netrc-file", "--unix-socket", "--request-target", "--variable",
                    "--expand-url", "--aws-sigv4", "--oauth2-bearer", "--preproxy",
                    "--retry-delay", "--retry-max-time", "--happy-eyeballs-timeout-ms",
                    "--ftp-port", "--telnet-option", "--speed-limit", "--speed-time"),
                   long_flags=("--get", "--head", "--remote-name", "--remote-name-all",
                               "--location", "--silent", "--show-error", "--fail",
                               "--include", "--verbose", "--insecure", "--compressed",
                               "--create-dirs", "--remote-header-name"))
    implied = None
    if p.has("-T", "--upload-file"):
        implied = "PUT"
    elif p.has("-d", "--data", "--data-ascii", "--data-binary", "--data-raw",
               "--data-urlencode", "-F", "--form", "--form-string", "--json") and \
            not p.has("-G", "--get"):
        implied = "POST"
    request_methods(x, "curl", p.values("-X", "--request"), implied, p.values("-H", "--header"),
                    ("x-http-method-override:", "x-http-method:", "x-method-override:"))
    if p.has("-K", "--config"):
        run.unknown(Msg("shell.unknown.curl_k_reads_options"))
    out_dir = p.value("--output-dir")
    urls = [w for w in p.operands] + list(p.values("--url"))
    for o, v in p.opts:
        if v is None:
            continue
        if o in ("-o", "--output"):
            if v.value != "-":
                target = v if out_dir is None or v.value.startswith("/") else Word(
                    v.text, os.path.join(out_dir.value, v.value), dynamic=v.dynamic or
                    out_dir.dynamic)
                run.write(cmd, target, "curl -o")
        elif o in ("-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii",
                   "--stderr", "--libcurl", "--etag-save", "--hsts", "--alt-svc"):
            if v.value != "-":
                run.write(cmd, v, f"curl {o}")
    if p.has("-O", "--remote-name", "--remote-name-all"):
        for u in urls:
            name = Word(u.text, _url_basename(u.value), dynamic=u.dynamic)
            if out_dir is not None:
                name = Word(u.text, os.path.join(out_dir.value, name.value),
                            dynamic=name.dynamic or out_dir.dynamic)
            run.write(cmd, name, "curl -O")
    return [cmd]


def h_wget(x: X) -> list:
    """``wget``: ``--method``/``--post-*`` methods; the downloaded file (URL base
    name, ``-O``, ``-P`` prefix; ``-r``: the directory, recursively) and log
    files are written; ``-e``/``--config`` are unknown. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "OoaPiBeUtTwQlAR",
                   ("--output-document", "--output-file", "--append-output",
                    "--directory-prefix", "--input-file", "--base", "--execute",
                    "--user-agent", "--tries", "--timeout", "--wait", "--quota", "--level",
                    "--accept", "--reject", "--method", "--body-data", "--body-file",
                    "--post-data", "--post-file", "--header", "--user", "--password",
                    "--load-cookies", "--save-cookies", "--save-headers", "--config",
                    "--ca-certificate", "--certificate", "--private-key", "--limit-rate",
                    "--referer", "--restrict-file-names", "--warc-file", "--rejected-log",
                    "--default-page"))
    request_methods(x, "wget", p.values("--method"),
                    "POST" if p.has("--post-data", "--post-file", "--body-data", "--body-file")
                    else None)
    if p.has("-e", "--execute", "--config"):
        run.unknown(Msg("shell.unknown.wget_e_config_runs"))
    for o, v in p.opts:
        if v is None or v.value == "-":
            continue
        if o in ("-O", "--output-document", "-o", "--output-file", "-a", "--append-output",
                 "--save-cookies", "--warc-file", "--rejected-log"):
            run.write(cmd, v, f"wget {o}")
    if not p.has("-O", "--output-document", "--spider"):
        prefix = p.value("-P", "--directory-prefix")
        recursive = p.has("-r", "--recursive", "-m", "--mirror")
        for u in p.operands:
            if recursive:
                target = prefix if prefix is not None else cwd_word(cmd)
                run.write(cmd, target, "wget -r", recursive=True)
                continue
            name = _url_basename(u.value)
            if prefix is not None:
                name = os.path.join(prefix.value, name)
            run.write(cmd, Word(u.text, name, dynamic=u.dynamic or (
                prefix is not None and prefix.dynamic)), "wget")
    return [cmd]


def _url_basename(url: str) -> str:
    """The file name a download of ``url`` gets (``index.html`` for none)."""
    path = url.split("?", 1)[0].split("#", 1)[0]
    if "://" in path:
        path = path.split("://", 1)[1]
        path = path.split("/", 1)[1] if "/" in path else ""
    base = path.rstrip("/").rsplit("/", 1)[-1] if path else ""
    return base or "index.html"


#: The methods HTTPie/xh accept as their first operand.
_HTTPIE_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE", "TRACE",
                   "CONNECT"}


def h_httpie(x: X) -> list:
    """HTTPie/xh (``http``, ``https``, ``xh``, ``xhs``): the method (explicit,
    or POST when data items are given); ``--output``/``--download`` write.
    Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "oaAv", ("--output", "--auth", "--auth-type", "--session",
                                    "--session-read-only", "--verify", "--cert", "--cert-key",
                                    "--timeout", "--pretty", "--style", "--print", "--proxy",
                                    "--format-options", "--method"))
    ops = p.operands
    method = None
    for v in p.values("--method"):
        method = v.value
    if ops and ops[0].value.upper() in _HTTPIE_METHODS and not ops[0].value.startswith(
            ("http", "/", ":")):
        method = ops[0].value
        ops = ops[1:]
    items = ops[1:]
    if method is None:
        has_data = any(("=" in w.value and "==" not in w.value) or ":=" in w.value or
                       "@" in w.value for w in items)
        method = "POST" if has_data or p.has("-f", "--form", "--raw") else "GET"
    http_method(run, cmd, method)
    for v in p.values("-o", "--output"):
        run.write(cmd, v, f"{cmd.name} --output")
    if p.has("-d", "--download") and not p.values("-o", "--output") and ops:
        run.write(cmd, Word.literal(_url_basename(ops[0].value)), f"{cmd.name} --download")
    return [cmd]


def h_netcat(x: X) -> list:
    """``nc -e PROG``/``-c CMD``: a program wired to a network connection (a
    remote shell)."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if any(v in ("-e", "-c", "--exec", "--sh-exec", "--lua-exec") or v.startswith(
            ("--exec=", "--sh-exec=")) for v in vals):
        x.run.find("fetched-exec", Msg("shell.find.e_c_connects_program",
                                       name=cmd.name), cmd)
    return x.plain()


def h_socat(x: X) -> list:
    """``socat`` with an ``EXEC:``/``SYSTEM:`` address runs a program on a
    connection (``fetched-exec``). Returns ``[cmd]``."""
    cmd = x.cmd
    for a in x.args:
        v = a.value.lower()
        if v.startswith(("exec:", "system:")) or ",exec:" in v:
            x.run.find("fetched-exec", Msg("shell.find.socat_runs_program_connection"),
                       cmd)
            break
    return x.plain()


def h_ssh(x: X) -> list:
    """``ssh host cmd...``: the remote command runs on another machine; its
    destructive commands still count, its paths are not local ones."""
    cmd = x.cmd
    x.run.add(cmd)
    p = opts.parse(x.args, "BbcDEeFIiJLlmOopQRSWw", posix=True)
    for o, v in p.opts:
        if o == "-o" and v is not None and v.value.lower().startswith(
                ("proxycommand", "localcommand", "permitlocalcommand")):
            x.run.carrier("ssh", Msg("shell.carrier.ssh_o_proxycommand_localcommand"), cmd)
            if not v.dynamic and "=" in v.value:
                x.code(v.value.split("=", 1)[1], "ssh ProxyCommand")
        if o == "-E" and v is not None:
            x.run.write(cmd, v, "ssh -E")
    if len(p.operands) < 2:
        return [cmd]
    remote = p.operands[1:]
    if any(w.dynamic for w in remote):
        x.run.unknown(Msg("shell.unknown.ssh_runs_remote_command"))
        return [cmd]
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.code(" ".join(w.value for w in remote), scope, cmd.depth + 1,
             cmd.wrappers + ["ssh"], None)
    for c in x.run.analysis.commands[before:]:
        c.remote = True
    return [cmd]


def h_rsync(x: X) -> list:
    """``rsync SRC... DEST``: a local destination is written recursively
    (``--delete`` judged as a recursive forced delete of it);
    ``--remove-source-files`` deletes local sources; ``-e``/``--rsync-path``
    run commands (``rsync-exec`` carriers); ``--log-file`` writes. Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "eBfTM", ("--rsh", "--rsync-path", "--filter", "--exclude",
                                     "--include", "--exclude-from", "--include-from",
                                     "--files-from", "--temp-dir", "--compare-dest",
                                     "--copy-dest", "--link-dest", "--backup-dir",
                                     "--suffix", "--chmod", "--chown", "--log-file",
                                     "--partial-dir", "--password-file", "--port",
                                     "--out-format", "--bwlimit", "--timeout"))
    for v in p.values("-e", "--rsh"):
        code_carrier(x, "rsync-exec", v, Msg("shell.carrier.rsync_e_runs_command"),
                     Msg("shell.unknown.rsync_e_runs_command"), "rsync -e")
    for _v in p.values("--rsync-path"):
        run.carrier("rsync-exec", Msg("shell.carrier.rsync_rsync_path_runs"), cmd)
    for v in p.values("--log-file"):
        run.write(cmd, v, "rsync --log-file")
    ops = p.operands
    if len(ops) < 2 or p.has("-n", "--dry-run", "--list-only"):
        return [cmd]   # a dry run (or a listing) changes nothing
    dest = ops[-1]
    deleting = any(o[0].startswith("--delete") or o[0] == "--remove-source-files"
                   for o in p.opts)
    if _remote_spec(dest.value):
        return [cmd]
    targets = run.write(cmd, dest, "rsync", recursive=True)
    if deleting:
        judge_delete(x, dest, targets, True, True, "rsync --delete")
    if p.has("--remove-source-files"):
        for s in ops[:-1]:
            if not _remote_spec(s.value):
                run.write(cmd, s, "rsync --remove-source-files", "delete", recursive=True)
    return [cmd]


def _remote_spec(v: str) -> bool:
    """``host:path``, ``user@host:path`` or ``rsync://...``: not a local path."""
    head = v.split("/", 1)[0]
    return ":" in head or v.startswith("rsync://")


def h_scp(x: X) -> list:
    """``scp SRC... DEST``: a local destination is written; ``-S PROG`` runs a
    program (``scp-exec``). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "cFiJloPSDX")
    for _v in p.values("-S"):
        run.carrier("scp-exec", Msg("shell.carrier.scp_runs_program"), cmd)
    ops = p.operands
    if len(ops) >= 2 and not _remote_spec(ops[-1].value):
        run.write(cmd, ops[-1], "scp", recursive=p.has("-r"))
    return [cmd]


#: ssh-keygen options that only read and print (fingerprints, public keys
#: from a private key, known_hosts look-ups, certificates, conversions).
_KEYGEN_READS = frozenset("lByFLQDeirV")


def h_ssh_keygen(x: X) -> list:
    """``ssh-keygen``: the reading forms (``-l``, ``-y``, ``-F``, ``-L``,
    ``-B``, ``-e``...) only print, whatever file they name
    (``ssh-keygen -l -f ~/.ssh/id_rsa.pub`` is not a write); every other form
    writes its ``-f`` file (default ``~/.ssh/id_<type>``, ``known_hosts``
    for ``-R``/``-H``) and its ``.pub``. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    p = opts.parse(x.args, "abCfIJjKmNnOPrSstuVwYzZDEFgGLMRTW")
    flags = {o[1:] for o, _v in p.opts if len(o) == 2}
    if flags & _KEYGEN_READS and not flags & set("RHpckAsY"):
        return x.plain()
    home = run.home or "~"
    target = p.value("-f")
    if "R" in flags or "H" in flags:
        target = target or Word.literal(os.path.join(home, ".ssh", "known_hosts"))
        run.write(cmd, target, "ssh-keygen -R/-H")
        return x.plain()
    if target is None:
        kind = (p.value("-t").value if p.value("-t") is not None else "ed25519").lower()
        target = Word.literal(os.path.join(home, ".ssh", f"id_{kind}"))
    run.write(cmd, target, "ssh-keygen")
    if not target.dynamic and not flags & set("pckY"):
        run.write(cmd, Word(target.text, target.value + ".pub"), "ssh-keygen")
    for op in p.operands:
        run.touched(cmd, op)
    return x.plain()

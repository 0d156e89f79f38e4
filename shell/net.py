"""HTTP clients and GitHub's CLI: request methods in every spelling
(``-X DELETE``, ``-XDELETE``, ``--request=DELETE``, ``--method DELETE``,
data flags implying POST, method-override headers), output files, and
``gh`` subcommands that delete (SPEC §3 bash-check, §5 phase 7E; bypass
family D)."""

from __future__ import annotations

import os

from shell import opts
from shell.model import Word

#: gh subcommands (second word) that delete or archive something remote.
GH_DESTRUCTIVE = frozenset({"delete", "remove", "rm", "archive", "delete-asset", "destroy",
                            "unlink"})


def _method(run, cmd, value: str) -> None:
    method = value.strip().upper()
    if not method:
        return
    run.http(method, cmd)


def _url_basename(url: str) -> str:
    path = url.split("?", 1)[0].split("#", 1)[0]
    if "://" in path:
        path = path.split("://", 1)[1]
        path = path.split("/", 1)[1] if "/" in path else ""
    base = path.rstrip("/").rsplit("/", 1)[-1] if path else ""
    return base or "index.html"


def h_curl(x) -> list:
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
    explicit = p.values("-X", "--request")
    for v in explicit:
        if v.dynamic:
            run.unknown("curl's HTTP method is computed at run time")
        else:
            _method(run, cmd, v.value)
    if not explicit:
        if p.has("-T", "--upload-file"):
            run.http("PUT", cmd)
        elif p.has("-d", "--data", "--data-ascii", "--data-binary", "--data-raw",
                   "--data-urlencode", "-F", "--form", "--form-string", "--json") and \
                not p.has("-G", "--get"):
            run.http("POST", cmd)
    for h in p.values("-H", "--header"):
        low = h.value.lower()
        if low.startswith(("x-http-method-override:", "x-http-method:", "x-method-override:")):
            _method(run, cmd, h.value.split(":", 1)[1])
    if p.has("-K", "--config"):
        run.unknown("curl -K reads options (method, output files) from a config file")
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


def h_wget(x) -> list:
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
    for v in p.values("--method"):
        if v.dynamic:
            run.unknown("wget's HTTP method is computed at run time")
        else:
            _method(run, cmd, v.value)
    if not p.values("--method") and p.has("--post-data", "--post-file", "--body-data",
                                           "--body-file"):
        run.http("POST", cmd)
    if p.has("-e", "--execute", "--config"):
        run.unknown("wget -e/--config runs wgetrc commands that change what it does")
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
                target = prefix if prefix is not None else _cwd(cmd)
                run.write(cmd, target, "wget -r", recursive=True)
                continue
            name = _url_basename(u.value)
            if prefix is not None:
                name = os.path.join(prefix.value, name)
            run.write(cmd, Word(u.text, name, dynamic=u.dynamic or (
                prefix is not None and prefix.dynamic)), "wget")
    return [cmd]


def _cwd(cmd) -> Word:
    from shell.model import DYN

    if cmd.cwd is not None and len(cmd.cwd) == 1:
        return Word.literal(next(iter(cmd.cwd)))
    return Word(DYN, DYN, dynamic=True)


_HTTPIE_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE", "TRACE",
                   "CONNECT"}


def h_httpie(x) -> list:
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
    _method(run, cmd, method)
    for v in p.values("-o", "--output"):
        run.write(cmd, v, f"{cmd.name} --output")
    if p.has("-d", "--download") and not p.values("-o", "--output") and ops:
        run.write(cmd, Word.literal(_url_basename(ops[0].value)), f"{cmd.name} --download")
    return [cmd]


def h_gh(x) -> list:
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
        methods = p.values("-X", "--method")
        for v in methods:
            if v.dynamic:
                run.unknown("gh api's HTTP method is computed at run time")
            else:
                _method(run, cmd, v.value)
        if not methods and (p.has("-f", "-F", "--field", "--raw-field", "--input")):
            run.http("POST", cmd)
        for h in p.values("-H", "--header"):
            low = h.value.lower()
            if low.startswith(("x-http-method-override:", "x-http-method:")):
                _method(run, cmd, h.value.split(":", 1)[1])
        return [cmd]
    if group == "alias" and rest and rest[0].value in ("set", "import"):
        if any(a.value in ("-s", "--shell") for a in rest):
            run.carrier("gh-alias", "gh alias set --shell defines a shell command", cmd)
            body = [a for a in rest[1:] if not a.value.startswith("-")]
            if len(body) >= 2 and not body[1].dynamic:
                x.code(body[1].value, "gh alias --shell")
        return [cmd]
    action = rest[0].value if rest else ""
    if action in GH_DESTRUCTIVE:
        run.find("gh-delete", f"gh {group} {action} deletes or archives something on GitHub",
                 cmd)
        run.http("DELETE", cmd)
    if group == "extension" and action in ("install", "exec", "upgrade"):
        run.carrier("gh-extension", "gh extension installs or runs third-party code", cmd)
    return [cmd]


def register(handlers: dict) -> None:
    handlers.update({"curl": h_curl, "wget": h_wget, "http": h_httpie, "https": h_httpie,
                     "xh": h_httpie, "xhs": h_httpie, "gh": h_gh})

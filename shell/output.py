"""What commands print, when that is known without running them (SPEC §4):
the text a pipe carries into a shell or ``xargs``, what a redirect writes
into a file a later command runs."""

from __future__ import annotations


def static_output(producers):
    """What the commands ``producers`` (a sequence of
    :class:`shell.model.SimpleCommand`) print, concatenated, when each is an
    ``echo``, ``printf``, ``cat <<EOF``/``cat <<<``, ``true`` or ``:`` with
    literal arguments; else ``None`` (the output is only known at run
    time)."""
    out = []
    for p in producers:
        name = p.name
        if p.dynamic:
            return None
        if name == "echo":
            args = p.args
            flags = ""
            while args and args[0].startswith("-") and set(args[0][1:]) <= set("neE") and \
                    len(args[0]) > 1:
                flags += args[0][1:]
                args = args[1:]
            text = " ".join(args)
            if "e" in flags:
                from shell.lexer import ansi_c_decode  # lazy: for echo -e only

                text = ansi_c_decode(text)
            out.append(text + ("" if "n" in flags else "\n"))
        elif name == "printf" and p.args:
            fmt = p.args[0]
            from shell.lexer import ansi_c_decode  # lazy: for printf only

            if "%" in fmt.replace("%%", ""):
                rest = p.args[1:]
                if fmt.strip() in ("%s", "%s\\n", "%b", "%b\\n") or not rest:
                    joined = (fmt.replace("%s", "{}").replace("%b", "{}"))
                    try:
                        text = "".join(joined.format(a) for a in rest) if rest else joined
                    except (IndexError, KeyError, ValueError):
                        return None
                    out.append(ansi_c_decode(text))
                    continue
                return None
            out.append(ansi_c_decode(fmt.replace("%%", "%")))
        elif name == "cat" and not p.args and p.stdin is not None and p.stdin.kind in (
                "heredoc", "herestring") and not p.stdin.dynamic:
            out.append(p.stdin.content or "")
        elif name in ("true", ":"):
            continue
        else:
            return None
    return "".join(out)

"""Claude Code's static permission rules: which allow/ask/deny rule of the
settings files applies to a Bash command.

The first layer of seed 000's three (static rules, the PermissionRequest
hook, the dialog), read the way Claude Code reads it (reference
"Registration": permission rules):

* **Where**: ``permissions.allow|ask|deny`` of the user's
  ``~/.claude/settings.json``, the project's ``.claude/settings.json`` and
  ``.claude/settings.local.json``. Rules of every file apply together (they
  merge; no file can lift another's deny); managed settings are not read.
* **Precedence**: deny, then ask, then allow — a deny rule anywhere wins.
* **A rule** is ``Tool`` (every use of the tool) or ``Tool(specifier)``.
  For Bash the specifier is the command: exact (``Bash(git status)``), a
  prefix ``Bash(git push:*)``, which is the same as ``Bash(git push *)``
  (the prefix alone or followed by a space and anything: ``Bash(ls *)``
  matches ``ls`` and ``ls -la``, not ``lsof``), or with ``*`` anywhere
  matching any characters (``Bash(ls*)`` matches ``lsof`` too).
* **Compound commands** are matched per subcommand (split at ``;``, ``&&``,
  ``||``, ``|``, ``&`` and newlines outside quotes): a deny or ask rule that
  matches any subcommand applies; an allow rule approves the command only
  when every subcommand is allowed. Wrappers (``timeout``, ``nohup``,
  ``time``, ``nice``) are stripped first.

Standard library only, no regular expressions (``fnmatch`` is not needed:
:func:`glob_match` is ``*`` only, the one wildcard rules have).
"""

from __future__ import annotations

import os

from statefiles import fastjson  # the suite's C JSON reader, no `json`/`re` import

KINDS = ("deny", "ask", "allow")
#: Settings files, in the order their rules are listed (user, project, local).
PROJECT_FILES = (".claude/settings.json", ".claude/settings.local.json")
USER_FILE = "~/.claude/settings.json"

#: Wrappers stripped before matching, with how many arguments each takes
#: after its options (``timeout 5 cmd``).
WRAPPERS = {"timeout": 1, "nohup": 0, "time": 0, "nice": 0}


class Rule:
    """One rule: ``kind`` (deny/ask/allow), ``text`` as written, ``source``
    (the settings file), ``tool`` and ``specifier`` (``None`` for a bare
    tool name)."""

    __slots__ = ("kind", "text", "source", "tool", "specifier")

    def __init__(self, kind: str, text: str, source: str) -> None:
        self.kind, self.text, self.source = kind, text, source
        self.tool, self.specifier = parse_rule(text)

    def to_json(self) -> dict:
        return {"kind": self.kind, "rule": self.text, "source": self.source}

    def __repr__(self) -> str:
        return f"Rule({self.kind} {self.text!r} from {self.source})"


def parse_rule(text: str) -> tuple:
    """``"Bash(git push:*)"`` → ``("Bash", "git push:*")``; ``"Read"`` →
    ``("Read", None)``; ``Bash()``/``Bash(*)`` are the whole tool."""
    text = text.strip()
    if text.endswith(")") and "(" in text:
        tool, _, spec = text[:-1].partition("(")
        spec = spec.strip()
        return tool.strip(), (spec if spec not in ("", "*") else None)
    return text, None


def load(root: str, home: str | None = None) -> tuple:
    """``(rules, problems)``: every rule of the settings files that apply to
    the project at ``root``, and a line for each file that could not be
    read. ``home`` defaults to ``~``."""
    home = os.path.expanduser("~") if home is None else home
    files = [(USER_FILE, os.path.join(home, ".claude", "settings.json"))]
    files += [(rel, os.path.join(root, rel)) for rel in PROJECT_FILES]
    rules, problems = [], []
    for label, path in files:
        try:
            with open(path, "rb") as fh:
                data = fastjson.loads(fh.read().decode("utf-8"))
        except FileNotFoundError:
            continue
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            problems.append(f"{label}: not readable as JSON ({type(exc).__name__})")
            continue
        perms = data.get("permissions") if isinstance(data, dict) else None
        if not isinstance(perms, dict):
            continue
        for kind in KINDS:
            for text in perms.get(kind) or ():
                if isinstance(text, str) and text.strip():
                    rules.append(Rule(kind, text, label))
    return rules, problems


def subcommands(command: str) -> list:
    """The subcommands of ``command`` split at ``;``, ``&&``, ``||``, ``|``,
    ``&`` and newlines outside quotes (and outside ``$(...)``/backquotes),
    stripped, empty ones left out."""
    out, cur = [], []
    quote = ""
    depth = 0
    i, n = 0, len(command)
    while i < n:
        ch = command[i]
        if quote:
            cur.append(ch)
            if ch == "\\" and quote == '"' and i + 1 < n:
                cur.append(command[i + 1])
                i += 2
                continue
            if ch == quote:
                quote = ""
            i += 1
            continue
        if ch == "\\" and i + 1 < n:
            cur.append(command[i:i + 2])
            i += 2
            continue
        if ch in ("'", '"', "`"):
            quote = ch
            cur.append(ch)
            i += 1
            continue
        if ch == "$" and command[i + 1:i + 2] == "(":
            depth += 1
            cur.append("$(")
            i += 2
            continue
        if ch == ")" and depth:
            depth -= 1
            cur.append(ch)
            i += 1
            continue
        if not depth and ch in ";|&\n":
            if ch == "&" and command[i + 1:i + 2] == ">":  # &> redirection
                cur.append("&>")
                i += 2
                continue
            if ch == "&" and cur and cur[-1] in (">", "<"):  # 2>&1
                cur.append(ch)
                i += 1
                continue
            out.append("".join(cur))
            cur = []
            i += 2 if command[i:i + 2] in ("&&", "||") else 1
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [part.strip() for part in out if part.strip()]


def strip_wrappers(sub: str) -> str:
    """``timeout 5 nohup make test`` → ``make test``."""
    words = sub.split()
    while words and words[0] in WRAPPERS:
        takes = WRAPPERS[words[0]]
        words = words[1:]
        while words and words[0].startswith("-"):
            flag = words.pop(0)
            if flag in ("-n", "-s", "-k", "--signal", "--kill-after") and words:
                words.pop(0)  # the option's value
        words = words[takes:]
    return " ".join(words) if words else sub


def glob_match(pattern: str, text: str) -> bool:
    """``*`` matches any run of characters (spaces included); everything else
    is literal."""
    parts = pattern.split("*")
    if len(parts) == 1:
        return pattern == text
    if not text.startswith(parts[0]):
        return False
    pos = len(parts[0])
    for middle in parts[1:-1]:
        at = text.find(middle, pos)
        if at < 0:
            return False
        pos = at + len(middle)
    last = parts[-1]
    return len(text) - pos >= len(last) and text.endswith(last)


def bash_matches(specifier: str | None, sub: str) -> bool:
    """Whether the Bash rule ``specifier`` matches one subcommand ``sub``
    (already split and stripped of wrappers)."""
    if specifier is None:
        return True
    sub = " ".join(sub.split())
    spec = specifier.strip()
    if spec.endswith(":*"):
        spec = spec[:-2].rstrip() + " *"
    if spec.endswith(" *") and "*" not in spec[:-2]:
        prefix = spec[:-2].rstrip()
        return sub == prefix or sub.startswith(prefix + " ")
    if spec.endswith(" *") and glob_match(spec[:-2].rstrip(), sub):
        return True  # `git * main *` also matches with nothing after
    return glob_match(spec, sub)


def match(command: str, rules: list, tool: str = "Bash") -> tuple:
    """``(kind, rule, subcommand)`` of the rule Claude Code applies to the
    ``tool`` call with ``command`` (Bash), or ``(None, None, None)`` when no
    rule decides (the hooks and the dialog do). Deny before ask before
    allow; an allow needs every subcommand allowed."""
    if tool != "Bash":
        for kind in KINDS:
            for rule in rules:
                if rule.kind == kind and rule.tool == tool and rule.specifier is None:
                    return kind, rule, None
        return None, None, None
    subs = [strip_wrappers(s) for s in subcommands(command)] or [command.strip()]
    bash = [r for r in rules if r.tool == "Bash"]
    for kind in ("deny", "ask"):
        for rule in bash:
            if rule.kind != kind:
                continue
            for sub in subs:
                if bash_matches(rule.specifier, sub):
                    return kind, rule, sub
    allowed = []
    for sub in subs:
        rule = next((r for r in bash if r.kind == "allow" and bash_matches(r.specifier, sub)),
                    None)
        if rule is None:
            return None, None, None
        allowed.append(rule)
    return "allow", allowed[0], subs[0] if len(subs) == 1 else None

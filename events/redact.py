"""Mask secrets in text written to the logs (issue 18 item 3).

Command lines, prompts and reasons end up in ``.claude/logs/decisions.jsonl``
and ``permission.jsonl``; a token typed on a command line must not be
copied there. :func:`mask` replaces the secret part of these shapes with
:data:`MASK`, keeping what names it (so the log still says *what* was
passed):

* passwords in URLs: ``https://user:<secret>@host``;
* ``-p<secret>`` (mysql, mysqldump, mariadb... glue the password to ``-p``;
  a bare ``-p`` and ``-p 3306`` are kept);
* options naming a secret: ``--password=<s>``, ``--password <s>``,
  ``--token``, ``--api-key``, ``--secret``, ``--client-secret``...;
* headers: ``Authorization: Bearer <s>``, ``Proxy-Authorization``,
  ``X-Api-Key``, ``X-Auth-Token``, ``Private-Token``, ``Cookie``;
* assignments whose name says secret: ``FOO_TOKEN=<s>``,
  ``AWS_SECRET_ACCESS_KEY=<s>``, ``password=<s>``, ``export API_KEY=<s>``;
* well-known token formats wherever they appear: AWS access key ids
  (``AKIA…``/``ASIA…``), GitHub (``ghp_``, ``github_pat_``…), GitLab
  (``glpat-``), Slack (``xox?-``), OpenAI/Anthropic (``sk-…``), Google
  (``AIza…``), JSON Web Tokens (``eyJ….eyJ….…``), PEM private key blocks.

It errs on the side of masking (``tar -pxf`` becomes ``tar -p***``): the
log is for reading what happened, not for re-running it. Imports ``re``
only when the text holds one of :data:`TRIGGERS` (most command lines hold
none, and pay neither the import nor the patterns' compilation).
"""

from __future__ import annotations

MASK = "***"

#: Lower-case substrings one of which every masked shape contains; text
#: without any is returned as it is, without loading ``re``.
TRIGGERS = ("://", "-p", "pass", "pwd", "pw", "token", "secret", "key", "auth", "credential",
            "cookie", "signature", "akia", "asia", "agpa", "aida", "aroa", "anpa", "anva",
            "aipa", "gh", "github_pat", "glpat", "xox", "sk-", "aiza", "eyj", "-----begin")

#: A value: quoted (with its quotes) or up to the next blank.
_VALUE = r"""(?:"[^"]*"?|'[^']*'?|[^\s"']+)"""
#: A name (option or variable) that says it holds a secret: one of the long
#: words anywhere in it (``PGPASSWORD``, ``GITHUB_TOKEN``, ``--api-key``), or
#: a short one as a whole ``_``/``-``/``.``-separated part (``DB_PASS``,
#: ``MYSQL_PWD``, ``--auth``; not ``bypass`` or ``author``).
_LONG = (r"(?:password|passwd|passphrase|token|secret|api[-_]?key|access[-_]?key"
         r"|private[-_]?key|credentials?|session[-_]?key|auth[-_]?key|signature)")
_NAME = (r"(?:[A-Za-z0-9_.-]*" + _LONG + r"[A-Za-z0-9_.-]*"
         r"|(?:[A-Za-z0-9_.-]*[_.-])?(?:pass|pwd|auth|pw|key)(?:[_.-][A-Za-z0-9_.-]*)?)")

_PATTERNS = None


def _compile() -> tuple:
    import re  # lazy: only text that may hold a secret pays for it

    return (
        # PEM private keys (several lines)
        (re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)",
                    re.S), "-----BEGIN PRIVATE KEY-----" + MASK + "-----END PRIVATE KEY-----"),
        # scheme://user:password@host
        (re.compile(r"(\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@'\"]*:)[^\s@'\"]+@"), r"\1" + MASK + "@"),
        # headers (curl -H, wget --header, http files)
        (re.compile(r"(\b(?:proxy-)?authorization\s*:\s*(?:(?:bearer|basic|token|digest|negotiate)"
                    r"\s+)?)[^\s'\"]+(?:[^'\"\n]*)", re.I), r"\1" + MASK),
        (re.compile(r"(\b(?:x-api-key|x-auth-token|api-key|private-token|x-access-token|cookie)"
                    r"\s*:\s*)[^'\"\n]+", re.I), r"\1" + MASK),
        # --password=x, --password x, --api-token x ...
        (re.compile(r"((?<![A-Za-z0-9_.-])--?" + _NAME + r")(=|\s+)(?!-)" + _VALUE, re.I),
         r"\1\2" + MASK),
        # NAME_TOKEN=x, password: x, "api_key": "x"
        (re.compile(r"((?<![A-Za-z0-9_.-])" + _NAME + r")([\"']?\s*[=:]\s*)" + _VALUE, re.I),
         r"\1\2" + MASK),
        # -p<password> glued to the flag (mysql family)
        (re.compile(r"((?:^|[\s;&|(])-p)(?=[^\s])" + _VALUE), r"\1" + MASK),
        # token formats
        (re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b"), MASK),
        (re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"), MASK),
        (re.compile(r"\bglpat-[A-Za-z0-9_-]{16,}"), MASK),
        (re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), MASK),
        (re.compile(r"\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}"), MASK),
        (re.compile(r"\bAIza[0-9A-Za-z_-]{30,}"), MASK),
        (re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"), MASK),
    )


def mask(text: str) -> str:
    """``text`` with every secret shape of the module docstring replaced by
    :data:`MASK`. Never raises for a ``str``; idempotent; returns non-strings
    unchanged."""
    global _PATTERNS
    if not isinstance(text, str) or not text:
        return text
    low = text.lower()
    if not any(trigger in low for trigger in TRIGGERS):
        return text
    if _PATTERNS is None:
        _PATTERNS = _compile()
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text

"""Mask secrets in text written to the logs.

Command lines, prompts and reasons end up in ``.claude/logs/decisions.jsonl``
and ``permission.jsonl``; a token typed on a command line must not be
copied there. :func:`mask` replaces the secret part of these shapes with
:data:`MASK`, keeping what names it (so the log still says *what* was
passed):

* passwords in URLs: ``https://user:<secret>@host``;
* ``-p<secret>`` (mysql, mysqldump, mariadb... glue the password to ``-p``;
  a bare ``-p`` and ``-p 3306`` are kept); ``curl -u user:<secret>``;
* options naming a secret: ``--password=<s>``, ``--password <s>``,
  ``--token``, ``--api-key``, ``--secret``, ``--client-secret``...;
* headers: ``Authorization: Bearer <s>``, ``Proxy-Authorization``,
  ``X-Api-Key``, ``X-Auth-Token``, ``Private-Token``, ``Cookie``;
* assignments whose name says secret: ``FOO_TOKEN=<s>``,
  ``AWS_SECRET_ACCESS_KEY=<s>``, ``password=<s>``, ``export API_KEY=<s>``,
  ``DB_PASS=<s>``; and keys followed by a colon (``password: <s>``,
  ``"api_key": "<s>"``, ``db_pass: <s>``). A *short* name alone before a
  colon (``pass``, ``pwd``, ``pw``, ``auth``, ``key``) is a key only where
  it is written as one: quoted (``"pass": "<s>"``) or as a lower-case key
  at the start of a line (``pass: <s>`` in YAML). Elsewhere it is prose: the
  critic's verdict ``PASS: p1.s2 done`` or "the key: ..." keep their words,
  or the audit trail would lose the subtask the verdict was about;
* well-known token formats wherever they appear: AWS access key ids
  (``AKIA…``/``ASIA…``), GitHub (``ghp_``, ``github_pat_``…), GitLab
  (``glpat-``), Slack (``xox?-``), OpenAI/Anthropic (``sk-…``), Google
  (``AIza…``), JSON Web Tokens (``eyJ….eyJ….…``), PEM private key blocks.

It errs on the side of masking (``tar -pxf`` becomes ``tar -p***``): the
log is for reading what happened, not for re-running it.

Cost (it runs in the hooks): each rule has trigger substrings and its
pattern is compiled only when the text holds one of them, so most command
lines compile nothing and text holding one shape compiles one or two
patterns. Case-insensitive rules match on an ASCII-lower-cased copy (same
length, same offsets) instead of using ``re.IGNORECASE``, which makes some
of these patterns an order of magnitude slower to compile.
"""

from __future__ import annotations

MASK = "***"

#: A value: one shell word, quoted parts (with their quotes) included.
_VALUE = r"""(?:"[^"]*"?|'[^']*'?|[^\s"'])+"""
#: A name (option or variable) that says it holds a secret: one of the long
#: words anywhere in it (``PGPASSWORD``, ``GITHUB_TOKEN``, ``--api-key``), or
#: a short one as a whole ``_``/``-``/``.``-separated part (``DB_PASS``,
#: ``MYSQL_PWD``, ``--auth``; not ``bypass`` or ``author``). Lower case: these
#: rules match the lower-cased text.
_LONG = (r"(?:password|passwd|passphrase|token|secret|api[-_]?key|access[-_]?key"
         r"|private[-_]?key|credentials?|session[-_]?key|auth[-_]?key|signature)")
_SHORT = r"(?:pass|pwd|auth|pw|key)"
_NAME = (r"(?:[a-z0-9_.-]*" + _LONG + r"[a-z0-9_.-]*"
         r"|(?:[a-z0-9_.-]*[_.-])?" + _SHORT + r"(?:[_.-][a-z0-9_.-]*)?)")
#: The names that are a key before a colon wherever they stand: a long word,
#: or a short one as one part of a longer name (``db_pass``, ``api.key``,
#: ``x-auth``). A short word alone before a colon is usually prose (the
#: verdict ``PASS:``), see the two rules for it below.
_KEY_NAME = (r"(?:[a-z0-9_.-]*" + _LONG + r"[a-z0-9_.-]*"
             r"|[a-z0-9_.-]*[_.-]" + _SHORT + r"(?:[_.-][a-z0-9_.-]*)?"
             r"|" + _SHORT + r"[_.-][a-z0-9_.-]*)")
_NAME_TRIGGERS = ("pass", "pw", "auth", "key", "token", "secret", "credential", "signature")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-")

#: ``(triggers, lower, pattern)``: the pattern runs when one of the (lower
#: case) triggers is in the lower-cased text; ``lower``: it matches the
#: lower-cased text. A match keeps its text up to the end of group 1, then
#: :data:`MASK`, then the group ``tail`` when the pattern has one.
RULES = (
    # PEM private keys (several lines)
    (("-----begin",), False,
     r"(?s)(-----BEGIN [A-Z ]*PRIVATE KEY-----).*?(?:(?P<tail>-----END [A-Z ]*PRIVATE KEY-----)|\Z)"),
    # scheme://user:password@host
    (("://",), True, r"(\b[a-z][a-z0-9+.-]*://[^\s:/@'\"]*:)[^\s@'\"]+(?P<tail>@)"),
    # headers (curl -H, wget --header, http files)
    (("authorization",), True,
     r"(\b(?:proxy-)?authorization\s*:\s*(?:(?:bearer|basic|token|digest|negotiate)\s+)?)"
     r"[^\s'\"][^'\"\n]*"),
    (("x-api-key", "x-auth-token", "api-key", "private-token", "x-access-token", "cookie"), True,
     r"(\b(?:x-api-key|x-auth-token|api-key|private-token|x-access-token|cookie)\s*:\s*)"
     r"[^'\"\n]+"),
    # --password=x, --password x, --api-token x ...
    (_NAME_TRIGGERS, True, r"((?<![a-z0-9_.-])--?" + _NAME + r"(?:=|\s+))(?!-)" + _VALUE),
    # NAME_TOKEN=x, DB_PASS=x, password=x (an assignment: any secret name)
    (_NAME_TRIGGERS, True, r"((?<![a-z0-9_.-])" + _NAME + r"[\"']?\s*=\s*)" + _VALUE),
    # password: x, "api_key": "x", db_pass: x (a key: a long or compound name)
    (_NAME_TRIGGERS, True, r"((?<![a-z0-9_.-])" + _KEY_NAME + r"[\"']?\s*:\s*)" + _VALUE),
    # "pass": "x" (a short name as a quoted key, JSON or YAML)
    (_NAME_TRIGGERS, True, r"([\"']" + _SHORT + r"[\"']\s*:\s*)" + _VALUE),
    # pass: x as a lower-case key at the start of a line (YAML, .netrc-like
    # files); case-sensitive, so that a line starting "PASS: p1.s2" stays
    (_NAME_TRIGGERS, False, r"(?m)(^[ \t]*" + _SHORT + r"[ \t]*:[ \t]*)" + _VALUE),
    # -p<password> glued to the flag (mysql family; -P is a port)
    (("-p",), False, r"((?:^|[\s;&|(])-p)(?=[^\s])" + _VALUE),
    # curl -u user:password, --user=user:password
    (("-u", "--user"), False,
     r"((?:^|[\s;&|(])(?:-u\s*|--user(?:=|\s+))['\"]?[^\s:'\"]*:)[^\s'\"]+"),
    # token formats
    (("akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa"), False,
     r"()\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b"),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), False,
     r"()\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
    (("glpat-",), False, r"()\bglpat-[A-Za-z0-9_-]{16,}"),
    (("xox",), False, r"()\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    (("sk-",), False, r"()\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}"),
    (("aiza",), False, r"()\bAIza[0-9A-Za-z_-]{30,}"),
    (("eyj",), False, r"()\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"),
)

#: Indexes of the rules with a precondition besides their triggers.
_URL = next(i for i, rule in enumerate(RULES) if rule[0] == ("://",))
_GLUED_P = next(i for i, rule in enumerate(RULES) if rule[0] == ("-p",))
_COMPILED: dict = {}
_LOWER = {c: c + 32 for c in range(65, 91)}  # A-Z → a-z only: offsets stay the same


def _pattern(index: int):
    compiled = _COMPILED.get(index)
    if compiled is None:
        import re  # lazy: only text that may hold a secret pays for it

        compiled = _COMPILED[index] = re.compile(RULES[index][2])
    return compiled


def _apply(compiled, text: str, subject: str) -> str:
    """Mask every match of ``compiled`` in ``subject`` (``text`` or its
    lower-cased copy), taking the kept parts from ``text``."""
    out = []
    last = 0
    has_tail = "tail" in compiled.groupindex
    for m in compiled.finditer(subject):
        out.append(text[last:m.end(1)])
        out.append(MASK)
        if has_tail and m.group("tail") is not None:
            out.append(text[m.start("tail"):m.end("tail")])
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _named_value(low: str) -> bool:
    """Whether a trigger word of the name rules sits in a name followed by a
    value (``name=``, ``name:``, ``"name":``, or ``--name <blank>``): a
    scan without ``re``, so that prose such as "validations as PASS with
    evidence" in a guard's reason loads and compiles nothing."""
    n = len(low)
    for trigger in _NAME_TRIGGERS:
        i = low.find(trigger)
        while i >= 0:
            end = i + len(trigger)
            while end < n and low[end] in _NAME_CHARS:
                end += 1
            start = i
            while start > 0 and low[start - 1] in _NAME_CHARS:
                start -= 1
            k = end + 1 if end < n and low[end] in "\"'" else end
            while k < n and low[k].isspace():
                k += 1
            if k < n and low[k] in "=:":
                return True
            if low[start] == "-" and end < n and low[end].isspace():
                return True
            i = low.find(trigger, i + 1)
    return False


def _glued_p(text: str) -> bool:
    """Whether ``-p`` starts a word and has something glued to it (the
    ``-p<password>`` rule's precondition, without ``re``)."""
    i = text.find("-p")
    while i >= 0:
        if (i == 0 or text[i - 1].isspace() or text[i - 1] in ";&|(") and i + 2 < len(text) \
                and not text[i + 2].isspace():
            return True
        i = text.find("-p", i + 1)
    return False


def mask(text: str) -> str:
    """``text`` with every secret shape of the module docstring replaced by
    :data:`MASK`. Never raises for a ``str``; idempotent; returns non-strings
    unchanged."""
    if not isinstance(text, str) or not text:
        return text
    low = text.translate(_LOWER)
    for index, (triggers, lower, _source) in enumerate(RULES):
        if not any(trigger in low for trigger in triggers):
            continue
        if triggers is _NAME_TRIGGERS and not _named_value(low):
            continue
        if index == _GLUED_P and not _glued_p(text):
            continue
        if index == _URL and "@" not in text:
            continue
        masked = _apply(_pattern(index), text, low if lower else text)
        if masked is not text:
            text = masked
            low = text.translate(_LOWER)
    return text

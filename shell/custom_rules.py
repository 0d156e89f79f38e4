"""The project's custom rules, ``.claude/playgate-rules.yaml``.

A user declares rules that block, or ask the user about, Bash commands of
their own choosing (``npm publish``, ``kubectl apply --context prod``, ``git
push origin main``). This module reads and validates the file against its
shipped JSON Schema (``statefiles/schemas/rules.schema.json``, see
:func:`schema_path`) and matches the rules against the *analysed* command
(:mod:`shell`, SPEC §4): every simple command the analysis sees — after
wrappers (``sudo``, ``env``, ``timeout``...), path spellings
(``/usr/bin/npm``, ``npm.exe``), quoting, and inside ``bash -c``,
``xargs``, ``find -exec``, subshells, pipelines and ``$(...)`` — never the
raw text.

A rule only adds protection: its action is ``block`` or ``ask``, never
allow. Used by the guard ``custom-rules`` (PreToolUse Bash chain), the
permission gate's ``rules`` phase (never approves a matched command) and
``playgate validate``/``explain``/``doctor``.

Fail safe: a file that cannot be read, parsed or validated is *broken*
(:attr:`RuleSet.broken`): the guard then refuses every Bash command with the
first problem (line and field), and the gate approves nothing; a typo never
silently disables the rules.

Speed: absent file → one failed ``open`` (no import). Present → the file and
the schema are read and the parsed, validated rules come from the
content-keyed cache (:mod:`statefiles.cache`, ``.claude/.cache/``); PyYAML and
jsonschema are imported only when the file changed. Matching uses string
comparisons; :mod:`fnmatch` is imported only for a pattern with ``*?[``.

Matching (what a rule's fields mean; docs/custom-rules.md):

* ``command``: the program's base name, case-insensitively (a
  case-insensitive file system runs ``NPM``); a rule with only ``command``
  also matches commands run *under* a wrapper of that name (``sudo``).
* ``subcommand``: the first operand after the options (for git, the
  subcommand after git's global options). Whether an option takes a value is
  not known in general, so a word after an option is a candidate too
  (``kubectl --context prod apply``: ``prod`` or ``apply``).
* ``flags``: each must be present: ``--name value``, ``--name=value``,
  unambiguous long prefixes (``--cont``), ``-n value``, ``-nvalue``,
  ``-n=value``, bundles (``-fn value``); with ``value``, one occurrence's
  value must match.
* ``args``: each glob must match one of the arguments (any position).
* A word computed at run time (``$X``, ``$(...)``, xargs input) may be
  anything: it counts as matching (fail safe).
"""

from __future__ import annotations

import os

from shell import analyse
from shell.model import DYN
from statefiles.record import Record
from statefiles import cache, fastjson, layout
from statefiles.atomic import read_bytes

#: The rules file, relative to the project root.
RULES_FILE = layout.CUSTOM_RULES
#: The rules file's JSON Schema, shipped with the other state schemas.
SCHEMA_FILE = os.path.join(os.path.dirname(os.path.abspath(layout.__file__)), "schemas",
                           "rules.schema.json")
#: Largest rules file read, in bytes; a bigger one is broken.
MAX_BYTES = 256 * 1024
#: Cache entry name under ``.claude/.cache/``.
CACHE_NAME = "playgate-rules"
#: Bump when the cached value's shape changes.
FORMAT = b"playgate-rules/1"
BLOCK = "block"
ASK = "ask"
_GLOB_CHARS = ("*", "?", "[")


def schema_path() -> str:
    """The absolute path of the rules file's JSON Schema (for editors:
    ``# yaml-language-server: $schema=<path>``; ``playgate schema rules``
    prints it)."""
    return SCHEMA_FILE


class Problem(Record):
    """One reason the file is broken: ``line``/``col`` (1-based; 0 when the
    file could not be read), ``where`` (the field: ``rules[0].action``) and
    ``message``. Made as ``Problem(line, col, where, message)``
    (:class:`statefiles.record.Record`), the order of :meth:`to_list`."""

    __slots__ = ("line", "col", "where", "message")

    def text(self) -> str:
        """``line L: field: message`` (one line; a :class:`messages.Text`
        when the message is one, so it can be told in the reader's language)."""
        at = f"line {self.line}: " if self.line else ""
        field = f"{self.where}: " if self.where else ""
        if not _is_text(self.message):
            return f"{at}{field}{self.message}"
        from messages import Text  # lazy: a broken rules file only

        return Text.join("", [Text("rules.at_line", line=self.line) if self.line else "",
                              field, self.message])

    def to_list(self) -> list:
        """``[line, col, where, message]``: the cached form (:func:`build`)."""
        return [self.line, self.col, self.where, self.message]

    def __repr__(self) -> str:
        return f"Problem({self.text()!r})"


class Flag:
    """An option a rule requires: its spellings ``names`` and the globs its
    value must match (``values``; ``None``: presence is enough)."""

    __slots__ = ("names", "values")

    def __init__(self, spec) -> None:
        if isinstance(spec, str):
            self.names = (spec,)
            self.values = None
        else:
            self.names = (spec["name"], *spec.get("aliases", ()))
            value = spec.get("value")
            self.values = None if value is None else _alternatives(value)

    def present(self, words: list) -> bool:
        """Some spelling occurs in ``words`` (the arguments) with a matching
        value (see the module docstring)."""
        for name in self.names:
            for value in _option_values(words, name):
                if self.values is None or value is _OPEN:
                    return True
                if value is None:
                    continue
                if any(_glob(v, value) for v in self.values):
                    return True
        return False


class Rule:
    """One compiled rule (see the module docstring for the matching)."""

    __slots__ = (
        "action",
        "args",
        "bare",
        "commands",
        "flags",
        "line",
        "name",
        "reason",
        "subcommands",
    )

    def __init__(self, spec: dict, line: int = 0) -> None:
        self.name = spec["name"]
        self.action = spec["action"]
        self.reason = spec["reason"]
        self.commands = frozenset(_program(c) for c in _alternatives(spec["command"]))
        sub = spec.get("subcommand")
        self.subcommands = tuple(tuple(alt.split()) for alt in _alternatives(sub)) if sub else ()
        self.flags = tuple(Flag(f) for f in spec.get("flags") or ())
        self.args = tuple(_alternatives(a) for a in spec.get("args") or ())
        #: only ``command``: also matches commands run under a wrapper of that name
        self.bare = not (self.subcommands or self.flags or self.args)
        self.line = line

    def matches(self, cmd) -> bool:
        """``cmd`` (a :class:`shell.model.SimpleCommand`) is what this rule
        names."""
        if cmd.key not in self.commands:
            return self.bare and any(w.split(" ", 1)[0].lower() in self.commands
                                     for w in cmd.wrappers)
        args = cmd.argv[1:]
        if self.subcommands:
            words = args
            if cmd.git_subcommand is not None:
                words = [cmd.git_subcommand, *cmd.git_args]
            if not any(_sequence(words, 0, alt) for alt in self.subcommands):
                return False
        for flag in self.flags:
            if not flag.present(args):
                return False
        for group in self.args:
            if not any(_glob(g, w) for w in args for g in group):
                return False
        return True

    def __repr__(self) -> str:
        return f"Rule({self.name}: {self.action})"


class Match:
    """A rule that matched: ``rule`` and the simple ``command`` it matched."""

    __slots__ = ("command", "rule")

    def __init__(self, rule: Rule, command) -> None:
        self.rule = rule
        self.command = command

    def shown(self, limit: int = 160) -> str:
        """The matched command as Claude reads it (unknown parts ``<?>``),
        with the wrappers it runs under."""
        text = " ".join(a.replace(DYN, "<?>") for a in self.command.argv)
        if len(text) > limit:
            text = text[:limit - 3] + "..."
        if self.command.wrappers:
            text += " (via " + " > ".join(self.command.wrappers) + ")"
        return text


class RuleSet:
    """The rules of one project: ``rules`` (in file order), ``problems``
    (why the file is broken; empty when fine) and ``present`` (the file
    exists)."""

    __slots__ = ("present", "problems", "rules")

    def __init__(self, rules=(), problems=(), present: bool = False) -> None:
        self.rules = tuple(rules)
        self.problems = list(problems)
        self.present = present

    @property
    def broken(self) -> bool:
        """The file exists but cannot be applied (fail safe: see the module
        docstring)."""
        return bool(self.problems)

    def summary(self) -> str:
        """The first problem in one line, with how many more there are."""
        if not self.problems:
            return ""
        more = len(self.problems) - 1
        first = self.problems[0].text()
        if not _is_text(first):
            return first + (f" (and {more} more)" if more else "")
        from messages import Text  # lazy: a broken rules file only

        return Text.join("", [first, Text("rules.and_more", more=more) if more else ""])

    def match(self, analysis) -> list:
        """Every :class:`Match` in ``analysis`` (a :class:`shell.Analysis`;
        ``None`` → none), block rules first, each in file order then command
        order."""
        if analysis is None or not self.rules:
            return []
        found = []
        for rule in self.rules:
            for cmd in analysis.commands:
                if cmd.name and rule.matches(cmd):
                    found.append(Match(rule, cmd))
        found.sort(key=lambda m: m.rule.action != BLOCK)
        return found


EMPTY = RuleSet()
#: Per process: ``{root: (file bytes, RuleSet)}`` (a hook loads once; the CLI
#: may ask several times).
_MEMO: dict = {}


def load(root: str, use_cache: bool = True) -> RuleSet:
    """The rules of the project at ``root``: :data:`EMPTY` when the file is
    absent; a broken :class:`RuleSet` when it cannot be read, parsed or
    validated. Never raises. ``use_cache=False`` builds the set again (the
    problems of a broken file then carry their catalogue keys, which the
    on-disk cache does not keep)."""
    path = layout.join(root, RULES_FILE)
    try:
        data = read_bytes(path, MAX_BYTES + 1)  # never waits on a FIFO
    except FileNotFoundError:
        return EMPTY
    except IsADirectoryError:
        return _broken("rules.is_dir")
    except OSError as exc:
        from statefiles.detail import os_error  # lazy: an unreadable rules file only

        return _broken("rules.unreadable", error=os_error(exc, fallback=exc.strerror or exc))
    if len(data) > MAX_BYTES:
        return _broken("rules.too_large", limit=MAX_BYTES)
    memo = _MEMO.get(root)
    if memo is not None and memo[0] == data and use_cache:
        return memo[1]
    try:
        with open(SCHEMA_FILE, "rb") as fh:
            schema_bytes = fh.read()
        key = b"\x00".join((FORMAT, schema_bytes, data))
        if use_cache:
            value = cache.cached(root, CACHE_NAME, key, lambda: build(data, schema_bytes))
        else:
            value = build(data, schema_bytes)
        ruleset = from_value(value)
    except Exception as exc:  # noqa: BLE001 - a loader bug must mean "broken", never a crash
        ruleset = _broken("rules.not_loaded", error=f"{type(exc).__name__}: {exc}")
    _MEMO[root] = (data, ruleset)
    return ruleset


def _broken(key: str, **fields) -> RuleSet:
    from messages import Text  # lazy: a broken rules file only

    return RuleSet(problems=[Problem(0, 0, "", Text(key, file=RULES_FILE, **fields))],
                   present=True)


def _is_text(value) -> bool:
    return type(value).__name__ == "Text"


def from_value(value) -> RuleSet:
    """The :class:`RuleSet` of a value :func:`build` made (or the cache kept)."""
    if not isinstance(value, dict):
        raise TypeError("the cached rules have the wrong shape")
    problems = [Problem(*p) for p in value.get("problems") or ()]
    if problems:
        return RuleSet(problems=problems, present=True)
    rules = [Rule(spec, line) for spec, line in value.get("rules") or ()]
    return RuleSet(rules, present=True)


# ---------------------------------------------------------------- building
def build(data: bytes, schema_bytes: bytes) -> dict:
    """Parse and validate the rules file's bytes (the slow path: PyYAML and
    jsonschema). Returns ``{"rules": [[spec, line], ...], "problems": [[line,
    col, where, message], ...]}`` (JSON-serialisable, for the cache)."""
    try:
        text = data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        from messages import Text  # lazy: a broken rules file only

        message = Text("rules.not_utf8", file=RULES_FILE, byte=exc.start)
        return {"rules": [], "problems": [[0, 0, "", message]]}
    doc, problems = check_text(text, fastjson.loads(schema_bytes))
    if problems:
        return {"rules": [], "problems": [p.to_list() for p in problems]}
    lines = _rule_lines(text)
    rules = (doc or {}).get("rules") or []
    return {"rules": [[spec, lines[i] if i < len(lines) else 0] for i, spec in enumerate(rules)],
            "problems": []}


def check_text(text: str, schema: dict | None = None) -> tuple:
    """``(document, problems)`` for the rules file's text: YAML (duplicate
    keys refused) → schema → rule names unique. ``problems`` is a list of
    :class:`Problem` sorted by line; the document is ``None`` when it could
    not be parsed."""
    from statefiles.yamlsafe import yaml_load  # lazy: PyYAML, only when the file changed

    if schema is None:
        with open(SCHEMA_FILE, "rb") as fh:
            schema = fastjson.loads(fh.read())
    try:
        doc = yaml_load(text)
    except Exception as exc:  # noqa: BLE001 - yaml.YAMLError and friends
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        what = getattr(exc, "problem", None) or (str(exc).splitlines() or ["invalid YAML"])[0]
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        from messages import Text  # lazy: a broken rules file only
        from statefiles.detail import yaml_problem  # lazy: as above

        return None, [Problem(line, col, "", Text("rules.not_yaml", problem=yaml_problem(what)))]
    if doc is None:
        return {}, []
    import jsonschema  # lazy: jsonschema (~60 ms), only when the file changed

    from statefiles.locate import yaml_positions  # lazy: PyYAML's node marks, same path

    try:
        positions = yaml_positions(text)
    except Exception:  # noqa: BLE001 - parsed above; positions are a courtesy
        positions = None
    problems = []
    for err in jsonschema.Draft202012Validator(schema).iter_errors(doc):
        path = tuple(err.absolute_path)
        line, col = positions.find(path) if positions is not None else (1, 1)
        problems.append(Problem(line, col, _field(path), _message(err)))
    if not problems:
        seen: dict = {}
        for i, spec in enumerate(doc.get("rules") or []):
            path = ("rules", i, "name")
            line, col = positions.find(path) if positions is not None else (1, 1)
            if spec["name"] in seen:
                from messages import Text  # lazy: a broken rules file only

                problems.append(Problem(line, col, _field(path),
                                        Text("rules.duplicate_name", name=repr(spec["name"]),
                                             line=seen[spec["name"]])))
            else:
                seen[spec["name"]] = line
    problems.sort(key=lambda p: (p.line, p.col))
    return doc, problems


def advice(doc) -> list:
    """Warnings for a valid document (``playgate validate``; the hooks do not
    need them): a rule with a subcommand, flags or arguments whose command
    the analysis looks through (``sudo``, ``env``, ``npx``...) can never
    match — the analysis judges the command that runs under it. Returns
    ``[(rule index, command name)]``."""
    found = []
    seen: dict = {}
    for i, spec in enumerate((doc or {}).get("rules") or []):
        if not (spec.get("subcommand") or spec.get("flags") or spec.get("args")):
            continue
        for name in _alternatives(spec["command"]):
            key = name.lower()
            if key not in seen:
                seen[key] = _looked_through(key, analyse)
            if seen[key]:
                found.append((i, name))
    return found


def _looked_through(name: str, analyse) -> bool:
    """The analysis never records ``name`` itself when it runs a command
    (a wrapper it peels off): probed with and without an operand before the
    command."""
    probe = "playgate-probe"
    for line in (f"{name} {probe}", f"{name} 5 {probe}"):
        cmds = analyse(line, root="/nonexistent", cwd="/nonexistent").commands
        if any(c.key == probe for c in cmds) and not any(c.key == name for c in cmds):
            return True
    return False


def _rule_lines(text: str) -> list:
    """The line of each rule in ``text`` (already validated)."""
    from statefiles.locate import yaml_positions  # lazy: slow path only

    try:
        pos = yaml_positions(text)
    except Exception:  # noqa: BLE001 - positions are a courtesy
        return []
    out = []
    index = 0
    while ("rules", index) in pos.value:
        out.append(pos.value[("rules", index)][0])
        index += 1
    return out


def _field(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "(top level)"


def _message(err) -> str:
    """One line for a jsonschema error: the schema's description of what is
    expected where it has one."""
    from messages import Text  # lazy: a broken rules file only
    from statefiles.detail import schema_error  # lazy: as above

    what = err.schema.get("description") if isinstance(err.schema, dict) else None
    if err.validator == "pattern" and what:
        detail = schema_error(err)
        text = Text(detail.key, english=f"{err.instance!r} is not a valid {what}",
                    **detail.fields)
    elif err.validator == "type" and isinstance(err.instance, bool):
        text = Text.join("", [schema_error(err), Text("rules.yaml_booleans")])
    elif err.validator == "additionalProperties":
        allowed = ", ".join(sorted((err.schema.get("properties") or {}).keys()))
        text = Text.join("", [schema_error(err), Text("rules.allowed_keys", keys=allowed)])
    elif err.validator == "enum" and err.schema.get("enum") == [BLOCK, ASK]:
        text = Text("rules.not_an_action", value=repr(err.instance))
    else:
        text = schema_error(err)
    if "\n" in text or len(text) > 300:
        text = text.replace("\n", " ")
        return text if len(text) <= 300 else text[:297] + "..."
    return text


# ---------------------------------------------------------------- matching
#: A value computed at run time: may match anything.
_OPEN = object()


def _program(name: str) -> str:
    """A rule's command name as the analysis keys commands: lower case,
    without a Windows executable suffix (``NPM.exe`` → ``npm``)."""
    key = name.lower()
    if key[-4:] in (".exe", ".com", ".cmd", ".bat") and len(key) > 4:
        key = key[:-4]
    return key


def _alternatives(value) -> tuple:
    return (value,) if isinstance(value, str) else tuple(value)


def _glob(pattern: str, word: str) -> bool:
    """``word`` (an argument; :data:`shell.model.DYN` marks unknown parts)
    matches, or may match, the glob ``pattern``."""
    if DYN in word:
        if any(c in pattern for c in _GLOB_CHARS):
            return True  # two patterns: assume they can meet (fail safe)
        return _fnmatch(pattern, _as_pattern(word))
    if not any(c in pattern for c in _GLOB_CHARS):
        return pattern == word
    return _fnmatch(word, pattern)


def _fnmatch(name: str, pattern: str) -> bool:
    from fnmatch import fnmatchcase  # lazy: fnmatch imports re (~7 ms), only for globs

    return fnmatchcase(name, pattern)


def _as_pattern(word: str) -> str:
    """A word with unknown parts as a glob: literal text escaped, each
    unknown part ``*``."""
    out = []
    for ch in word:
        if ch == DYN:
            out.append("*")
        elif ch in "*?[":
            out.append(f"[{ch}]")
        else:
            out.append(ch)
    return "".join(out)


def _operands(words: list, start: int) -> list:
    """Indices of the words from ``start`` on that may be the first operand:
    the first word that is not an option, and — because an option may take
    the next word as its value — each later non-option word until one
    follows a non-option word. An unknown word may be anything (several
    words, an option): scanning goes on past it."""
    out = []
    after_option = False
    for i in range(start, len(words)):
        w = words[i]
        if DYN in w:
            out.append(i)
            after_option = True
        elif w == "--":
            if i + 1 < len(words):
                out.append(i + 1)
            return out
        elif w.startswith("-") and len(w) > 1:
            after_option = "=" not in w
        else:
            out.append(i)
            if not after_option:
                return out
            after_option = False
    return out


def _sequence(words: list, start: int, seq: tuple) -> bool:
    """The words of ``seq`` (globs) are successive operands from ``start``."""
    if not seq:
        return True
    return any(_glob(seq[0], words[i]) and _sequence(words, i + 1, seq[1:])
               for i in _operands(words, start))


def _option_values(words: list, name: str):
    """Yield the value of each occurrence of the option spelled ``name`` in
    ``words``: a string, ``None`` (no value follows) or :data:`_OPEN` (an
    unknown word that may be this option with any value)."""
    n = len(words)
    short = len(name) == 2 and name[1] != "-"
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < n else None
        if DYN in w:
            lit = w.split(DYN, 1)[0]
            if name.startswith(lit) or lit.startswith(name) or (
                    short and lit.startswith("-") and not lit.startswith("--")):
                yield _OPEN
            continue
        if nxt is not None and DYN in nxt:
            nxt_value = _OPEN
        else:
            nxt_value = nxt
        if w == name:
            yield nxt_value
        elif w.startswith(name + "="):
            yield w[len(name) + 1:]
        elif short:
            if w.startswith("-") and not w.startswith("--") and len(w) > 2:
                k = w.find(name[1], 1)
                if k > 0:
                    rest = w[k + 1:]
                    if not rest:
                        yield nxt_value
                    else:
                        yield rest
                        if rest.startswith("="):
                            yield rest[1:]
        elif name.startswith("--") and w.startswith("--") and len(w) >= 4:
            # an unambiguous prefix of a long option (GNU getopt, argparse)
            base, eq, value = w.partition("=")
            if len(base) >= 4 and name.startswith(base) and base != name:
                yield value if eq else nxt_value

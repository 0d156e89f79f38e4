"""state.md: reader and section-key writer.

Format (SPEC §2): Markdown ``## <section>`` headings, each followed by one
fenced ```` ```yaml ```` block, sections separated by ``---``. Known sections:
``project``, ``playbook``, ``goal``, ``session``, ``config``. Every block is
parsed with a YAML *safe* loader, never by grepping lines.

The reader is on every hook's hot path, so the parsed form is cached under
``.claude/.cache/`` keyed on the file's content (``statefiles.cache``); PyYAML
is imported only on a cache miss. The writer (:func:`update_keys`) changes the
lines of the keys it updates inside one section and leaves every other byte of
the file as it was; it verifies its own result by re-parsing.

Problems are reported, never raised, by the reader: a broken block parses as an
empty mapping and its message is in ``StateDoc.errors`` (naming the line and
the fix), so guards can fail closed with a helpful message instead of crashing.
"""

from __future__ import annotations

import os

from statefiles import fastjson, layout
from statefiles.atomic import locked, read_bytes, write_atomic
from statefiles.cache import cached, lookup, store

SECTIONS = ("project", "playbook", "goal", "session", "config")
SECURITY_MODES = ("strict", "trusted", "developer", "admin")
#: Other names a mode is written with: seed 002's state.md lists
#: ``security: normal | admin``, and its ``normal`` is the default mode,
#: which here is ``strict`` (the strictest of the four, so a seed-era
#: state.md loses no protection).
SECURITY_ALIASES = {"normal": "strict"}
TOOLSTACKS = ("A", "B", "C")
#: state.md larger than this is refused (a hostile or broken file): parsing
#: must stay far inside a hook's timeout (statefiles.yamlsafe).
MAX_BYTES = 128 * 1024



def _heading(line: str) -> str | None:
    """The section name of a ``## name`` line (what ``^##\\s+(.+?)\\s*$``
    captures, stripped and lower-cased), else ``None``. String methods, not
    ``re`` (about 5 ms per hook process); ``str.isspace`` is the
    character class ``\\s`` of a ``str`` pattern."""
    if len(line) < 4 or not line.startswith("##") or not line[2].isspace():
        return None
    return line[2:].strip().lower()


def _fence_open(line: str) -> bool:
    """``^```\\s*(ya?ml)\\s*$`` (case-insensitive)."""
    if not line.startswith("```"):
        return False
    word = line[3:].strip()
    if word.isascii():
        return word.lower() in ("yaml", "yml")
    # Unicode case folding (a non-ASCII letter matching y/a/m/l): ask re.
    import re  # lazy: re (~4 ms) only on the slow path of the scanner

    return re.match(r"^```\s*(ya?ml)\s*$", line, re.IGNORECASE) is not None


def _fence_close(line: str) -> bool:
    """``^```\\s*$``."""
    return line.startswith("```") and (len(line) == 3 or line[3:].isspace())


class StateError(RuntimeError):
    """state.md could not be written as asked. The message names the file,
    the section and what to do."""


def _jsonable(value):
    """YAML values as JSON (dates become ISO strings, keys become strings)."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return str(value)


def scan(text: str) -> dict:
    """Locate sections and their YAML blocks without parsing YAML.

    Returns ``{"order": [names], "spans": {name: [start, end]}, "errors": [...]}``
    where ``start``/``end`` are character offsets of the block *body* (between
    the fences) of the first occurrence of each section. Headings inside any
    fenced block (```` ```yaml ```` or another language) are not headings; a
    UTF-8 byte-order mark before the first line is ignored.
    """
    spans: dict = {}
    order: list = []
    errors: list = []
    pos = 0
    section = None
    section_line = 0
    in_block = False
    in_other_fence = False
    body_start = 0
    lineno = 0
    for line in text.splitlines(keepends=True):
        lineno += 1
        stripped = line.rstrip("\r\n")
        if lineno == 1:
            stripped = stripped.lstrip("\ufeff")
        if in_block:
            if _fence_close(stripped):
                in_block = False
                if section is not None:
                    if section in spans:
                        errors.append(_text("state_md.duplicate_section", section=section,
                                            line=section_line))
                    else:
                        spans[section] = [body_start, pos]
                        order.append(section)
                section = None
            pos += len(line)
            continue
        if in_other_fence:
            if _fence_close(stripped):
                in_other_fence = False
            pos += len(line)
            continue
        name = _heading(stripped)
        if name is not None:
            if section is not None and section not in spans:
                errors.append(_text("state_md.no_yaml_block", section=section,
                                    line=section_line))
            section = name
            section_line = lineno
        elif section is not None and _fence_open(stripped):
            in_block = True
            body_start = pos + len(line)
        elif stripped.startswith("```"):
            # Another fenced block (a yaml block outside any section, or code):
            # nothing inside it is a heading.
            in_other_fence = True
        pos += len(line)
    if in_block:
        errors.append(_text("state_md.unclosed_block", section=section, line=section_line))
    elif section is not None and section not in spans:
        errors.append(_text("state_md.no_yaml_block", section=section, line=section_line))
    return {"order": order, "spans": spans, "errors": errors}


def _text(key: str, /, **fields):
    """A problem as :class:`messages.Text` (English as before,
    translatable). Lazy: only a broken state.md makes one."""
    from messages import Text  # lazy: only a broken state.md makes one

    return Text(key, **fields)


def _yaml_problem(problem):
    from statefiles.detail import yaml_problem  # lazy: a broken section only

    return yaml_problem(problem)


def _os_error(exc):
    from statefiles.detail import os_error  # lazy: an unreadable state.md only

    return os_error(exc)


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


#: Parses made in this process, by text (a parse is a pure function of the
#: text): an edit of state.md is judged by several guards, each parsing the
#: text before and after it.
_PARSED: dict = {}
_PARSED_MAX = 16


def _clone(value):
    """A copy of a parse result (dicts and lists copied, scalars shared), so
    a caller that changes what it got cannot change what the next one gets."""
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clone(v) for v in value]
    return value


def _remember(text: str, parsed: dict) -> None:
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[text] = _clone(parsed)


def parse(text: str) -> dict:
    """Parse state.md text into ``{"sections": {name: mapping}, "spans": ...,
    "errors": [...]}`` (JSON-serialisable).

    Sections in the simple subset of :mod:`statefiles.simpleyaml` are read
    without PyYAML; any other section is read by PyYAML's safe loader (same
    result, tested), bounded (:mod:`statefiles.yamlsafe`): a text longer
    than :data:`MAX_BYTES` characters is not parsed (no sections, one
    error), and a block whose aliases expand too far reads as broken.
    Results are memoised per process by text; every call returns its own
    copy."""
    known = _PARSED.get(text)
    if known is None:
        known = _parse(text)
        _remember(text, known)
    return _clone(known)


def _parse(text: str) -> dict:
    from statefiles import simpleyaml  # lazy: only for state.md text the cache has not seen
    # lazy: only for state.md text the cache has not seen
    from statefiles.yamlsafe import YAMLProblem, safe_load

    if len(text) > MAX_BYTES:
        return {"sections": {}, "spans": {}, "errors": [
            _text("state_md.too_large_to_parse", limit=MAX_BYTES)]}
    info = scan(text)
    sections: dict = {}
    errors = list(info["errors"])
    for name, (start, end) in info["spans"].items():
        body = text[start:end]
        try:
            if not body.strip():
                value = {}
            else:
                value = simpleyaml.load(body)
                if value is simpleyaml.NOT_SIMPLE:
                    value = safe_load(body)
        except YAMLProblem as exc:
            # YAML syntax, a constructor's refusal (``2026-13-45`` is a
            # timestamp with month 13), nesting, alias bombs
            where = _line_of(text, start) + (exc.line or 0)
            errors.append(_text("state_md.yaml_broken", section=name, line=where,
                                problem=_yaml_problem(exc.problem)))
            value = {}
        if value is None:
            value = {}
        if not isinstance(value, dict):
            errors.append(_text("state_md.not_mapping", section=name,
                                type=type(value).__name__))
            value = {}
        sections[name] = _jsonable(value)
    return {"sections": sections, "spans": info["spans"], "errors": errors}


def _mode(value: str) -> str:
    """A ``config.security`` string as the mode it names (aliases resolved)."""
    mode = value.strip().lower()
    return SECURITY_ALIASES.get(mode, mode)


def _key_problems(sections: dict) -> list:
    """Keys the guards rely on whose value cannot be what it must be: they
    read as their safe default (no active playbook, ``strict``), and the
    reader says so instead of failing silently."""
    problems = []
    playbook = sections.get("playbook")
    config = sections.get("config")
    active = playbook.get("active") if isinstance(playbook, dict) else None
    if active is not None and not isinstance(active, str):
        problems.append(_text("state_md.active_not_path", type=type(active).__name__))
    security = config.get("security") if isinstance(config, dict) else None
    if security is not None and (not isinstance(security, str)
                                 or _mode(security) not in SECURITY_MODES):
        problems.append(_text("state_md.bad_security", value=repr(security),
                              modes=", ".join(SECURITY_MODES)))
    return problems


class StateDoc:
    """Parsed state.md.

    Attributes:
        text: the file's text.
        sections: ``{name: mapping}`` (missing sections are absent).
        errors: human-readable problems, each naming the fix.
    """

    __slots__ = ("text", "sections", "spans", "errors")

    def __init__(self, text: str, parsed: dict) -> None:
        self.text = text
        self.sections = parsed.get("sections", {})
        self.spans = parsed.get("spans", {})
        # Syntax problems (cached with the parse) and keys whose value cannot
        # be used (checked on every read: cheap, and the fast writer's
        # derived parse need not know about them).
        self.errors = list(parsed.get("errors", [])) + _key_problems(self.sections)

    def section(self, name: str) -> dict:
        """Section ``name`` of state.md as a dict (``{}`` when absent or not a mapping; SPEC §2
        state.md)."""
        value = self.sections.get(name)
        return value if isinstance(value, dict) else {}

    def get(self, section: str, key: str, default=None):
        """``key`` of section ``section``, or ``default``."""
        return self.section(section).get(key, default)

    @property
    def active_playbook(self) -> str | None:
        """``playbook.active`` (never ``project.active``): the repo-relative path
        of the active plan.json, or ``None``."""
        value = self.get("playbook", "active")
        if isinstance(value, str) and value.strip() and value.strip().lower() not in (
            "null",
            "none",
            "~",
        ):
            return value.strip()
        return None

    @property
    def security(self) -> str:
        """``config.security`` as one of :data:`SECURITY_MODES` (seed 002's
        ``normal`` is ``strict``, :data:`SECURITY_ALIASES`); anything unknown
        or unreadable is ``strict`` (SPEC §7 — the safest mode), and
        :attr:`errors` names it."""
        value = self.get("config", "security")
        if isinstance(value, str) and _mode(value) in SECURITY_MODES:
            return _mode(value)
        return "strict"

    @property
    def toolstack(self) -> str:
        """``config.toolstack`` upper-cased: one of :data:`TOOLSTACKS` (``A``/``B``/``C``),
        ``A`` for anything else (SPEC §2 config)."""
        value = self.get("config", "toolstack")
        return str(value).strip().upper() if str(value).strip().upper() in TOOLSTACKS else "A"

    @property
    def language(self) -> str:
        """``config.language``: ``"en"`` (default) or ``"ja"`` (the catalogues,
        ``messages.LANGUAGES``); anything else,
        or unset, is ``"en"`` (:attr:`language_raw` keeps the
        value as written so SessionStart can name a bad one)."""
        from messages import resolve_language  # lazy: asked for when a message is about to be made

        return resolve_language(self.language_raw)[0]

    @property
    def language_raw(self):
        """``config.language`` as written (``None`` when unset)."""
        return self.get("config", "language")

    def config_flag(self, key: str) -> bool:
        """A boolean ``config`` key (``lint_blocks``, ``strict_depends``...)."""
        return self.get("config", key) is True


def load(root: str) -> StateDoc | None:
    """Read ``<root>/state.md``. ``None`` when it does not exist; a
    :class:`StateDoc` with ``errors`` when it is unreadable or too large."""
    path = layout.join(root, layout.STATE_MD)
    try:
        data = read_bytes(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return StateDoc("", {"errors": [_text("state_md.unreadable", error=_os_error(exc))]})
    if len(data) > MAX_BYTES:
        return StateDoc("", {"errors": [_text("state_md.too_large", limit=MAX_BYTES)]})
    text = data.decode("utf-8", "replace")
    parsed = cached(root, "state.md", data, lambda: parse(text))
    if parsed.get("errors"):
        # Problems read back from the on-disk cache are plain English: parse
        # again (a broken state.md only) so they can be told in the reader's
        # language.
        parsed = parse(text)
    # An edit of state.md is judged against this text as its "before": the
    # guards' parse() of it is then answered from memory (parse() on a cache
    # miss has remembered it already).
    if text not in _PARSED:
        _remember(text, parsed)
    return StateDoc(text, parsed)


# --------------------------------------------------------------------------- writer


#: YAML 1.1 words a plain key would be read as (bool/null), so a key spelled
#: like one cannot be written by the fast path.
_YAML_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})


def _yaml_quoted(value: str) -> str:
    """``value`` as a YAML double-quoted scalar that reads back as ``value``.

    JSON string syntax is a subset of YAML's double-quoted style, except that
    YAML refuses some characters JSON leaves raw (DEL, C1 controls, U+FFFE...)
    and folds others as line breaks (NEL, U+2028, U+2029); those are escaped.
    """
    text = fastjson.dumps(value)
    if text.isascii() and "\x7f" not in text:
        return text
    out = []
    for ch in text:
        if ch == "\x7f" or (not ch.isascii() and (not ch.isprintable() or ch == "\ufeff")):
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def _dump_value(value) -> str:
    """One-line YAML for ``value`` (flow style for collections)."""
    import yaml  # lazy: PyYAML (~15 ms) only for a value the fast writer cannot spell

    from statefiles import simpleyaml  # lazy: state.md writes only

    if value is None:
        return "null"
    if isinstance(value, str) and simpleyaml.is_timestamp(value):
        # Written plain, as in the SPEC's example; it reads back as the same text.
        return value
    out = yaml.safe_dump(
        value, default_flow_style=True, allow_unicode=True, width=1 << 30, sort_keys=False
    ).strip()
    if out.endswith("\n..."):
        out = out[:-4].rstrip()
    if out.endswith("..."):
        out = out[:-3].rstrip()
    if "\n" not in out and "\r" not in out:
        try:
            if _jsonable(yaml.safe_load("k: " + out).get("k")) == _jsonable(value):
                return out
        except Exception:  # noqa: BLE001 - fall through to the quoted form
            pass
    if isinstance(value, str):
        # A string PyYAML folded over lines or spelled with characters YAML
        # re-reads differently: quote it on one line.
        return _yaml_quoted(value)
    raise StateError(_text("state_md.write_one_line", value=repr(value)))


def _entry_end(lines: list, i: int) -> int:
    """Index one past the last line belonging to the top-level key on line ``i``."""
    j = i + 1
    while j < len(lines):
        line = lines[j]
        bare = line.rstrip("\r\n")
        if bare == "" or bare[0] in " \t" or bare.startswith("- ") or bare == "-":
            j += 1
            continue
        break
    while j > i + 1 and lines[j - 1].strip() == "":
        j -= 1
    return j


def _line_end(line: str, default: str) -> str:
    """The line terminator of ``line`` (kept as it was), or ``default``."""
    if line.endswith("\r\n"):
        return "\r\n"
    if line.endswith(("\n", "\r")):
        return line[-1]
    return default


#: Line breaks as YAML counts them (PyYAML's reader).
_BREAKS = ("\r\n", "\r", "\n", "\x85", "\u2028", "\u2029")


def _value_end(body: str, start: int, end: int) -> int:
    """Where the entry that starts at ``start`` really ends. PyYAML ends a
    block collection or block scalar at the next token, so the span
    ``[start, end)`` it reports can run over trailing blank lines, comment
    lines and the final line break; those stay outside the replaced text."""
    import re  # lazy: re (~4 ms) only when a block value is rewritten

    region = body[start:end]
    lines = [m.group(0) for m in re.finditer(r"[^\r\n\x85\u2028\u2029]*"
                                             r"(?:\r\n|[\r\n\x85\u2028\u2029]|$)", region)
             if m.group(0)]
    while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    last = lines[-1] if lines else ""
    for brk in _BREAKS:
        if last.endswith(brk):
            last = last[: -len(brk)]
            break
    return start + sum(len(x) for x in lines[:-1]) + len(last)


def _rewrite_block(body: str, updates: dict, section: str = "?", newline: str = "") -> str:
    """``body`` with each key of ``updates`` set: the text of every top-level
    entry of that key — from the key to the end of its value, as PyYAML's
    composer locates them — is replaced by ``key: <value>`` on one line, so an
    inline comment after the value and every other byte stay as they were; an
    absent key is appended.

    Raises:
        StateError: the block's YAML is broken or not a mapping (nothing can
            be written safely).
    """
    import yaml  # lazy: PyYAML (~15 ms) only when a block is rewritten

    try:
        node = yaml.compose(body, Loader=yaml.SafeLoader) if body.strip() else None
    except Exception as exc:  # noqa: BLE001 - YAMLError, RecursionError...
        raise StateError(_text("state_md.write_broken", section=section,
                               error=type(exc).__name__)) from None
    if node is not None and not isinstance(node, yaml.MappingNode):
        raise StateError(_text("state_md.write_not_mapping", section=section))
    entries = []
    for key_node, value_node in (node.value if node is not None else ()):
        if isinstance(key_node, yaml.ScalarNode):
            entries.append((key_node.value, key_node.start_mark.index,
                            value_node.end_mark.index))
    newline = newline or ("\r\n" if body.endswith("\r\n") else "\n")
    for key, value in updates.items():
        dumped = _dump_value(value)
        spans = [(start, _value_end(body, start, end)) for k, start, end in entries if k == key]
        if not spans:
            if body and not body.endswith(_BREAKS):
                body += newline
            body += f"{key}: {dumped}{newline}"
            continue
        # Replace from the last occurrence backwards so offsets stay valid.
        for start, end in reversed(spans):
            body = body[:start] + f"{key}: {dumped}" + body[end:]
        # Offsets of the remaining entries changed: locate them again.
        entries = _recompose(body, section)
    return body


def _recompose(body: str, section: str) -> list:
    import yaml  # lazy: PyYAML (~15 ms) only when a section is recomposed

    try:
        node = yaml.compose(body, Loader=yaml.SafeLoader) if body.strip() else None
    except Exception:  # noqa: BLE001
        raise StateError(_text("state_md.write_unparsable", section=section)) from None
    if node is None or not isinstance(node, yaml.MappingNode):
        return []
    return [(k.value, k.start_mark.index, v.end_mark.index) for k, v in node.value
            if isinstance(k, yaml.ScalarNode)]


def _plain_scalar(value) -> str | None:
    """YAML text for a simple scalar that reads back as exactly ``value``
    (strings double-quoted, see :func:`_yaml_quoted`; valid timestamps plain,
    as in the SPEC's example). ``None`` for anything else."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates cannot be stored in the file
            return None
        from statefiles import simpleyaml  # lazy: state.md writes only

        if simpleyaml.is_timestamp(value) or _plain_safe(value):
            return value
        return _yaml_quoted(value)
    return None


_PLAIN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-")


def _plain_safe(value: str) -> bool:
    """``value`` can be written as a YAML plain scalar and reads back as the
    same string: a letter first (so never a number, timestamp or ``.inf``),
    then letters, digits and ``_./-`` only (no ``: `` or `` #``), and not a
    YAML 1.1 bool/null word. Paths and branch names qualify."""
    return (bool(value) and value[0].isascii() and value[0].isalpha()
            and set(value) <= _PLAIN_CHARS and value.lower() not in _YAML_WORDS)


def _fast_key_ok(key) -> bool:
    """A key the fast path can write: ``[A-Za-z_][A-Za-z0-9_]*``, not a YAML word."""
    if not isinstance(key, str) or not key or not key.isascii():
        return False
    if not (key[0].isalpha() or key[0] == "_") or not key.replace("_", "a").isalnum():
        return False
    return key.lower() not in _YAML_WORDS


def _scan_top_keys(lines: list) -> list | None:
    """Plain top-level keys of a block, in order, read without YAML; ``None``
    when a column-0 line is something the fast path does not understand."""
    keys = []
    for line in lines:
        bare = line.rstrip("\r\n")
        if not bare or bare[0] in " \t#" or bare.startswith("- ") or bare == "-":
            continue
        key, sep, rest = bare.partition(":")
        if not sep or (rest and rest[0] not in " \t") or not _fast_key_ok(key):
            return None
        keys.append(key)
    return keys


def _fast_update(root: str, path: str, data: bytes, section: str, updates: dict,
                 durable: bool = True) -> bool:
    """Update one-line scalar keys without PyYAML (SessionStart and
    SessionEnd write a timestamp on every session; importing PyYAML costs
    about 14 ms).

    Applies only when it is certain to give what a YAML parse would: the
    file's parse is cached and has no errors, the section exists, every value
    is a simple scalar, every column-0 line of the block is a plain
    ``key:`` whose set of keys is exactly the parsed mapping's (so no line
    that merely looks like a key — inside a multi-line flow collection or
    quoted scalar — is touched, and no key appears twice), and every updated
    entry is one line with an unquoted value (a YAML plain scalar ends at
    " #", so its trailing comment is kept exactly). The new parse is derived
    from the cached one and stored for the new content, so the next hook does
    not parse either. Returns False when it does not apply (the caller takes
    the YAML path); tests compare both paths."""
    parsed = lookup(root, "state.md", data)
    if not isinstance(parsed, dict) or parsed.get("errors"):
        return False
    span = parsed.get("spans", {}).get(section)
    current = parsed.get("sections", {}).get(section)
    if span is None or not isinstance(current, dict):
        return False
    formatted = {}
    for key, value in updates.items():
        text_value = _plain_scalar(value)
        if text_value is None or not _fast_key_ok(key):
            return False
        formatted[key] = text_value
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    start, end = span
    lines = text[start:end].splitlines(keepends=True)
    keys = _scan_top_keys(lines)
    if keys is None or len(keys) != len(set(keys)) or set(keys) != set(current):
        return False
    newline = "\r\n" if text[start:end].endswith("\r\n") else "\n"
    for key, text_value in formatted.items():
        index = None
        for i, line in enumerate(lines):
            if line.startswith(key + ":") and (len(line) == len(key) + 1
                                               or line[len(key) + 1] in " \t\r\n"):
                index = i
                break
        if index is None:
            if lines and not lines[-1].endswith(("\n", "\r")):
                return False
            lines.append(f"{key}: {text_value}{newline}")
            continue
        if _entry_end(lines, index) != index + 1:
            return False
        rest = lines[index][len(key) + 1:].rstrip("\r\n")
        if rest.strip()[:1] in ("'", '"', "|", ">", "&", "*", "!", "[", "{", "%", "@", "`"):
            return False
        hashes = [i for i in (rest.find(" #"), rest.find("\t#")) if i >= 0]
        comment = ""
        if hashes:
            at = min(hashes)
            while at > 0 and rest[at - 1] in " \t":
                at -= 1
            comment = rest[at:]
        lines[index] = f"{key}: {text_value}{comment}{_line_end(lines[index], newline)}"
    new_body = "".join(lines)
    new_text = text[:start] + new_body + text[end:]
    delta = len(new_body) - (end - start)
    spans = {}
    for name, (s_start, s_end) in parsed["spans"].items():
        if s_start > start:
            spans[name] = [s_start + delta, s_end + delta]
        elif name == section:
            spans[name] = [s_start, s_end + delta]
        else:
            spans[name] = [s_start, s_end]
    sections = {name: dict(value) for name, value in parsed["sections"].items()}
    sections[section].update(updates)
    new_data = new_text.encode("utf-8")
    write_atomic(path, new_data, durable=durable)
    store(root, "state.md", new_data, {"sections": sections, "spans": spans, "errors": []})
    return True


def update_keys(root: str, section: str, updates: dict, *, create: bool = True,
                durable: bool = True) -> None:
    """Set ``updates`` (``{key: value}``) in ``section`` of ``<root>/state.md``.

    Only the lines of the updated keys change (all of a key's top-level lines
    when it is written twice); a key that is absent is appended to the block;
    a section that is absent is appended to the file (unless ``create`` is
    false). Line endings (LF or CRLF) and inline comments of updated keys are
    kept. Runs under the state lock and writes atomically. The result is
    re-parsed: every updated key must read back as given and every other key
    of every section must be unchanged, else nothing is written.

    ``durable=False`` skips the ``fsync`` before the rename (the write is
    still atomic for every reader; only an operating-system crash in the next
    seconds could lose it). For bookkeeping such as ``session.last_start``,
    whose loss is harmless, on paths with a time budget: under load an fsync
    alone costs 5–60 ms.

    Raises:
        StateError: state.md is missing, not UTF-8, its section's YAML is
            broken, or the result would not read back.
        LockTimeout: the state lock was not acquired in time.
    """
    path = layout.join(root, layout.STATE_MD)
    with locked(layout.join(root, layout.LOCK_FILE)):
        try:
            data = read_bytes(path, MAX_BYTES + 1)
        except FileNotFoundError:
            raise StateError(_text("state_md.write_missing", path=path,
                                   repair=layout.repair_command(root))) from None
        except OSError as exc:
            raise StateError(_text("state_md.write_unreadable", path=path,
                                   error=_os_error(exc))) from None
        if len(data) > MAX_BYTES:
            raise StateError(_text("state_md.write_too_large", limit=MAX_BYTES))
        if _fast_update(root, path, data, section, updates, durable):
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StateError(_text("state_md.write_not_utf8", byte=exc.start)) from None
        before = parse(text)
        span = before["spans"].get(section)
        if span is None:
            if not create:
                raise StateError(_text("state_md.write_no_section", section=section))
            newline = "\r\n" if "\r\n" in text else "\n"
            block = _rewrite_block("", updates, section, newline)
            sep = "" if text.endswith(("\n", "\r")) or not text else newline
            lead = f"---{newline}" if text.strip() else ""
            new_text = f"{text}{sep}{lead}## {section}{newline}```yaml{newline}{block}```{newline}"
        else:
            start, end = span
            body = text[start:end]
            new_body = _rewrite_block(body, updates, section)
            if new_body and not new_body.endswith(("\n", "\r")):
                new_body += "\n"
            new_text = text[:start] + new_body + text[end:]
        after = parse(new_text)
        expected = {k: _jsonable(v) for k, v in updates.items()}
        got = after["sections"].get(section, {})
        for key, value in expected.items():
            if got.get(key) != value:
                raise StateError(_text("state_md.write_no_read_back", section=section, key=key,
                                       value=repr(value)))
        for name, old in before["sections"].items():
            new = after["sections"].get(name, {})
            if name == section:
                new = {k: v for k, v in new.items() if k not in expected}
                old = {k: v for k, v in old.items() if k not in expected}
            if new != old:
                raise StateError(_text("state_md.write_changes_other", section=section,
                                       other=name))
        write_atomic(path, new_text, durable=durable)
        store(root, "state.md", new_text.encode("utf-8"), after)


def render_template(sections: dict) -> str:
    """A new state.md with ``sections`` (``{name: mapping}``) in SPEC order."""
    import yaml  # lazy: PyYAML (~15 ms); no hook renders a new state.md

    parts = []
    for name in SECTIONS:
        if name not in sections:
            continue
        body = yaml.safe_dump(sections[name], allow_unicode=True, sort_keys=False)
        parts.append(f"## {name}\n```yaml\n{body}```\n")
    return "# state.md\n\n" + "---\n".join(parts)


def exists(root: str) -> bool:
    """The project's state.md exists (a regular file, or a link to one)."""
    return os.path.isfile(layout.join(root, layout.STATE_MD))

"""Details that come from a library or the OS, as :class:`messages.Text`
translated by their kind: an OS error by its errno, a YAML
problem and a JSON syntax error by what went wrong, a JSON-Schema finding by
its validator keyword with its fields. The English text of each is exactly
what the library said before (tests and logs match it); in Japanese the same
fact is told with the same fields. A detail of an unknown kind is shown as
the library wrote it, quoted (``detail.quoted``), never passed off as
translated.

Imported only on paths that already report a problem (never on the allow
path).
"""

from __future__ import annotations

import errno as _errno
import re

from messages import Text

#: errno → key of an OS error the suite meets when reading its files.
_ERRNO = {
    _errno.ENOENT: "detail.os.enoent",
    _errno.EACCES: "detail.os.eacces",
    _errno.EPERM: "detail.os.eperm",
    _errno.EISDIR: "detail.os.eisdir",
    _errno.ENOTDIR: "detail.os.enotdir",
    _errno.ELOOP: "detail.os.eloop",
    _errno.ENAMETOOLONG: "detail.os.enametoolong",
    _errno.ENXIO: "detail.os.enxio",
    _errno.EIO: "detail.os.eio",
    _errno.ENOSPC: "detail.os.enospc",
    _errno.EROFS: "detail.os.erofs",
    _errno.EAGAIN: "detail.os.eagain",
}

#: :class:`statefiles.atomic.NotRegularFile` kinds.
_NOT_REGULAR = (("a FIFO", "detail.os.fifo"), ("a socket", "detail.os.socket"),
                ("a character device", "detail.os.device"), ("a block device", "detail.os.device"))


def quoted(raw) -> Text:
    """A library's own words, shown as they are (quoted in Japanese)."""
    return Text("detail.quoted", detail=str(raw))


def os_error(exc, fallback=None) -> Text:
    """``exc.strerror`` (an :class:`OSError`) by its errno; ``fallback``
    (default ``exc.strerror or exc``) as quoted text for an errno not listed.
    The English is ``exc.strerror`` exactly when it is set."""
    strerror = getattr(exc, "strerror", None)
    if type(exc).__name__ == "NotRegularFile" and strerror:
        # statefiles.atomic.open_regular: "a FIFO, not a regular file"
        for what, key in _NOT_REGULAR:
            if strerror.startswith(what):
                return Text(key, english=strerror)
        return Text("detail.os.not_regular", english=strerror)
    key = _ERRNO.get(getattr(exc, "errno", None))
    if key is not None and strerror:
        return Text(key, english=strerror)
    return quoted(fallback if fallback is not None else (strerror or exc))


#: PyYAML ``problem`` texts (their start) → key.
_YAML = (
    ("mapping values are not allowed here", "detail.yaml.mapping_values"),
    ("could not find expected ':'", "detail.yaml.no_colon"),
    ("found character", "detail.yaml.bad_character"),
    ("found undefined alias", "detail.yaml.undefined_alias"),
    ("found unexpected end of stream", "detail.yaml.unexpected_end"),
    ("found unknown escape character", "detail.yaml.bad_escape"),
    ("expected <block end>", "detail.yaml.structure"),
    ("expected ',' or ']'", "detail.yaml.flow_sequence"),
    ("expected ',' or '}'", "detail.yaml.flow_mapping"),
    ("did not find expected", "detail.yaml.structure"),
    ("expected a single document", "detail.yaml.more_documents"),
    ("but found another document", "detail.yaml.more_documents"),
    ("found duplicate anchor", "detail.yaml.duplicate_anchor"),
    ("month must be in", "detail.yaml.bad_date"),
    ("day is out of range", "detail.yaml.bad_date"),
    ("year ", "detail.yaml.bad_date"),
    ("special characters are not allowed", "detail.yaml.special_characters"),
    ("it is nested too deeply", "detail.yaml.nested"),
    ("its aliases (*name) expand", "detail.yaml.alias_bomb"),
)


def yaml_problem(problem) -> Text:
    """A :class:`statefiles.yamlsafe.YAMLProblem` ``problem`` by its kind."""
    if isinstance(problem, Text):
        return problem
    raw = str(problem)
    for start, key in _YAML:
        if raw.startswith(start) or (start.startswith("but ") and start in raw):
            return Text(key, english=raw)
    return quoted(raw)


#: JSON syntax errors (``json`` and :mod:`statefiles.fastjson`) by their start.
_JSON = (
    ("Expecting value", "detail.json.value"),
    ("Expecting property name", "detail.json.property_name"),
    ("Expecting ',' delimiter", "detail.json.delimiter"),
    ("Expecting ':' delimiter", "detail.json.delimiter"),
    ("Unterminated string", "detail.json.unterminated"),
    ("Invalid control character", "detail.json.control_character"),
    ("Invalid \\escape", "detail.json.escape"),
    ("Invalid \\uXXXX escape", "detail.json.escape"),
    ("Extra data", "detail.json.extra_data"),
)
_POSITION = re.compile(r"\(char (\d+)\)$|at char (\d+)$")


def json_problem(message) -> Text:
    """The first line of a JSON decoder's error by its kind, with the
    character position when it gives one."""
    raw = str(message)
    match = _POSITION.search(raw)
    position = (match.group(1) or match.group(2)) if match else "?"
    for start, key in _JSON:
        if raw.startswith(start):
            return Text(key, english=raw, position=position)
    return quoted(raw)


def _names(values) -> str:
    return ", ".join(repr(v) for v in values) if isinstance(values, (list, tuple)) else repr(values)


def _json_type(instance) -> str:
    if instance is None:
        return "null"
    if isinstance(instance, bool):
        return "boolean"
    if isinstance(instance, int):
        return "integer"
    if isinstance(instance, float):
        return "number"
    if isinstance(instance, str):
        return "string"
    if isinstance(instance, (list, tuple)):
        return "array"
    if isinstance(instance, dict):
        return "object"
    return type(instance).__name__


def schema_error(error) -> Text:
    """A :class:`jsonschema.ValidationError`'s ``message`` by its validator
    keyword (``type``, ``enum``, ``required``, ``additionalProperties``,
    ``pattern``, ``minItems``...) with the fields it names; the English is
    ``error.message`` as jsonschema wrote it."""
    message = str(getattr(error, "message", error))
    kind = getattr(error, "validator", None)
    value = getattr(error, "validator_value", None)
    instance = getattr(error, "instance", None)
    shown = repr(instance) if not isinstance(instance, (dict, list)) else _json_type(instance)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    if kind == "type":
        expected = " or ".join(value) if isinstance(value, list) else str(value)
        return Text("detail.schema.type", english=message, value=shown, expected=expected)
    if kind in ("enum", "const"):
        allowed = _names(value if kind == "enum" else [value])
        return Text("detail.schema.enum", english=message, value=shown, allowed=allowed)
    if kind == "required":
        missing = re.match(r"^('.*?'|\".*?\") is a required property$", message)
        name = missing.group(1) if missing else _names(value)
        return Text("detail.schema.required", english=message, name=name)
    if kind == "additionalProperties":
        extra = re.findall(r"'([^']*)'", message.split("(", 1)[-1]) if "(" in message else []
        return Text("detail.schema.additional", english=message,
                    names=", ".join(repr(x) for x in extra) or "?")
    if kind == "pattern":
        return Text("detail.schema.pattern", english=message, value=shown, pattern=str(value))
    if kind in ("minItems", "minLength", "minProperties"):
        return Text("detail.schema.too_short", english=message, value=shown, limit=value)
    if kind in ("maxItems", "maxLength", "maxProperties"):
        return Text("detail.schema.too_long", english=message, value=shown, limit=value)
    if kind in ("minimum", "exclusiveMinimum"):
        return Text("detail.schema.too_small", english=message, value=shown, limit=value)
    if kind in ("maximum", "exclusiveMaximum"):
        return Text("detail.schema.too_large", english=message, value=shown, limit=value)
    if kind == "uniqueItems":
        return Text("detail.schema.unique", english=message, value=shown)
    if kind in ("oneOf", "anyOf"):
        return Text("detail.schema.no_variant", english=message, value=shown)
    if kind == "not":
        return Text("detail.schema.not", english=message, value=shown)
    return quoted(message)

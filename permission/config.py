"""The layered ``permission-config.yaml`` (SPEC §5 "Config").

Layers, lowest first:

1. the suite defaults, ``defaults.yaml`` next to this module (replaced on
   reinstall);
2. ``.claude/permission-config.yaml`` (the project's, committed);
3. ``.claude/permission-config.local.yaml`` (personal, not committed).

Each layer is YAML validated against ``schema.json`` (JSON Schema 2020-12,
via jsonschema). Keys: ``interpreters`` (per interpreter ``safe_flags`` and
``dangerous_flags``, short and long), ``always_ask`` (command names),
``subcommand_ask`` (``cmd:sub[:arg]`` rules), ``allowed_dirs_extra``
(directories that count as inside the project), ``project_commands`` (the
project's own command prefixes the human lets the gate approve,
:mod:`permission.project_commands`), ``families`` (per command family, how
hard bash-check stops its destructive findings: ``block``, ``ask`` or
``warn``; :mod:`shell.severity`: a later layer's setting wins, a
hard family never goes below ``ask``). A list adds to the lower
layers; ``{add: [...], remove: [...]}`` adds and removes; ``name: null``
under ``interpreters`` removes an interpreter.

The floors of :mod:`permission.floors` are applied after merging: a layer
cannot remove them (it gets a notice). A layer that cannot be read, parsed
or validated makes the whole configuration *broken*: the gate then approves
nothing and every decision's audit line names the file and key at fault.

Speed: PyYAML (14 ms) and jsonschema (60–80 ms) are imported only when a
layer changed. The merged result is cached as JSON in
``.claude/.cache/permission-config.json``, keyed on the bytes of every layer
and the schema (``statefiles.cache``).
"""

from __future__ import annotations

import os

from permission import floors
from permission.rules import compile_rules
from statefiles import cache, fastjson
from statefiles.atomic import read_bytes
from statefiles.yamlsafe import yaml_load

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULTS_FILE = os.path.join(HERE, "defaults.yaml")
SCHEMA_FILE = os.path.join(HERE, "schema.json")
PROJECT_LAYER = ".claude/permission-config.yaml"
LOCAL_LAYER = ".claude/permission-config.local.yaml"
#: Largest layer file read, in bytes; a bigger one is an error.
MAX_LAYER_BYTES = 256 * 1024
#: Cache entry name under ``.claude/.cache/``.
CACHE_NAME = "permission-config"
#: Bump when the merged value's shape changes.
FORMAT = b"playgate-permission-config/3"

LIST_KEYS = ("always_ask", "subcommand_ask", "allowed_dirs_extra", "project_commands")


class Layer:
    """One configuration file as read: ``label`` (how messages name it),
    ``path``, ``data`` (bytes, ``None`` when absent) and ``error`` (why it
    could not be read)."""

    __slots__ = ("data", "error", "label", "path")

    def __init__(self, label: str, path: str, data, error: str = "") -> None:
        self.label = label
        self.path = path
        self.data = data
        self.error = error

    def key_bytes(self) -> bytes:
        if self.error:
            return b"E" + self.error.encode("utf-8", "replace")
        if self.data is None:
            return b"A"
        return b"D" + str(len(self.data)).encode() + b":" + self.data


def read_layer(label: str, path: str) -> Layer:
    """Read one layer file (bounded). Absent is fine; anything else that
    stops the read is an error on the layer."""
    try:
        data = read_bytes(path, MAX_LAYER_BYTES + 1)  # never waits on a FIFO
    except FileNotFoundError:
        return Layer(label, path, None)
    except IsADirectoryError:
        return Layer(label, path, None, "is a directory, not a file")
    except OSError as exc:
        return Layer(label, path, None, f"cannot be read ({exc.strerror or exc})")
    if len(data) > MAX_LAYER_BYTES:
        return Layer(label, path, None, f"is larger than {MAX_LAYER_BYTES} bytes")
    return Layer(label, path, data)


def layers_for(root: str) -> list:
    """The three layers of the project at ``root``, lowest first."""
    return [
        read_layer(_shown(DEFAULTS_FILE, root), DEFAULTS_FILE),
        read_layer(PROJECT_LAYER, os.path.join(root, *PROJECT_LAYER.split("/"))),
        read_layer(LOCAL_LAYER, os.path.join(root, *LOCAL_LAYER.split("/"))),
    ]


def _shown(path: str, root: str) -> str:
    prefix = root.rstrip("/") + "/"
    return path.removeprefix(prefix)


class Config:
    """The merged configuration, ready for the phases.

    Attributes:
        interpreters: ``{name: (safe_flags frozenset, dangerous_flags frozenset)}``.
        always_ask: frozenset of command names.
        subcommand_ask: tuple of rule strings, in layer order.
        rules: ``{cmd: [permission.rules.Rule, ...]}`` compiled from them.
        allowed_dirs_extra: tuple of directory strings as written.
        project_commands: tuple of the declared command prefixes that may be
            approved (refused ones are dropped with a notice).
        families: ``{command family: level}`` the layers set (``block``,
            ``ask``, ``warn``; hard families already raised to ``ask``);
            see :mod:`shell.severity`.
        sources: ``{key: {item: layer label}}`` — which layer added an item.
        layers: ``[(label, status)]`` with status ``loaded``/``absent``/``error``.
        errors: ``["<file>: <key>: <problem>", ...]``; non-empty means broken.
        notices: things a layer asked for and did not get (floors), typos.
    """

    __slots__ = (
        "allowed_dirs_extra",
        "always_ask",
        "errors",
        "families",
        "interpreters",
        "layers",
        "notices",
        "project_commands",
        "rules",
        "sources",
        "subcommand_ask",
    )

    def __init__(self, value: dict) -> None:
        self.interpreters = {
            name: (frozenset(spec.get("safe", ())), frozenset(spec.get("dangerous", ())))
            for name, spec in (value.get("interpreters") or {}).items()
        }
        self.always_ask = frozenset(value.get("always_ask") or ())
        self.subcommand_ask = tuple(value.get("subcommand_ask") or ())
        self.rules = compile_rules(self.subcommand_ask)
        self.allowed_dirs_extra = tuple(value.get("allowed_dirs_extra") or ())
        self.project_commands = tuple(value.get("project_commands") or ())
        self.families = dict(value.get("families") or {})
        self.sources = value.get("sources") or {}
        self.layers = [tuple(x) for x in value.get("layers") or ()]
        self.errors = list(value.get("errors") or ())
        self.notices = list(value.get("notices") or ())

    @property
    def ok(self) -> bool:
        """False when a layer is broken: nothing may be auto-approved."""
        return not self.errors

    def source(self, key: str, item: str) -> str:
        """The label of the layer that added ``item`` to ``key``."""
        return (self.sources.get(key) or {}).get(item, "?")


def load(root: str, use_cache: bool = True) -> Config:
    """The merged configuration for the project at ``root``.

    Never raises: an unexpected failure becomes a broken configuration whose
    error names it.
    """
    try:
        layers = layers_for(root)
        try:
            with open(SCHEMA_FILE, "rb") as fh:
                schema_bytes = fh.read()
        except OSError as exc:
            return Config(_broken(layers, f"{SCHEMA_FILE}: cannot be read ({exc})"))
        # The labels are in the key: the merged value names its layers, and a
        # value cached by another copy of the suite (the hooks' .claude/ copy,
        # a package's CLI) must not make this one cite that copy's files.
        key = b"\x00".join([FORMAT, schema_bytes] + [
            layer.label.encode("utf-8", "surrogateescape") + b"\x01" + layer.key_bytes()
            for layer in layers])
        if use_cache:
            value = cache.cached(root, CACHE_NAME, key, lambda: build(layers, schema_bytes))
        else:
            value = build(layers, schema_bytes)
        if not isinstance(value, dict):
            return Config(_broken(layers, "internal error: the cached configuration has the "
                                          "wrong shape"))
        return Config(value)
    except Exception as exc:  # noqa: BLE001 - a config bug must mean "ask", never a crash
        reason = f"permission configuration could not be loaded: {type(exc).__name__}: {exc}"
        return Config({"errors": [reason]})


def _broken(layers, error: str) -> dict:
    return {"errors": [error], "layers": [[layer.label, "error"] for layer in layers]}


# ---------------------------------------------------------------- building
def build(layers, schema_bytes: bytes) -> dict:
    """Parse, validate and merge ``layers`` (the slow path: imports PyYAML and
    jsonschema). Returns the JSON-serialisable merged value (see
    :class:`Config`)."""
    schema = fastjson.loads(schema_bytes)
    errors = []
    docs = []
    statuses = []
    for layer in layers:
        if layer.error:
            errors.append(f"{layer.label}: {layer.error}")
            statuses.append([layer.label, "error"])
            continue
        if layer.data is None:
            statuses.append([layer.label, "absent"])
            continue
        doc, problems = parse_layer(layer, schema)
        if problems:
            errors.extend(problems)
            statuses.append([layer.label, "error"])
            continue
        statuses.append([layer.label, "loaded"])
        docs.append((layer.label, doc))
    if statuses[0][1] != "loaded" and not errors:
        from statefiles import layout  # lazy: a missing defaults file only

        errors.append(f"{layers[0].label}: missing; reinstall the suite "
                      f"({layout.repair_command()})")
    value = merge(docs)
    value["layers"] = statuses
    value["errors"] = errors
    return value


def parse_layer(layer: Layer, schema: dict) -> tuple:
    """``(document, problems)`` for one layer: YAML → mapping → schema.

    Problems are ``"<label>: <where>: <what>"`` strings.
    """
    try:
        text = layer.data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [f"{layer.label}: not UTF-8 (byte {exc.start})"]
    try:
        doc = yaml_load(text)
    except Exception as exc:  # noqa: BLE001 - yaml.YAMLError and friends
        return None, [f"{layer.label}: {yaml_error(exc)}"]
    if doc is None:
        return {}, []
    if not isinstance(doc, dict):
        keys = ", ".join(schema.get("properties", {}))
        problem = (f"{layer.label}: (top level): must be a mapping of keys ({keys}), "
                   f"not {_yaml_type(doc)}")
        return None, [problem]
    return doc, schema_problems(layer.label, doc, schema)


def _yaml_type(value) -> str:
    return {list: "a list", str: "a string", int: "a number", float: "a number",
            bool: "a boolean"}.get(type(value), type(value).__name__)


def yaml_error(exc) -> str:
    """One line: ``line L, column C: problem`` for a PyYAML error."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    text = f"{context} {problem}" if context and context not in problem else problem
    return f"YAML error at {where}{text}".replace("\n", " ")


def _key_path(path) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def schema_problems(label: str, doc: dict, schema: dict) -> list:
    """Every schema violation in ``doc`` as ``"<label>: <key>: <what>"``
    (sorted by key, at most 20)."""
    import jsonschema  # lazy: jsonschema (~60 ms) only when a config layer changed

    validator = jsonschema.Draft202012Validator(schema)
    leaves = []
    for err in validator.iter_errors(doc):
        leaves.extend(_leaf_errors(err))
    out = []
    for err in sorted(leaves, key=lambda e: [str(p) for p in e.absolute_path]):
        line = f"{label}: {_key_path(err.absolute_path)}: {_message(err)}"
        if line not in out:
            out.append(line)
        if len(out) >= 20:
            out.append(f"{label}: (more errors not shown)")
            break
    return out


_TYPE_WORDS = {"array": "a list", "object": "a mapping", "null": "null", "string": "a string"}


def _leaf_errors(err) -> list:
    """The errors worth showing for ``err``: for ``oneOf``/``anyOf``, descend
    into the alternative whose type matches the value (a list item with a bad
    name, not "is not of type 'object'"); when no alternative's type matches,
    one error naming the accepted types."""
    if err.validator not in ("oneOf", "anyOf") or not err.context:
        return [err]
    branches: dict = {}
    for sub in err.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    for index in sorted(branches):
        errs = branches[index]
        if not any(e.validator == "type" and not e.relative_path for e in errs):
            out = []
            for e in errs:
                out.extend(_leaf_errors(e))
            return out
    types = []
    for index in sorted(branches):
        for e in branches[index]:
            if e.validator == "type" and not e.relative_path:
                types.append(_TYPE_WORDS.get(e.validator_value, str(e.validator_value)))
    err.message = f"{err.instance!r} must be {' or '.join(types) or 'something else'}"
    err._playgate_plain = True
    return [err]


def _message(err) -> str:
    if getattr(err, "_playgate_plain", False):
        return err.message
    sub = err.schema if isinstance(err.schema, dict) else {}
    what = sub.get("description")
    if err.validator in ("pattern", "maxLength", "minLength") and what:
        return f"{err.instance!r} is not a valid {what}"
    if err.validator == "type" and isinstance(err.instance, bool):
        return (f"{err.message} (YAML reads yes/no/on/off/true/false as booleans; "
                "quote the value)")
    if err.validator == "additionalProperties":
        allowed = ", ".join(sorted((sub.get("properties") or {}).keys()))
        return f"{err.message}; allowed keys: {allowed}"
    return err.message


# ---------------------------------------------------------------- merging
def _list_ops(value) -> tuple:
    """``(add, remove)`` for a list-or-{add,remove} layer value."""
    if isinstance(value, list):
        return value, []
    if isinstance(value, dict):
        return list(value.get("add") or ()), list(value.get("remove") or ())
    return [], []


def merge(docs) -> dict:
    """Merge validated layer documents ``[(label, doc), ...]`` (lowest first)
    and apply the floors. Returns the cached value's fields."""
    interpreters: dict = {}
    lists = {key: [] for key in LIST_KEYS}
    sources = {key: {} for key in LIST_KEYS + ("interpreters", "families")}
    notices = []
    families: dict = {}
    for label, doc in docs:
        for family, level in (doc.get("families") or {}).items():
            families[family] = level
            sources["families"][family] = label
        for name, spec in (doc.get("interpreters") or {}).items():
            if spec is None:
                if interpreters.pop(name, None) is None:
                    notices.append(f"{label}: interpreters.{name}: null removes nothing "
                                   "(no lower layer defines it)")
                sources["interpreters"][name] = label
                continue
            entry = interpreters.setdefault(name, {"safe": [], "dangerous": []})
            sources["interpreters"][name] = label
            for field, key in (("safe_flags", "safe"), ("dangerous_flags", "dangerous")):
                if field in spec:
                    add, remove = _list_ops(spec[field])
                    where = f"{label}: interpreters.{name}.{field}"
                    _apply(entry[key], add, remove, notices, where)
        for key in LIST_KEYS:
            if key not in doc:
                continue
            add, remove = _list_ops(doc[key])
            for item in add:
                sources[key][item] = label
            _apply(lists[key], add, remove, notices, f"{label}: {key}")
    # Floors (SPEC §5): re-add what a layer removed, and say so.
    for key, floor in (("always_ask", floors.ALWAYS_ASK),
                       ("subcommand_ask", floors.SUBCOMMAND_ASK)):
        for item in floor:
            if item not in lists[key]:
                lists[key].append(item)
                if docs:
                    notices.append(f"{key}: {item!r} is a security floor and stays (SPEC §5)")
            sources[key].setdefault(item, "security floor")
    # project_commands: a prefix that would approve arbitrary code is dropped.
    from permission.project_commands import validate  # lazy: a config merge only (a layer changed)

    lists["project_commands"], refused = validate(lists["project_commands"])
    notices.extend(refused)
    for name, entry in interpreters.items():
        for flag in floors.DANGEROUS_FLAGS:
            if flag in entry["safe"]:
                entry["safe"].remove(flag)
                notices.append(f"interpreters.{name}: {flag} is never a safe flag (security floor)")
            if flag not in entry["dangerous"]:
                entry["dangerous"].append(flag)
        both = [f for f in entry["safe"] if f in entry["dangerous"]]
        for flag in both:
            entry["safe"].remove(flag)
            notices.append(f"interpreters.{name}: {flag} is listed as safe and dangerous; "
                           "dangerous wins")
    _family_floors(families, notices)
    return {"interpreters": interpreters, **lists, "families": families, "sources": sources,
            "notices": notices}


def _family_floors(families: dict, notices: list) -> None:
    """Raise a hard family set below ``ask`` to ``ask``, and name families
    no module declares (a typo would silently change nothing)."""
    from shell import severity  # lazy: a config merge only (a layer changed)

    for family, level in families.items():
        raised = severity.floor(family, level)
        if raised != level:
            families[family] = raised
            notices.append(f"families.{family}: {level!r} is below the floor of a hard family; "
                           f"it stays {raised!r}")
        if family not in severity.DEFAULTS:
            notices.append(f"families.{family}: no command family has this name; known: "
                           + ", ".join(sorted(severity.DEFAULTS)))


def _apply(target: list, add, remove, notices: list, where: str) -> None:
    for item in remove:
        if item in target:
            target.remove(item)
        else:
            notices.append(f"{where}: remove {item!r}: not present in a lower layer")
    for item in add:
        if item not in target:
            target.append(item)

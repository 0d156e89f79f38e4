"""Validate state.md, plan.json and progress.json with line-precise errors.

The schemas are the formal definitions: ``statefiles/schemas/plan.schema.json``
and ``progress.schema.json`` (generated from :mod:`statefiles.models`) and
``playgate/schemas/state.schema.json`` (the YAML blocks of state.md as
:mod:`statefiles.state_md` and the guards read them). Every error is a
:class:`Problem` naming the file, line and column of the value it is about
(:mod:`statefiles.locate` maps the validator's path to the text), so
``path:line:col: message`` opens in an editor at the right place.

Besides the schemas (errors):

* state.md as the reader sees it: a heading without a block, a block never
  closed, broken YAML (with the line PyYAML names), ``playbook.active``
  naming no working playbook;
* the playbook pair: ``progress.json`` naming phases or subtasks its
  ``plan.json`` does not have, an ``active`` phase/subtask not in the plan;
* warnings: unknown ``config`` keys (with the closest known one), missing
  state.md sections.
"""

from __future__ import annotations

import difflib
import json
import os
import re

import jsonschema

from messages import LANGUAGES, Text, resolve_language  # the hooks' own fallback rule
from statefiles.locate import json_positions, pointer, yaml_positions
from statefiles.record import Record
import statefiles
from statefiles import layout, state_md
from statefiles.atomic import NotRegularFile, read_bytes
from statefiles.detail import os_error, quoted, schema_error
from statefiles.playbook import resolve_active

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas")
#: The playbook schemas generated from :mod:`statefiles.models`
#: (``statefiles.models.SCHEMA_DIR``; named here, not imported: importing the
#: models loads pydantic, about 0.25 s of every ``doctor`` and ``validate``).
STATE_SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(statefiles.__file__)), "schemas")
#: Largest file read (bytes), as the state readers (statefiles.playbook).
MAX_BYTES = 4 * 1024 * 1024
KINDS = ("state", "plan", "progress", "rules", "crew-config")
#: The crew workflow's configuration file (statefiles/crew/config.py).
CREW_CONFIG = ".claude/crew-config.yaml"


class Problem(Record):
    """One finding: ``level`` (``error``/``warning``), ``line``/``col``
    (1-based; 0 when the file could not be read at all), ``pointer`` (JSON
    pointer inside the document, ``""`` for the whole file) and ``message``.
    Made as ``Problem(level, message, line=0, col=0, pointer="")``
    (:class:`statefiles.record.Record`)."""

    __slots__ = ("level", "message", "line", "col", "pointer")
    _defaults = {"line": 0, "col": 0, "pointer": ""}

    def to_json(self) -> dict:
        """The problem as ``{"level", "line", "col", "pointer", "message"}``, plus
        ``code`` and ``params`` (its catalogue key and fields, as the command line's
        notes carry them) when the message is a catalogue entry: scripts read those,
        not the wording."""
        data = {"level": self.level, "line": self.line, "col": self.col,
                "pointer": self.pointer, "message": self.message}
        if isinstance(self.message, Text) and self.message.key:
            data["code"] = self.message.key
            data["params"] = {k: v if v is None or isinstance(v, (bool, int, float)) else str(v)
                              for k, v in self.message.fields.items()}
        return data

    def __repr__(self) -> str:
        return f"Problem({self.level} {self.line}:{self.col} {self.pointer} {self.message!r})"


class FileReport:
    """The problems of one file: ``path`` as shown (the label), ``source`` the
    file read, ``kind`` one of :data:`KINDS`, ``document`` the parsed content
    (``None`` when unreadable)."""

    __slots__ = ("path", "source", "kind", "problems", "document")

    def __init__(self, path: str, kind: str, source: str | None = None) -> None:
        self.path = path
        self.source = source or path
        self.kind = kind
        self.problems: list = []
        self.document = None

    @property
    def valid(self) -> bool:
        """No problem is an error (warnings allowed)."""
        return not any(p.level == "error" for p in self.problems)

    def add(self, level: str, message: str, where=(1, 1), path=()) -> None:
        """Add a problem at ``where`` (``(line, col)``) about the document path ``path`` (a
        tuple of keys and indexes)."""
        self.problems.append(Problem(level, message, where[0], where[1], pointer(path)))

    def to_json(self) -> dict:
        """``{"path", "kind", "valid", "problems"}``, the problems in file order (errors first
        at one position)."""
        return {"path": self.path, "kind": self.kind, "valid": self.valid,
                "problems": [p.to_json() for p in sorted(self.problems, key=_order)]}


def _order(p: Problem) -> tuple:
    return (p.line, p.col, p.level != "error", p.message)


def kind_of(path: str) -> str | None:
    """``state``/``plan``/``progress`` from the file name, else ``None``."""
    name = os.path.basename(path).lower()
    if name.endswith(("crew-config.yaml", "crew-config.yml")):
        return "crew-config"
    if name.endswith(".md"):
        return "state"
    if name == "plan.json":
        return "plan"
    if name == "progress.json":
        return "progress"
    if name.endswith(("rules.yaml", "rules.yml")):
        return "rules"
    return None


_SCHEMAS: dict = {}


def schema(kind: str) -> dict:
    """The JSON Schema of ``kind`` (cached)."""
    if kind not in _SCHEMAS:
        if kind == "state":
            path = os.path.join(SCHEMA_DIR, "state.schema.json")
        else:
            path = os.path.join(STATE_SCHEMAS, f"{kind}.schema.json")
        with open(path, encoding="utf-8") as fh:
            _SCHEMAS[kind] = json.load(fh)
    return _SCHEMAS[kind]


def schema_errors(kind: str, document) -> list:
    """``[(path_tuple, message)]`` of ``document`` against ``kind``'s schema.

    An ``anyOf`` failure (the playbook schemas accept older string forms
    next to objects) is reported by its most specific cause: the failing
    branch error deepest in the document, else a list of what would be
    accepted there.
    """
    sch = schema(kind)
    validator = jsonschema.validators.validator_for(sch)(sch)
    found = []
    for error in validator.iter_errors(document):
        error = specific_error(error)
        found.append((tuple(error.absolute_path), error_message(error)))
    return sorted(found, key=lambda item: [str(p) for p in item[0]])


def specific_error(error):
    """The error to report for ``error``: itself, or for an ``anyOf``/``oneOf``
    the most specific cause — from the branch that failed least (fewest
    errors, then fewest mismatched constants: a branch whose discriminator
    such as ``type: "command"`` does not match is not the one meant), the
    error deepest in the document."""
    if not error.context:
        return error
    branches: dict = {}
    for sub in error.context:
        branch = sub.relative_schema_path[0] if sub.relative_schema_path else 0
        branches.setdefault(branch, []).append(sub)
    best = None
    for subs in branches.values():
        causes = [specific_error(sub) for sub in subs]
        depth = max(len(e.absolute_path) for e in causes)
        rank = (len(subs), sum(e.validator == "const" for e in subs), -depth)
        if best is None or rank < best[0]:
            best = (rank, causes, depth)
    _rank, causes, depth = best
    if depth <= len(error.absolute_path):
        return error  # no branch got further than the value itself
    return min((e for e in causes if len(e.absolute_path) == depth),
               key=lambda e: e.validator == "type")


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _accepted(schema_: dict) -> list:
    """What ``schema_`` accepts, in words (``[Text("a string"), Text("null")]``)."""
    words = []
    for branch in schema_.get("anyOf") or schema_.get("oneOf") or [schema_]:
        if "$ref" in branch:
            words.append(Text("validate.accept.object", name=branch["$ref"].rsplit("/", 1)[-1]))
        elif "enum" in branch:
            words.append(Text("validate.accept.one_of",
                              values=", ".join(map(repr, branch["enum"]))))
        elif "const" in branch:
            words.append(repr(branch["const"]))
        elif "type" in branch:
            types = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
            words += [Text(_TYPES[t]) if t in _TYPES else str(t) for t in types]
    return words


#: JSON Schema type → its key in words (``"a string"``, ``"null"``).
_TYPES = {t: f"validate.accept.{t}" for t in ("string", "integer", "number", "boolean",
                                               "array", "null")}
_TYPES["object"] = "validate.accept.object_type"  # validate.accept.object names a definition


def _either(words: list):
    """``a or b or c``, each word translated (``validate.accept.or``)."""
    said = words[0]
    for word in words[1:]:
        said = Text("validate.accept.or", first=said, second=word)
    return said


def error_message(error) -> Text:
    """One line for a jsonschema error (values shortened; ``anyOf`` and
    described patterns in words), as :class:`messages.Text`: the library's own
    message is kept in English and told by its kind (:mod:`statefiles.detail`)."""
    value = _short(error.instance)
    if error.validator in ("anyOf", "oneOf"):
        accepted = _accepted(error.schema)
        text = Text("validate.not_accepted_expected", value=value, accepted=_either(accepted)) \
            if accepted else Text("validate.not_accepted", value=value)
    elif error.validator == "pattern" and error.schema.get("description"):
        text = Text("validate.not_accepted_because", value=value,
                    description=error.schema["description"])
    else:
        detail = schema_error(error)
        english = error.message if error.validator == "required" else \
            error.message.replace(repr(error.instance), value, 1)
        text = Text(detail.key, english=english, **detail.fields) if detail.key else detail
    if len(text) <= 300:
        return text
    return Text(text.key, english=text[:297] + "...", **text.fields) if text.key else text


def read_text(path: str, label: str | None = None) -> tuple:
    """``(text, problem)``: the file as text, or why it cannot be read (a
    :class:`messages.Text` naming ``label``, default ``path``)."""
    label = path if label is None else label
    try:
        # never blocks on a FIFO named as a file (statefiles.atomic.open_regular)
        data = read_bytes(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return None, Text(MISSING, path=label)
    except IsADirectoryError:
        return None, Text("validate.file_is_dir", path=label)
    except NotRegularFile as exc:
        return None, Text("validate.file_not_regular", path=label, what=os_error(exc))
    except OSError as exc:
        return None, Text("validate.file_unreadable", path=label, error=os_error(exc))
    if len(data) > MAX_BYTES:
        return None, Text("validate.file_too_large", path=label, limit=MAX_BYTES)
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return None, Text("validate.file_not_utf8", path=label, byte=exc.start)


#: The key of a file that does not exist (``playgate validate FILE`` exits 3).
MISSING = "validate.file_missing"


def _unprefixed(error, prefix: str):
    """A state reader's problem without its leading ``prefix`` (the report names
    the file already): the English shortened, the key and fields kept."""
    english = str(error).replace(prefix, "", 1)
    if isinstance(error, Text) and error.key:
        return Text(error.key, english=english, **error.fields)
    return english


# --------------------------------------------------------------------------- JSON files


def validate_json(path: str, kind: str, label: str | None = None) -> FileReport:
    """Validate a plan.json or progress.json file."""
    report = FileReport(label or path, kind, path)
    text, problem = read_text(path, report.path)
    if problem:
        report.add("error", problem, (0, 0))
        return report
    try:
        document = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        report.add("error", Text("validate.not_json", detail=quoted(exc.msg)),
                   (exc.lineno, exc.colno))
        return report
    except RecursionError:
        report.add("error", Text("validate.too_deep"), (1, 1))
        return report
    report.document = document
    positions = json_positions(text)
    for where, message in schema_errors(kind, document):
        report.add("error", message, positions.find(where), where)
    if isinstance(document, dict) and kind == "plan":
        _plan_checks(report, document, positions)
    return report


def _plan_checks(report: FileReport, plan: dict, positions) -> None:
    seen: dict = {}
    for i, phase in enumerate(plan.get("phases") or []):
        if not isinstance(phase, dict):
            continue
        for key, path in [(phase.get("id"), ("phases", i, "id"))] + [
                (s.get("id"), ("phases", i, "subtasks", j, "id"))
                for j, s in enumerate(phase.get("subtasks") or []) if isinstance(s, dict)]:
            if isinstance(key, str) and key in seen:
                report.add("error", Text("validate.duplicate_id", id=repr(key),
                                         line=positions.find(seen[key])[0]),
                           positions.find(path), path)
            elif isinstance(key, str):
                seen[key] = path
    ids = {p.get("id") for p in plan.get("phases") or [] if isinstance(p, dict)}
    for i, phase in enumerate(plan.get("phases") or []):
        if not isinstance(phase, dict):
            continue
        for j, dep in enumerate(phase.get("depends_on") or []):
            if isinstance(dep, str) and dep not in ids:
                path = ("phases", i, "depends_on", j)
                report.add("error", Text("validate.unknown_dependency", phase=repr(dep)),
                           positions.find(path), path)


def pair_checks(plan: FileReport, progress: FileReport) -> None:
    """Cross-file checks of one playbook: progress.json may only name the
    phases and subtasks of its plan.json (added to ``progress``)."""
    if not isinstance(plan.document, dict) or not isinstance(progress.document, dict):
        return
    text, _ = read_text(progress.source)
    positions = json_positions(text) if text else None
    phases, subtasks = set(), set()
    for phase in plan.document.get("phases") or []:
        if isinstance(phase, dict):
            phases.add(phase.get("id"))
            subtasks |= {s.get("id") for s in phase.get("subtasks") or [] if isinstance(s, dict)}

    def where(path):
        """``(line, col)`` of ``path`` in progress.json, ``(1, 1)`` when its positions are
        unknown."""
        return positions.find(path) if positions else (1, 1)

    doc = progress.document
    for section, known, what in (("phases", phases, "phase"), ("subtasks", subtasks, "subtask")):
        entries = doc.get(section)
        if isinstance(entries, dict):
            for key in entries:
                if key not in known:
                    progress.add("warning", Text(f"validate.unknown_{what}", id=repr(key),
                                                 plan=plan.path),
                                 where((section, key)), (section, key))
    active = doc.get("active") if isinstance(doc.get("active"), dict) else {}
    for key, known in (("phase", phases), ("subtask", subtasks)):
        value = active.get(key)
        if isinstance(value, str) and value and value not in known:
            progress.add("error", Text(f"validate.active_unknown_{key}", id=repr(value),
                                       plan=plan.path),
                         where(("active", key)), ("active", key))


# --------------------------------------------------------------------------- state.md


def validate_state(path: str, root: str | None = None, label: str | None = None) -> FileReport:
    """Validate state.md: its structure as the reader sees it, each section's
    YAML against the schema, and ``playbook.active`` (against ``root``)."""
    report = FileReport(label or path, "state", path)
    text, problem = read_text(path, report.path)
    if problem:
        report.add("error", problem, (0, 0))
        return report
    parsed = state_md.parse(text)
    for error in parsed["errors"]:
        report.add("error", _unprefixed(error, "state.md: "), (_line_in(error) or 1, 1))
    sections = parsed["sections"]
    report.document = sections
    positions: dict = {}
    for name, (start, end) in parsed["spans"].items():
        first_line = text.count("\n", 0, start) + 1
        try:
            positions[name] = yaml_positions(text[start:end], first_line)
        except Exception:  # noqa: BLE001 - already reported as broken YAML above
            positions[name] = None

    def where(path):
        """``(line, col)`` of ``path`` (``(section, key, ...)``) in state.md: its key's
        position, else the first line of its section's YAML, else ``(1, 1)``."""
        section_pos = positions.get(path[0]) if path else None
        if section_pos is None:
            span = parsed["spans"].get(path[0]) if path else None
            return (text.count("\n", 0, span[0]) + 1, 1) if span else (1, 1)
        return section_pos.find(path[1:])

    for err_path, message in schema_errors("state", sections):
        report.add("error", message, where(err_path), err_path)
    for name in ("playbook", "goal", "config"):
        if name not in sections and not any(name in e for e in parsed["errors"]):
            report.add("warning", Text("validate.section_missing", section=name), (1, 1),
                       (name,))
    known = set(schema("state")["properties"]["config"]["properties"])
    config = sections.get("config") if isinstance(sections.get("config"), dict) else {}
    for key in config:
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
            message = Text("validate.config_key_close", key=repr(key), close=repr(close[0])) \
                if close else Text("validate.config_key_unknown", key=repr(key))
            report.add("warning", message, where(("config", key)), ("config", key))
    if "language" in config:
        lang, recognised = resolve_language(config["language"])
        if not recognised:
            report.add("warning", Text("validate.language", value=_short(config["language"]),
                                       allowed=", ".join(LANGUAGES), fallback=lang),
                       where(("config", "language")), ("config", "language"))
    playbook = sections.get("playbook") if isinstance(sections.get("playbook"), dict) else {}
    active = playbook.get("active")
    if root is not None and isinstance(active, str) and active.strip().lower() not in (
            "", "null", "none", "~"):
        rel, error = resolve_active(root, active)
        if error:
            report.add("error", _unprefixed(error, "state.md "), where(("playbook", "active")),
                       ("playbook", "active"))
        elif not os.path.isfile(layout.join(root, rel)):
            report.add("error", Text("validate.active_missing", path=rel),
                       where(("playbook", "active")), ("playbook", "active"))
    return report


def _line_in(message: str) -> int | None:
    """The line number a state reader message names: its ``line`` field (a
    catalogue entry), else ``line 12`` in its text."""
    line = getattr(message, "fields", {}).get("line")
    if isinstance(line, int) and not isinstance(line, bool):
        return line
    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else None


# --------------------------------------------------------------------------- projects


def project_files(root: str, include_archive: bool = False) -> list:
    """``[(abs_path, label, kind)]`` validated by default: state.md and every
    playbook under ``play/`` (the template too; ``play/archive/`` only with
    ``include_archive``), plan.json before its progress.json."""
    files = [(os.path.join(root, "state.md"), "state.md", "state")]
    play = os.path.join(root, "play")
    dirs = []
    if os.path.isdir(play):
        for name in sorted(os.listdir(play)):
            full = os.path.join(play, name)
            if name == "archive":
                if include_archive and os.path.isdir(full):
                    dirs += [(os.path.join(full, n), f"play/archive/{n}")
                             for n in sorted(os.listdir(full))]
                continue
            dirs.append((full, f"play/{name}"))
    for full, rel in dirs:
        for kind in ("plan", "progress"):
            path = os.path.join(full, f"{kind}.json")
            if os.path.isfile(path):
                files.append((path, f"{rel}/{kind}.json", kind))
    rules_file = layout.join(root, layout.CUSTOM_RULES)
    if os.path.lexists(rules_file):  # the custom rules, when there are any
        files.append((rules_file, layout.CUSTOM_RULES, "rules"))
    crew = layout.join(root, CREW_CONFIG)
    if os.path.lexists(crew):  # the crew workflow's configuration, when there is one
        files.append((crew, CREW_CONFIG, "crew-config"))
    return files


def validate_rules(path: str, label: str | None = None) -> FileReport:
    """Validate a custom rules file (``.claude/playgate-rules.yaml``)
    as the hooks read it (:func:`shell.custom_rules.check_text`): YAML,
    its shipped schema, unique rule names."""
    from shell.custom_rules import advice, check_text  # lazy: only when a rules file is validated

    report = FileReport(label or path, "rules", path)
    text, problem = read_text(path, report.path)
    if problem:
        report.add("error", problem, (0, 0))
        return report
    document, problems = check_text(text.lstrip("\ufeff"))
    report.document = document
    for p in problems:
        report.problems.append(Problem("error", p.message, p.line, p.col,
                                       pointer(_path_of(p.where))))
    if not problems and document:
        positions = yaml_positions(text.lstrip("\ufeff"))
        for index, name in advice(document):
            path = ("rules", index, "command")
            report.add("warning", Text("validate.rule_on_wrapper", command=repr(name)),
                       positions.find(path), path)
    return report


def validate_crew_config(path: str, label: str | None = None) -> FileReport:
    """Validate the crew workflow's configuration (``.claude/crew-config.yaml``):
    YAML, its schema (``statefiles/schemas/crew-config.schema.json``), each
    error at its line."""
    import yaml  # lazy: only when a crew configuration is validated

    report = FileReport(label or path, "crew-config", path)
    text, problem = read_text(path, report.path)
    if problem:
        report.add("error", problem, (0, 0))
        return report
    try:
        document = yaml.safe_load(text.lstrip("\ufeff"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        report.add("error", Text("validate.not_yaml",
                                 detail=quoted(getattr(exc, "problem", None) or exc)), where)
        return report
    report.document = document
    positions = yaml_positions(text.lstrip("\ufeff"))
    for where, message in schema_errors("crew-config", document):
        report.add("error", message, positions.find(where), where)
    return report


def _path_of(where: str) -> tuple:
    """``rules[0].flags[1]`` → ``("rules", 0, "flags", 1)``."""
    out: list = []
    for part in where.replace("[", ".[").split("."):
        if part.startswith("[") and part.endswith("]") and part[1:-1].isdigit():
            out.append(int(part[1:-1]))
        elif part and part != "(top level)":
            out.append(part)
    return tuple(out)


def validate_files(files, root: str | None = None) -> list:
    """:class:`FileReport` for each ``(abs_path, label, kind)``; a playbook's
    progress.json is also checked against its plan.json."""
    reports = []
    by_dir: dict = {}
    for path, label, kind in files:
        if kind == "state":
            report = validate_state(path, root, label)
        elif kind == "rules":
            report = validate_rules(path, label)
        elif kind == "crew-config":
            report = validate_crew_config(path, label)
        else:
            report = validate_json(path, kind, label)
            by_dir.setdefault(os.path.dirname(os.path.abspath(path)), {})[kind] = report
        reports.append(report)
    for pair in by_dir.values():
        if "plan" in pair and "progress" in pair:
            pair_checks(pair["plan"], pair["progress"])
    return reports

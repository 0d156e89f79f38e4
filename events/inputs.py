"""Typed hook inputs: read stdin once, check it, and expose the fields guards use.

The shapes come from the hook contract (reference/claude-code-hooks.md, "Input")
and from the payloads the real CLI sends (fixtures/claude-code-2.1.329/). Every
field not listed there as required is optional; unknown fields are kept in
``HookInput.raw`` and otherwise ignored, so a newer Claude Code that adds fields
keeps working. A known field with the wrong JSON type, a missing required
field, invalid UTF-8, a raw NUL byte, a NUL inside a path or command, oversized
input, or anything that is not one JSON object raises :class:`MalformedInput`;
the runtime turns that into the SPEC §1 fail-safe outcome for the event.

Plain classes with ``__slots__`` (no pydantic/dataclasses): this module is on
every hook's hot path.
"""

from __future__ import annotations

from statefiles import fastjson

#: Largest stdin accepted, in bytes. A Write of a multi-megabyte file is the
#: only legitimate payload near this size; anything larger is refused
#: (fail-safe) rather than parsed.
MAX_STDIN_BYTES = 5 * 1024 * 1024

_STR = str
_NUM = "number"  # int or float, but not bool
_ANY = object
_OBJ = dict
_LIST = list
_BOOL = bool


def _optional(**fields) -> dict:
    """``field -> (type, False)`` for each ``field=type``: fields the contract
    does not require (most of them; see the module docstring)."""
    return {name: (kind, False) for name, kind in fields.items()}


def _required(**fields) -> dict:
    """``field -> (type, True)`` for each ``field=type``: fields a payload must carry."""
    return {name: (kind, True) for name, kind in fields.items()}


# field -> (type, required). ``hook_event_name`` is optional: each entrypoint
# serves one event, so a hand-typed payload without it is read as that event
# (the design card's "run directly with piped JSON").
COMMON_FIELDS: dict = _optional(
    hook_event_name=_STR, session_id=_STR, transcript_path=_STR, cwd=_STR,
    permission_mode=_STR, prompt_id=_STR, effort=_ANY, agent_id=_STR, agent_type=_STR,
)

_TOOL_CALL = _required(tool_name=_STR, tool_input=_OBJ)
#: What a Stop and a SubagentStop payload both carry.
_STOP = _optional(stop_hook_active=_BOOL, last_assistant_message=_STR, background_tasks=_LIST,
                  session_crons=_LIST)
_TEAMMATE = _optional(teammate_name=_STR, team_name=_STR)

EVENT_FIELDS: dict = {
    "PreToolUse": {**_TOOL_CALL, **_optional(tool_use_id=_STR)},
    "PermissionRequest": {**_TOOL_CALL, **_optional(permission_suggestions=_LIST)},
    "PostToolUse": {**_TOOL_CALL, **_optional(tool_response=_ANY, tool_use_id=_STR,
                                              duration_ms=_NUM)},
    "PostToolUseFailure": {**_TOOL_CALL, **_optional(tool_use_id=_STR, error=_ANY,
                                                     is_interrupt=_BOOL)},
    "UserPromptSubmit": _required(prompt=_STR),
    "Stop": _STOP,
    "SubagentStop": {**_STOP, **_optional(agent_transcript_path=_STR)},
    "SubagentStart": {},
    "SessionStart": _optional(source=_STR, model=_STR),
    "SessionEnd": _optional(reason=_STR),
    "PreCompact": _optional(trigger=_STR, custom_instructions=_STR),
    "Notification": _optional(message=_STR, title=_STR, notification_type=_STR),
    "TaskCompleted": {**_optional(task_id=_STR, task_subject=_STR, task_description=_STR),
                      **_TEAMMATE},
    "TeammateIdle": _TEAMMATE,
}

_EDIT = {**_required(old_string=_STR, new_string=_STR), **_optional(replace_all=_BOOL)}
#: What a Task and an Agent call carry (the same tool under two names).
_AGENT = _optional(prompt=_STR, description=_STR, subagent_type=_STR)

# tool_input fields per tool: field -> (type, required)
TOOL_FIELDS: dict = {
    "Bash": {**_required(command=_STR),
             **_optional(description=_STR, timeout=_NUM, run_in_background=_BOOL)},
    "Write": _required(file_path=_STR, content=_STR),
    "Edit": {**_required(file_path=_STR), **_EDIT},
    "MultiEdit": _required(file_path=_STR, edits=_LIST),
    "NotebookEdit": {**_required(notebook_path=_STR),
                     **_optional(new_source=_STR, cell_id=_STR, cell_type=_STR, edit_mode=_STR)},
    "Read": {**_required(file_path=_STR), **_optional(offset=_NUM, limit=_NUM)},
    "Glob": {**_required(pattern=_STR), **_optional(path=_STR)},
    "Grep": {**_required(pattern=_STR), **_optional(path=_STR)},
    "Task": _AGENT,
    "Agent": _AGENT,
    "Skill": _optional(skill=_STR, name=_STR, args=_STR),
}

#: Fields in which a NUL character can only be an attack (paths, commands, names).
NUL_FREE = frozenset(
    {"command", "file_path", "notebook_path", "path", "pattern", "skill", "name", "subagent_type"}
)

#: Tools that write files; the Edit/Write chain applies to them (SPEC §3).
#: Event name → its unit module under ``events/`` (and its entrypoint
#: ``hooks/<unit>.py``); the runtime dispatches by it (``events.runtime.UNITS``).
UNITS = {
    "PreToolUse": "pre_tool_use",
    "PostToolUse": "post_tool_use",
    "PostToolUseFailure": "post_tool_use_failure",
    "PermissionRequest": "permission_request",
    "UserPromptSubmit": "user_prompt_submit",
    "Stop": "stop",
    "SubagentStop": "subagent_stop",
    "SubagentStart": "subagent_start",
    "SessionStart": "session_start",
    "SessionEnd": "session_end",
    "PreCompact": "pre_compact",
    "Notification": "notification",
    "TaskCompleted": "task_completed",
    "TeammateIdle": "teammate_idle",
}

EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})
#: Tools that start a subagent.
AGENT_TOOLS = frozenset({"Task", "Agent"})


class MalformedInput(ValueError):
    """stdin is not a well-formed payload for this event. ``str(exc)`` is a
    one-line reason fit to show Claude."""


def _type_ok(value, expected) -> bool:
    if expected is _ANY:
        return True
    if expected == _NUM:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if expected is _BOOL:
        return isinstance(value, bool)
    return isinstance(value, expected)


def _type_name(expected) -> str:
    return {_STR: "string", _OBJ: "object", _LIST: "array", _BOOL: "boolean"}.get(
        expected, str(expected)
    )


def _check_fields(where: str, obj: dict, spec: dict) -> None:
    for field, (expected, required) in spec.items():
        if field not in obj or obj[field] is None:
            if required:
                raise MalformedInput(f"missing required field {where}{field}")
            continue
        value = obj[field]
        if not _type_ok(value, expected):
            raise MalformedInput(
                f"field {where}{field} must be {_type_name(expected)}, "
                f"not {type(value).__name__}"
            )
        if expected is _STR and field in NUL_FREE:
            if "\x00" in value:
                raise MalformedInput(f"field {where}{field} contains a NUL character")
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    raise MalformedInput(
                        f"field {where}{field} contains an unpaired surrogate (\\ud800-\\udfff "
                        "escape), which no file name or command can hold"
                    ) from None


def check_tool_input(tool_name: str, tool_input: dict) -> None:
    """Validate ``tool_input`` for the tools this suite understands.

    Raises:
        MalformedInput: a known field has the wrong type or a required one is
            missing. Unknown tools (MCP tools, new tools) are accepted as any
            object.
    """
    spec = TOOL_FIELDS.get(tool_name)
    if spec is None:
        return
    _check_fields("tool_input.", tool_input, spec)
    if tool_name in EDIT_TOOLS:
        # A write to "" cannot be judged (no target): refuse it rather than
        # let every path-based guard see "no file".
        key = "notebook_path" if tool_name == "NotebookEdit" else "file_path"
        if not tool_input[key].strip():
            raise MalformedInput(f"tool_input.{key} is empty")
    if tool_name == "MultiEdit":
        for i, edit in enumerate(tool_input["edits"]):
            if not isinstance(edit, dict):
                raise MalformedInput(f"tool_input.edits[{i}] must be an object")
            _check_fields(f"tool_input.edits[{i}].", edit, _EDIT)


class _field:
    """Read-only attribute backed by ``raw[name]`` (already type-checked by
    :func:`parse`); ``default`` when absent or null."""

    def __init__(self, name: str, default=None, doc: str = "") -> None:
        self.name = name
        self.default = default
        self.__doc__ = doc or f"``{name}`` from the payload"

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.raw.get(self.name)
        return self.default if value is None else value


class ToolInput:
    """Typed view of ``tool_input`` (reference: "Tool inputs"). Every field of
    :data:`TOOL_FIELDS` is an attribute; absent fields read as their empty
    value. ``raw`` is the object itself (unknown fields included)."""

    __slots__ = ("raw",)

    def __init__(self, raw: dict) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        return f"ToolInput({sorted(self.raw)})"


class HookInput:
    """One hook call's input. ``raw`` is the whole parsed object.

    Every field of the hook contract (:data:`COMMON_FIELDS`,
    :data:`EVENT_FIELDS`) is an attribute (absent: ``""``, ``None``, ``False``
    or an empty list, by type); ``tool`` is the typed :class:`ToolInput`.
    Unknown fields stay in ``raw`` (``hook.raw.get("new_field")``).
    """

    __slots__ = ("event", "raw", "tool_input", "__dict__")

    def __init__(self, event: str, raw: dict) -> None:
        self.event = event
        self.raw = raw
        ti = raw.get("tool_input")
        self.tool_input = ti if isinstance(ti, dict) else {}

    @property
    def stop_hook_active(self) -> bool:
        """Stop/SubagentStop: Claude is already continuing because of a stop hook."""
        return self.raw.get("stop_hook_active") is True

    @property
    def tool(self) -> ToolInput:
        """The typed ``tool_input``."""
        view = self.__dict__.get("_tool")
        if view is None:
            view = self.__dict__["_tool"] = ToolInput(self.tool_input)
        return view

    @property
    def in_subagent(self) -> bool:
        """True when the call comes from inside a subagent (reference: Input)."""
        return bool(self.agent_id)

    @property
    def file_path(self) -> str:
        """The path a file tool touches (``file_path``, or ``notebook_path``
        for NotebookEdit), as sent; empty for other tools."""
        ti = self.tool_input
        value = ti.get("file_path") or ti.get("notebook_path") or ""
        return value if isinstance(value, str) else ""

    @property
    def command(self) -> str:
        """Bash ``tool_input.command``; empty for other tools."""
        value = self.tool_input.get("command", "") if self.tool_name == "Bash" else ""
        return value if isinstance(value, str) else ""

    @property
    def is_edit_tool(self) -> bool:
        """The tool is one of :data:`EDIT_TOOLS` (Edit, Write, MultiEdit,
        NotebookEdit): it writes one file, named in ``tool_input``."""
        return self.tool_name in EDIT_TOOLS

    def __repr__(self) -> str:
        return f"HookInput({self.event}, tool={self.tool_name or '-'})"

#: What a field reads as when the payload leaves it out or sends null, by its
#: type in the tables above (any other type: ``None``).
_EMPTY = {_STR: "", _BOOL: False, _LIST: ()}
#: Attribute docs that say more than "``name`` from the payload".
_DOCS = {
    "timeout": "Bash timeout in milliseconds, or None",
    "effort": "``effort`` (an object such as {'level': 'medium'})",
}


def _add_fields(cls, tables) -> None:
    """Give ``cls`` a read-only attribute (:class:`_field`) for every field of
    ``tables`` (``[{field: (type, required)}]``) it does not define itself:
    the tables are the one list of the contract's fields, so an attribute
    cannot be missing or read with another default than its type's."""
    for table in tables:
        for name, (kind, _required) in table.items():
            if name not in vars(cls):
                setattr(cls, name, _field(name, _EMPTY.get(kind), _DOCS.get(name, "")))


_add_fields(ToolInput, TOOL_FIELDS.values())
_add_fields(HookInput, [COMMON_FIELDS, *EVENT_FIELDS.values()])



def parse(event: str, data: bytes) -> HookInput:
    """Parse raw stdin bytes for ``event`` into a :class:`HookInput`.

    Args:
        event: the Claude Code event this entrypoint serves, e.g. ``"PreToolUse"``.
        data: everything read from stdin (at most ``MAX_STDIN_BYTES + 1`` bytes).

    A payload without ``hook_event_name`` (or with ``null``) is read as
    ``event``; one naming another event is refused. ``cwd``, ``session_id``
    and ``transcript_path`` are optional (absent: ``""``).

    Raises:
        MalformedInput: with a one-line reason (SPEC §1 "Failing safe").
    """
    if not data or not data.strip():
        raise MalformedInput("empty input on stdin (expected one JSON object)")
    if len(data) > MAX_STDIN_BYTES:
        raise MalformedInput(
            f"input larger than {MAX_STDIN_BYTES // (1024 * 1024)} MB; split the change into "
            "smaller tool calls"
        )
    if b"\x00" in data:
        raise MalformedInput("input contains a NUL byte")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedInput(f"input is not valid UTF-8 (byte {exc.start})") from None
    try:
        raw = fastjson.loads(text)
    except RecursionError:
        raise MalformedInput("input JSON is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, huge integers
        reason = str(exc).splitlines()[0][:120]
        raise MalformedInput(f"input is not valid JSON: {reason}") from None
    if not isinstance(raw, dict):
        raise MalformedInput(f"input must be a JSON object, not {type(raw).__name__}")
    _check_fields("", raw, COMMON_FIELDS)
    got = raw.get("hook_event_name")
    if got is None:
        # Hand-typed JSON: the entrypoint's own event.
        got = raw["hook_event_name"] = event
    if got != event:
        shown = got if len(got) <= 40 else got[:37] + "..."
        raise MalformedInput(f"hook_event_name is {shown!r}, this entrypoint serves {event}")
    spec = EVENT_FIELDS.get(event)
    if spec:
        _check_fields("", raw, spec)
    if spec and "tool_input" in spec:
        check_tool_input(raw["tool_name"], raw["tool_input"])
    return HookInput(event, raw)

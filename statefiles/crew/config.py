"""The crew's configuration: ``.claude/crew-config.yaml`` (seed 000's
``config.yaml``), the user's file, optional.

Every key has the seed's default (or ours where the seed names a key
without a value); a missing file is all defaults, and a key with a bad
value falls back to its default and is named in :attr:`Config.problems`
(reported at session start and by ``playgate validate``, which also checks
the file against ``statefiles/schemas/crew-config.schema.json``).

===============================================  =========  ===========================================
key                                              default    what it does
===============================================  =========  ===========================================
``default_model``                                ``sonnet`` a task's model when its plan row says ``-``
``plan_validation``                              ``false``  Phase 1.5 for every cmd; a cmd whose tasks
                                                            write code has it whatever this says
``max_retries``                                  ``2``      retries of a failed task (ours)
``worker_max_turns``                             ``30``     a worker stopping at this many turns without
                                                            a result timed out (seed default)
``max_parallel``                                 ``5``      divisor of the wave ETA (ours)
``background_threshold``                         ``3``      a wave this big runs in the background (ours)
``max_cmd_duration_sec``                         ``null``   warn when a cmd runs longer (no limit: null)
``phase_instructions.<phase>``                   ``""``     appended to the phase's prompts (decompose,
                                                            execute, aggregate, retrospect)
``retrospect.enabled``                           ``true``   Phase 4 runs
``retrospect.model``                             ``sonnet`` the retrospector's model
``retrospect.memory.max_candidates_per_cmd``     ``5``      memory candidates per cmd (seed default)
``retrospect.memory.skill_min_score``            ``12``     of 15, for a skill proposal (seed default)
``memory_server``                                ``null``   the memory MCP server's name (``memory``:
                                                            tools ``mcp__memory__*``); null: no memory
===============================================  =========  ===========================================
"""

from __future__ import annotations

import os

#: Where the file lives, repo-relative.
CONFIG_FILE = ".claude/crew-config.yaml"
PHASES = ("decompose", "execute", "aggregate", "retrospect")
MODELS = ("haiku", "sonnet", "opus")

DEFAULTS = {
    "default_model": "sonnet",
    "plan_validation": False,
    "max_retries": 2,
    "worker_max_turns": 30,
    "max_parallel": 5,
    "background_threshold": 3,
    "max_cmd_duration_sec": None,
    "phase_instructions": {phase: "" for phase in PHASES},
    "retrospect": {"enabled": True, "model": "sonnet",
                   "memory": {"max_candidates_per_cmd": 5, "skill_min_score": 12}},
    "memory_server": None,
}

#: key path → (kind, lower bound) for the checks; kinds: model, bool, int,
#: int_or_null, text, name_or_null.
_KINDS = {
    ("default_model",): "model", ("plan_validation",): "bool", ("max_retries",): "int0",
    ("worker_max_turns",): "int1", ("max_parallel",): "int1", ("background_threshold",): "int1",
    ("max_cmd_duration_sec",): "int1_or_null", ("retrospect", "enabled"): "bool",
    ("retrospect", "model"): "model", ("retrospect", "memory", "max_candidates_per_cmd"): "int0",
    ("retrospect", "memory", "skill_min_score"): "score", ("memory_server",): "name_or_null",
    **{("phase_instructions", p): "text" for p in PHASES},
}


class Config:
    """The effective configuration.

    Attributes:
        values: the nested mapping, every key present (defaults filled in).
        problems: ``[(key path "a.b", message)]`` for values replaced by defaults
            and unknown keys.
        exists: the file exists.
    """

    __slots__ = ("values", "problems", "exists")

    def __init__(self, values: dict, problems: list, exists: bool) -> None:
        self.values, self.problems, self.exists = values, problems, exists

    def get(self, *path):
        """The value at ``path`` (``cfg.get("retrospect", "enabled")``)."""
        value = self.values
        for key in path:
            value = value[key]
        return value

    def __getattr__(self, name):
        values = object.__getattribute__(self, "values")
        if name in values:
            return values[name]
        raise AttributeError(name)


def _ok(kind: str, value) -> bool:
    if kind == "model":
        return isinstance(value, str) and value in MODELS
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "text":
        return isinstance(value, str)
    if kind == "name_or_null":
        return value is None or (isinstance(value, str) and value.replace("-", "").replace(
            "_", "").isalnum() and value.isascii())
    if kind == "int1_or_null":
        return value is None or _ok("int1", value)
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    if kind == "int0":
        return 0 <= value <= 1000
    if kind == "int1":
        return 1 <= value <= 10 ** 7
    if kind == "score":
        return 0 <= value <= 15
    return False


def _text(key: str, /, **fields):
    """A configuration problem as :class:`messages.Text` (English as before,
    said in the reader's language at session start)."""
    from messages import Text  # lazy: only a configuration with a problem makes one

    return Text(key, **fields)


#: What a value of each kind must be, in words: its catalogue key.
_DESCRIBED = {"model": "crew_config.kind.model", "bool": "crew_config.kind.bool",
              "text": "crew_config.kind.text", "name_or_null": "crew_config.kind.name_or_null",
              "int0": "crew_config.kind.int0", "int1": "crew_config.kind.int1",
              "int1_or_null": "crew_config.kind.int1_or_null",
              "score": "crew_config.kind.score"}


def _describe(kind: str):
    """What a value of ``kind`` must be, in words."""
    return _text(_DESCRIBED[kind])


def resolve(data) -> Config:
    """The effective configuration of a parsed file ``data`` (``None`` for an
    empty file): defaults for what is missing or wrong."""
    import copy  # lazy: only when a configuration is resolved

    values = copy.deepcopy(DEFAULTS)
    problems: list = []
    if data is None:
        return Config(values, problems, True)
    if not isinstance(data, dict):
        return Config(values, [("(top level)", _text("crew_config.not_mapping"))], True)
    _walk(data, DEFAULTS, (), values, problems)
    return Config(values, problems, True)


def _walk(data: dict, defaults: dict, path: tuple, values: dict, problems: list) -> None:
    for key, value in data.items():
        here = path + (str(key),)
        dotted = ".".join(here)
        if key not in defaults:
            problems.append((dotted, _text("crew_config.unknown_key")))
            continue
        if isinstance(defaults[key], dict):
            if value is None:
                continue
            if not isinstance(value, dict):
                problems.append((dotted, _text("crew_config.section_not_mapping")))
                continue
            _walk(value, defaults[key], here, values[key], problems)
            continue
        kind = _KINDS[here]
        if _ok(kind, value):
            values[key] = value
        else:
            problems.append((dotted, _text("crew_config.bad_value", value=repr(value),
                                           expected=_describe(kind),
                                           default=repr(defaults[key]))))


def load(root: str) -> Config:
    """The project's configuration (``root/.claude/crew-config.yaml``); all
    defaults when the file does not exist. A file that is not YAML is all
    defaults with one problem."""
    path = os.path.join(root, *CONFIG_FILE.split("/"))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(256 * 1024)
    except OSError:
        import copy  # lazy: see resolve

        return Config(copy.deepcopy(DEFAULTS), [], False)
    try:
        import yaml  # lazy: PyYAML only when the file exists
    except ImportError:
        import copy  # lazy: see resolve

        return Config(copy.deepcopy(DEFAULTS), [("(file)", _text("crew_config.no_pyyaml"))],
                      True)
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except Exception as exc:  # noqa: BLE001 - any parse error is one problem
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        cfg = resolve(None)
        cfg.problems.append(("(file)", _text("crew_config.not_yaml", detail=first)))
        return cfg
    return resolve(data)

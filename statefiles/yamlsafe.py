"""Bounded YAML for the hook paths: PyYAML's safe loader with limits.

The files parsed on a hook path — state.md's blocks, an edited spec.yaml, an
agent definition's frontmatter — may be written by the agent the gate
watches. A hook that takes longer than its registered timeout is killed and
Claude Code lets the call through (fails open), so parsing must stay fast
whatever the text (hostile state):

* the text is at most ``limit`` characters (pure-Python PyYAML needs about
  4 s per megabyte);
* aliases may not expand into more values than the text has characters:
  ``&a [x, x]`` / ``&b [*a, *a]`` ... (a "billion laughs" document) builds
  small shared objects, but any walk over them — converting to JSON,
  comparing sections — is exponential, and a recursive alias (``&a [*a]``)
  is infinite;
* nesting deeper than the interpreter's recursion limit is an error, not a
  crash.

Everything goes wrong as :class:`YAMLProblem` (a ``ValueError``) with
``problem`` (what) and ``line`` (0-based, or ``None``) so callers can name
the place and the fix. PyYAML is imported on first use.
"""

from __future__ import annotations

#: Longest text parsed, in characters.
MAX_CHARS = 128 * 1024


class YAMLProblem(ValueError):
    """The text cannot be read as bounded YAML. ``problem`` says why;
    ``line`` is the 0-based line of the problem when known."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem if line is None else f"{problem} (line {line + 1})")
        self.problem = problem
        self.line = line


def _bounded(value, budget: int) -> None:
    """Walk ``value`` as a tree (shared objects counted every time they are
    reached); :class:`YAMLProblem` past ``budget`` values."""
    stack = [value]
    seen = 0
    while stack:
        item = stack.pop()
        seen += 1
        if seen > budget:
            raise YAMLProblem("its aliases (*name) expand into more values than the text holds "
                              "(a recursive or exponential alias); write the values out instead")
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)


def safe_load(text: str, limit: int = MAX_CHARS):
    """``yaml.safe_load(text)``, bounded (see the module docstring).

    Args:
        text: the YAML document.
        limit: most characters accepted.

    Raises:
        YAMLProblem: too long, invalid YAML, a value a constructor refuses
            (``2026-13-45`` is a timestamp with month 13), nesting too deep,
            or aliases that expand too far.
    """
    if len(text) > limit:
        raise YAMLProblem(f"it is {len(text)} characters long, more than the {limit} read")
    import yaml  # lazy: PyYAML (~15 ms) only for YAML the fast readers refuse

    try:
        value = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or (str(exc).splitlines() or ["invalid YAML"])[0]
        raise YAMLProblem(problem, mark.line if mark else None) from None
    except RecursionError:
        raise YAMLProblem("it is nested too deeply") from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
        raise YAMLProblem((str(exc).splitlines() or [type(exc).__name__])[0]) from None
    _bounded(value, len(text) + 1000)
    return value


def yaml_load(text: str):
    """``yaml.safe_load`` that refuses duplicate keys (the second would
    silently win and hide a mistake), for the configuration files a human
    writes (``permission-config.yaml``, ``playgate-rules.yaml``); their
    callers bound the size. Raises ``yaml.YAMLError``."""
    import yaml  # lazy: PyYAML (~15 ms) only when a configuration file changed

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class _Loader(base):  # type: ignore[misc, valid-type]
        pass

    def mapping(loader, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=True)
            try:
                dup = key in seen
            except TypeError:
                dup = False
            if dup:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark)
            try:
                seen.add(key)
            except TypeError:
                pass
        return yaml.constructor.SafeConstructor.construct_mapping(loader, node, deep=deep)

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass

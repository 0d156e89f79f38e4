"""The YAML front matter of the crew's Markdown files (a result's metadata
header, cmd_report_summary.md, retrospective.md), read without PyYAML.

The header is a block between a first line ``---`` and the next ``---``
line, made of ``key: value`` lines (a plain, quoted or ``[a, b]`` flow list
value) and ``- item`` lines under an empty ``key:`` — the subset of
:mod:`statefiles.simpleyaml`, which reads it. Anything richer is read by
PyYAML when it is installed (the hooks' interpreter has it); otherwise the
header counts as unreadable. Standard library only (the crew scripts run
under the system ``python3``).
"""

from __future__ import annotations

#: The largest header read, in lines (the closing ``---`` included).
MAX_LINES = 200


class Header:
    """A parsed front matter.

    Attributes:
        data: the mapping (``{}`` when absent or unreadable).
        present: the file starts with a ``---`` line.
        closed: the header's closing ``---`` line was found.
        end: the 1-based line number of the closing ``---`` (0 when not closed).
        error: why the header could not be read (``None`` when it could).
    """

    __slots__ = ("data", "present", "closed", "end", "error")

    def __init__(self, data=None, present=False, closed=False, end=0, error=None) -> None:
        self.data = data if isinstance(data, dict) else {}
        self.present, self.closed, self.end, self.error = present, closed, end, error


def parse(text: str) -> Header:
    """The front matter of ``text`` (a whole file or its first lines)."""
    if not isinstance(text, str):
        return Header(error="not text")
    lines = text.lstrip("\ufeff").split("\n")
    if not lines or lines[0].rstrip() != "---":
        return Header()
    body = []
    for index, line in enumerate(lines[1:MAX_LINES], start=2):
        if line.rstrip() == "---":
            return _load("\n".join(body), index)
        body.append(line)
    return Header(present=True, error="the header has no closing --- line")


def _load(body: str, end: int) -> Header:
    from statefiles import simpleyaml  # lazy: only a file that has a header

    data = simpleyaml.load(body + "\n") if body.strip() else {}
    if data is simpleyaml.NOT_SIMPLE:
        try:
            import yaml  # lazy: PyYAML only for a header outside the simple subset
        except ImportError:
            return Header(present=True, closed=True, end=end,
                          error="the header is not simple YAML (key: value lines)")
        try:
            data = yaml.safe_load(body)
        except Exception as exc:  # noqa: BLE001 - any YAML error is one message
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return Header(present=True, closed=True, end=end, error=f"YAML: {first}")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return Header(present=True, closed=True, end=end, error="the header is not a mapping")
    return Header({str(k): v for k, v in data.items()}, True, True, end)


def read(path: str, max_bytes: int = 64 * 1024) -> tuple:
    """``(Header, text)`` of the file at ``path`` (its first ``max_bytes``);
    ``(None, None)`` when it cannot be read as UTF-8 text."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes)
    except OSError:
        return None, None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", "replace")
        if text.count("\ufffd") > 4:
            return None, None
    return parse(text), text

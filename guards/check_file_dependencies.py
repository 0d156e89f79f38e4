"""check-file-dependencies (SPEC §3 Edit/Write chain 6; seed 004 §1 [4]).

Informational: when ``.claude/file-dependencies.json`` exists, warn with the
files that depend on the one being edited, so Claude checks them too. The map
is ``{"<repo-relative path or glob>": ["dependent/file", ...]}``; globs use the
protected-files syntax (``*`` within a component, ``**`` across). Advisory.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from statefiles import fastjson, layout
from statefiles.atomic import read_bytes
from statefiles.protected import Entry

NAME = "check-file-dependencies"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """Edit/Write: a WARN naming the files
    ``.claude/file-dependencies.json`` lists as depending on the edited one,
    else ALLOWED (SPEC §3 Edit/Write chain 6; seed 004 §1 [4])."""
    target = ctx.target
    if target is None or target.rel is None:
        return ALLOWED
    try:
        mapping = fastjson.loads(read_bytes(ctx.path(layout.FILE_DEPENDENCIES), 1024 * 1024))
    except (OSError, ValueError):
        return ALLOWED
    if not isinstance(mapping, dict):
        return ALLOWED

    dependents = []
    for pattern, files in mapping.items():
        if not isinstance(pattern, str) or not isinstance(files, list):
            continue
        if Entry("WARN", pattern, 0).matches_rel(target.rel):
            dependents.extend(f for f in files if isinstance(f, str) and f != target.rel)
    if not dependents:
        return ALLOWED
    unique = list(dict.fromkeys(dependents))
    return warn(ctx.say("check_file_dependencies.used_by", path=target.rel,
                        users=", ".join(unique[:20]) + (" ..." if len(unique) > 20 else "")))

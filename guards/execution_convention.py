"""execution-convention (SPEC §6 "Execution conventions"; seed 003 Spec 14.1).

"Bash の ``command`` 引数は実行可能ファイルで始めなければならない。``#`` コメント行を
プリペンドしてはならない。人間可読なコンテキストは Bash tool の ``description``
パラメータを使用する。"

A Bash command whose first non-blank line is a ``#`` comment (a shebang
included) is blocked: the command must begin with the executable. The context
belongs in the tool's ``description``. A leading comment also hides the command
from prefix-based permission rules (``Bash(git status:*)`` does not match
``# check\\ngit status``) and from whoever reads the call. A ``#`` anywhere
else — inside the command (``ls # all``, ``echo '#1'``, ``grep '#' f``) or on a
later line — is fine.

Off with state.md ``config.execution_convention: false``. A string test: no
I/O unless the command starts with ``#``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow import team

NAME = "execution-convention"
ADVISORY = False

#: What bash itself skips before the first word of a line: blanks and empty lines.
_BLANKS = " \t\r\n"


def leading_comment(command: str) -> str | None:
    """The first line when the first non-blank line is a ``#`` comment, else ``None``."""
    stripped = command.lstrip(_BLANKS)
    if not stripped.startswith("#"):
        return None
    return stripped.split("\n", 1)[0].rstrip("\r")


def _without_comments(command: str) -> str:
    lines = command.split("\n")
    while lines and (not lines[0].strip(_BLANKS) or lines[0].lstrip(_BLANKS).startswith("#")):
        lines.pop(0)
    return "\n".join(lines).strip(_BLANKS)


def check(ctx: Context) -> Verdict:
    """Bash only: BLOCK a command whose first non-blank line is a ``#``
    comment; else ALLOWED (SPEC §6; seed 003 Spec 14.1). A string test."""
    if ctx.hook.tool_name != "Bash":
        return ALLOWED
    command = ctx.hook.command
    first = leading_comment(command)
    if first is None or not team.enabled(ctx, "execution_convention"):
        return ALLOWED
    shown = first if len(first) <= 120 else first[:117] + "..."
    rest = _without_comments(command)
    retry = (ctx.say("execution_convention.retry",
                     command=rest if len(rest) <= 300 else rest[:297] + "...")
             if rest else "")
    return block(ctx.say("execution_convention.leading_comment", comment=shown) + retry)

"""executor-guard (SPEC §3 Edit/Write chain 7; seed 002 §4, §7, §10).

Claude Code writes code only for subtasks whose executor is Claude Code.

1. The active subtask: progress ``active.subtask``, else the first
   ``in_progress`` subtask, else the first subtask of ``active.phase``
   (:meth:`statefiles.playbook.Playbook.active_subtask_id`). None → allow.
2. Its executor: the plan subtask's ``executor`` (missing → the ``worker``
   role). A role name (``orchestrator``, ``worker``, ``reviewer``, ``human``)
   is resolved through plan ``meta.roles`` > state.md ``config.roles`` > the
   toolstack's defaults (A: worker claudecode, reviewer claudecode; B: worker
   codex, reviewer claudecode; C: worker codex, reviewer coderabbit).
   Spellings such as ``claude-code``/``Claude_Code`` are normalised.
3. On a **code file** inside the project:

   * an executor the toolstack does not have (A: claudecode, user; B: + codex;
     C: + coderabbit), or one no toolstack knows → block;
   * ``user`` → block: the user does this subtask;
   * ``claudecode`` → allow; warn when a subtask of another executor is
     ``in_progress`` at the same time (``active.subtask`` is Claude's own
     claim about which subtask an edit is for);
   * ``codex`` / ``coderabbit`` → DELEGATE to ``codex-delegate`` /
     ``coderabbit-delegate``, naming the subtask and its criterion, the content
     of ``session-state/last-fail-reason`` (then cleared, as an Effect) and the
     iteration count (``session-state/iteration-count``) against the plan's
     ``max_iterations``; at the limit Claude is told to ask the user instead.

**Code file** (what a delegated worker would produce): a file whose extension
is a programming, scripting, markup-template or stylesheet language
(:data:`CODE_EXTENSIONS`, Jupyter notebooks included), a build file by name
(:data:`CODE_BASENAMES`: Makefile, Dockerfile, CMakeLists.txt...), or an
extension-less file whose content starts with ``#!``. Documentation, data and
configuration (``.md``, ``.txt``, ``.json``, ``.yaml``, ``.toml``, ``.ini``,
``.csv``, lock files...) are not code, and neither are state.md, the playbook
files and ``.claude/session-state/`` — those stay writable so the workflow can
move on (deadlock rule). Files outside the project pass.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, block, delegate, warn
from statefiles import layout
from workflow.reward.rules import plan_subtasks, subtask_statuses
from workflow.reward.targets import reward_target
from workflow.shared import is_playbook_file, is_project_json, is_session_state, is_state_md

NAME = "executor-guard"
ADVISORY = False

CODE_EXTENSIONS = frozenset({
    "py", "pyi", "pyx", "pxd", "ipynb", "js", "mjs", "cjs", "jsx", "ts", "tsx", "mts", "cts",
    "vue", "svelte", "astro", "go", "rs", "java", "kt", "kts", "scala", "sc", "groovy", "gradle",
    "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "ino", "m", "mm", "swift", "cs", "fs",
    "fsx", "vb", "rb", "rake", "php", "pl", "pm", "t", "lua", "r", "jl", "dart", "ex", "exs",
    "erl", "hrl", "hs", "lhs", "ml", "mli", "clj", "cljs", "cljc", "edn", "elm", "nim", "zig",
    "v", "sv", "vhd", "vhdl", "sol", "cairo", "move", "sh", "bash", "zsh", "fish", "ksh", "ps1",
    "psm1", "bat", "cmd", "awk", "sed", "tcl", "sql", "prisma", "graphql", "gql", "proto",
    "thrift", "html", "htm", "xhtml", "css", "scss", "sass", "less", "styl", "jinja", "j2", "njk",
    "hbs", "ejs", "erb", "haml", "pug", "liquid", "tf", "hcl", "nix", "cmake", "mk", "asm", "s",
    "wasm", "wat", "cu", "cl", "glsl", "hlsl", "metal"
})
CODE_BASENAMES = frozenset({
    "makefile", "gnumakefile", "dockerfile", "containerfile", "justfile", "rakefile", "gemfile",
    "vagrantfile", "jenkinsfile", "cmakelists.txt", "meson.build", "build", "build.bazel",
    "workspace", "workspace.bazel", "snakefile", "brewfile", "podfile", "fastfile", "tiltfile",
})

ROLE_NAMES = ("orchestrator", "worker", "reviewer", "human")
#: Toolstack defaults for the roles.
TOOLSTACK_ROLES = {
    "A": {"orchestrator": "claudecode", "worker": "claudecode", "reviewer": "claudecode",
          "human": "user"},
    "B": {"orchestrator": "claudecode", "worker": "codex", "reviewer": "claudecode",
          "human": "user"},
    "C": {"orchestrator": "claudecode", "worker": "codex", "reviewer": "coderabbit",
          "human": "user"},
}
#: Executors each toolstack has.
TOOLSTACK_EXECUTORS = {
    "A": ("claudecode", "user"),
    "B": ("claudecode", "codex", "user"),
    "C": ("claudecode", "codex", "coderabbit", "user"),
}
#: Executor → the subagent Claude calls instead of editing (seed 002 §7).
DELEGATES = {"codex": "codex-delegate", "coderabbit": "coderabbit-delegate"}
KNOWN_EXECUTORS = ("claudecode", "codex", "coderabbit", "user")
_ALIASES = {"claude": "claudecode", "claudecode": "claudecode", "human": "user", "user": "user",
            "codex": "codex", "codexcli": "codex", "coderabbit": "coderabbit"}


def normalise_executor(name: str) -> str:
    """``Claude-Code``/``claude_code``/``claude code`` → ``claudecode``;
    unknown names are returned lower-cased with separators removed."""
    key = "".join(ch for ch in name.strip().lower() if ch not in " -_.")
    return _ALIASES.get(key, key)


def is_code_file(rel: str, content: str | None = None) -> bool:
    """True when the repo-relative ``rel`` is code (see the module docstring).
    ``content`` (the file after the edit) is only looked at for extension-less
    names (shebang)."""
    base = rel.rsplit("/", 1)[-1]
    folded = base.casefold()
    if folded in CODE_BASENAMES or folded.startswith(("dockerfile.", "makefile.")):
        return True
    stem, dot, ext = folded.rpartition(".")
    if dot and stem:
        return ext in CODE_EXTENSIONS
    return bool(content) and content.startswith("#!")


def resolve_executor(ctx, pb, subtask: dict) -> tuple:
    """``(executor, how)``: the normalised executor of ``subtask`` and how it
    was resolved, ``(catalogue key or None, fields)`` (rendered by
    :func:`how_text` only when a message needs it: the allow path loads no
    catalogue)."""
    raw = subtask.get("executor")
    raw = raw if isinstance(raw, str) and raw.strip() else "worker"
    name = raw.strip().lower()
    if name not in ROLE_NAMES:
        return normalise_executor(raw), (None, {"raw": raw})
    plan_roles = {k.lower(): v for k, v in pb.roles.items()}
    if isinstance(plan_roles.get(name), str) and plan_roles[name].strip():
        return normalise_executor(plan_roles[name]), ("executor_guard.how_plan_roles",
                                                      {"raw": raw, "name": name})
    state_roles = ctx.state.get("config", "roles") if ctx.state is not None else None
    if isinstance(state_roles, dict):
        value = {str(k).lower(): v for k, v in state_roles.items()}.get(name)
        if isinstance(value, str) and value.strip():
            return normalise_executor(value), ("executor_guard.how_state_roles",
                                               {"raw": raw, "name": name})
    stack = ctx.state.toolstack if ctx.state is not None else "A"
    return TOOLSTACK_ROLES[stack][name], ("executor_guard.how_toolstack",
                                          {"raw": raw, "stack": stack})


def how_text(ctx, how: tuple) -> str:
    """The ``how`` of :func:`resolve_executor` as text in the context's
    language (``executor 'worker' → toolstack C default``)."""
    key, fields = how
    if key is None:
        return f"executor '{fields['raw']}'"
    return ctx.say(key, **fields)


def _iteration_count(ctx) -> int:
    text = (ctx.markers.read(layout.ITERATION_COUNT) or "").strip()
    try:
        return max(0, int(text.split()[0])) if text else 0
    except ValueError:
        return 0


def _others_in_progress(ctx, pb, active_sid: str):
    """The active subtask is Claude Code's, but ``active.subtask`` is only
    what progress.json says: warn when a delegated subtask is in progress
    too, so its code is not written here under another subtask's name."""
    running = [sid for sid, status in subtask_statuses(pb.progress).items()
               if status == "in_progress" and sid != active_sid]
    if not running:
        return ALLOWED
    subs = plan_subtasks(pb.plan)
    others = []
    for sid in running:
        if sid in subs:
            executor, _ = resolve_executor(ctx, pb, subs[sid])
            if executor != "claudecode":
                others.append(f"{sid} ({executor})")
    if not others:
        return ALLOWED
    return warn(ctx.say("executor_guard.others_in_progress", subtask=active_sid,
                        others=", ".join(others)))


def _exempt(target) -> bool:
    return (target is None or target.rel is None or is_state_md(target)
            or is_playbook_file(target) or is_project_json(target) or is_session_state(target))


def check(ctx: Context) -> Verdict:
    """Edit/Write of a code file: BLOCK when the active subtask's executor is
    ``user`` or unknown to the toolstack, DELEGATE to the codex/coderabbit
    delegate (with the last failure and iteration count, cleared as an
    effect) when it is theirs, WARN when another executor's subtask is in
    progress; else ALLOWED (SPEC §3 Edit/Write chain 7; seed 002 §4, §7, §10)."""
    target = ctx.target
    if _exempt(target):
        return ALLOWED
    content = None
    if "." not in target.rel.rsplit("/", 1)[-1].lstrip("."):
        post = ctx.post_edit
        content = post.after if post is not None else None
    if not is_code_file(target.rel, content):
        return ALLOWED

    if reward_target(ctx) is not None:  # a playbook file reached by another name
        return ALLOWED
    pb = ctx.playbook
    if pb is None:
        return ALLOWED
    sid = pb.active_subtask_id()
    if sid is None:
        return ALLOWED
    _, subtask = pb.subtask(sid)
    if subtask is None:
        return ALLOWED
    executor, source = resolve_executor(ctx, pb, subtask)
    if executor == "claudecode":
        return _others_in_progress(ctx, pb, sid)
    criterion = subtask.get("criterion") if isinstance(subtask.get("criterion"), str) else ""
    how = how_text(ctx, source)
    about = ctx.say("executor_guard.about_criterion" if criterion else "executor_guard.about",
                    subtask=sid, criterion=criterion)
    stack = ctx.state.toolstack if ctx.state is not None else "A"
    if executor not in KNOWN_EXECUTORS:
        return block(ctx.say("executor_guard.unknown_executor", about=about, how=how,
                             executor=executor, known=", ".join(KNOWN_EXECUTORS)))
    if executor not in TOOLSTACK_EXECUTORS[stack]:
        have = ", ".join(TOOLSTACK_EXECUTORS[stack])
        return block(ctx.say("executor_guard.not_in_toolstack", about=about, executor=executor,
                             how=how, stack=stack, have=have))
    if executor == "user":
        return block(ctx.say("executor_guard.user", about=about, how=how))
    agent = DELEGATES[executor]
    count, limit = _iteration_count(ctx), pb.max_iterations
    fail = (ctx.markers.read(layout.LAST_FAIL_REASON) or "").strip()
    effects = ()
    if fail:
        effects = (Effect(ctx.markers.remove, layout.LAST_FAIL_REASON, when="always",
                          label="clear last-fail-reason"),)
    lines = [ctx.say("executor_guard.ctx_subtask", subtask=sid),
             ctx.say("executor_guard.ctx_criterion",
                     criterion=criterion or ctx.say("executor_guard.none_given")),
             ctx.say("executor_guard.ctx_executor", executor=executor, how=how),
             ctx.say("executor_guard.ctx_iteration", count=count, limit=limit)]
    if fail:
        lines.append(ctx.say("executor_guard.ctx_last_failure", failure=fail[:2000]))
    if count >= limit:
        message = ctx.say("executor_guard.exhausted", about=about, executor=executor,
                          count=count, limit=limit)
    else:
        message = ctx.say("executor_guard.delegate", about=about, executor=executor,
                          path=target.rel, agent=agent)
    return delegate(message, "\n".join(lines), effects=effects)

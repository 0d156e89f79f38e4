"""The context a guard sees: the hook input plus lazily loaded state.

Every property loads its file at most once per hook call and only when a guard
asks for it, so a Read call never parses a playbook and a Write never starts
the shell analyser. Guards must not do I/O of their own; they read
through this object and return writes as ``Effect``s.
"""

from __future__ import annotations

import os

from events.inputs import HookInput
from statefiles import layout


class lazy:
    """``functools.cached_property`` without importing ``functools`` (2 ms per
    hook process): computed on first access, then stored on the
    instance."""

    def __init__(self, fn) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


class Context:
    """One hook call.

    Attributes:
        event: the Claude Code event name (``"PreToolUse"``...).
        hook: the parsed input (:class:`events.inputs.HookInput`).
        root: the project root (SPEC §1), absolute and symlink-resolved.
        env: the process environment (a mapping; tests pass their own).
    """

    def __init__(self, hook: HookInput, root: str | None = None, env=None) -> None:
        self.hook = hook
        self.event = hook.event
        self.env = os.environ if env is None else env
        self.root = os.path.realpath(root) if root else layout.project_root(hook.cwd, self.env)

    # ------------------------------------------------------------------ paths
    def path(self, rel: str) -> str:
        """Absolute path of a repo-relative path."""
        return layout.join(self.root, rel)

    def resolve(self, path: str) -> layout.ResolvedPath:
        """Normalise a path argument (SPEC §1) against the project root.
        Relative paths are taken from the hook's ``cwd``."""
        return layout.resolve(path, self.root, self.hook.cwd or self.root)

    @lazy
    def target(self) -> layout.ResolvedPath | None:
        """The file an Edit/Write/MultiEdit/NotebookEdit/Read call touches,
        normalised; ``None`` for other tools."""
        given = self.hook.file_path
        return self.resolve(given) if given else None

    @lazy
    def post_edit(self):
        """For Edit/Write/MultiEdit/NotebookEdit: the target file before and
        after the call (``events.edits.PostEdit``); ``None`` for other tools."""
        if not self.hook.is_edit_tool or self.target is None:
            return None
        from events import edits  # lazy: loaded on first use; PostToolUse/Edit only

        before, error = edits.read_current(self.target.abs)
        if error:
            if self.hook.tool_name == "Write":
                # A Write's result does not depend on the current content: it
                # is judged as creating the file (before unknown), which is the
                # strictest reading, so a file that is too large or not a
                # regular file can still be replaced by a good one.
                content = self.hook.tool_input.get("content", "")
                return edits.PostEdit(None, content if isinstance(content, str) else "",
                                      applies=True, error=error)
            return edits.PostEdit(None, None, applies=False, error=error)
        return edits.compute(self.hook.tool_name, self.hook.tool_input, before)

    # ------------------------------------------------------------------ state
    @lazy
    def state(self):
        """Parsed state.md (``statefiles.state_md.StateDoc``) or ``None`` when
        the file does not exist."""
        from statefiles import state_md  # lazy: loaded on first use; not every event reads state.md

        return state_md.load(self.root)

    @property
    def security(self) -> str:
        """``config.security`` (SPEC §7); ``strict`` when unset or unreadable."""
        return self.state.security if self.state is not None else "strict"

    @lazy
    def language(self) -> str:
        """``config.language``: ``"en"`` or ``"ja"``; ``"en"``
        when unset, unknown or state.md is unreadable. Never raises: it is read
        only when a guard produces a message, and a message must not fail."""
        try:
            return self.state.language if self.state is not None else "en"
        except Exception:  # noqa: BLE001 - a message must never take the hook down
            return "en"

    def say(self, key: str, /, **fields) -> str:
        """The message ``key`` of the catalogue (``messages/``) in
        :attr:`language`, formatted with ``fields``: a :class:`messages.Said`
        (a ``str`` that keeps ``key`` and ``fields``, which the verdict made
        from it exposes). The catalogue is imported here, so the allow path
        never loads it. Never raises."""
        from messages import Said, text  # lazy: the catalogue only when a guard speaks

        lang = self.language
        return Said(text(lang, key, **fields), key, fields, lang)

    def render(self, value) -> str:
        """A sentence the shell analysis recorded (``Analysis.reasons``,
        ``Finding.message``: :class:`shell.model.Msg`) or a
        :class:`messages.Text` in :attr:`language` (:func:`messages.render`);
        a plain string as it is. Never raises."""
        from messages import render  # lazy: the catalogue only when a guard speaks

        return render(self.language, value)

    def config_flag(self, key: str) -> bool:
        """A boolean key of state.md's ``config`` section."""
        return self.state.config_flag(key) if self.state is not None else False

    @property
    def strict_mode(self) -> bool:
        """``STRICT_MODE=true`` in the environment (seed 004: depends-check and
        scope-guard block instead of warning)."""
        return str(self.env.get("STRICT_MODE", "")).strip().lower() in ("1", "true", "yes")

    @lazy
    def active_playbook_path(self) -> str | None:
        """state.md ``playbook.active`` as written, or ``None``."""
        return self.state.active_playbook if self.state is not None else None

    @lazy
    def _playbook_loaded(self) -> tuple:
        # lazy: loaded on first use; Read and most events never parse a playbook
        from statefiles import playbook

        return playbook.load_active(self.root, self.active_playbook_path)

    @property
    def playbook(self):
        """The active playbook (``statefiles.playbook.Playbook``) or ``None``
        when no playbook is active or ``playbook.active`` is unusable (see
        :attr:`playbook_error`)."""
        return self._playbook_loaded[0]

    @property
    def playbook_error(self) -> str | None:
        """Why ``playbook.active`` could not be used (outside the project, not a
        plan.json), or ``None``."""
        return self._playbook_loaded[1]

    @lazy
    def branch(self) -> str | None:
        """The checked-out git branch of the project root (``None`` if
        detached or not a repository)."""
        from statefiles import gitinfo  # lazy: loaded on first use; only branch-aware guards ask

        return gitinfo.current_branch(self.root)

    @property
    def on_main(self) -> bool:
        """The checked-out branch is ``main`` or ``master``
        (:func:`statefiles.gitinfo.is_main`; SPEC §3 main-branch)."""
        from statefiles import gitinfo  # lazy: loaded on first use; only branch-aware guards ask

        return gitinfo.is_main(self.branch)

    @lazy
    def markers(self):
        """Session markers (``statefiles.markers.Markers``)."""
        # lazy: loaded on first use; PermissionRequest and PostToolUse Edit never ask
        from statefiles.markers import Markers

        return Markers(self.root)

    @lazy
    def protected(self):
        """The protection list (``statefiles.protected.ProtectedList``)."""
        # lazy: loaded on first use; only writes consult protected-files.txt
        from statefiles import protected

        return protected.load(self.root)

    @lazy
    def shell(self):
        """The shell analysis of a Bash ``command`` (``None`` for other tools).
        Imported only for Bash calls."""
        if self.hook.tool_name != "Bash":
            return None
        from shell import analyse  # lazy: the shell analyser (~4 ms) for Bash calls only

        return analyse(self.hook.command, root=self.root, cwd=self.hook.cwd or self.root,
                       home=self.env.get("HOME") or os.path.expanduser("~"))

    def is_state_md(self, resolved: layout.ResolvedPath | None) -> bool:
        """True when ``resolved`` is the project's state.md (by real location)."""
        return resolved is not None and resolved.is_(layout.STATE_MD)

    def is_playbook_file(self, resolved: layout.ResolvedPath | None) -> bool:
        """True when ``resolved`` is the active playbook's plan.json or
        progress.json (by real location)."""
        pb = self.playbook
        return (
            pb is not None
            and resolved is not None
            and (resolved.is_(pb.plan_rel) or resolved.is_(pb.progress_rel))
        )

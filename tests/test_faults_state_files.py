"""State files as users keep them: symbolic links, and a state that is
missing or cannot be read.

**Links.** Hooks run outside any sandbox, so a link must never aim their
writes outside the project. The rule, one for every state-file writer
(state.md, the playbook files, markers, ledgers and logs, the archive
checkpoint, the archive's move): a link whose target is inside the project
is written *through* (it stays a link, its target gets the new content); a
link that leads outside — in the file's place or in any directory on its
way — is refused with a message naming the link and where it leads, and
nothing outside changes (``statefiles.atomic.write_path``).

**Unknown state.** A state.md that is missing, a directory, a FIFO, a
dangling link or unreadable is one case: where the workflow is set up (an
installed copy, or a ``play/`` directory) Stop blocks and names the fix;
where it never was (the plugin in a repository not initialised) nothing is
held, whichever way state.md is unusable.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
import reward_kit as K
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says, template

from statefiles import atomic, checkpoint, jsonlog, layout, state_md
from statefiles.markers import Markers

# --------------------------------------------------------------------------- writers


#: What the writers that report a refusal by their result raise here.
NOT_WRITTEN = "outside the project: not written"


def refusal(exc) -> tuple:
    """``(key, fields)`` of an :class:`atomic.OutsideProject`'s message."""
    message = exc.args[0] if exc.args else None
    return getattr(message, "key", None), getattr(message, "fields", None)


def _w_write_atomic(root, rel):
    atomic.write_atomic(layout.join(root, rel), "new\n")


def _w_append(root, rel):
    atomic.append_nonblocking(layout.join(root, rel), b'{"new": 1}\n')


def _w_jsonlog(root, rel):
    jsonlog.append(root, rel, {"new": 1})


def _w_rotating(root, rel):
    path = layout.join(root, rel)
    if not jsonlog.append_rotating(path, b'{"new": 1}\n', max_bytes=10 ** 6, keep=2,
                                   lock=path + ".lock"):
        raise atomic.OutsideProject(NOT_WRITTEN)  # it reports False


def _w_marker(root, rel):
    Markers(root).write(rel, "new\n")


def _w_marker_remove(root, rel):
    Markers(root).remove(rel)


def _w_errors_log(root, rel):
    from events.runtime import log_error

    try:
        raise ValueError("new")
    except ValueError:
        if log_error(root, "Stop", "test") is None:  # it never raises: no path means not written
            raise atomic.OutsideProject(NOT_WRITTEN) from None


#: ``(name, writer(root, rel), the rel it writes or None for "any")``.
WRITERS = [
    ("write_atomic", _w_write_atomic, None),
    ("append", _w_append, None),
    ("jsonlog.append", _w_jsonlog, None),
    ("append_rotating", _w_rotating, None),
    ("marker", _w_marker, None),
    ("marker removal", _w_marker_remove, None),
    ("errors.log", _w_errors_log, layout.ERRORS_LOG),
]


def tree_digest(top: Path) -> dict:
    """``{relative path: (kind, content digest or link target)}`` of ``top``."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(top))
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                out[rel] = ("dir", None)
            else:
                out[rel] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
    return out


def build(tmp: Path, rel: str, link_at: int, inside: bool) -> tuple:
    """A project ``tmp/proj`` where the ``link_at``-th component of ``rel``
    (0: the first directory ... last: the file itself) is a symbolic link to
    a copy inside the project (``inside``) or outside it. Returns
    ``(root, outside)``."""
    root, outside = tmp / "proj", tmp / "outside"
    root.mkdir(parents=True)
    outside.mkdir()
    parts = rel.split("/")
    link_at = min(link_at, len(parts) - 1)
    target_base = (root / "elsewhere") if inside else outside
    target_base.mkdir(exist_ok=True)
    prefix = root.joinpath(*parts[:link_at])
    prefix.mkdir(parents=True, exist_ok=True)
    target = target_base / ("t-" + parts[link_at])
    rest = parts[link_at + 1:]
    if rest:  # a directory link: the file lives under its target
        (target.joinpath(*rest)).parent.mkdir(parents=True, exist_ok=True)
        target.joinpath(*rest).write_text('{"old": 1}\n')
    else:
        target.write_text('{"old": 1}\n')
    os.symlink(target, prefix / parts[link_at])
    return root, outside


RELS = ["state.md", ".claude/session-state/marker", ".claude/logs/critic-ledger.jsonl",
        "play/demo/progress.json", layout.ERRORS_LOG]


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(writer=st.sampled_from(WRITERS), rel=st.sampled_from(RELS),
       link_at=st.integers(0, 3), inside=st.booleans())
def test_a_state_write_goes_through_a_link_only_inside_the_project(tmp_path_factory, writer,
                                                                    rel, link_at, inside):
    """Property: whichever writer, file and component is a link, a write
    lands inside the project (the link stays a link) or is refused with
    OutsideProject; the outside tree never changes."""
    name, func, fixed = writer
    rel = fixed or rel
    tmp = tmp_path_factory.mktemp("link")
    root, outside = build(tmp, rel, link_at, inside)
    links_before = {p: os.readlink(p) for p in root.rglob("*") if p.is_symlink()}
    before = tree_digest(outside)
    with atomic.confined_to(str(root)):
        try:
            func(str(root), rel)
            refused = False
        except atomic.OutsideProject as exc:
            refused = True
            assert (refusal(exc)[0] == "atomic.outside_project"
                    or exc.args == (NOT_WRITTEN,)), exc
    assert tree_digest(outside) == before, (name, rel, link_at)
    # a link is never replaced by a regular file (a removal of the name
    # itself removes the link, never what it points to)
    if name == "marker removal":
        links_before.pop(Path(layout.join(str(root), rel)), None)
    assert {p: os.readlink(p) for p in root.rglob("*") if p.is_symlink()} == links_before
    if inside and name != "marker removal":
        assert not refused, (name, rel, link_at)
        real = os.path.realpath(layout.join(str(root), rel))
        assert real.startswith(str(root) + os.sep)
        assert "new" in Path(real).read_text(), (name, rel, link_at)
    if not inside and name not in ("marker removal",):
        # everything on the way out is refused (the removal of a link itself
        # never follows it: removing the name is fine)
        assert refused or not Path(layout.join(str(root), rel)).resolve().is_relative_to(
            outside), (name, rel, link_at)


def test_without_a_project_a_link_is_never_written_through(tmp_path):
    (tmp_path / "t").write_text("old\n")
    os.symlink(tmp_path / "t", tmp_path / "state.md")
    with atomic.confined_to(None), pytest.raises(atomic.OutsideProject) as exc:
        atomic.write_atomic(str(tmp_path / "state.md"), "new\n")
    key, fields = refusal(exc.value)
    assert key == "atomic.link_unconfined" and fields["path"] == str(tmp_path / "state.md"), (
        key, fields)
    assert (tmp_path / "t").read_text() == "old\n" and (tmp_path / "state.md").is_symlink()


def test_a_lock_file_that_is_a_link_is_never_opened(tmp_path):
    target = tmp_path / "elsewhere"
    lock = tmp_path / "state.lock"
    os.symlink(target, lock)
    with pytest.raises(atomic.LockUnavailable), atomic.locked(str(lock), timeout=0):
        pass
    assert not target.exists()  # O_CREAT did not create the link's target


# --------------------------------------------------------------------------- each state writer


@pytest.fixture
def rr(tmp_path):
    return K.make_reward_repo(tmp_path / "repo")


def _outside_file(tmp_path, text="do not touch\n") -> Path:
    out = tmp_path / "outside"
    out.mkdir(exist_ok=True)
    target = out / "victim"
    target.write_text(text)
    return target


def test_state_md_linked_inside_is_written_through(rr):
    real = rr / "docs" / "state-real.md"
    real.write_text((rr / "state.md").read_text())
    (rr / "state.md").unlink()
    os.symlink("docs/state-real.md", rr / "state.md")
    with atomic.confined_to(str(rr)):
        state_md.update_keys(str(rr), "session", {"last_start": "2026-01-01T00:00:00+00:00"})
    assert (rr / "state.md").is_symlink()
    assert "2026-01-01T00:00:00" in real.read_text()


@pytest.mark.parametrize("which", ["state.md", "progress", "checkpoint", "ledger", "marker",
                                   "archive-dir"])
def test_every_state_writer_refuses_a_link_that_leads_outside(rr, tmp_path, which):
    victim = _outside_file(tmp_path)
    root = str(rr)
    with atomic.confined_to(root):
        if which == "state.md":
            victim.write_text((rr / "state.md").read_text())  # a state.md it could update
            (rr / "state.md").unlink()
            os.symlink(victim, rr / "state.md")
            call = lambda: state_md.update_keys(root, "session", {"last_start": "x"})  # noqa: E731
        elif which == "progress":
            from statefiles import bookkeeping

            (rr / K.PROGRESS).unlink()
            os.symlink(victim, rr / K.PROGRESS)
            call = lambda: bookkeeping._dump(root, K.PROGRESS, {"x": 1})  # noqa: E731
        elif which == "checkpoint":
            os.symlink(victim, rr / layout.ARCHIVE_CHECKPOINT)
            call = lambda: checkpoint.save(root, {"id": "demo", "status": "running"})  # noqa: E731
        elif which == "ledger":
            (rr / ".claude/logs").mkdir(parents=True, exist_ok=True)
            os.symlink(victim, rr / ".claude/logs/critic-ledger.jsonl")
            call = lambda: atomic.append_nonblocking(  # noqa: E731
                layout.join(root, ".claude/logs/critic-ledger.jsonl"), b"{}\n")
        elif which == "marker":
            import shutil

            shutil.rmtree(rr / ".claude/session-state")
            os.symlink(victim.parent, rr / ".claude/session-state")
            call = lambda: Markers(root).write(layout.POST_LOOP_PENDING, "x\n")  # noqa: E731
        else:
            from workflow.archive import local_steps

            os.symlink(victim.parent, rr / "play/archive")
            cp = {"dir": "play/demo", "archive": "play/archive/demo", "move_dir": True,
                  "plan": K.PLAN, "progress": K.PROGRESS}
            call = lambda: local_steps.step_archive(root, cp, None)  # noqa: E731
        before = tree_digest(victim.parent)
        with pytest.raises(atomic.OutsideProject) as exc:
            call()
    assert refusal(exc.value)[0] == "atomic.outside_project", exc.value
    assert tree_digest(victim.parent) == before
    if which == "archive-dir":
        assert (rr / K.PLAN).exists()  # the playbook did not move out


def _take_state_md(installed) -> str:
    """Remove the installed state.md; its text."""
    state = installed.root / "state.md"
    text = state.read_text()
    state.unlink()
    return text


def test_installed_hooks_write_through_a_state_md_link_inside_the_project(installed):
    text = _take_state_md(installed)
    real = installed.root / "docs" / "state.md"
    real.parent.mkdir()
    real.write_text(text)
    os.symlink("docs/state.md", installed.root / "state.md")
    result = installed.hook("SessionStart", source="startup")
    assert result.code == 0, result
    assert (installed.root / "state.md").is_symlink()
    assert "last_start: null" not in real.read_text()  # SessionStart recorded its start
    assert "outside the project" not in result.stdout


def test_installed_hooks_never_write_through_a_state_md_link_outside(installed, tmp_path):
    text = _take_state_md(installed)
    victim = _outside_file(tmp_path, text)
    os.symlink(victim, installed.root / "state.md")
    result = installed.hook("SessionStart", source="startup")
    assert result.code == 0, result
    assert victim.read_text() == text  # untouched
    assert (installed.root / "state.md").is_symlink()  # not replaced by a regular file
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    # the refusal is a field of runtime.effect_failed, shortened: its start, up to where it
    # leads, is said in full
    assert says(context, "runtime.not_recorded"), context
    start = template("atomic.outside_project").split("{target}")[0]
    assert start.format(path=installed.root / "state.md") + str(victim) in context, context


@pytest.mark.parametrize("link", [".claude/.session-init/read", ".claude/.session-init"])
def test_installed_hooks_never_remove_files_through_a_link_outside(installed, tmp_path, link):
    """SessionStart forgets the reads recorded so far and SessionEnd removes
    .claude/.session-init/: with either directory a link that leads outside
    the project, nothing outside is removed."""
    outside = tmp_path / "outside-dir"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me\n")
    (outside / "read").mkdir()
    (outside / "read" / "also-precious").write_text("keep me too\n")
    place = installed.root / link
    if place.is_dir() and not place.is_symlink():
        import shutil

        shutil.rmtree(place)
    place.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside if link.endswith("init") else outside / "read", place)
    before = tree_digest(outside)
    installed.hook("SessionStart", source="startup")
    installed.hook("SessionEnd", reason="other")
    assert tree_digest(outside) == before


# --------------------------------------------------------------------------- unknown state

BREAKAGES = {
    "missing": lambda p: p.unlink(),
    "directory": lambda p: (p.unlink(), p.mkdir()),
    "fifo": lambda p: (p.unlink(), os.mkfifo(p)),
    "dangling link": lambda p: (p.unlink(), os.symlink("nowhere.md", p)),
    "unreadable": lambda p: (p.unlink(), p.mkdir(), os.chmod(p, 0)),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_a_missing_or_unreadable_state_md_holds_stop_alike(installed, breakage):
    """One rule, through the installed Stop hook: every way of losing
    state.md blocks, with the same guard, naming state.md and its fix."""
    BREAKAGES[breakage](installed.root / "state.md")
    try:
        result = installed.hook("Stop", stop_hook_active=False)
    finally:
        if breakage == "unreadable":
            os.chmod(installed.root / "state.md", 0o755)
    reason = json.loads(result.stdout or "{}").get("reason", "")
    assert result.code == 0 and reason, result
    assert "[playgate:completion-check]" in reason and "state.md" in reason, reason
    assert (says(reason, "completion_check.state_missing")
            or says(reason, "completion_check.state_unreadable")), reason


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_a_project_never_set_up_is_not_held_whichever_way_state_md_is_unusable(tmp_path,
                                                                               breakage):
    root = tmp_path / "repo"
    root.mkdir()
    K.git(root, "init", "-q", "-b", "main")
    K.git(root, "checkout", "-q", "-b", "feat/x")
    (root / "state.md").write_text(K.state_text(active=None))
    BREAKAGES[breakage](root / "state.md")
    try:
        result = K.stop(root)
    finally:
        if breakage == "unreadable":
            os.chmod(root / "state.md", 0o755)
    assert not result.blocked, result


@pytest.mark.parametrize("breakage", ["missing", "directory"])
def test_a_set_up_project_is_held_in_process_too_and_a_subagent_never(rr, breakage):
    BREAKAGES[breakage](rr / "state.md")
    stop = K.stop(rr)
    assert stop.blocked and stop.guard == "completion-check", stop
    sub = K.call(rr, "SubagentStop", agent_id="a1", agent_type="general-purpose",
                 stop_hook_active=False, last_assistant_message="done")
    assert not sub.blocked, sub


def test_restoring_state_md_is_the_step_that_releases_stop(rr):
    text = (rr / "state.md").read_text()
    (rr / "state.md").unlink()
    assert K.stop(rr).blocked
    (rr / "state.md").write_text(K.state_text(active=None))
    assert not K.stop(rr).blocked
    assert text

"""The install itself: what one run will do (:class:`Plan`), planned by
:class:`Installer` and applied step by step, and :func:`install`.

What an install does (SPEC §1), in this order, and records in the
manifest (:mod:`playgate.installer.manifest`):

1. checks the target (:mod:`playgate.installer.target`) and the interpreter
   (Python >= 3.10 with the runtime dependencies in the pinned ranges) and
   refuses with a one-line reason otherwise;
2. creates ``.claude/.venv`` and installs the runtime dependencies into it
   (skipped with ``--python``);
3. copies the suite (:func:`playgate.installer.sources.suite_sources`) into
   ``.claude/``, the playbook templates into ``play/template/``,
   ``protected-files.txt`` into ``.claude/`` and ``templates/state.md`` to
   ``state.md`` when there is none;
4. compiles the bytecode of everything it copied with the hook interpreter,
   and builds the bashlex parser tables and the module bundle with it;
5. merges the hook registrations and baseline permissions into
   ``.claude/settings.json`` (:mod:`playgate.installer.settings`);
6. adds the suite's runtime state and its installed code to ``.gitignore``
   (:mod:`playgate.installer.gitignore`): only what a clone needs to fail
   closed and set itself up is committed;
7. writes the pin, ``.claude/playgate-pin.json`` (:mod:`playgate.installer.pin`):
   the suite's version and hash and where a clone gets it. ``repair=True``
   (``install --repair``, what a clone's ``python3 .claude/playgate install .``
   runs) installs exactly the pinned suite instead: a source with another
   suite is refused and the pin is left as it is.

File policy (never clobber a user's work): see
:mod:`playgate.installer.sources`. Backups of everything a run changes that
it did not write itself go to ``.claude/.playgate-backup/<time>/``. A second
run with nothing to do changes nothing and says so.
"""

from __future__ import annotations

import copy
import os
import shlex
import shutil
import time

import playgate.installer.gitignore as gitignore
import playgate.installer.manifest as manifest
import playgate.installer.pin as pin
import playgate.installer.sandbox as sandbox
import playgate.installer.settings as settings
from playgate import suite
from playgate.installer.common import (
    BACKUP_DIR,
    BASHLEX_TABLES,
    CLAUDE,
    COMPILE_TIMEOUT,
    LOG_DIR,
    MANIFEST,
    PIN_MISMATCH,
    RUNTIME_DIRS,
    SETTINGS,
    STATE_MD,
    SUITE_BUNDLE,
    TABLES_TIMEOUT,
    VENV,
    VENV_MARKER,
    VENV_PYTHON,
    InstallError,
    Refusal,
    join,
    mode_of,
    output_tail,
    pyc_fresh,
    pyc_of,
    pyc_rel,
    read,
    rel_parents,
    run_bounded,
    sha256,
    unlink,
    write,
)
from playgate.installer.python import check_interpreter, create_venv, requirements
from playgate.installer.sources import EDITABLE, ONCE, SUITE, source_root, suite_sources
from playgate.installer.speak import Text, language, say, shown
from playgate.installer.target import RepoLock, check_target

#: The compile step's script (run by the hook interpreter; the standard library only).
PYCOMPILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pycompile.py")


class Plan:
    """What one run will do: ordered steps (each a line to print and a
    function to call) plus notes (things kept or worth knowing)."""

    def __init__(self, repo: str) -> None:
        self.repo = repo
        self.steps = []
        self.notes = []
        self._dirs = set()

    def step(self, verb: str, what: str, func, *args) -> None:
        """Add a step: ``verb`` and ``what`` are printed, ``func(*args)`` runs it."""
        self.steps.append((verb, what, func, args))

    def note(self, text: str) -> None:
        """Add a note (a line printed after the steps)."""
        self.notes.append(text)

    def dirs_for(self, rel: str) -> list:
        """Parent directories of ``rel`` that do not exist yet (and no earlier
        step creates), top-down."""
        new = []
        for parent in rel_parents(rel):
            if parent not in self._dirs and not os.path.isdir(join(self.repo, parent)):
                self._dirs.add(parent)
                new.append(parent)
        return new


class Installer:
    """Builds and applies the install plan for one repository.

    Attributes:
        repo: the repository's top level.
        m: the manifest being built (starts as the previous one).
        plan: the :class:`Plan`.
        backup_root: this run's backup folder (repo-relative).
    """

    def __init__(self, repo: str, python: str | None, out=print, sources=(),
                 repair: bool = False, lang: str = "en", sandbox_mode: str | None = None) -> None:
        self.repo = repo
        self.lang = lang
        self.python = python
        #: ``--sandbox`` (:data:`playgate.installer.sandbox.MODES`); ``None``:
        #: the previous install's, else ``required``.
        self.sandbox_mode = sandbox_mode
        self.out = out
        self.given_sources = list(sources)
        self.repair = repair
        self.requirements = requirements()
        self.manifest = manifest.load(repo)
        self.first = self.manifest is None
        self.m = copy.deepcopy(self.manifest) if self.manifest else manifest.empty()
        #: installed module -> the suite's source it copies (its bytecode is reused)
        self.py_sources: dict = {}
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        # One folder per run: two runs within the same second must not share
        # (and overwrite) a backup folder, or --uninstall restores the wrong copy.
        self.backup_root = f"{BACKUP_DIR}/{self.stamp}"
        n = 1
        while (os.path.lexists(join(repo, self.backup_root))
               or self.backup_root in self.m.get("backups", ())):
            n += 1
            self.backup_root = f"{BACKUP_DIR}/{self.stamp}-{n}"
        self.plan = Plan(repo)

    # -- interpreter -------------------------------------------------------
    def interpreter(self) -> tuple:
        """``(python_cmd for settings, executable path to run now, probe info
        or None when the venv is still to be made)``."""
        if self.python:
            given = self.python
            if os.sep not in given:
                found = shutil.which(given)
                if not found:
                    raise Refusal(f"--python {given}: not found on PATH")
                given = found
            given = os.path.abspath(os.path.expanduser(given))
            info = check_interpreter(given, self.requirements)
            real = info.get("executable") or given
            if os.path.realpath(real) != os.path.realpath(given):
                self.plan.note(Text("installer.note.wrapper", given=given, real=real))
            return shlex.quote(given), given, info
        venv_py = join(self.repo, VENV + "/bin/python")
        if os.path.exists(venv_py):
            try:
                info = check_interpreter(venv_py, self.requirements, what="existing")
                if os.path.isfile(join(self.repo, VENV_MARKER)) \
                        and not (self.m.get("venv") or {}).get("created"):
                    # Made by a clone's setup (playgate/repair.py) for this
                    # install: ours to remove on uninstall.
                    self.m["venv"] = {"created": True}
                return VENV_PYTHON, venv_py, info
            except Refusal as exc:
                self.plan.note(Text("installer.note.venv_unusable", path=VENV, reason=str(exc)))
                self.plan.step("rebuild", Text("installer.what.venv_rebuild", path=VENV),
                               self._make_venv, True)
                return VENV_PYTHON, venv_py, None
        base = os.environ.get("PLAYGATE_PYTHON")
        if base:
            # Refused now, before anything is written, when it cannot serve.
            check_interpreter(base, self.requirements, what="PLAYGATE_PYTHON")
            self.plan.step("create", Text("installer.what.venv_base", path=VENV, base=base),
                           self._make_venv, False)
        else:
            self.plan.step("create", Text("installer.what.venv_create", path=VENV,
                                          requirements=", ".join(self.requirements)),
                           self._make_venv, False)
        return VENV_PYTHON, venv_py, None

    def _make_venv(self, rebuild: bool) -> None:
        path = join(self.repo, VENV)
        created_here = not os.path.isdir(path)
        if rebuild:
            shutil.rmtree(path, ignore_errors=True)
        for parent in rel_parents(VENV + "/x"):
            if not os.path.isdir(join(self.repo, parent)) and parent not in self.m["dirs"]:
                self.m["dirs"].append(parent)
        try:
            create_venv(path, self.requirements, self.out)
        except BaseException:
            if created_here or rebuild:
                shutil.rmtree(path, ignore_errors=True)
            raise
        if created_here or rebuild:
            self.m["venv"] = {"created": True}

    # -- files -------------------------------------------------------------
    def backup(self, rel: str, data: bytes, mode: int) -> str:
        """Save ``data`` (the current bytes of ``rel``) under this run's
        backup folder; returns the backup's repo-relative path."""
        dest = f"{self.backup_root}/{rel}"
        if not os.path.isdir(join(self.repo, BACKUP_DIR)) and BACKUP_DIR not in self.m["dirs"]:
            self.m["dirs"].append(BACKUP_DIR)
        write(join(self.repo, dest), data, mode, durable=True)
        if self.backup_root not in self.m["backups"]:
            self.m["backups"].append(self.backup_root)
        return dest

    def mark_dirs(self, rel: str) -> None:
        """Record the parent directories of ``rel`` this run creates (so that
        --uninstall removes them when empty)."""
        for d in self.plan.dirs_for(rel):
            if d not in self.m["dirs"]:
                self.m["dirs"].append(d)

    def plan_files(self, sources: list) -> list:
        """Plan every file; returns the ``.py`` files the compile step covers."""
        files = self.m["files"]
        py_files = []
        for rel, src, policy in sources:
            with open(src, "rb") as fh:
                data = fh.read()
            mode = mode_of(src)
            dest = join(self.repo, rel)
            current = read(dest)
            if rel == STATE_MD and current is None:
                data = with_language(data, self.lang)
            new_sha = sha256(data)
            rec = files.get(rel)
            verb = None
            if current is None:
                verb = "create"
                rec = {"sha256": new_sha, "origin": "created"}
            elif current == data:
                if rec is None and policy != ONCE:
                    rec = {"sha256": new_sha, "origin": "adopted"}
                elif rec is not None and "sha256" in rec:
                    rec = dict(rec, sha256=new_sha)
            else:
                cur_sha = sha256(current)
                if rec is not None and rec.get("sha256") == cur_sha and policy != ONCE:
                    verb = "update"
                    rec = dict(rec, sha256=new_sha)
                elif policy == SUITE:
                    verb = "replace"
                    self.plan.note(Text("installer.note.replaced", path=rel,
                                        backup=self.backup_root))
                    # A file in the way before the first install is restored by
                    # --uninstall; our own file the user edited is only saved.
                    rec = dict(rec or {"origin": "replaced", "backup_sha256": cur_sha,
                                       "backup": f"{self.backup_root}/{rel}"}, sha256=new_sha)
                elif policy == EDITABLE:
                    if rec is None:
                        rec = {"origin": "kept"}
                    # Say so once per suite default the user has not seen.
                    if (rec.get("default_sha256") or rec.get("sha256")) != new_sha:
                        self.plan.note(Text("installer.note.kept_yours", path=rel, default=src))
                        rec = dict(rec, default_sha256=new_sha)
                # ONCE (state.md): an existing file is the user's; never touched.
            if verb:
                self.mark_dirs(rel)
                self.plan.step(verb, rel, self._put, rel, data, mode, current, rec,
                               verb == "replace")
            elif rec is not None:
                files[rel] = rec
            if policy == SUITE and rel.endswith(".py"):
                py_files.append(rel)
                self.py_sources[rel] = src
        return py_files

    def _put(self, rel: str, data: bytes, mode: int, current, rec: dict, backup: bool) -> None:
        """Write one file (backing up what it replaces) and record it. Records
        are made as steps complete, so a run that fails half-way leaves a
        manifest that describes the tree."""
        if backup and current is not None:
            self.backup(rel, current, mode_of(join(self.repo, rel)))
        write(join(self.repo, rel), data, mode)
        self.m["files"][rel] = rec

    def plan_stale(self, sources: list) -> None:
        """Files an earlier install placed that this suite no longer has."""
        wanted = {rel for rel, _, _ in sources}
        for rel, rec in list(self.m["files"].items()):
            if rel in wanted or rec.get("origin") not in ("created", "replaced") \
                    or rec.get("written_by"):
                continue  # (written_by: not copied from the suite: the pin, a declared layer)
            current = read(join(self.repo, rel))
            if current is not None and sha256(current) != rec.get("sha256"):
                self.plan.note(Text("installer.note.stale_changed", path=rel))
                del self.m["files"][rel]
                continue
            self.plan.step("remove", Text("installer.what.stale", path=rel), self._remove_stale,
                           rel)

    def _remove_stale(self, rel: str) -> None:
        for path in [rel] + pyc_of(self.repo, rel):
            unlink(join(self.repo, path))
        self.m["files"].pop(rel, None)
        gone = set(pyc_of(self.repo, rel)) | {p for p in self.m["derived"]
                                               if not os.path.exists(join(self.repo, p))}
        self.m["derived"] = [p for p in self.m["derived"] if p not in gone]

    def plan_compile(self, py_files: list, executable: str, info: dict | None) -> None:
        """Plan compiling the bytecode of ``py_files`` with the hook
        interpreter when a module changes in this run or its .pyc is missing
        or stale."""
        changed = {s[1] for s in self.plan.steps if s[0] in ("create", "update", "replace")}
        tag = (info or {}).get("cache_tag")
        missing = []
        for rel in py_files:
            # Without the tag (the venv is still to be made) any name will do:
            # only the __pycache__ folder matters for mark_dirs.
            pyc = pyc_rel(rel, tag or "tag")
            if not tag or rel in changed or not pyc_fresh(join(self.repo, rel),
                                                         join(self.repo, pyc)):
                missing.append(rel)
                self.mark_dirs(pyc)
        if missing:
            self.plan.step("compile", Text("installer.what.compile", count=len(missing),
                                           python=executable),
                           self._compile, executable, py_files)

    def _compile(self, executable: str, py_files: list) -> None:
        paths = [join(self.repo, rel) for rel in py_files]
        before = set()
        for rel in py_files:
            cache = join(self.repo, rel.rsplit("/", 1)[0] + "/__pycache__")
            if os.path.isdir(cache):
                before |= {f"{rel.rsplit('/', 1)[0]}/__pycache__/{n}" for n in os.listdir(cache)}
        # compileall's work, reusing the source tree's current bytecode
        # (playgate/installer/pycompile.py)
        pairs = []
        for rel, path in zip(py_files, paths):
            pairs += [self.py_sources.get(rel, "-"), path]
        proc = run_bounded([executable, PYCOMPILE, *pairs], COMPILE_TIMEOUT, cwd=self.repo)
        if proc.returncode != 0:
            raise InstallError("compiling the installed modules failed: " + output_tail(proc))
        derived = set(self.m["derived"])
        for rel in py_files:
            folder = rel.rsplit("/", 1)[0] + "/__pycache__"
            cache = join(self.repo, folder)
            if not os.path.isdir(cache):
                continue
            stem = rel.rsplit("/", 1)[1][:-3] + "."
            for name in os.listdir(cache):
                path = f"{folder}/{name}"
                if name.startswith(stem) and name.endswith(".pyc") and path not in before:
                    derived.add(path)
        self.m["derived"] = sorted(derived)

    # -- files built with the hook interpreter ------------------------------
    def plan_tables(self, executable: str, info: dict | None) -> None:
        """Build the bashlex parser tables with the hook interpreter, so that
        no hook call pays for building them (bashlex rebuilds its
        LALR tables at every import, shell/bashparse.py saves them). Planned
        when the file is missing, the shell package changes in this run, the
        interpreter is new or different, or the saved tables do not match
        the installed bashlex (``python -m shell.bashparse --check``). The
        build starts from the tables the installing checkout saved, if any
        (``--seed``): kept when a hook would load them, else built."""
        seed = os.path.join(self.source, "shell", os.path.basename(BASHLEX_TABLES))
        self._plan_built(executable, info, BASHLEX_TABLES, ["shell.bashparse"],
                         Text("installer.what.tables", path=BASHLEX_TABLES, python=executable),
                         ("create", "update", "replace"),
                         lambda rel: rel.startswith(f"{CLAUDE}/shell/"),
                         build=["shell.bashparse", "--seed", seed] if os.path.isfile(seed)
                         else None)

    def plan_bundle(self, executable: str, info: dict | None) -> None:
        """Compile the bundled packages (:data:`playgate.suite.BUNDLED`) into
        one file the hooks import from (the import system costs about
        50 µs a module; see hooks/_bootstrap.py). Planned when any suite file
        changes in this run, the interpreter is new or different, or
        ``python -m playgate.bundle --check`` says it is not current; a hook
        falls back to ordinary imports for any module whose source no longer
        matches it."""
        self._plan_built(executable, info, SUITE_BUNDLE, ["playgate.bundle", *suite.BUNDLED],
                         Text("installer.what.bundle", path=SUITE_BUNDLE, python=executable),
                         ("create", "update", "replace", "remove"),
                         lambda rel: rel.startswith(f"{CLAUDE}/") and ".py" in rel)

    def _plan_built(self, executable: str, info: dict | None, target: str, module: list,
                    what: str, kinds: tuple, affects, build: list | None = None) -> None:
        """Plan ``python -m <module...>`` (run in the suite directory; ``build``:
        other arguments for ``-m`` than ``module``) to build ``target`` when
        it is stale: no interpreter info, the file missing, a different
        interpreter than the last install, a planned step of one of ``kinds``
        on a path ``affects`` accepts, or ``python -m <module[0]> --check
        <module[1:]>`` failing. A current file is recorded as derived (ours to
        remove)."""
        changed = {s[1] for s in self.plan.steps if s[0] in kinds}
        previous = (self.manifest or {}).get("python")
        stale = (info is None or not os.path.isfile(join(self.repo, target))
                 or previous != self.m["python"] or any(affects(rel) for rel in changed))
        if not stale:
            try:
                proc = run_bounded([executable, "-m", module[0], "--check", *module[1:]],
                                   TABLES_TIMEOUT, cwd=join(self.repo, CLAUDE))
                stale = proc.returncode != 0
            except InstallError:
                stale = True
        if stale:
            self.mark_dirs(target)
            self.plan.step("build", what,
                           self._build, executable, target, build or module, target)
        elif target not in self.m["derived"]:
            # Built by a hook (an earlier install without this step): ours to remove.
            self.m["derived"] = sorted(set(self.m["derived"]) | {target})

    def _build(self, executable: str, target: str, module: list, what: str) -> None:
        proc = run_bounded([executable, "-m", *module], TABLES_TIMEOUT,
                           cwd=join(self.repo, CLAUDE))
        if proc.returncode != 0:
            raise InstallError(f"building the {what} failed: " + output_tail(proc))
        self.m["derived"] = sorted(set(self.m["derived"]) | {target})

    # -- runtime dirs ---------------------------------------------------------
    def note_runtime_dirs(self) -> None:
        """On a first install, remember which runtime directories were there before (so that
        uninstall leaves them)."""
        if self.first:
            self.m["runtime_preexisting"] = [d for d in RUNTIME_DIRS + (LOG_DIR,)
                                             if os.path.isdir(join(self.repo, d))]

    # -- run -------------------------------------------------------------------
    def build(self) -> None:
        """Plan the whole run (nothing is written)."""
        python_cmd, executable, info = self.interpreter()
        self.executable, self.info = executable, info
        self.m["python"] = python_cmd
        root = self.source = source_root()
        sources = suite_sources(root)
        self.suite_sha = pin.suite_hash(sources)
        # Which suite this clone runs (doctor compares it with the pin after a pull).
        self.m["suite_sha256"] = self.suite_sha
        self.pin_before = pin.load(self.repo)
        if self.repair:
            self.check_pin()
        self.note_runtime_dirs()
        py_files = self.plan_files(sources)
        self.plan_stale(sources)
        self.plan_compile(py_files, executable, info)
        self.plan_tables(executable, info)
        self.plan_bundle(executable, info)
        settings.plan_step(self, python_cmd)
        sandbox.plan_step(self)
        files = [rel for rel, _src in suite.source_files(root)]
        gitignore.plan_step(self, gitignore.GITIGNORE_ENTRIES + suite.gitignore_suite_lines(files))
        if not self.repair:
            self.plan_pin(root)

    # -- the pin ----------------------------------------------------------------
    def check_pin(self) -> None:
        """``--repair``: the repository's pin must name the suite this source has.

        Raises:
            Refusal: no pin, or another suite (what the clone's setup tries next).
        """
        if self.pin_before is None:
            raise Refusal(f"--repair: {pin.PATH} does not exist in {self.repo}, so there is no "
                          "pinned suite to install; install normally (without --repair)")
        if self.pin_before["suite_sha256"] != self.suite_sha:
            raise Refusal(
                f"{PIN_MISMATCH}: this source is playgate {manifest.suite_version()} (suite "
                f"{self.suite_sha[:12]}), the repository pins playgate "
                f"{self.pin_before.get('version', '?')} (suite "
                f"{self.pin_before['suite_sha256'][:12]}); install from a source of the pinned "
                "suite, or update the pin with a normal install and commit it")

    def plan_pin(self, root: str) -> None:
        """Write the pin (:mod:`playgate.installer.pin`) when it changes."""
        sources = pin.sources_for(root, self.given_sources, self.pin_before, self.suite_sha)
        self.pin_sources = sources
        data = pin.dumps(pin.make(self.suite_sha, sources))
        current = read(join(self.repo, pin.PATH))
        rec = self.m["files"].get(pin.PATH)
        if current == data:
            if rec is not None:
                self.m["files"][pin.PATH] = dict(rec, sha256=sha256(data))
            return
        if rec is None or (current is not None and rec.get("sha256") != sha256(current)):
            # A pin this install did not write (a clone's, or edited): replaced,
            # and kept by --uninstall like any file the user had.
            rec = {"origin": "created" if current is None else "adopted"}
        rec = dict(rec, sha256=sha256(data), written_by="pin")
        self.mark_dirs(pin.PATH)
        self.plan.step("create" if current is None else "update", pin.PATH, self._put,
                       pin.PATH, data, 0o644, current, rec, False)

    def manifest_changed(self) -> bool:
        """The manifest this run writes differs from the one on disk, volatile fields (times)
        aside; True when there is none."""
        return self.manifest is None or (manifest.strip_volatile(self.m)
                                         != manifest.strip_volatile(self.manifest))

    def apply(self) -> None:
        """Run the planned steps; the manifest is written whatever happens.

        Raises:
            InstallError: a step failed (also for OSError).
            KeyboardInterrupt: re-raised after the manifest is written.
        """
        error = None
        try:
            for _verb, _what, func, args in self.plan.steps:
                func(*args)
        except (InstallError, OSError, KeyboardInterrupt) as exc:
            error = exc
        finally:
            if self.plan.steps or self.manifest_changed():
                self.m["installed_at"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
                self.m["suite"] = manifest.suite_version()
                self.mark_dirs(MANIFEST)
                write(join(self.repo, MANIFEST), manifest.dumps(self.m), durable=True)
        if error is not None:
            if isinstance(error, OSError):
                raise InstallError(f"{error.filename or ''}: {error.strerror or error}")
            raise error


def with_language(template: bytes, lang: str) -> bytes:
    """The state.md template with ``config.language`` set to ``lang``: a
    state.md the install creates speaks the language the user installed in
    (the project's hooks, its command line and the installer's later runs
    then speak it too; a human changes it in state.md's config)."""
    if lang == "en":
        return template
    import re  # lazy: only a first install in another language than English

    text = template.decode("utf-8")
    text, n = re.subn(r"(?m)^(language:\s*)en\b", lambda m: m.group(1) + lang, text, count=1)
    return text.encode("utf-8") if n else template


def print_plan(plan: Plan, out, dry_run: bool, lang: str = "en") -> None:
    """Steps grouped by verb and directory so 80 copied files read as a few
    lines, then the notes; in ``lang`` (:mod:`playgate.installer.speak`)."""
    groups = []
    index = {}
    for verb, what, _func, _args in plan.steps:
        key = None
        if verb == "rmdir":
            key = (verb, "")
        elif what.endswith(".pyc"):
            key = (verb, Text("installer.what.bytecode"))
        elif verb in ("create", "update", "replace", "remove") and " " not in what \
                and what.count("/") >= 2:
            key = (verb, what.rsplit("/", 1)[0] + "/")
        if key is None:
            groups.append([verb, what, 0])
        elif key in index:
            groups[index[key]][2] += 1
        else:
            index[key] = len(groups)
            groups.append([verb, what, 1, key[1]])
    would = say(lang, "installer.would") if dry_run else ""
    for group in groups:
        verb, what, count = group[:3]
        if len(group) > 3 and verb == "rmdir":
            what = say(lang, "installer.rmdirs", count=count)
        elif count > 1:
            what = say(lang, "installer.group", folder=shown(lang, group[3]), count=count)
        out(say(lang, "installer.step", would=would,
                verb=say(lang, f"installer.verb.{verb}"), what=shown(lang, what)))
    for note in plan.notes:
        out(say(lang, "installer.note", note=shown(lang, note)))


def install(repo: str, python: str | None = None, dry_run: bool = False, out=print,
            uninstall_command: str = "", sources=(), repair: bool = False,
            result: dict | None = None, lang: str | None = None,
            sandbox_mode: str | None = None) -> int:
    """Install or update the suite in ``repo``. Returns the exit code (0 done
    or nothing to do; 1 a step failed; refusals raise :class:`Refusal`).

    ``uninstall_command``: how the user undoes it (printed with the
    repository) when this call prints its own last line; with ``result`` (a
    dict, filled with ``root``, ``changed``, ``version``, ``pin_sources``)
    the caller prints the end itself (:mod:`playgate.installer.cli` does,
    after the offers). ``sources``: ``--source`` values (parsed,
    :func:`playgate.installer.pin.parse_source`); ``repair``: install exactly
    the pinned suite (see the module docstring); ``sandbox_mode``:
    ``--sandbox`` (:mod:`playgate.installer.sandbox`)."""
    root = check_target(repo)
    lang = lang or language(root)
    with RepoLock(root):
        inst = Installer(root, python, out, sources=sources, repair=repair, lang=lang,
                         sandbox_mode=sandbox_mode)
        inst.build()
        if result is not None:
            result.update(root=root, changed=False, version=manifest.suite_version(),
                          pin_sources=getattr(inst, "pin_sources", None)
                          or (inst.pin_before or {}).get("sources") or [])
        if not inst.plan.steps and not inst.manifest_changed():
            if result is None:
                out(say(lang, "installer.up_to_date", root=root))
            for note in inst.plan.notes:
                out(say(lang, "installer.note", note=shown(lang, note)))
            return 0
        out(say(lang, "installer.plan_header" if dry_run else "installer.installing", root=root))
        print_plan(inst.plan, out, dry_run, lang)
        if dry_run:
            out(say(lang, "installer.dry_run"))
            return 0
        undo = f"{uninstall_command or default_uninstall_command()} {shlex.quote(root)}"
        try:
            inst.apply()
        except InstallError as exc:
            out(say(lang, "installer.failed", error=str(exc)))
            out(say(lang, "installer.failed_hint", manifest=MANIFEST, undo=undo))
            return 1
        if result is not None:
            result["changed"] = True
            return 0
        out(say(lang, "installer.done", root=root, settings=SETTINGS))
        out(say(lang, "installer.undo", command=undo))
        return 0


def default_uninstall_command() -> str:
    """``python3 <checkout>/install.py --uninstall`` when this suite source has
    install.py (a checkout), else ``playgate uninstall`` (the wheel's command)."""
    import playgate.installer.routes as routes  # lazy: routes imports shutil.which's users

    launcher = os.path.join(suite.root(), "install.py")
    if os.path.isfile(launcher):
        return f"{routes.launcher_command(launcher)} --uninstall"
    return f"{routes.console_command()} uninstall"

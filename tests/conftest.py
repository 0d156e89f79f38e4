"""Shared fixtures: real git repositories with the suite installed, and a way
to call the installed hooks exactly as Claude Code does (the registered
command, run by ``sh -c`` with ``CLAUDE_PROJECT_DIR`` set, JSON on stdin).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

import draws  # tests/draws.py: how many examples each Hypothesis profile draws
import durations  # tests/durations.py: the inner loop's measured budget
from events.runtime import UNITS

# Property tests draw the same examples on every run, wherever they run
# ("fixed", the default): a test's result never depends on the draw, on the
# examples an earlier run saved, or on the order the tests run in. The
# "explore" profile draws new examples each run and is its own target in
# .ci/run (PLAYGATE_HYPOTHESIS_PROFILE=explore pytest -m hypothesis); a
# failure it finds is printed with the example (and its blob) to add as an
# @example. "deep" draws every test's whole budget, new examples. How many
# examples each draws: tests/draws.py (a test declares its budget with
# examples(n); Hypothesis's default of 100 is the budget of one that does
# not). "ci" is the old name of "fixed".
# No profile has a deadline: Hypothesis's per-example deadline is a
# wall-clock assert, and a loaded machine is not a failing test.
settings.register_profile("fixed", derandomize=True, database=None, print_blob=True,
                          deadline=None, max_examples=draws.examples(100, "fixed"))
settings.register_profile("ci", settings.get_profile("fixed"))
settings.register_profile("explore", derandomize=False, database=None, print_blob=True,
                          deadline=None, max_examples=draws.examples(100, "explore"))
settings.register_profile("deep", derandomize=False, database=None, print_blob=True,
                          deadline=None, max_examples=100)
settings.load_profile(draws.profile())

SUITE = Path(__file__).resolve().parent.parent

# Test modules are rewritten by pytest (assertions) and product modules are
# imported in-process: with PYTHONDONTWRITEBYTECODE set (as on the project's
# own machine) neither is ever cached, and every run and every xdist worker
# compiles ~130 test modules again (collection 7 s instead of 2.3 s a
# worker). The caches are gitignored; hook subprocesses keep the caller's
# environment, so what the hooks do is not changed.
sys.dont_write_bytecode = False
SHARED = SUITE.parent / "shared"
FIXTURES = SHARED / "fixtures" / "claude-code-2.1.329"

# ---------------------------------------------------------------- slow tests
# The inner loop leaves them out: pytest -n 2 -m "not slow and not e2e"
# (docs/development.md); .ci/run runs everything. Listed here by hand: what
# takes about a second or more on its own (a long property or crash run, a
# virtualenv, many installs) or reads a whole parameter table; a name that no
# longer exists only stops marking anything (tests/test_slow_marks.py). The
# rest is measured: tests/durations.py marks what tests/durations.json says is
# slow or beyond a parametrized test's sample.

#: Modules whose every test is slow.
SLOW_MODULES = {
    "test_install.py",          # install.py as a user runs it: ~1 s an install, 60 tests
    "test_reward_stateful.py",  # stateful hypothesis runs through the hooks (60 s alone)
    "test_robust_fuzz.py",      # 2,000 payloads per entrypoint
    "test_robust_crash.py",     # kills a hook at every point of a write
    "test_robust_parallel.py",  # 16 hooks at once, bounded lock waits
}
#: ``module: {test function}`` (every parametrization of it).
SLOW_TESTS = {
    "test_after_compact.py": {"test_only_wait_holds_the_agent"},
    "test_agents_bash_writes.py": {"test_bash_writes_to_agent_files_are_blocked"},
    "test_branch_policy.py": {"test_only_trunk_opens_main"},
    "test_bash_chain.py": {"test_no_playbook_allows_reads_and_branch_work"},
    "test_bash_corpus.py": {"test_corpus_through_installed_suite"},
    "test_bench.py": {"test_quick_run_through_the_command_line"},
    "test_cli.py": {"test_usage_errors_exit_2_with_one_line_and_json_when_asked",
                    "test_check_answers_like_the_installed_hook_for_the_real_payloads"},
    "test_custom_rules.py": {"test_schema_explain_and_doctor"},
    "test_cli_report.py": {"test_the_html_report_renders_in_chromium_and_loads_nothing",
                           "test_the_proxy_check_sees_what_a_page_loads"},
    "test_decisionlog.py": {"test_any_payload_is_answered_the_same_with_or_without_the_log",
                            "test_parallel_hooks_never_interleave_lines",
                            "test_parallel_rotation_loses_no_line_it_keeps"},
    "test_demo.py": {"test_demo_runs_and_prints_the_session_table",
                     "test_demo_without_dir_makes_a_temporary_one"},
    "test_fastjson.py": {"test_dumps_with_indent_equals_json", "test_dumps_equals_json_dumps",
                         "test_loads_of_valid_json_equals_json_loads"},
    "test_inputs.py": {"test_arbitrary_payload_shapes_parse_or_raise_malformed_only"},
    "test_lifecycle_cycle.py": {
        "test_merge_conflict_stops_at_merge_and_the_handler_finishes_later"},
    "test_lifecycle_events.py": {"test_session_end_counts_a_big_repository",
                                 "test_every_fixture_passes_through_the_lifecycle_units",
                                 "test_lifecycle_units_take_any_input_safely"},
    "test_malformed.py": {"test_malformed_stdin_on_every_entrypoint"},
    "test_markers_atomic.py": {
        "test_spent_lock_budget_fails_at_once_but_min_wait_is_still_granted"},
    "test_models.py": {"test_what_the_progress_model_accepts_the_shipped_schema_accepts",
                       "test_what_the_plan_model_accepts_the_shipped_schema_accepts"},
    "test_permission_config.py": {"test_any_layers_keep_the_floors_or_are_broken"},
    "test_permission_table.py": {"test_every_phase_decides_somewhere",  # the whole table:
                                 "test_every_case_is_audited"},         # 765 hook runs
    "test_permission_hypothesis.py": {"test_installed_hook_never_approves_phase2_syntax",
                                      "test_arbitrary_json_never_crashes_or_approves"},
    "test_playbook.py": {"test_views_read_accepted_documents_like_the_models"},
    "test_plugin.py": {"test_a_plugin_update_relinks_the_environment_without_rebuilding",
                       "test_bootstrap_by_hand_reports_and_builds",
                       "test_claude_cannot_edit_the_plugin_that_gates_it",
                       "test_a_project_without_state_md_is_told_to_run_playgate_init",
                       "test_changed_requirements_rebuild_the_environment",
                       "test_session_start_sets_up_the_environment_then_runs_the_hook",
                       "test_a_second_session_start_reuses_the_environment"},
    "test_protected.py": {"test_component_matcher_agrees_with_the_regex"},
    "test_protected_write_routes.py": {
        "test_extraction_into_a_protected_tree_is_blocked_in_any_spelling"},
    # 3,000 examples each against the three old matchers (~3 s a test).
    "test_protected_matcher.py": {"test_agrees_with_the_three_where_they_agreed",
                                  "test_never_narrower_than_the_old_ones",
                                  "test_is_the_protected_reading_of_the_normalised_forms",
                                  "test_every_entry_point_gives_the_same_answer"},
    "test_import_cycles.py": {"test_no_import_cycles", "test_shell_has_no_cycle_and_no_allowance"},
    "test_hand_typed.py": {"test_seed_000_style_minimal_payloads"},
    "test_cli_replay.py": {"test_the_copy_is_rewound_to_the_state_the_session_started_from"},
    "test_hook_subprocesses.py": {"test_an_unreadable_configuration_means_git_is_not_run"},
    "test_permission_explain.py": {"test_explain_shows_broken_configuration_and_notices"},
    "test_install_project_commands.py": {"test_install_py_proposes_and_writes_only_with_yes"},
    "test_statusline.py": {"test_uninstall_removes_ours_and_restores_the_original",
                           "test_reinstall_keeps_one_registration_and_follows_the_interpreter"},
    "test_reward_bash.py": {"test_agent_with_bash_writes"},
    "test_robust_hostile.py": {"test_state_md_hostile_every_event",
                               "test_hostile_markers_logs_and_caches"},
    "test_robust_paths.py": {"test_composed_spellings_of_protected_files_are_blocked"},
    "test_runtime.py": {"test_evaluate_honours_the_contract_for_any_payload"},
    "test_sandbox_placeholders.py": {"test_a_placeholder_reads_as_the_missing_file",
                                     "test_the_reviewers_verdict_lands_on_a_placeholder_and_stays"},
    "test_scripted_session.py": {"test_scripted_session_through_the_installed_hooks"},
    "test_settings.py": {"test_installed_and_merged_settings_are_valid"},
    "test_shell_analysis.py": {"test_strange_inputs_never_raise"},
    "test_simpleyaml.py": {"test_subset_agrees_with_pyyaml", "test_likely_documents_agree_with_pyyaml",
                           "test_scanner_line_tests_match_the_regular_expressions",
                           "test_subset_agrees_with_pyyaml_on_arbitrary_text"},
    "test_smoke_skeleton.py": {"test_every_fixture_is_accepted"},
    "test_state_md.py": {"test_fast_path_and_yaml_path_agree_and_leave_other_bytes_alone"},
    "test_stop.py": {"test_stop_entrypoints_never_crash",
                     "test_full_legitimate_cycle_through_the_installed_hooks"},
    "test_team_entrypoints.py": {"test_any_active_file_is_survived",
                                 "test_any_write_is_judged_without_crashing",
                                 "test_team_events_always_exit_0"},
    "test_team_signals.py": {"test_thresholds_at_totals_1_to_10",
                             "test_signals_only_switch_keeps_the_timeline",
                             "test_parallel_prompts_and_completions_lose_nothing",
                             "test_parallel_task_completions_count_every_task_and_signal_once",
                             "test_once_per_session_across_two_sessions"},
}


#: Modules collected first, longest first: under xdist (``--dist loadfile``, a
#: file per worker, ``--no-loadscope-reorder`` so that files are handed out in
#: this order rather than by their number of tests) they start at once
#: instead of leaving one worker busy with a long file at the end of the run.
FIRST = ("test_reward_stateful.py", "test_install.py", "test_robust_fuzz.py", "test_wheel.py",
         "test_scenarios.py", "test_cli_contract.py", "test_robust_hostile.py",
         "test_team_signals.py", "test_robust_crash.py", "test_robust_parallel.py")


def pytest_addoption(parser) -> None:
    parser.addoption("--record-durations", action="store_true",
                     help="write tests/durations.json (the inner loop's budget) from this run")


#: Where the tests' temporary folders go when it is a RAM file system with
#: room (:func:`_temp_root`), and the room it must have, bytes.
RAM_TEMP = "/dev/shm"
RAM_TEMP_FREE = 6 * 1024**3


def _temp_root(config) -> None:
    """Put pytest's temporary folders (``tmp_path``, ``tmp_path_factory``; the
    workers' folders are made under the controller's) on :data:`RAM_TEMP`
    when it is a tmpfs with :data:`RAM_TEMP_FREE` free and neither
    ``--basetemp`` nor ``PYTEST_DEBUG_TEMPROOT`` chose another place. The
    suite's state writes fsync (statefiles/atomic.py), and on a disk the
    fault and install tests waited on those flushes for about half their
    time; on tmpfs an fsync returns at once. pyproject.toml keeps the
    folders of the last run only, and of its failed tests only."""
    if config.option.basetemp or os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        return
    try:
        with open("/proc/mounts", encoding="utf-8") as fh:
            tmpfs = any(line.split()[1:3] == [RAM_TEMP, "tmpfs"] for line in fh)
        st = os.statvfs(RAM_TEMP)
    except OSError:
        return
    if tmpfs and st.f_bavail * st.f_frsize >= RAM_TEMP_FREE and os.access(RAM_TEMP, os.W_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = RAM_TEMP


def pytest_configure(config) -> None:
    if not hasattr(config, "workerinput"):  # the controller: workers use its folder
        _temp_root(config)
    if config.getoption("--record-durations", False):
        config.pluginmanager.register(durations.Recorder(), "playgate-durations")


def pytest_collection_modifyitems(config, items) -> None:
    """Mark :data:`SLOW_MODULES`, :data:`SLOW_TESTS` and what the measured
    durations leave out of the inner loop (``tests/durations.py``) ``slow``;
    collect :data:`FIRST` first (a stable sort: the order within a file is
    kept)."""
    rank = {name: i for i, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(FIRST)))
    slow = pytest.mark.slow
    measured = (set() if config.getoption("--record-durations", False)
                else durations.left_out(items, durations.load()))
    for item in items:
        module = item.path.name
        if module in SLOW_MODULES or getattr(item, "originalname", item.name) in SLOW_TESTS.get(
                module, ()) or item.nodeid in measured:
            item.add_marker(slow)


#: Event name -> entrypoint module name (``hooks/<module>.py``): the runtime's
#: own table (test_smoke_skeleton checks it against the installed hooks).
EVENT_MODULES = UNITS


def git(repo, *args, check=True) -> subprocess.CompletedProcess:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    return subprocess.run(["git", "-C", str(repo), *args], check=check, capture_output=True,
                          text=True, env=env)


def make_repo(path: Path, branch: str = "main") -> Path:
    """A git work tree with one commit on ``branch``."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", branch)
    (path / "README.md").write_text("test repo\n")
    git(path, "add", "README.md")
    git(path, "commit", "-q", "-m", "init")
    return path


def json_block_reason(stdout: str):
    """The reason of a block a hook printed as JSON on exit 0
    (PreToolUse ``permissionDecision: "deny"`` + ``permissionDecisionReason``;
    UserPromptSubmit/Stop/SubagentStop ``{"decision": "block", "reason"}``),
    or ``None`` when ``stdout`` holds no such block."""
    text = stdout.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    specific = data.get("hookSpecificOutput")
    if isinstance(specific, dict) and specific.get("permissionDecision") == "deny":
        return str(specific.get("permissionDecisionReason", ""))
    if data.get("decision") == "block":
        return str(data.get("reason", ""))
    return None


def claude_view(event, code: int, out: str, err: str) -> tuple:
    """``(code, stdout, stderr)`` as Claude Code acts on them: a PreToolUse or
    UserPromptSubmit block printed as JSON on exit 0 reads
    as exit 2 with the reason on stderr and nothing on stdout, the form the
    robustness suites assert for every block. Anything else is unchanged."""
    if code == 0 and event in HookResult.FOLDED:
        reason = json_block_reason(out)
        if reason is not None:
            return 2, "", reason + "\n"
    return code, out, err


class HookResult:
    """What Claude Code would see from one hook call.

    A PreToolUse or UserPromptSubmit block comes in two forms: JSON on exit
    0 (the hook's answer, :func:`json_block_reason`) or exit
    2 with the reason on stderr (the fail-closed path: malformed input seen
    by an older runtime, a hook that could not run). ``code`` and ``stderr``
    are *as Claude Code acts on them*: a JSON block reads as ``code == 2``
    with the reason in ``stderr``, so a test asserts "blocked, because ..."
    the same way for either form. The process's own values are
    ``exit_code``, ``stdout`` and ``raw_stderr``; ``json_block`` says which
    form it was. Stop/SubagentStop answers are left as printed (their
    blocks were always JSON, read from ``stdout``).
    """

    #: Events whose JSON block is folded into ``code``/``stderr``.
    FOLDED = ("PreToolUse", "UserPromptSubmit")

    def __init__(self, proc: subprocess.CompletedProcess, event: str | None = None) -> None:
        self.exit_code = proc.returncode
        self.stdout = proc.stdout
        self.raw_stderr = proc.stderr
        reason = None
        if proc.returncode == 0 and (event in self.FOLDED or (
                event is None and '"permissionDecision": "deny"' in proc.stdout)):
            reason = json_block_reason(proc.stdout)
        self.json_block = reason is not None
        self.code = 2 if reason is not None else proc.returncode
        self.stderr = (reason + "\n") if reason is not None else proc.stderr

    @property
    def json(self):
        return json.loads(self.stdout) if self.stdout.strip() else None

    @property
    def blocked(self) -> bool:
        """PreToolUse/UserPromptSubmit block, in either form."""
        return self.code == 2

    @property
    def reason(self) -> str:
        """What the model is told about a block (``""`` when not blocked)."""
        return self.stderr if self.blocked else ""

    @property
    def context(self) -> str:
        """``hookSpecificOutput.additionalContext`` or ``""``."""
        data = self.json or {}
        return (data.get("hookSpecificOutput") or {}).get("additionalContext", "")

    def __repr__(self) -> str:
        return f"HookResult(code={self.code}, stdout={self.stdout[:200]!r}, stderr={self.stderr[:300]!r})"


class Installed:
    """A repository with the suite installed by install.py."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.settings = json.loads((root / ".claude" / "settings.json").read_text())

    def command(self, event: str, tool: str = "") -> str:
        """The registered command for ``event`` (whose matcher covers ``tool``)."""
        import re

        for group in self.settings["hooks"][event]:
            matcher = group.get("matcher", "")
            if not tool or matcher in ("", "*") or re.fullmatch(matcher, tool) or tool in matcher.split("|"):
                for hook in group["hooks"]:
                    if "playgate" in hook.get("command", "") or "/hooks/" in hook.get("command", ""):
                        return hook["command"]
        raise KeyError(f"no registration for {event} {tool}")

    def payload(self, event: str, **fields) -> dict:
        """A minimal well-formed payload for ``event`` in this repository."""
        base = {
            "session_id": "test-session",
            "transcript_path": str(self.root / "transcript.jsonl"),
            "cwd": str(self.root),
            "hook_event_name": event,
        }
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest"):
            base["permission_mode"] = "default"
        base.update(fields)
        return base

    def hook(self, event: str, payload=None, env=None, *, stdin_ready: bool = False,
             **fields) -> HookResult:
        """Run the installed hook for ``event`` as Claude Code does (the
        payload through a pipe). ``stdin_ready``: the payload is a file on
        stdin, complete before the hook starts, for tests of what the hook
        does with a payload already there (a pipe is written after the
        process starts, which is a race for a timer of a millisecond)."""
        if payload is None:
            payload = self.payload(event, **fields)
        data = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
        if isinstance(data, str):
            data = data.encode()
        tool = payload.get("tool_name", "") if isinstance(payload, dict) else ""
        full_env = dict(os.environ, CLAUDE_PROJECT_DIR=str(self.root))
        full_env.pop("PLAYGATE_TRACE", None)
        if env:
            full_env.update(env)
        if stdin_ready:
            import tempfile

            with tempfile.TemporaryFile() as stdin:
                stdin.write(data)
                stdin.seek(0)
                proc = subprocess.run(["sh", "-c", self.command(event, tool)], stdin=stdin,
                                      capture_output=True, env=full_env, cwd=str(self.root),
                                      timeout=60)
        else:
            proc = subprocess.run(["sh", "-c", self.command(event, tool)], input=data,
                                  capture_output=True, env=full_env, cwd=str(self.root),
                                  timeout=60)
        return HookResult(subprocess.CompletedProcess(proc.args, proc.returncode,
                                                      proc.stdout.decode("utf-8", "replace"),
                                                      proc.stderr.decode("utf-8", "replace")),
                          event)

    def entrypoint(self, event: str, payload, env=None, args=()) -> HookResult:
        """Pipe ``payload`` straight into ``.claude/hooks/<event>.py`` (whatever
        the matchers say), as a person debugging by hand would."""
        data = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
        if isinstance(data, str):
            data = data.encode()
        script = self.root / ".claude" / "hooks" / f"{EVENT_MODULES[event]}.py"
        full_env = dict(os.environ, CLAUDE_PROJECT_DIR=str(self.root))
        full_env.pop("PLAYGATE_TRACE", None)
        if env:
            full_env.update(env)
        proc = subprocess.run([sys.executable, str(script), *args], input=data,
                              capture_output=True, env=full_env, cwd=str(self.root), timeout=60)
        return HookResult(subprocess.CompletedProcess(proc.args, proc.returncode,
                                                      proc.stdout.decode("utf-8", "replace"),
                                                      proc.stderr.decode("utf-8", "replace")),
                          event)

    def tool(self, tool_name: str, tool_input: dict, **extra) -> HookResult:
        """PreToolUse for one tool call."""
        return self.hook("PreToolUse", tool_name=tool_name, tool_input=tool_input,
                         tool_use_id="toolu_test", **extra)


_HOOK_PYTHON: list = []


def hook_python() -> str:
    """The hook interpreter the tests install with: a virtual environment
    (made once per test process, under the session's temporary folder) of
    this interpreter whose ``site-packages`` reaches this one's by plain
    ``.pth`` directory lines, as the ``.claude/.venv`` install.py makes has
    only the runtime dependencies. It skips this development environment's
    ``.pth`` start-up code (the editable install's import finder imports
    pathlib, re and more): a hook call costs about 22 ms of CPU instead of
    34, over thousands of hook calls in the suite."""
    if not _HOOK_PYTHON:
        import site
        import tempfile
        import venv

        root = Path(tempfile.mkdtemp(prefix="playgate-hook-py-",
                                     dir=os.environ.get("PYTEST_DEBUG_TEMPROOT")))
        venv.EnvBuilder(symlinks=True, with_pip=False).create(root)
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        (root / "lib" / version / "site-packages" / "dependencies.pth").write_text(
            "".join(f"{d}\n" for d in site.getsitepackages()))
        import atexit
        import shutil

        atexit.register(shutil.rmtree, root, True)
        _HOOK_PYTHON.append(str(root / "bin" / "python"))
    return _HOOK_PYTHON[0]


def install(repo: Path, *extra: str) -> subprocess.CompletedProcess:
    """Run install.py with this interpreter, the hooks with :func:`hook_python`
    (this interpreter's dependencies) unless ``extra`` names ``--python``."""
    python = () if "--python" in extra else ("--python", hook_python())
    return subprocess.run([sys.executable, str(SUITE / "install.py"), *python,
                           *extra, str(repo)], capture_output=True, text=True, timeout=300)


def hold_lock(lock: str, seconds: float) -> subprocess.Popen:
    """A process that holds the state lock file ``lock`` for ``seconds``;
    returns once it has it (kill it to release early)."""
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; sys.path.insert(0, sys.argv[1]);"
         "from statefiles.atomic import locked\n"
         "with locked(sys.argv[2]):\n print('held', flush=True); time.sleep(float(sys.argv[3]))",
         str(SUITE), lock, str(seconds)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


@pytest.fixture
def repo(tmp_path) -> Path:
    """A fresh git repository (branch main, one commit)."""
    return make_repo(tmp_path / "repo")


#: What :func:`make_repo` puts in a repository besides ``.git``.
FRESH_REPO = ("README.md",)


@pytest.fixture(scope="session")
def template_install(tmp_path_factory) -> tuple:
    """``(repository, install.py's CompletedProcess)``: one fresh repository
    with the suite installed by install.py, made once per test session (once
    per xdist worker). Never written: tests read it, or work on a copy
    (:func:`copy_install`)."""
    repo = make_repo(tmp_path_factory.mktemp("installed-template") / "repo")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return repo, proc


@pytest.fixture(scope="session")
def installed_template(template_install) -> Path:
    """The repository of :func:`template_install`: :func:`copy_install` gives
    each test the same result without running the installer again (it
    costs about 1.2 s a test)."""
    return template_install[0]


def copy_install(template: Path, repo: Path) -> None:
    """Make the fresh :func:`make_repo` repository ``repo`` what install.py
    makes of it, by copying what it made of ``template`` (an identical fresh
    repository): ``.claude/``, ``play/``, ``state.md``, ``.gitignore``.

    Modification times are copied with the files (to the nanosecond), because
    the bytecode and the module bundle are checked against them; every other
    path in an install is relative (hook commands use ``$CLAUDE_PROJECT_DIR``,
    the manifest and the bundle index are repo-relative, code objects get their
    file names fixed when loaded), and the interpreter is this one in both.
    """
    present = sorted(p.name for p in repo.iterdir() if p.name != ".git")
    assert present == sorted(FRESH_REPO), f"{repo} is not a fresh repository: {present}"
    for entry in template.iterdir():
        if entry.name == ".git" or entry.name in FRESH_REPO:
            continue
        if entry.is_dir():
            shutil.copytree(entry, repo / entry.name, symlinks=True, copy_function=_copy_or_link)
        else:
            shutil.copy2(entry, repo / entry.name)


#: ``{template path: (size, mtime_ns)}`` of the linked files when first linked.
_LINKED: dict = {}
#: The suite's code in an install: hard-linked into each copy.
_CODE_SUFFIXES = (".py", ".pyc", "suite.bundle", "bashlex_tables.marshal")


def _copy_or_link(src: str, dst: str) -> None:
    """``copy2``, except that the suite's code (modules, their bytecode, the
    module bundle ``hooks/suite.bundle`` and the parser tables) is
    hard-linked: creating and writing files is most of what a copy costs, and
    code is read, not written, by the hooks and the CLI; the installer and
    the import system replace a file whole (``os.replace``), never write it
    in place, so the product cannot change the template's copy through a
    link. A test that changes a module or damages a bundle replaces it
    (``unlink`` first, :func:`replace_file`); one that wrote a linked file in
    place (or changed its modification time) would change every later copy,
    so the next copy fails, naming the file. Configuration and state files
    (settings, protected-files.txt, logs, caches) are copied."""
    if src.endswith(_CODE_SUFFIXES):
        if not src.endswith(".pyc"):   # bytecode is only ever replaced by the import system
            st = os.stat(src)
            seen = _LINKED.setdefault(src, (st.st_size, st.st_mtime_ns))
            assert seen == (st.st_size, st.st_mtime_ns), (
                f"{src} changed since it was first linked: a test wrote an installed copy "
                "of it in place; replace it instead (conftest.replace_file)")
        try:
            os.link(src, dst)
            return
        except OSError:
            pass
    shutil.copy2(src, dst)


def replace_file(path, data, mtime_ns: int | None = None) -> None:
    """Write ``data`` (str or bytes) to ``path`` as a new file (the installed
    copy's code is hard-linked to the template's: :func:`_copy_or_link`),
    with modification time ``mtime_ns`` when given."""
    path = Path(path)
    path.unlink(missing_ok=True)
    if isinstance(data, str):
        path.write_text(data)
    else:
        path.write_bytes(data)
    if mtime_ns is not None:
        os.utime(path, ns=(mtime_ns, mtime_ns))


@pytest.fixture
def installed(repo, installed_template) -> Installed:
    """``repo`` with the suite installed (a copy of :func:`installed_template`)."""
    copy_install(installed_template, repo)
    return Installed(repo)


# --- foundation: an in-process project tree, see tests/_foundation.py
@pytest.fixture
def ws(tmp_path):
    """A project root with state.md, the protection list and play/template/,
    on branch ``feat/x``, no session markers (``tests/_foundation.Workspace``)."""
    from _foundation import Workspace

    return Workspace(tmp_path / "ws")


def pytest_runtest_setup(item) -> None:
    """In the reworded run (``PLAYGATE_MESSAGES_REWORDED=1``: every English
    template reworded, keys and fields kept, messages/reworded.py) a test
    whose subject is the English wording itself (marked ``wording``) is
    skipped; every other test must pass, asserting messages by key."""
    if os.environ.get("PLAYGATE_MESSAGES_REWORDED") == "1" and item.get_closest_marker("wording"):
        pytest.skip("about the English wording: not run with the catalogue reworded")

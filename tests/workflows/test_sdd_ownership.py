"""sdd-ownership (seed 003 Spec 4; WORKFLOWS.md guarantees 2 and 4): under
sync-sdd each file is written only by its owner's agent type, by every
route and spelling; the lead only marks tasks done; builders write code only
under a plan; programs are run by builders and the implementation
inspectors."""

from __future__ import annotations

import pytest
import yaml
from saying import says

import messages
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from sdd_kit import F, SDD

from guards.sdd_ownership import done_marks_problem
from workflow import registry, sdd

WF = registry.BY_NAME["sync-sdd"]
ARCHITECT, TASKGEN, BUILDER = "sdd-architect", "sdd-taskgenerator", "sdd-builder"
INSPECTOR, AUDITOR = "sdd-inspector-test", "sdd-auditor-impl"


@pytest.fixture
def s(ws):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    kit = SDD(ws)
    kit.feature(phase="design-generated", design=True, tasks=("pending", "pending"))
    return kit


def refused(r, key=None, /, *others, **fields):
    """Refused by sdd-ownership, saying message ``key`` (with ``fields``)
    and each of ``others`` (keys) when given."""
    assert r.blocked and r.guard == "sdd-ownership", r
    assert key is None or says(r.stderr, key, **fields), (key, fields, r.stderr)
    for other in others:
        assert says(r.stderr, other), (other, r.stderr)


def passed(r):
    assert not r.blocked, r


# ------------------------------------------------------------------ the table


# (file, writer that may write it, a writer that may not)
OWNED = [
    (f"{F}/design.md", ARCHITECT, None),
    (f"{F}/research.md", ARCHITECT, BUILDER),
    (f"{F}/tasks.yaml", TASKGEN, ARCHITECT),
    (f"{F}/.review/sdd-inspector-test.cpf", INSPECTOR, AUDITOR),
    (f"{F}/.review/verdict.cpf", AUDITOR, INSPECTOR),
    ("src/app.py", BUILDER, ARCHITECT),
    ("tests/test_app.py", BUILDER, None),
    ("README.md", BUILDER, TASKGEN),
    (".sdd/handover/session.md", None, BUILDER),
    (".sdd/steering/tech.md", None, ARCHITECT),
]


@pytest.mark.parametrize("rel,owner,other", OWNED)
def test_the_owner_writes_and_another_is_refused(s, rel, owner, other):
    passed(s.write(rel, "VERDICT:GO\n" if rel.endswith("verdict.cpf") else "x\n",
                   agent=owner))
    refused(s.write(rel, agent=other), "sdd_ownership.refused", path=rel)


@pytest.mark.parametrize("rel,route,fields", [
    (f"{F}/design.md", "sdd_ownership.route_design", {"feature": "greet"}),
    (f"{F}/research.md", "sdd_ownership.route_research", {"feature": "greet"}),
    ("src/app.py", "sdd_ownership.route_code", {}),
    (f"{F}/verdicts.md", "sdd_ownership.route_verdicts", {}),
    (f"{F}/.review/verdict.cpf", "sdd_ownership.route_verdict",
     {"owner": "sdd-auditor-design, sdd-auditor-impl, sdd-auditor-dead-code"}),
    (f"{F}/notes.txt", "sdd_ownership.route_feature_other", {}),
])
def test_the_lead_is_refused_with_the_owner_and_the_route(s, rel, route, fields):
    r = s.write(rel)
    refused(r, "sdd_ownership.refused", writer=messages.text("en", "sdd.the_lead"))
    refused(r, route, **fields)


def test_an_inspector_writes_only_its_own_file(s):
    passed(s.write(f"{F}/.review/sdd-inspector-test.cpf", agent="sdd-inspector-test"))
    refused(s.write(f"{F}/.review/sdd-inspector-quality.cpf", agent="sdd-inspector-test"))
    passed(s.write(f"{F}/.review/sdd-inspector-quality.cpf", agent="sdd-inspector-quality"))


@pytest.mark.parametrize("agent", ["general-purpose", "critic", "Explore", "SDD-BUILDER",
                                   "sdd-builder ", "other:sdd-builder", "sdd-builderx"])
def test_an_agent_that_is_not_exactly_a_sync_sdd_agent_owns_nothing(s, agent):
    refused(s.write("src/app.py", agent=agent))
    refused(s.write(f"{F}/design.md", agent=agent))


def test_the_plugin_namespace_is_the_same_agent(s):
    passed(s.write("src/app.py", agent="playgate:sdd-builder"))


def test_verdicts_md_is_nobodys(s):
    for agent in (None, ARCHITECT, AUDITOR, BUILDER):
        refused(s.write(f"{F}/verdicts.md", agent=agent))


def test_state_md_and_claude_are_left_to_their_own_guards(s):
    r = s.write("state.md", s.ws.root.joinpath("state.md").read_text())
    assert r.guard != "sdd-ownership", r


def test_nothing_is_judged_under_another_workflow(s):
    s.ws.set_state("config", workflow="golden-path")
    r = s.write(f"{F}/design.md")
    assert r.guard != "sdd-ownership", r


# ------------------------------------------------------------------ spellings


@pytest.mark.parametrize("spelled", [
    f"{F}/DESIGN.md", f"./{F}/design.md", f"{F}/../greet/design.md", f"src/../{F}/design.md",
    f"{F}//design.md",
])
def test_every_spelling_of_the_design_is_the_architects(s, spelled):
    refused(s.write(spelled, agent=BUILDER))


def test_a_symlink_into_a_feature_directory_is_judged_by_its_target(s):
    (s.ws.root / "link.md").symlink_to(s.ws.root / F / "design.md")
    refused(s.write("link.md", agent=BUILDER))


def test_a_symlinked_feature_directory_is_judged_by_its_name(s):
    """A write through the name Claude Code and the lead use is the artifact,
    wherever the directory points."""
    elsewhere = s.ws.root / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "spec.yaml").write_text("phase: initialized\n")
    (s.ws.root / ".sdd/project/specs/other").symlink_to(elsewhere)
    refused(s.write(".sdd/project/specs/other/design.md", agent=BUILDER))


@settings(max_examples=examples(60), deadline=None)
@given(feature=st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True),
       name=st.sampled_from(["design.md", "research.md", "tasks.yaml", "verdicts.md",
                             "spec.yaml", ".review/verdict.cpf", ".review/x.cpf", "other.txt"]),
       upper=st.booleans(), dots=st.booleans())
def test_classification_is_the_tables_in_any_case(feature, name, upper, dots):
    """Every feature file is classified by its name in the feature directory
    whatever its case or ./ segments; nothing in a feature directory is code."""
    patterns = (".sdd/project/specs/*/spec.yaml",)
    rel = f".sdd/project/specs/{feature}/{name}"
    if upper:
        rel = rel[:rel.rindex("/") + 1] + rel[rel.rindex("/") + 1:].upper()
    kind, directory, _ = sdd.classify_rel(patterns, rel)
    assert directory == f".sdd/project/specs/{feature}"
    assert kind != "code"
    expected = {"design.md": "design", "research.md": "research", "tasks.yaml": "tasks",
                "verdicts.md": "verdicts", "spec.yaml": "spec", ".review/verdict.cpf": "verdict",
                ".review/x.cpf": "review", "other.txt": "feature_other"}[name]
    assert kind == expected


@settings(max_examples=examples(80), deadline=None)
@given(who=st.sampled_from([sdd.LEAD, None] + sorted(WF.roles)),
       kind=st.sampled_from(sorted(sdd.OWNERS)))
def test_may_write_is_the_owners_table(who, kind):
    allowed = who is not None and who in sdd.OWNERS[kind]
    assert sdd.may_write(who, kind, "sdd-inspector-test", "sdd-inspector-test") is allowed
    if kind == "review":
        assert not sdd.may_write(who, kind, "sdd-inspector-quality", "sdd-inspector-test")


# ------------------------------------------------------------------ tasks.yaml done marks


def test_the_lead_marks_a_task_done(s):
    passed(s.edit(f"{F}/tasks.yaml", "builder: B1\n  status: pending",
                  "builder: B1\n  status: done"))


@pytest.mark.parametrize("old,new,why,fields", [
    ("title: task 1", "title: other", "sdd_ownership.tasks_task", {"task": 1}),
    ("builder: B1\n  status: pending", "builder: B1\n  status: blocked",
     "sdd_ownership.tasks_status", {"status": "blocked"}),
    ("feature: greet", "feature: other", "sdd_ownership.tasks_keys", {"keys": "feature"}),
    ("- src/t1.py", "- src/t9.py", "sdd_ownership.tasks_task", {"task": 1}),
])
def test_the_lead_changes_nothing_else_in_tasks_yaml(s, old, new, why, fields):
    refused(s.edit(f"{F}/tasks.yaml", old, new), why, "sdd_ownership.tasks_structure", **fields)


def test_the_lead_cannot_add_or_remove_tasks(s):
    doc = yaml.safe_load((s.ws.root / F / "tasks.yaml").read_text())
    doc["tasks"].append(dict(doc["tasks"][0], id="3"))
    refused(s.write(f"{F}/tasks.yaml", yaml.safe_dump(doc)), "sdd_ownership.tasks_count")
    doc["tasks"] = doc["tasks"][:1]
    refused(s.write(f"{F}/tasks.yaml", yaml.safe_dump(doc)), "sdd_ownership.tasks_count")


def test_the_lead_cannot_create_tasks_yaml(s):
    (s.ws.root / F / "tasks.yaml").unlink()
    refused(s.write(f"{F}/tasks.yaml", "tasks: []\n"), "sdd_ownership.tasks_new")


def test_a_shell_write_of_tasks_yaml_by_the_lead_is_refused(s):
    refused(s.bash(f"sed -i 's/pending/done/' {F}/tasks.yaml"), "sdd_ownership.tasks_bash")


@settings(max_examples=examples(80), deadline=None)
@given(statuses=st.lists(st.sampled_from(["pending", "done", "blocked", None]), min_size=1,
                         max_size=5),
       flips=st.lists(st.booleans(), min_size=5, max_size=5),
       tamper=st.sampled_from([None, "title", "files", "extra", "drop"]))
def test_done_marks_property(statuses, flips, tamper):
    """Turning any tasks to done and nothing else is allowed; any other
    change is refused."""
    before = {"feature": "f", "tasks": [
        {"id": str(i), "title": f"t{i}", "files": [f"a{i}"], **({"status": st_} if st_ else {})}
        for i, st_ in enumerate(statuses)]}
    after = yaml.safe_load(yaml.safe_dump(before))
    for task, flip in zip(after["tasks"], flips):
        if flip:
            task["status"] = "done"
    assert done_marks_problem(before, after) is None
    if tamper is None:
        return
    task = after["tasks"][0]
    if tamper == "title":
        task["title"] = "changed"
    elif tamper == "files":
        task["files"] = ["elsewhere"]
    elif tamper == "extra":
        task["note"] = "x"
    else:
        after["tasks"].pop()
    assert done_marks_problem(before, after) is not None


# ------------------------------------------------------------------ a plan before code


@pytest.mark.parametrize("setup", ["initialized", "no_tasks", "no_design", "complete"])
def test_a_builder_writes_code_only_under_a_ready_feature(ws, setup):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    kit = SDD(ws)
    if setup == "initialized":
        kit.feature(phase="initialized", design=True, tasks=("pending",))
    elif setup == "no_tasks":
        kit.feature(phase="design-generated", design=True)
    elif setup == "no_design":
        kit.feature(phase="design-generated", tasks=("pending",))
    else:
        kit.feature(phase="implementation-complete", design=True, tasks=("done",))
    refused(kit.write("src/app.py", agent=BUILDER), "sdd_ownership.no_plan", path="src/app.py")
    refused(kit.bash("python3 -m pytest -q", agent=BUILDER), "sdd_ownership.no_plan_bash")


def test_a_builder_works_once_another_feature_is_ready(ws):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    kit = SDD(ws)
    kit.feature(phase="initialized")
    kit.feature("other", phase="design-generated", design=True, tasks=("pending",))
    passed(kit.write("src/app.py", agent=BUILDER))


# ------------------------------------------------------------------ Bash


@pytest.mark.parametrize("command", [
    "echo x > src/app.py", "sed -i s/a/b/ src/app.py", "cp /etc/hostname src/app.py",
    f"tee {F}/design.md < /dev/null", "rm src/app.py", "mv src/app.py src/b.py",
    "python3 -m pytest -q", "pytest", "python3 scripts/build.py", "make",
])
def test_the_lead_changes_no_code_by_shell(s, command):
    refused(s.bash(command))


@pytest.mark.parametrize("command", [
    "git status", "git add -A", "git log --oneline", "git diff", "ls src", "cat README.md",
    f"rm -r {F}/.review", f"rm -rf {F}/.review", f"rm {F}/.review/verdict.cpf",
    "mkdir -p .sdd/handover", "git checkout -b topic", "git switch main", "git branch -d topic",
    "git merge topic",
])
def test_the_lead_runs_reads_git_and_its_own_file_commands(s, command):
    (s.ws.root / F / ".review").mkdir(exist_ok=True)
    (s.ws.root / F / ".review/verdict.cpf").write_text("VERDICT:GO\n")
    r = s.bash(command)
    assert r.guard != "sdd-ownership", r


def test_a_path_checkout_by_the_lead_is_refused(s):
    (s.ws.root / "src").mkdir(exist_ok=True)
    (s.ws.root / "src/app.py").write_text("x\n")
    for command in ("git checkout -- src/app.py", "git checkout src/app.py"):
        r = s.bash(command)
        assert r.blocked and r.guard in ("sdd-ownership", "bash-check"), r


@pytest.mark.parametrize("agent", [BUILDER, "sdd-inspector-test", "sdd-inspector-e2e"])
def test_builders_and_impl_inspectors_run_programs(s, agent):
    passed(s.bash("python3 -m pytest -q", agent=agent))


@pytest.mark.parametrize("agent", [ARCHITECT, TASKGEN, AUDITOR, "sdd-inspector-quality",
                                   "general-purpose"])
def test_other_agents_only_read(s, agent):
    refused(s.bash("python3 -m pytest -q", agent=agent))
    r = s.bash("ls src", agent=agent)
    assert r.guard != "sdd-ownership", r


def test_an_inspector_cannot_write_code_by_shell(s):
    refused(s.bash("echo x > src/app.py", agent="sdd-inspector-test"))


# ------------------------------------------------------------------ through the installed hook


def test_ownership_through_the_installed_hook(installed):
    from statefiles import state_md

    root = installed.root
    state_md.update_keys(str(root), "config", {"workflow": "sync-sdd"})
    d = root / F
    d.mkdir(parents=True)
    (d / "spec.yaml").write_text("feature_name: greet\nphase: design-generated\n")
    installed.tool("Read", {"file_path": str(root / "state.md")})
    r = installed.tool("Write", {"file_path": str(d / "design.md"), "content": "# d\n"})
    assert r.blocked and "[playgate:sdd-ownership]" in r.reason and "revise greet" in r.reason, r
    r = installed.tool("Write", {"file_path": str(d / "design.md"), "content": "# d\n"},
                       agent_id="a1", agent_type="sdd-architect")
    assert not r.blocked, r
    r = installed.tool("Write", {"file_path": str(root / "src/x.py"), "content": "x\n"})
    assert r.blocked and "[playgate:sdd-ownership]" in r.reason, r

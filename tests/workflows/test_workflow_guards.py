"""A workflow's own guards run only while it is active (``Workflow.guards``,
:func:`workflow.registry.chain_for`): another workflow's plan and work checks
never refuse its steps, and the floors run in every workflow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workflow import registry


class _State:
    def __init__(self, config):
        self.config = config

    def get(self, section, key, default=None):
        return self.config.get(key, default) if section == "config" else default


class _Ctx:
    def __init__(self, workflow=None, state=True):
        self.state = _State({"workflow": workflow} if workflow is not None else {}) \
            if state else None


CHAIN = ("init_guard", "main_branch", "playbook_guard", "protected_edit", "crew_wave_guard",
         "bash_check")


@pytest.mark.parametrize("workflow,kept", [
    (None, ("init_guard", "main_branch", "playbook_guard", "protected_edit", "bash_check")),
    ("golden-path", ("init_guard", "main_branch", "playbook_guard", "protected_edit",
                     "bash_check")),
    ("crew", ("init_guard", "main_branch", "protected_edit", "crew_wave_guard", "bash_check")),
    ("breezing", ("init_guard", "main_branch", "protected_edit", "bash_check")),
    # An unknown value reads as the golden path (the strictest gate).
    ("Crew-ish", ("init_guard", "main_branch", "playbook_guard", "protected_edit",
                  "bash_check")),
])
def test_only_the_active_workflows_guards_run(workflow, kept):
    assert registry.chain_for(_Ctx(workflow), CHAIN) == kept


def test_without_state_md_the_golden_path_guards_run():
    assert "playbook_guard" in registry.chain_for(_Ctx(state=False), CHAIN)


def test_a_chain_without_workflow_guards_never_reads_the_state():
    class Exploding:
        @property
        def state(self):
            raise AssertionError("state read")

    assert registry.chain_for(Exploding(), ("init_guard", "bash_check")) == (
        "init_guard", "bash_check")


def test_no_guard_belongs_to_two_workflows():
    seen = {}
    for wf in registry.WORKFLOWS:
        for guard in wf.guards:
            assert seen.setdefault(guard, wf.name) == wf.name, guard


def test_every_workflow_guard_is_a_guard_module():
    from pathlib import Path

    guards = {p.stem for p in (Path(__file__).resolve().parents[2] / "guards").glob("*.py")}
    for wf in registry.WORKFLOWS:
        assert set(wf.guards) <= guards, (wf.name, sorted(set(wf.guards) - guards))


@given(st.sampled_from(registry.NAMES), st.permutations(CHAIN))
def test_the_order_of_the_chain_is_kept(workflow, chain):
    kept = registry.chain_for(_Ctx(workflow), tuple(chain))
    assert list(kept) == [name for name in chain if name in kept]
    # The floors are never left out.
    assert {"init_guard", "main_branch", "protected_edit", "bash_check"} <= set(kept)

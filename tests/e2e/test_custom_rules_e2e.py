"""Custom rules through the real Claude Code CLI: what the model receives
when a project rule blocks a command, and that an ``ask`` rule is a denial headless (nobody to
ask), so the command never runs."""

from __future__ import annotations

import pytest

from .fakeapi import Script
from .test_scenarios import assert_blocked, assert_ran
from .workflow import bash, ready

pytestmark = pytest.mark.e2e

RULES = """\
rules:
  - name: npm-publish
    action: block
    command: npm
    subcommand: publish
    reason: releases are made by CI
  - name: touch-marker
    action: ask
    command: touch
    args: ["asked-*"]
    reason: a human decides about markers
"""


def test_a_block_rule_reaches_the_model_with_its_name_and_reason(box, api):
    box.path(".claude/playgate-rules.yaml").write_text(RULES)
    command = "touch ran-anyway.txt && bash -c 'sudo /usr/bin/npm publish'"
    run = box.run(api, "publish the package", Script(main=[*ready(box), bash(command), "ok"]))
    result = run.result_of(3)
    assert_blocked(result, "Bash", "custom-rules", "'npm-publish'", "releases are made by CI")
    assert "pre_tool_use.py" not in result["text"], result  # a JSON deny: no command line
    assert not box.path("ran-anyway.txt").exists(), run.describe()


def test_an_ask_rule_is_a_denial_headless_and_other_commands_run(box, api):
    box.path(".claude/playgate-rules.yaml").write_text(RULES)
    script = Script(main=[*ready(box), bash("touch asked-1.txt"), bash("touch plain.txt"), "ok"])
    run = box.run(api, "make markers", script)
    assert run.result_of(3)["is_error"], run.describe()
    assert not box.path("asked-1.txt").exists(), run.describe()
    assert_ran(run.result_of(4))
    assert box.path("plain.txt").exists(), run.describe()

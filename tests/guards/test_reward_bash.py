"""Every route closed: Bash writes to reward state.

bash-check (SPEC §3 Bash chain 1) must block any write — redirect,
tee, sed -i, cp/mv/ln, interpreter one-liners, nested shells, find/xargs
carriers — to state.md, any working playbook's plan.json/progress.json, the
directories holding them, and the hook-written critic ledger, so that the
Edit/Write guards cannot be routed around.

``workflow.reward.targets.write_hits_reward(ctx, rel)`` is the predicate bash-check can
use for ``shell.Write.rel`` (it covers the directories and the files the
active playbook really reads).

Reads and unrelated writes must keep working.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest
import reward_kit as K
from hypothesis import strategies as st
from hypothesis.stateful import rule
from test_reward_stateful import Agent, _prepare, _run

from workflow.reward.targets import write_hits_reward


def _fraud_json() -> str:
    doc = K.progress_doc()
    doc["subtasks"]["p1.1"]["status"] = "done"
    return json.dumps(doc)


FRAUD = _fraud_json()
SED = "sed -i 's/\"status\": \"pending\"/\"status\": \"done\"/'"

#: name -> command (run from the project root).
ROUTES = {
    "redirect": f"printf '%s' '{FRAUD}' > play/demo/progress.json",
    "redirect-dot-slash": f"echo '{FRAUD}' > ./play//demo/progress.json",
    "redirect-clobber": f"echo '{FRAUD}' >| play/demo/progress.json",
    "append": "echo '{}' >> play/demo/progress.json",
    "heredoc": f"cat > play/demo/progress.json <<'EOF'\n{FRAUD}\nEOF",
    "tee-herestring": f"tee play/demo/progress.json <<< '{FRAUD}' > /dev/null",
    "sed-i": f"{SED} play/demo/progress.json",
    "sed-i-dotdot": f"{SED} play/side/../demo/progress.json",
    "sed-i-absolute": f"{SED} {{root}}/play/demo/progress.json",
    "sed-i-symlink": f"{SED} links/p.json",
    "perl-pi": "perl -pi -e 's/\"pending\"/\"done\"/' play/demo/progress.json",
    "python-one-liner": ("python3 -c \"import json;p='play/demo/progress.json';"
                         "d=json.load(open(p));d['subtasks']['p1.1']['status']='done';"
                         "json.dump(d,open(p,'w'))\""),
    "python-heredoc": ("python3 - <<'EOF'\nimport pathlib\n"
                       "p=pathlib.Path('play/demo/progress.json')\n"
                       "p.write_text(p.read_text().replace('\"pending\"','\"done\"'))\nEOF"),
    "node-one-liner": ("node -e \"const f=require('fs');const p='play/demo/progress.json';"
                       "f.writeFileSync(p,f.readFileSync(p,'utf8').replace(/pending/g,'done'))\""),
    "cp-from-tmp": f"printf '%s' '{FRAUD}' > .pg-fraud.json && cp .pg-fraud.json "
                   "play/demo/progress.json",
    "mv-from-tmp": f"printf '%s' '{FRAUD}' > .pg-fraud2.json && mv .pg-fraud2.json "
                   "play/demo/progress.json",
    "install": f"printf '%s' '{FRAUD}' > .pg-f3.json && install -m 644 .pg-f3.json "
               "play/demo/progress.json",
    "dd": f"dd of=play/demo/progress.json status=none <<< '{FRAUD}'",
    "ln-sf": f"printf '%s' '{FRAUD}' > .pg-f4.json && ln -sf .pg-f4.json "
             "play/demo/progress.json",
    "bash-c": f"bash -c \"{SED.replace(chr(34), chr(92) + chr(34))} play/demo/progress.json\"",
    "sh-c-nested": "sh -c 'cd play/demo && sed -i s/pending/done/ progress.json'",
    "cd-then-sed": "cd play/demo && sed -i 's/pending/done/' progress.json",
    "eval": "eval \"sed -i 's/pending/done/' play/demo/progress.json\"",
    "find-exec": "find play -name progress.json -exec sed -i 's/pending/done/' {} +",
    "xargs": "echo play/demo/progress.json | xargs sed -i 's/pending/done/'",
    "variable-path": "P=play/demo/progress.json; sed -i 's/pending/done/' \"$P\"",
    "truncate": "truncate -s 0 play/demo/progress.json",
    "side-playbook": f"{SED} play/side/progress.json",
    "new-playbook": f"mkdir -p play/new && printf '%s' '{FRAUD}' > play/new/progress.json",
    "plan-drop-subtasks": ("python3 -c \"import json;p='play/demo/plan.json';d=json.load(open(p));"
                           "d['phases']=d['phases'][:1];json.dump(d,open(p,'w'))\""),
    "plan-rm": "rm play/demo/plan.json",
    "playbook-dir-mv": "mv play/demo play/demo-old",
    "playbook-dir-rm": "rm -r play/demo",
    "state-goal-done": "sed -i 's/status: idle/status: done/' state.md",
    "state-active-null": "sed -i 's#active: play/demo/plan.json#active: null#' state.md",
    "state-rewrite": "printf '# state\\n' > state.md",
    "state-rm": "rm state.md",
    "state-mv": "mv state.md state.md.bak",
    "ledger-forge": ("echo '{\"playbook\": \"play/demo/plan.json\", \"subtask\": \"p1.1\", "
                     "\"verdict\": \"PASS\"}' >> .claude/logs/critic-ledger.jsonl"),
    "ledger-truncate": ": > .claude/logs/critic-ledger.jsonl",
    "git-checkout-path": "git checkout HEAD~0 -- state.md",
}


@pytest.fixture
def rr(tmp_path):
    root = K.make_reward_repo(tmp_path / "repo")
    (root / "links").mkdir()
    os.symlink("../play/demo/progress.json", root / "links" / "p.json")
    (root / ".claude/logs").mkdir(parents=True, exist_ok=True)
    (root / ".claude/logs/critic-ledger.jsonl").write_text("")
    return root


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_bash_write_to_reward_state_is_blocked(rr, route):
    command = ROUTES[route].replace("{root}", str(rr))
    result = K.tool(rr, "Bash", {"command": command})
    assert result.blocked, (route, result)


STAY_ALLOWED = {
    "cat": "cat play/demo/progress.json",
    "jq-read": "jq '.subtasks' play/demo/progress.json",
    "grep": "grep -n status play/demo/progress.json",
    "python-read": "python3 -c \"import json;print(json.load(open('play/demo/progress.json')))\"",
    "git-diff": "git diff -- play/demo/progress.json state.md",
    "redirect-elsewhere": "jq '.subtasks' play/demo/progress.json > .pg-subtasks.json",
    "pytest-to-log": "echo ok > build.log",
    "quoted-mention": "echo 'remember to set play/demo/progress.json done after the critic'",
}


@pytest.mark.parametrize("name", sorted(STAY_ALLOWED))
def test_reading_reward_state_with_bash_stays_allowed(rr, name):
    result = K.tool(rr, "Bash", {"command": STAY_ALLOWED[name]})
    assert not result.blocked, (name, result)


class _Ctx:
    def __init__(self, root) -> None:
        self.root = str(root)
        self.__dict__["_reward_active_real"] = (
            os.path.realpath(root / K.PLAN), os.path.realpath(root / K.PROGRESS))


@pytest.mark.parametrize("rel,expected", [
    ("state.md", True), ("play/demo/progress.json", True), ("play/side/plan.json", True),
    ("play/demo", True), ("play", True), (".", True), ("", True), ("play/new/progress.json", True),
    ("play/archive/old/progress.json", False), ("play/template/plan.json", False),
    ("src/app.py", False), ("docs/state.md", False), (None, False),
])
def test_write_hits_reward(rr, rel, expected):
    assert write_hits_reward(_Ctx(rr), rel) is expected


def test_write_hits_reward_follows_the_active_playbook_outside_play(tmp_path):
    root = K.make_reward_repo(tmp_path / "r")
    K.write_playbook(root, "notes/pb")
    ctx = _Ctx(root)
    ctx.__dict__["_reward_active_real"] = (os.path.realpath(root / "notes/pb/plan.json"),
                                           os.path.realpath(root / "notes/pb/progress.json"))
    assert write_hits_reward(ctx, "notes/pb/progress.json")
    assert write_hits_reward(ctx, "notes")


# --------------------------------------------------------------------------- the state machine

class BashAgent(Agent):
    """The agent of test_reward_stateful plus Bash writes, applied with bash
    when the hooks allow them."""

    @rule(route=st.sampled_from(sorted(ROUTES)))
    def bash_write(self, route):
        command = ROUTES[route].replace("{root}", str(self.root))
        result = self.pre("Bash", {"command": command})
        if result.code == 0:
            subprocess.run(["bash", "-c", command], cwd=self.root, capture_output=True,
                           timeout=30)


def test_agent_with_bash_writes(tmp_path):
    class Machine(BashAgent):
        root = tmp_path / "repo"
        memo = {}

    Machine.pristine = _prepare(Machine.root)
    _run(Machine, 100, 10)

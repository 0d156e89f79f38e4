"""Each permission phase on its own, the pipeline runner, and the event unit (SPEC §5).

Phases are exercised two ways: called directly on a prepared
:class:`permission.phases.Request`, and reached through the phases before
them (``upto``), as the pipeline reaches them.
"""

from __future__ import annotations

import json
import os

import pytest

import shell
from events import permission_request as unit
from events.runtime import evaluate
from permission import audit, config
from permission import phases as P
from permission.pipeline import ALLOW, DIALOG, PASS, SKIP, decide


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("proj")
    for rel in ("scripts/build.sh", "scripts/sub/deep.py", "scripts/x.py", "src/app.py",
                ".claude/hooks/h.py", "scripts-evil/x.sh"):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        # Content phase 6 reads as it reads a command line: known and harmless.
        path.write_text("print('ok')\n" if rel.endswith(".py") else "echo built\n")
    outside = tmp_path_factory.mktemp("outside")
    (outside / "f").write_text("x\n")
    os.symlink(outside / "f", root / "scripts" / "out")
    os.symlink(root / "src" / "app.py", root / "scripts" / "in")
    return root


@pytest.fixture(scope="module")
def cfg(project):
    c = config.load(str(project), use_cache=False)
    assert c.ok, c.errors
    return c


def req(project, cfg, command, *, tool="Bash", cwd=None, env=None):
    return P.Request(tool, command, str(cwd or project), str(project), env=env or {},
                     config=cfg)


def upto(r, phase_id):
    """Run the phases before ``phase_id`` (each must pass or skip), then return
    ``phase_id``'s result."""
    for pid, step in unit.PHASES:
        result = step(r)
        if pid == phase_id:
            return result
        assert result[0] in (PASS, SKIP), (pid, result)
    raise KeyError(phase_id)


# ---------------------------------------------------------------- order as data
def test_phase_order_is_the_spec_order():
    assert [pid for pid, _ in unit.PHASES] == [
        "S0", "1", "1.5", "2", "config", "3", "4", "5", "6", "7A", "7B", "7B2", "7C", "7E",
        "rules", "7F", "7D"]
    assert unit.FLOOR == ("7E", "rules")  # Custom rules hold for every approval


# ---------------------------------------------------------------- S0
@pytest.mark.parametrize("command, status", [
    ("ls", PASS), ("", DIALOG), ("   ", DIALOG), ("ls\x00", DIALOG), ("ls \\u0000", DIALOG),
    (None, DIALOG),
])
def test_s0(project, cfg, command, status):
    assert P.nul_byte(req(project, cfg, command))[0] == status


def test_s0_leaves_other_tools_to_phase_1(project, cfg):
    assert P.nul_byte(req(project, cfg, None, tool="Write"))[0] == SKIP


# ---------------------------------------------------------------- 1
@pytest.mark.parametrize("tool", ["", "Write", "Edit", "bash", "BASH", "Bash ", "mcp__x__Bash",
                                  "MultiEdit"])
def test_phase1_only_bash(project, cfg, tool):
    status, text = P.input_check(req(project, cfg, "ls", tool=tool))
    assert status == DIALOG and "only Bash" in text


@pytest.mark.parametrize("command", ["ls\nid", "ls\rid", "ls\tsrc", "ls\u00a0src", "ls\u202esrc",
                                     "x" * 5000])
def test_phase1_refuses(project, cfg, command):
    assert P.input_check(req(project, cfg, command))[0] == DIALOG


def test_phase1_needs_an_absolute_cwd(project, cfg):
    r = P.Request("Bash", "ls", "", str(project), config=cfg)
    assert "cwd" in P.input_check(r)[1]
    r = P.Request("Bash", "ls", "rel/dir", str(project), config=cfg)
    assert P.input_check(r)[0] == DIALOG


# ---------------------------------------------------------------- 1.5 and 2
def test_phase15_records_what_it_stripped(project, cfg):
    r = req(project, cfg, "ls src 2>&1 || true")
    status, text = P.safe_suffixes(r)
    assert status == PASS and r.stripped == "ls src" and "2>&1" in text and "|| true" in text


def test_phase2_reads_the_stripped_command(project, cfg):
    assert upto(req(project, cfg, "ls 2>&1"), "2")[0] == PASS
    status, text = upto(req(project, cfg, "ls | cat 2>&1"), "2")
    assert status == DIALOG and "pipe" in text


# ---------------------------------------------------------------- config
def test_config_phase_refuses_when_broken(project):
    broken = config.Config({"errors": [".claude/permission-config.yaml: always_ask: bad"],
                            "layers": [["x", "error"]]})
    r = P.Request("Bash", "ls", str(project), str(project), config=broken)
    status, text = P.load_config(r)
    assert status == DIALOG and "broken" in text and "always_ask: bad" in text


def test_config_phase_loads_when_absent(project):
    r = P.Request("Bash", "ls", str(project), str(project), config=None)
    assert P.load_config(r)[0] == PASS and r.config.ok


# ---------------------------------------------------------------- 3
@pytest.mark.parametrize("command, kind", [
    ("ls src", P.GENERAL), ("python3 scripts/x.py", P.INTERPRETER), ("bash x", P.INTERPRETER),
    ("./scripts/build.sh", P.DIRECT), ("scripts/build.sh", P.DIRECT), ("/bin/ls", P.DIRECT),
    ("PYTHON3 x", P.GENERAL),
])
def test_phase3_classifies(project, cfg, command, kind):
    r = req(project, cfg, command)
    assert upto(r, "3")[0] == PASS and r.kind == kind


@pytest.mark.parametrize("command", ["source x", ". x", "exec ls", "eval ls", "echo 'x"])
def test_phase3_refuses(project, cfg, command):
    assert upto(req(project, cfg, command), "3")[0] == DIALOG


# ---------------------------------------------------------------- 4
SAFE = {"-u", "-B", "-OO", "-x", "--norc"}
DANGER = {"-c", "-m", "-W", "--rcfile"}


@pytest.mark.parametrize("flag, kind", [
    ("-u", "safe"), ("-B", "safe"), ("-Bu", "safe"), ("-OO", "safe"), ("--norc", "safe"),
    ("-c", "dangerous"), ("-cpass", "dangerous"), ("-Bc", "dangerous"),
    ("-mhttp.server", "dangerous"),
    ("-Werror", "dangerous"), ("-e", "dangerous"), ("-i", "dangerous"), ("-", "dangerous"),
    ("--rcfile", "dangerous"), ("--rcfile=x", "dangerous"), ("--rcf", "dangerous"),
    ("--command", "dangerous"), ("--eval=x", "dangerous"), ("--init-file", "dangerous"),
    ("-q", "unknown"), ("--", "unknown"), ("--norc=1", "unknown"), ("-uq", "unknown"),
    ("+x", "unknown"),
])
def test_classify_flag(flag, kind):
    assert P.classify_flag(flag, SAFE, DANGER) == kind


@pytest.mark.parametrize("command, status", [
    ("python3 scripts/x.py", PASS), ("python3 -u -B scripts/x.py", PASS),
    ("python3 scripts/x.py -c x", PASS), ("bash -x scripts/build.sh", PASS),
    ("python3 -c pass", DIALOG), ("python3 -m http.server", DIALOG), ("python3", DIALOG),
    ("python3 -u", DIALOG), ("bash -e scripts/build.sh", DIALOG), ("bash -Q x", DIALOG),
    ("./scripts/build.sh -c x", PASS), ("ls -c", SKIP),
])
def test_phase4(project, cfg, command, status):
    assert upto(req(project, cfg, command), "4")[0] == status


# ---------------------------------------------------------------- 5 and 6
@pytest.mark.parametrize("command, status", [
    ("python3 scripts/x.py", PASS), ("bash ../x.sh", DIALOG), ("bash /etc/profile", DIALOG),
    ("bash scripts/../../x", DIALOG), ("bash scripts/out", DIALOG), ("bash scripts/in", PASS),
    ("python3 ''", DIALOG), ("ls", SKIP),
])
def test_phase5(project, cfg, command, status):
    assert upto(req(project, cfg, command), "5")[0] == status


@pytest.mark.parametrize("command, status", [
    ("bash scripts/build.sh", ALLOW), ("python3 scripts/sub/deep.py", ALLOW),
    ("./scripts/build.sh", ALLOW), ("python3 .claude/hooks/h.py", ALLOW),
    ("bash src/app.py", DIALOG), ("bash scripts-evil/x.sh", DIALOG), ("bash scripts", DIALOG),
    ("bash scripts/", DIALOG), ("bash scripts/in", DIALOG), ("python3 .claude/x.py", DIALOG),
    ("python3 .claude/hooks", DIALOG), ("python3 src/../scripts/x.py", ALLOW),
])
def test_phase6(project, cfg, command, status):
    assert upto(req(project, cfg, command), "6")[0] == status


def test_phase6_absolute_path(project, cfg):
    assert upto(req(project, cfg, f"{project}/scripts/build.sh"), "6")[0] == ALLOW
    assert upto(req(project, cfg, f"bash {project}/scripts/build.sh"), "6")[0] == ALLOW


def test_phase6_from_a_subdirectory(project, cfg):
    r = req(project, cfg, "bash ../scripts/build.sh", cwd=project / "src")
    assert upto(r, "6")[0] == ALLOW


# ---------------------------------------------------------------- 7A .. 7D
@pytest.mark.parametrize("command, status", [
    ("ls", PASS), ("git status", PASS), ("PYTHON3 x", DIALOG), ("Git status", DIALOG),
    ("CURL x", DIALOG), ("Sudo ls", DIALOG), ("Python3.12 x", DIALOG), ("LS src", PASS),
    ("! ls", DIALOG), (": x", DIALOG), ("ｌｓ", DIALOG),
])
def test_phase7a(project, cfg, command, status):
    assert upto(req(project, cfg, command), "7A")[0] == status


@pytest.mark.parametrize("command, status, fragment", [
    ("curl x", DIALOG, "always_ask"), ("rm x", DIALOG, "always_ask"),
    ("awk x", DIALOG, "runs commands"), ("make", DIALOG, "runs commands"),
    ("python3.12 x", DIALOG, "runs commands"), ("ls", PASS, "not in always_ask"),
])
def test_phase7b(project, cfg, command, status, fragment):
    result = upto(req(project, cfg, command), "7B")
    assert result[0] == status and fragment in result[1]


def test_phase7b_names_the_layer(project, cfg):
    assert "from " in upto(req(project, cfg, "curl x"), "7B")[1]


@pytest.mark.parametrize("command, status", [
    ("git push", DIALOG), ("git -C src push", DIALOG), ("git reset HEAD --hard", DIALOG),
    ("git p", DIALOG), ("git status", PASS), ("gh pr merge 1", DIALOG), ("gh pr view 1", PASS),
    ("find . -exec ls +", DIALOG), ("find . -name x", PASS),
])
def test_phase7b2(project, cfg, command, status):
    assert upto(req(project, cfg, command), "7B2")[0] == status


def test_phase7c_collects_and_refuses_urls(project, cfg):
    r = req(project, cfg, "cat src/a -o/tmp/x --out=../y plain")
    assert upto(r, "7C")[0] == PASS
    assert r.paths == ["src/a", "-o/tmp/x", "/tmp/x", "--out=../y", "../y"]
    assert upto(req(project, cfg, "git clone https://x/y"), "7C")[0] == DIALOG


class FakeAnalysis:
    def __init__(self, **kw):
        self.unknown = kw.get("unknown", False)
        self.reasons = kw.get("reasons", [])
        self.destructive = kw.get("destructive", [])
        self.carriers = kw.get("carriers", [])
        self.http_methods = kw.get("http_methods", [])
        self.writes = kw.get("writes", [])
        self.commands = []


@pytest.mark.parametrize("analysis, fragment", [
    (FakeAnalysis(unknown=True, reasons=["parse error"]), "cannot resolve"),
    (FakeAnalysis(destructive=[shell.Finding("rm-recursive", "rm -rf outside")]), "destructive"),
    (FakeAnalysis(carriers=[shell.Finding("carrier", "find -exec")]), "carrier"),
    (FakeAnalysis(http_methods=["DELETE"]), "DELETE"),
    (FakeAnalysis(http_methods=["post"]), "post"),
    (FakeAnalysis(writes=[shell.Write("redirect", "/tmp/x", "/tmp/x", None)]), "outside"),
    (FakeAnalysis(writes=[shell.Write("tee", ".git/config", "/p/.git/config", ".git/config")]),
     ".git/"),
    (FakeAnalysis(writes=[shell.Write("cp", ".claude/x", "/p/.claude/x", ".claude/x")]),
     ".claude/"),
])
def test_phase7e_refuses_what_the_analysis_finds(project, cfg, monkeypatch, analysis, fragment):
    monkeypatch.setattr(shell, "analyse", lambda *a, **k: analysis)
    status, text = upto(req(project, cfg, "ls src"), "7E")
    assert status == DIALOG and fragment in text


@pytest.mark.parametrize("analysis", [
    FakeAnalysis(),
    FakeAnalysis(http_methods=["GET", "head"]),
    FakeAnalysis(writes=[shell.Write("redirect", "/dev/null", "/dev/null", None),
                         shell.Write("tee", "src/x", "/p/src/x", "src/x")]),
])
def test_phase7e_passes_the_harmless(project, cfg, monkeypatch, analysis):
    monkeypatch.setattr(shell, "analyse", lambda *a, **k: analysis)
    assert upto(req(project, cfg, "ls src"), "7E")[0] == PASS


def test_phase7e_is_a_floor_for_phase6(project, cfg, monkeypatch):
    real = shell.analyse

    def analyse(text, *a, **k):
        # The command line is unknown to 7E; the script's own content (which
        # phase 6 reads as a command line) is analysed for real.
        if "scripts/build.sh" in str(text):
            return FakeAnalysis(unknown=True)
        return real(text, *a, **k)

    monkeypatch.setattr(shell, "analyse", analyse)
    d = decide(unit.PHASES, req(project, cfg, "bash scripts/build.sh"), unit.FLOOR)
    assert not d.allowed and d.phase == "7E"
    assert [s for _, s, _ in d.trace][8] == ALLOW  # phase 6 said allow first


@pytest.mark.parametrize("command, status", [
    ("git status", PASS), ("ls src", PASS), ("touch src/x", DIALOG),
    ("bash scripts/build.sh", DIALOG), ("git commit -m x", DIALOG),
])
def test_phase7e_plan_mode_is_read_only(project, cfg, command, status):
    r = P.Request("Bash", command, str(project), str(project), config=cfg, mode="plan")
    d = decide(unit.PHASES, r, unit.FLOOR)
    assert d.allowed is (status == PASS), d
    if status == DIALOG:
        assert d.phase == "7E" and "plan mode" in d.reason


def test_phase7e_own_carrier_checks(project, cfg):
    status, text = upto(req(project, cfg, "sed 1eid src/app.py"), "7E")
    assert status == DIALOG and "sed" in text


def test_phase7e_analyses_the_stripped_command(project, cfg, monkeypatch):
    seen = []
    monkeypatch.setattr(shell, "analyse", lambda c, **k: seen.append(c) or FakeAnalysis())
    upto(req(project, cfg, "ls src 2>&1 || true"), "7E")
    assert seen == ["ls src"]


@pytest.mark.parametrize("command, cwd, status", [
    ("ls", None, ALLOW), ("ls src", None, ALLOW), ("cat src/app.py", None, ALLOW),
    ("cat /etc/passwd", None, DIALOG), ("ls ..", None, DIALOG), ("ls ..", "src", ALLOW),
    ("cat ../../x", "src", DIALOG), ("cat scripts/out", None, DIALOG), ("ls", "..", DIALOG),
])
def test_phase7d(project, cfg, command, cwd, status):
    where = None if cwd is None else (project / cwd)
    assert upto(req(project, cfg, command, cwd=where), "7D")[0] == status


@pytest.mark.parametrize("args, secret", [
    (["cat", ".env"], ".env"), (["config/.env.production"], "config/.env.production"),
    (["HEAD:.env"], ".env"), (["--key=certs/server.key"], "--key=certs/server.key"),
    (["-fid_rsa"], "id_rsa"), (["ID_RSA"], "ID_RSA"), ([".env/"], ".env/"),
    (["cat", ".env.example"], None), (["id_rsa.pub"], None), (["README.md", "src/"], None),
    ([], None),
])
def test_secret_argument(args, secret):
    assert P.secret_argument(args) == secret


@pytest.mark.parametrize("command", ["cat .claude/settings.json", "ls .git",
                                     "git --git-dir=.git log", "ls -C.claude", "cat ./.git/HEAD",
                                     "cat src/../.claude/x"])
def test_phase7d_refuses_the_suite_and_git_internals(project, cfg, command):
    status, text = upto(req(project, cfg, command), "7D")
    assert status == DIALOG and "own files" in text


def test_a_write_into_git_internals_is_refused_before_7d(project, cfg):
    """The shell analysis sees ``tee`` write .git/config: 7E refuses it first."""
    d = decide(unit.PHASES, req(project, cfg, "tee .git/config"), unit.FLOOR)
    assert d.decision == DIALOG and d.phase == "7E" and ".git" in d.reason


def test_phase7d_refuses_secrets(project, cfg):
    status, text = upto(req(project, cfg, "cat .env"), "7D")
    assert status == DIALOG and "secret" in text


# ---------------------------------------------------------------- pipeline
def test_pipeline_marks_unreached_phases(project, cfg):
    d = decide(unit.PHASES, req(project, cfg, "curl x"), unit.FLOOR)
    assert d.decision == DIALOG and d.phase == "7B"
    statuses = {pid: s for pid, s, _ in d.trace}
    assert statuses["7B2"] == statuses["7D"] == "not reached"
    assert len(d.trace) == len(unit.PHASES)


def test_pipeline_turns_a_crash_into_a_dialog(project, cfg):
    calls = []

    def boom(r):
        raise RuntimeError("bug")

    phases = (("S0", P.nul_byte), ("X", boom), ("Y", lambda r: (ALLOW, "never")))
    r = req(project, cfg, "ls")
    r.on_error = calls.append
    d = decide(phases, r)
    assert not d.allowed and d.phase == "X" and d.error and "bug" in d.reason
    assert calls == ["permission phase X"]


@pytest.mark.parametrize("bad", [None, ("maybe", "x"), (ALLOW,), "allow"])
def test_pipeline_refuses_malformed_phase_results(project, cfg, bad):
    d = decide((("X", lambda r: bad),), req(project, cfg, "ls"))
    assert not d.allowed and d.error


def test_pipeline_without_a_decision_is_a_dialog(project, cfg):
    d = decide((("X", lambda r: (PASS, "")),), req(project, cfg, "ls"))
    assert not d.allowed and d.phase == "end"


# ---------------------------------------------------------------- the event unit
def payload(project, command, **extra):
    body = {"hook_event_name": "PermissionRequest", "session_id": "s1", "cwd": str(project),
            "tool_name": "Bash", "tool_input": {"command": command}, "permission_mode": "default"}
    body.update(extra)
    return json.dumps(body).encode()


def test_unit_approves_through_the_runtime(project):
    code, out, err, outcome = evaluate("PermissionRequest", payload(project, "git status"),
                                       env={"HOME": "/nonexistent"}, root=str(project))
    assert code == 0 and err == ""
    assert json.loads(out) == {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                                      "decision": {"behavior": "allow"}}}
    assert outcome.final.guard == "permission-gate:7D"
    line = audit.read(str(project))[-1]
    assert line["decision"] == "allow" and line["phase"] == "7D" and line["command"] == "git status"
    assert line["session"] == "s1" and line["tool"] == "Bash"


def test_unit_stays_silent_for_a_dialog(project):
    code, out, err, outcome = evaluate("PermissionRequest", payload(project, "git push"),
                                       env={}, root=str(project))
    assert (code, out, err) == (0, "", "")
    assert outcome.final is None
    line = audit.read(str(project))[-1]
    assert line["decision"] == "dialog" and line["phase"] == "7B2" and "git:push" in line["reason"]


@pytest.mark.parametrize("fixture", ["PermissionRequest_Edit.json", "PermissionRequest_Write.json",
                                     "PermissionRequest_Bash.json"])
def test_unit_on_the_real_fixtures(project, fixture):
    from conftest import FIXTURES

    data = (FIXTURES / fixture).read_text().replace("/home/dev/project", str(project))
    code, out, err, _ = evaluate("PermissionRequest", data.encode(), env={}, root=str(project))
    assert (code, out, err) == (0, "", "")
    line = audit.read(str(project))[-1]
    assert line["decision"] == "dialog"
    assert line["phase"] == ("2" if "Bash" in fixture else "1")


def test_unit_internal_error_is_a_logged_dialog(project, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("unit bug")

    monkeypatch.setattr(unit, "evaluate_request", boom)
    code, out, _, _ = evaluate("PermissionRequest", payload(project, "ls"), env={},
                               root=str(project))
    assert (code, out) == (0, "")
    line = audit.read(str(project))[-1]
    assert line["phase"] == "error" and "unit bug" in line["reason"]
    assert "unit bug" in (project / ".claude" / "logs" / "errors.log").read_text()

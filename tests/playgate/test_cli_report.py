"""``playgate report``: one session's timeline, playbook progress,
critic verdicts and approvals, as text and as one self-contained HTML page.

The decisions come from the installed hooks (JSON piped into them), the
calls from a transcript written in Claude Code 2.1.329's format
(``test_cli_replay.Transcript``), found where Claude Code keeps it. The HTML
page is checked in headless Chromium (Debian's ``chromium``): the DOM it
built, and that it made no request — every request Chromium makes goes to
a proxy this test listens on, and none may arrive. Without Chromium the
browser test is skipped with the reason, except in CI (``CI`` or
``PLAYGATE_REQUIRE_BROWSER`` set, as ``.ci/run`` does), where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_cli import as_json, run_cli
from test_cli_replay import SESSION, Transcript
from test_decisionlog import SECRET, bash, make_ready, permission

#: An input that would load something if the page did not escape it.
HOSTILE = ("curl 'http://127.0.0.1:9/</td></tr></table><img src=http://example.invalid/i.png>"
           "<script>fetch(\"http://example.invalid/js\")</script><link rel=stylesheet "
           "href=http://example.invalid/c.css>'")


@pytest.fixture
def session(installed, tmp_path):
    """An installed, ready repository; a transcript of SESSION under a
    Claude config directory; the hooks' decisions for its calls; a critic
    verdict. Returns ``(installed, env)`` with ``CLAUDE_CONFIG_DIR`` set."""
    repo = installed.root
    make_ready(repo)
    config = tmp_path / "claude-config"
    folder = config / "projects" / ("-" + str(repo).strip("/").replace("/", "-"))
    folder.mkdir(parents=True)
    tr = Transcript(folder / f"{SESSION}.jsonl", repo)
    tr.prompt("tidy up and deploy")
    rm = tr.call("Bash", {"command": "rm -rf /"}, outcome="blocked",
                 text="[playgate:bash-check] no")
    tr.call("Bash", {"command": "ls"}, outcome="hook")
    tf = tr.call("Bash", {"command": "terraform destroy"}, outcome="denied")
    ed = tr.call("Edit", {"file_path": str(repo / "README.md"), "old_string": "test",
                          "new_string": "a test"})
    tr.call("Bash", {"command": f"FOO_TOKEN={SECRET} make deploy"})
    tr.call("Bash", {"command": "git diff"}, outcome="rule")
    tr.write()
    bash(installed, "rm -rf /", session=SESSION, tool_use_id=rm)
    permission(installed, "ls", session=SESSION)
    bash(installed, "terraform destroy", session=SESSION, tool_use_id=tf)
    installed.hook("PostToolUse", tool_name="Edit", tool_use_id=ed, session_id=SESSION,
                   tool_input={"file_path": str(repo / "README.md"), "old_string": "test",
                               "new_string": "a test"}, tool_response={})
    permission(installed, HOSTILE, session=SESSION)
    bash(installed, "rm -rf ~", session="another-session")
    ledger = repo / ".claude" / "logs" / "critic-ledger.jsonl"
    ledger.write_text(json.dumps({"ts": "2026-01-01T00:00:30+00:00", "session_id": SESSION,
                                  "agent_id": "a1", "playbook": "play/p1/plan.json",
                                  "subtask": "s1", "verdict": "FAIL",
                                  "reason": "no test covers the empty input"}) + "\n")
    return installed, {"CLAUDE_CONFIG_DIR": str(config)}


def test_report_json_joins_the_calls_with_their_decisions(session):
    inst, env = session
    proc = run_cli(inst.root, "report", "--session", SESSION[:8], "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    data = as_json(proc)
    assert data["session"] == SESSION and data["transcript"].endswith(f"{SESSION}.jsonl")
    calls = [r for r in data["timeline"] if r["kind"] == "call"]
    assert data["calls"] == len(calls) == 6
    got = [(r["input"], r["outcome"], [(d["decision"], d["guard"]) for d in r["decisions"]])
           for r in calls]
    assert got == [
        ("rm -rf /", "blocked", [("block", "bash-check")]),
        ("ls", "approved by hook", [("approve", "permission-gate")]),
        ("terraform destroy", "denied", [("ask", "bash-check")]),
        (str(inst.root / "README.md"), "ran", [("warn", "progress-reminder")]),
        ("FOO_TOKEN=*** make deploy", "ran", []),
        ("git diff", "allowed by rule", []),
    ]
    assert [r["input"] for r in data["timeline"] if r["kind"] == "prompt"] == [
        "tidy up and deploy"]
    # the hostile dialog has no call in the transcript: a row of its own
    (own,) = [r for r in data["timeline"] if r["kind"] == "decision"]
    assert own["decisions"][0]["decision"] == "dialog"
    # what ran without a dialog: the gate's approval (log) and an allow rule (transcript)
    assert [(a["input"], a["phase"]) for a in data["approved"]] == [
        ("git diff", "allow rule"), ("ls", "7D")]
    assert data["summary"]["decisions"] == {"block": 1, "approve": 1, "ask": 1, "warn": 1,
                                            "dialog": 1}
    assert data["playbook"]["plan"] == "play/p1/plan.json"
    assert data["playbook"]["subtasks"] == {"done": 0, "total": 1}
    assert [(c["verdict"], c["subtask"]) for c in data["critic"]] == [("FAIL", "s1")]
    assert SECRET not in proc.stdout.decode()


def test_report_text_for_terminals(session):
    inst, env = session
    proc = run_cli(inst.root, "report", env=env)  # the newest session in the log
    text = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert "session another-session" in text  # newest logged session by default
    proc = run_cli(inst.root, "report", "--session", SESSION, env=env)
    text = proc.stdout.decode()
    for expected in ("6 tool call(s), 5 decision(s)", "blocks per guard: bash-check 1",
                     "playbook play/p1/plan.json: 0/1 subtasks done",
                     "approved without asking (2):", "FAIL s1 - no test covers",
                     "block   bash-check", "→ approved by hook", "prompt  tidy up and deploy"):
        assert expected in text, (expected, text)
    assert SECRET not in text


def test_report_without_a_transcript_shows_the_logged_decisions(session):
    inst, _ = session
    proc = run_cli(inst.root, "report", "--session", SESSION, "--json",
                   env={"CLAUDE_CONFIG_DIR": str(inst.root / "nowhere")})
    data = as_json(proc)
    assert data["transcript"] is None and data["calls"] == 0
    assert [r["decisions"][0]["decision"] for r in data["timeline"]] == [
        "block", "approve", "ask", "warn", "dialog"]


def test_report_with_nothing_to_report(installed):
    proc = run_cli(installed.root, "report")
    assert proc.returncode == 3 and b"no session to report" in proc.stderr
    bad = run_cli(installed.root, "report", "--transcript", str(installed.root / "missing.jsonl"))
    assert bad.returncode == 3 and b"cannot read the transcript" in bad.stderr


def test_report_of_an_unknown_session_is_an_error(session):
    """A session id that is neither logged nor has a transcript is a typo,
    not an empty session: one line on stderr naming it and exit 3 (an empty
    page with exit 0 read as "nothing happened")."""
    inst, env = session
    for args in (["--session", "no-such-session"], ["--session", "zzz", "--json"],
                 ["--session", "no-such-session", "--html", str(inst.root / "r.html")]):
        proc = run_cli(inst.root, "report", *args, env=env)
        assert proc.returncode == 3, proc
        lines = proc.stderr.decode().strip().splitlines()
        assert len(lines) == 1 and args[1] in lines[0] and "another-session" in lines[0]
    assert not (inst.root / "r.html").exists()
    # a session with a transcript but no logged decision is still reported
    config = Path(env["CLAUDE_CONFIG_DIR"])
    folder = next((config / "projects").iterdir())
    (folder / "only-transcript.jsonl").write_text((folder / f"{SESSION}.jsonl").read_text())
    assert run_cli(inst.root, "report", "--session", "only-transcript", env=env).returncode == 0


# ---------------------------------------------------------------- in the browser
def chromium_executable() -> str:
    exe = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                if shutil.which(n)), None)
    if exe is None:
        if os.environ.get("CI") or os.environ.get("PLAYGATE_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed, and CI requires the browser test "
                        "(.ci/run installs it: apt-get install -y chromium)")
        pytest.skip("BROWSER TEST SKIPPED: chromium is not installed (apt-get install -y "
                    "chromium); .ci/run installs it and runs this test")
    return exe


class Listener:
    """A TCP server on 127.0.0.1 recording every connection (Chromium's proxy)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.requests: list = []
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            conn.settimeout(1)
            try:
                self.requests.append(conn.recv(2048).split(b"\r\n", 1)[0].decode("latin-1"))
            except OSError:
                self.requests.append("(connection)")
            conn.close()

    def close(self) -> None:
        self.stop = True
        self.thread.join(timeout=5)
        self.sock.close()


#: Hosts Chromium itself talks to whatever page it shows (sign-in, time,
#: variations), even with background networking disabled: not the page's.
CHROMIUM_OWN = (".google.com", ".googleapis.com", ".gstatic.com", ".gvt1.com")


def page_requests(requests: list) -> list:
    """The proxied requests (``CONNECT host:443 …`` / ``GET http://host/…``)
    that are not Chromium's own traffic (:data:`CHROMIUM_OWN`)."""
    out = []
    for line in requests:
        parts = line.split()
        target = parts[1] if len(parts) > 1 else line
        host = target.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
        if not ("." + host).endswith(CHROMIUM_OWN):
            out.append(line)
    return out


def render_in_chromium(page: Path, tmp_path: Path) -> tuple:
    """``(dom, requests)``: the DOM headless Chromium built from ``page``
    and every request the page made (all requests go to the proxy;
    Chromium's own are left out, :func:`page_requests`)."""
    exe = chromium_executable()
    proxy = Listener()
    try:
        proc = subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={tmp_path / 'chromium-profile'}",
             f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-default-apps", "--disable-extensions", "--no-pings",
             "--disable-domain-reliability", "--disable-client-side-phishing-detection",
             "--disable-features=Translate,OptimizationHints,MediaRouter,"
             "AutofillServerCommunication",
             "--virtual-time-budget=3000", "--dump-dom", page.as_uri()],
            capture_output=True, timeout=120)
    finally:
        proxy.close()
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    return proc.stdout.decode("utf-8"), page_requests(proxy.requests)


class DOM(HTMLParser):
    """Elements (tag, attributes) and the text of the elements by id."""

    def __init__(self, dom: str) -> None:
        super().__init__()
        self.elements: list = []
        self.text_by_id: dict = {}
        self._open: list = []
        self.text: list = []
        self.feed(dom)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag not in ("meta", "link", "img", "br", "input"):
            self._open.append(attrs.get("id"))

    def handle_endtag(self, tag):
        if self._open and tag not in ("meta", "link", "img", "br", "input"):
            self._open.pop()

    def handle_data(self, data):
        self.text.append(data)
        for ident in self._open:
            if ident:
                self.text_by_id[ident] = self.text_by_id.get(ident, "") + data

    def tags(self, name: str) -> list:
        return [attrs for tag, attrs in self.elements if tag == name]


def test_the_proxy_check_sees_what_a_page_loads(tmp_path):
    """The request check can fail: a page with an external image is caught."""
    page = tmp_path / "leaky.html"
    page.write_text('<!DOCTYPE html><html><body><img src="http://example.invalid/x.png">'
                    "</body></html>")
    _dom, requests = render_in_chromium(page, tmp_path)
    assert any("example.invalid" in r for r in requests), requests


def test_the_html_report_renders_in_chromium_and_loads_nothing(session, tmp_path):
    inst, env = session
    page = tmp_path / "report.html"
    proc = run_cli(inst.root, "report", "--session", SESSION, "--html", page, env=env)
    assert proc.returncode == 0, proc.stderr
    assert f"wrote {page}" in proc.stdout.decode()
    dom_text, requests = render_in_chromium(page, tmp_path)
    assert requests == []
    dom = DOM(dom_text)
    assert dom.text_by_id["session"] == SESSION
    assert dom.text_by_id["progress"] == "0/1" and dom.text_by_id["critic-status"] == "PENDING"
    for section in ("summary", "playbook", "approved", "timeline"):
        assert section in dom.text_by_id, section
    timeline = dom.text_by_id["timeline"]
    for expected in ("rm -rf /", "bash-check", "approved by hook", "terraform destroy",
                     "progress-reminder", "tidy up and deploy", "FOO_TOKEN=*** make deploy"):
        assert expected in timeline, expected
    assert "no test covers the empty input" in dom.text_by_id["playbook"]
    assert "ls" in dom.text_by_id["approved"] and "git diff" in dom.text_by_id["approved"]
    # the hostile input is text on the page, not elements
    assert '<img src=http://example.invalid/i.png>' in timeline
    assert dom.tags("img") == [] and dom.tags("script") == [] and dom.tags("iframe") == []
    assert [a for a in dom.tags("link")] == []
    assert all("src" not in a and "href" not in a for _t, a in dom.elements)
    csp = [a for a in dom.tags("meta") if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and "default-src 'none'" in csp[0]["content"]
    assert SECRET not in dom_text
    # every decision is a badge
    assert len([a for a in dom.tags("span") if "badge" in a.get("class", "")]) >= 5

"""Bash writes to every guarded file, by every write form, are blocked
(SPEC §3 bash-check: "the Edit/Write guards must not be routed
around through Bash").

Guarded: state.md, the active playbook's plan.json and progress.json, and
HARD_BLOCK paths (the suite's own files from the protection floor, and the
default list's secrets and .git). Reading them stays allowed.
"""

from __future__ import annotations

import pytest
from bashenv import make_workspace
from saying import says

TARGETS = [
    "state.md",
    "play/demo/plan.json",
    "play/demo/progress.json",
    ".claude/settings.json",
    ".claude/hooks/pre_tool_use.py",
    ".claude/protected-files.txt",
    ".claude/logs/errors.log",
    ".env",
    ".git/config",
]

#: Every way bash can write, delete, move or re-mode a file ({t} = target).
FORMS = [
    "echo x > {t}",
    "echo x >> {t}",
    "printf x >| {t}",
    ": > {t}",
    "> {t}",
    "cat /tmp/x > {t}",
    "echo x &> {t}",
    "echo x 2> {t}",
    "exec 3> {t}",
    "echo x 1<> {t}",
    "echo x | tee {t}",
    "tee -a {t} < /tmp/x",
    "sed -i s/a/b/ {t}",
    "sed -i.bak -e s/a/b/ {t}",
    "sed -n 'w {t}' /tmp/x",
    "perl -pi -e s/a/b/ {t}",
    "awk -i inplace 1 {t}",
    "awk '{{print > \"{t}\"}}' /tmp/x",
    "cp /tmp/x {t}",
    "cp -f /tmp/x ./{t}",
    "mv /tmp/x {t}",
    "mv {t} /tmp/moved",
    "install -m 644 /tmp/x {t}",
    "ln -sf /tmp/x {t}",
    "ln {t} /tmp/hardlink",
    "rsync /tmp/x {t}",
    "dd if=/tmp/x of={t}",
    "sort -o {t} /tmp/x",
    "uniq /tmp/x {t}",
    "truncate -s 0 {t}",
    "touch {t}",
    "rm {t}",
    "rm -f {t}",
    "unlink {t}",
    "shred -u {t}",
    "chmod 000 {t}",
    "chown nobody {t}",
    "gzip {t}",
    "curl -o {t} https://example.com/x",
    "wget -O {t} https://example.com/x",
    "python3 -c \"open('{t}','w').write('x')\"",
    "python3 -c \"import os; os.remove('{t}')\"",
    "python3 -c \"import pathlib; pathlib.Path('{t}').write_text('x')\"",
    "python3 -c \"import shutil; shutil.copy('/tmp/x', '{t}')\"",
    "node -e \"require('fs').writeFileSync('{t}', 'x')\"",
    "perl -e 'open(F, \">{t}\")'",
    "ruby -e 'File.write(\"{t}\", \"x\")'",
    "git checkout -- {t}",
    "git restore {t}",
    "git rm {t}",
    "git mv {t} moved-file",
    "vim {t}",
    "python3 scripts/check.py {t}",
    "bash -c 'echo x > {t}'",
    "sh -c \"cp /tmp/x {t}\"",
    "eval \"echo x > {t}\"",
    "F={t}; echo x > $F",
    "echo x > \"$(echo {t})\"",
    "true && echo x > {t}",
    "sudo tee {t} < /tmp/x",
    "env -C . sh -c 'echo x > {t}'",
    "find . -path ./{t} -delete",
    "cat <<'EOF' > {t}\nx\nEOF",
]

#: Directory forms: deleting, moving or overwriting a directory that contains
#: guarded files writes them.
DIRECTORY_FORMS = [
    "rm -rf .claude",
    "rm -rf .claude/hooks",
    "rm -r play",
    "rm -rf play/demo",
    "mv play/demo /tmp/pb",
    "mv .claude /tmp/claude",
    "mv play /tmp/play",
    "rm -rf .git",
    "tar -xf /tmp/x.tar -C .claude",
    "tar -xf /tmp/x.tar",
    "unzip /tmp/x.zip -d .claude/hooks",
    "cp -r /tmp/evil/. .claude/",
    "rsync -a /tmp/evil/ .claude/hooks/",
    "find play -delete",
    "find . -name progress.json -delete",
    "chmod -R 000 .claude",
    "git clean -fdx .claude",
    "python3 -c \"import shutil; shutil.rmtree('.claude')\"",
    "cd play && rm -rf demo",
]

CASES = [(form, t) for t in TARGETS for form in FORMS]


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return make_workspace(tmp_path_factory.mktemp("bash-guarded"))


@pytest.mark.parametrize("form,target", CASES,
                         ids=[f"{t}::{f[:30]}" for f, t in CASES])
def test_every_write_form_to_every_guarded_file_is_blocked(ws, form, target):
    command = form.format(t=target)
    code, err, _out = ws.decide(command)
    assert code == 2, f"not blocked: {command!r}"
    assert err.startswith("[playgate"), err


@pytest.mark.parametrize("command", DIRECTORY_FORMS)
def test_directory_containing_guarded_files(ws, command):
    code, err, _out = ws.decide(command)
    assert code == 2, f"not blocked: {command!r}"
    assert err.startswith("[playgate"), err


def test_guarded_forms_through_installed_suite(ws):
    commands = [form.format(t=t) for t in ("state.md", "play/demo/progress.json",
                                            ".claude/settings.json") for form in FORMS]
    commands += DIRECTORY_FORMS
    results = ws.decide_many(commands)
    missed = [c for c, (code, _err) in zip(commands, results) if code != 2]
    assert not missed, missed


READS = [
    "cat {t}",
    "head -5 {t}",
    "grep -n x {t}",
    "wc -l {t}",
    "cp {t} /tmp/copy",
    "diff {t} /tmp/other",
    "git diff -- {t}",
    "git log --oneline -- {t}",
    "python3 -c \"print(open('{t}').read())\"",
]


@pytest.mark.parametrize("form", READS)
@pytest.mark.parametrize("target", ["state.md", "play/demo/progress.json",
                                    ".claude/settings.json"])
def test_reading_guarded_files_stays_allowed(ws, form, target):
    command = form.format(t=target)
    code, err, _out = ws.decide(command)
    assert code == 0, (command, err)


def test_block_message_names_the_file_and_the_way_out(ws):
    code, err, _ = ws.decide("sed -i 's/PENDING/PASS/' play/demo/progress.json")
    assert code == 2
    assert "play/demo/progress.json" in err
    assert "Edit" in err and "Write" in err
    code, err, _ = ws.decide("rm -rf .claude")
    assert code == 2
    assert says(err, "bash_check.hard_block", how="rm", target=".claude"), err


def test_unresolvable_write_target_is_blocked(ws):
    code, err, _ = ws.decide('echo x > "$TARGET_FILE"')
    assert code == 2
    assert says(err, "bash_check.computed_paths", how="redirect >"), err


def test_symlink_to_guarded_file_is_followed(ws):
    link = ws.root / "build" / "state-link.md"
    link.symlink_to(ws.root / "state.md")
    try:
        code, err, _ = ws.decide("echo x > build/state-link.md")
        assert code == 2, err
    finally:
        link.unlink()


def test_existing_hard_link_to_guarded_file_is_detected(ws, tmp_path):
    import os

    alias = ws.root / "build" / "progress-alias.json"
    os.link(ws.root / "play" / "demo" / "progress.json", alias)
    try:
        code, err, _ = ws.decide("echo '{}' > build/progress-alias.json")
        assert code == 2, err
    finally:
        alias.unlink()


@pytest.mark.parametrize("command", [
    "find . -name __pycache__ -type d -exec rm -rf {} +",
    "find . -name '*.pyc' -delete",
    "rm -rf .claude/hooks/__pycache__",
])
def test_bytecode_caches_of_protected_directories_may_be_cleaned(ws, command):
    """Deleting __pycache__/*.pyc changes nothing but speed; common cleanup
    commands must keep working in a repository with the suite installed."""
    code, err, _ = ws.decide(command)
    assert code == 0, err


@pytest.mark.parametrize("command", [
    "find .claude -name '*.py' -delete", "rm -rf .claude/hooks/*.py",
    "find . -name 'pre_tool_use.py' -delete",
])
def test_sources_of_protected_directories_may_not(ws, command):
    code, _err, _ = ws.decide(command)
    assert code == 2, command

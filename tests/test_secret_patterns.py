"""Secret patterns match secrets, not installed packages.

``HARD_BLOCK:**/*.pem`` protects the project's keys; it must not make
certifi's public CA bundle in ``.venv/lib/python3.12/site-packages/`` a
secret, which locked the agent out of ``.venv/bin/pip install`` and
``rm -rf .venv``. The rule (``statefiles/protected.py``): a wildcard never
reaches into an installed-package directory (``site-packages``,
``node_modules``...), a literal component does, and every spelling of a
target is judged (a symlink from such a directory to a secret protects the
secret). Properties: nothing changes for paths outside installed packages;
the rule only ever narrows; a pattern made of wildcards alone never reaches
into a package directory; a secret reached through a package directory by a
symlink stays protected through Bash and Edit/Write.
"""

from __future__ import annotations

import os

import pytest
from bashenv import make_workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import protected
from statefiles.protected import PACKAGE_DIRS, Entry

SITE = ".venv/lib/python3.12/site-packages"
CA_BUNDLE = f"{SITE}/certifi/cacert.pem"

# ------------------------------------------------------------------ the matcher

_NAME = st.text(st.sampled_from("abcxyz.-_"), min_size=1, max_size=6).filter(
    lambda c: c not in (".", "..") and c.casefold() not in PACKAGE_DIRS)
_PACKAGE = st.sampled_from(sorted(PACKAGE_DIRS)).flatmap(
    lambda d: st.sampled_from([d, d.upper(), d.title()]))
_WILD = st.sampled_from(["**", "*", "*.pem", "?*", "*.key", "id_rsa*", ".env", "*.*"])
_PATTERN_PART = st.one_of(_NAME, _WILD)
PATTERN = st.lists(_PATTERN_PART, min_size=1, max_size=5).map("/".join)
PROJECT_PATH = st.lists(_NAME, min_size=1, max_size=6).map("/".join)

PROPERTY = settings(max_examples=examples(400), deadline=None)


@PROPERTY
@given(PATTERN, PROJECT_PATH)
def test_the_projects_own_files_are_judged_as_before(pattern, path):
    """Outside installed packages a protection entry matches exactly what
    the one glob matcher matches (as strict as it was)."""
    assert Entry("HARD_BLOCK", pattern, 1).matches_rel(path) is protected.matches(pattern, path)


@PROPERTY
@given(PATTERN, PROJECT_PATH, _PACKAGE, st.integers(0, 6), st.lists(_NAME, max_size=3))
def test_the_rule_only_narrows(pattern, path, package, at, tail):
    """With a package directory anywhere in the path, an entry matches at
    most what the glob matcher matches."""
    parts = path.split("/")
    parts.insert(min(at, len(parts) - 1), package)
    full = "/".join(parts + tail)
    if Entry("HARD_BLOCK", pattern, 1).matches_rel(full):
        assert protected.matches(pattern, full), (pattern, full)


@PROPERTY
@given(st.lists(_WILD, min_size=1, max_size=4).map("/".join), st.lists(_NAME, max_size=3),
       _PACKAGE, st.lists(_NAME, min_size=1, max_size=4))
def test_wildcards_alone_never_reach_into_a_package_directory(pattern, before, package,
                                                               after):
    """``**/*.pem``, ``**/.env``, ``*/*.key``...: a path below a package
    directory matches only as part of a directory above the package
    directory that the pattern covers (``*`` covers ``src/``, and so
    everything below it)."""
    path = "/".join(before + [package] + after)
    entry = Entry("HARD_BLOCK", pattern, 1)
    if entry.matches_rel(path):
        above = ["/".join(before[:n]) for n in range(1, len(before) + 1)]
        assert any(entry.matches_rel(a) for a in above) or pattern.strip("/*") == "", \
            (pattern, path)


@PROPERTY
@given(st.lists(_NAME, max_size=3), _PACKAGE, st.lists(_NAME, max_size=2), _WILD)
def test_a_pattern_naming_the_package_directory_reaches_in(before, package, middle, last):
    """What the user names literally is protected: ``node_modules/**/*.pem``,
    ``vendor/site-packages/x/*.key``."""
    pattern = "/".join(before + [package.lower(), "**", last])
    path = "/".join(before + [package] + middle + ["k.pem" if "pem" in last else "id_rsa1"
                                                   if "rsa" in last else ".env" if last == ".env"
                                                   else "k.key" if "key" in last else "f.x"])
    assert Entry("HARD_BLOCK", pattern, 1).matches_rel(path) is protected.matches(pattern, path)


@pytest.mark.parametrize("pattern, path, expected", [
    ("**/*.pem", CA_BUNDLE, False),
    ("**/*.pem", "certs/server.pem", True),
    ("**/*.pem", "server.pem", True),
    ("**/*.pem", ".venv/certs/server.pem", True),         # a venv, not an installed package
    ("**/.env", "node_modules/dotenv/.env", False),
    ("**/.env", "app/.env", True),
    ("**/*.key", "web/node_modules/x/test/fixtures/a.key", False),
    ("node_modules/**/*.key", "node_modules/x/a.key", True),
    ("**/site-packages/**/*.pem", CA_BUNDLE, True),
    (".venv/**", CA_BUNDLE, True),                         # a literal prefix covers the tree
    (".claude/.venv/**", ".claude/.venv/lib/python3.12/site-packages/c/x.pem", True),
    ("*/*.pem", "site-packages/x.pem", False),
    ("**", CA_BUNDLE, True),
    ("a**b/*.pem", "ax/site-packages/yb/k.pem", False),    # the regex form keeps the rule
    ("a**b/*.pem", "ax/yb/k.pem", True),
])
def test_examples(pattern, path, expected):
    assert Entry("HARD_BLOCK", pattern, 1).matches_rel(path) is expected


def test_the_suite_floor_still_covers_its_own_environment():
    plist = protected.parse("HARD_BLOCK:**/*.pem\n")
    assert plist.match_rel(".claude/.venv/lib/python3.12/site-packages/certifi/cacert.pem") \
        .level == "HARD_BLOCK"
    assert plist.match_rel(CA_BUNDLE) is None


def test_absolute_patterns_follow_the_same_rule():
    entry = Entry("HARD_BLOCK", "~/**/*.pem", 1)
    assert entry.matches_abs({"/home/u/keys/a.pem"}, "/home/u")
    assert not entry.matches_abs({f"/home/u/{SITE}/certifi/cacert.pem"}, "/home/u")


# ------------------------------------------------------------------ through the hooks


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    """The bash workspace (active playbook on its branch) with a virtualenv
    holding certifi's bundle, a project key ``certs/server.pem``, a
    ``node_modules`` symlink to ``.env`` and a symlink from site-packages to
    ``certs/``."""
    ws = make_workspace(tmp_path_factory.mktemp("secrets"))
    root = ws.root
    bundle = root / CA_BUNDLE
    bundle.parent.mkdir(parents=True)
    bundle.write_text("-----BEGIN CERTIFICATE-----\n")
    (root / ".venv/pyvenv.cfg").write_text("home = /usr/bin\n")
    (root / ".venv/bin").mkdir()
    (root / ".venv/bin/pip").write_text("#!/bin/sh\n")
    (root / "certs").mkdir()
    (root / "certs/server.pem").write_text("-----BEGIN PRIVATE KEY-----\n")
    (root / "node_modules/dotenv").mkdir(parents=True)
    (root / "node_modules/dotenv/test.pem").write_text("fixture\n")
    os.symlink("../.env", root / "node_modules/.env")
    os.symlink("../../../../certs", root / SITE / "certs")
    return ws


ENVIRONMENT_WORK = [
    ".venv/bin/pip install requests",
    ".venv/bin/python -m pip install -U requests",
    "rm -rf .venv",
    "rm -rf .venv/lib/python3.12/site-packages/certifi",
    "rm -rf node_modules/dotenv",
    "find .venv -name '*.pem' -delete",
]

SECRETS_STAY_PROTECTED = [
    "rm -rf certs",
    "rm certs/server.pem",
    "mv certs node_modules/",
    "mv certs/server.pem node_modules/x.pem",
    "rm node_modules/.env",
    "cp /dev/null node_modules/.env",
    f"rm -rf {SITE}/certs/",
    f"cp /dev/null {SITE}/certs/server.pem",
    f"echo x > {SITE}/certs/server.pem",
    "echo x > .venv/server.pem",
]


@pytest.mark.parametrize("command", ENVIRONMENT_WORK)
def test_environment_work_is_not_a_write_to_a_secret(ws, command):
    code, err, out = ws.decide(command)
    assert code == 0 and "protected" not in err + out, (command, err, out)


@pytest.mark.parametrize("command", SECRETS_STAY_PROTECTED)
def test_secrets_stay_protected_in_every_spelling(ws, command):
    code, err, out = ws.decide(command)
    assert code == 2 and "HARD_BLOCK" in err + out, (command, err, out)


def test_through_the_installed_hook(ws):
    ok = ws.tool("Bash", {"command": "rm -rf .venv/lib/python3.12/site-packages/certifi"})
    assert not ok.blocked, ok
    refused = ws.tool("Bash", {"command": f"rm -rf {SITE}/certs/"})
    assert refused.blocked and "[playgate:bash-check]" in refused.reason, refused


@pytest.mark.parametrize("rel, blocked", [
    (CA_BUNDLE, False),
    ("node_modules/dotenv/test.pem", False),
    ("node_modules/.env", True),
    (f"{SITE}/certs/server.pem", True),
    ("certs/server.pem", True),
])
def test_edit_and_write_judge_the_same_way(ws, rel, blocked):
    result = ws.tool("Write", {"file_path": str(ws.root / rel), "content": "x\n"})
    if blocked:
        assert result.blocked and "[playgate:protected-edit]" in result.reason, (rel, result)
    else:
        assert "[playgate:protected-edit]" not in (result.reason or ""), (rel, result)


@settings(max_examples=examples(30), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(["rm -rf {p}", "cp /dev/null {p}", "echo x > {p}",
                              "tee {p} < /dev/null", "sed -i s/a/b/ {p}", "truncate -s 0 {p}",
                              "mv {p} /tmp/k"]),
       via=st.sampled_from(["certs/server.pem", f"{SITE}/certs/server.pem",
                            f"./{SITE}/certs/../certs/server.pem", "node_modules/.env",
                            f"{SITE}//./certs/server.pem"]))
def test_any_write_route_to_a_secret_through_a_package_directory_is_blocked(ws, route, via):
    command = route.format(p=via)
    code, err, out = ws.decide(command)
    assert code == 2, (command, err, out)

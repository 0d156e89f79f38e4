"""The fanout family (fan-out runners: xargs, parallel, find -exec/-delete;
shell/families/fanout.py): commands it must block and commands that must stay allowed, every
row through the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import A, family_tests, workspace_fixture

from shell.families.fanout import feeds_shell
from shell.model import Word

FAMILY = "fanout"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("find / -delete", "rm-recursive"),
    ("find ~ -name '*.txt' -delete", "rm-recursive"),
    ("find . -exec rm -rf / \\;", "rm-recursive", "files"),
    ("echo / | xargs rm -rf", "rm-recursive", "files"),
    ("ls / | xargs rm -rf", "rm-recursive", "files"),
    ("xargs -I{} rm -rf {} < list.txt", "rm-recursive", "files"),
    ("parallel rm -rf ::: / ~", "rm-recursive", "files"),
    ("find . -name x -exec git push --force \\;", "force-push", "git"),
    # What feeds a shell at run time is judged as the worst it could be
    ("xargs -a list.txt rm -rf", "rm-recursive", "files"),
    ("xargs --arg-file=list.txt rm -rf", "rm-recursive", "files"),
    ("xargs -a urls.txt -I{} bash -c {}", "fanout-exec"),
    ("cat jobs.txt | xargs -I{} bash -c {}", "fanout-exec"),
    ("cat jobs.txt | xargs -i sh -c {}", "fanout-exec"),
    ("cat jobs.txt | xargs --replace sh -c '{}'", "fanout-exec"),
    ("cat jobs.txt | xargs -I % sh -c 'echo %; %'", "fanout-exec"),
    ("cat jobs.txt | xargs -n1 sh -c", "fanout-exec"),
    ("cat scripts.txt | xargs bash", "fanout-exec"),
    ("cat snippets.txt | xargs -0 python3 -c", "fanout-exec"),
    ("parallel bash -c ::: 'rm -rf /'", "rm-recursive", "files"),
    ("parallel ::: 'git push --force'", "force-push", "git"),
    ("cat jobs.txt | parallel", "fanout-exec"),
    ("cat jobs.txt | parallel bash -c", "fanout-exec"),
    ("parallel -j4 'rm -rf {}' ::: / ~", "rm-recursive", "files"),
    ("parallel rm -rf :::: list.txt", "rm-recursive", "files"),
    ("cat paths.txt | parallel rm -rf", "rm-recursive", "files"),
    ("npx -c 'rm -rf /'", "rm-recursive", "files"),
    ("npx --call 'git push --force'", "force-push", "git"),
    ("echo / > out.txt; xargs -a out.txt rm -rf", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "find . -name '*.py'",
    "find build -name '*.o' -delete",
    "find . -type f | xargs wc -l",
    "echo a b | xargs echo",
    "parallel echo ::: a b",
    "find src -name '*.pyc' -delete",
    "git ls-files | xargs grep -n TODO",
    "echo 'ls -la' | xargs -I{} sh -c {}",
    "xargs -I{} rm -rf {} < data.txt",
    "cat files.txt | xargs -n1 echo",
    "parallel gzip -k ::: data.txt file.txt",
    "npx eslint src",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))


@pytest.mark.parametrize("payload,marker,fed", [
    ("bash -c {}", "{}", "bash"), ("sh -c", None, "sh"), ("sh", None, "sh"),
    ("sh -c 'echo x'", None, None), ("sudo bash -c {}", "{}", "bash"),
    ("env X=1 sh -c {}", "{}", "sh"), ("python3 -c", None, "python3"), ("rm -rf", None, None),
    ("bash script.sh", None, None), ("bash -xc {}", "{}", "bash"), ("echo {}", "{}", None),
])
def test_feeds_shell(payload, marker, fed):
    assert feeds_shell([Word.literal(w) for w in payload.replace("'", "").split()],
                       marker) == fed


def test_unseen_input_to_a_shell_is_uncertain():
    found = [(f.kind, f.certain) for f in A("cat x | xargs sh -c").destructive]
    assert found == [("fanout-exec", False)]

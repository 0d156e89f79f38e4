"""The gh family (GitHub's CLI; shell/families/gh.py): commands it must block and commands that
must stay allowed, through the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "gh"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("gh repo delete owner/repo --yes", "gh-delete"),
    ("gh release delete v1", "gh-delete"),
    ("gh issue delete 12", "gh-delete"),
    ("gh api -X DELETE repos/o/r", "http-delete"),
    ("gh api --method DELETE /x", "http-delete"),
    ("gh repo archive o/r", "gh-delete"),
    ("gh alias set --shell nuke 'rm -rf /'", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "gh pr list",
    "gh pr view 12",
    "gh issue create --title x --body 'rm -rf ~'",
    "gh api repos/o/r",
    "gh pr create --fill",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))

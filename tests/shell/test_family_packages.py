"""The packages family (system package managers removing packages, global node packages,
pip into an explicit environment; shell/families/packages.py): commands it must block and
commands that must stay allowed, every row through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "packages"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("apt purge nginx", "package-remove"),
    ("apt-get remove -y python3", "package-remove"),
    ("sudo apt-get autoremove --purge -y", "package-remove"),
    ("apt remove openssh-server", "package-remove"),
    ("aptitude purge libc6", "package-remove"),
    ("dpkg -P openssh-server", "package-remove"),
    ("dpkg --remove --force-all coreutils", "package-remove"),
    ("yum remove -y httpd", "package-remove"),
    ("dnf erase kernel", "package-remove"),
    ("pacman -Rns firefox", "package-remove"),
    ("zypper rm vim", "package-remove"),
    ("apk del curl", "package-remove"),
    ("rpm -e --nodeps glibc", "package-remove"),
    ("snap remove lxd", "package-remove"),
    ("brew uninstall --force node", "package-remove"),
    ("npm uninstall -g typescript", "package-remove"),
    ("yarn global remove eslint", "package-remove"),
]

#: Commands that must stay allowed.
ALLOW = [
    "apt list --installed",
    "apt-get -s remove python3",
    "dpkg -l",
    "rpm -qa",
    "pacman -Qi firefox",
    "brew list",
    "npm uninstall lodash",
    "npm install",
    "pip list",
    "echo 'apt purge nginx'",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))

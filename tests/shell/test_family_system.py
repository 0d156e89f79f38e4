"""The system family (disks, power, accounts, processes and scheduled jobs;
shell/families/system.py): commands it must block and commands that must stay allowed, through
the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "system"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("mkfs.ext4 /dev/sdb", "disk"),
    ("mkswap /dev/sda2", "disk"),
    ("wipefs -a /dev/sda", "disk"),
    ("fdisk /dev/sda", "disk"),
    ("shutdown -h now", "system-power"),
    ("reboot", "system-power"),
    ("systemctl poweroff", "system-power"),
    ("userdel bob", "system-write"),
    ("crontab -r", "system-write"),
    ("kill -9 -1", "process-kill"),
    ("killall5 -9", "process-kill"),
    ("lvremove -f vg/lv", "disk"),
    ("zpool destroy tank", "disk"),
    ("diskutil eraseDisk JHFS+ x disk2", "disk"),
    ("echo '* * * * * rm -rf /' | crontab -", "rm-recursive", "files"),
    ("at now <<< 'rm -rf /'", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "fdisk -l",
    "parted /dev/sda print",
    "systemctl status nginx",
    "kill 1234",
    "crontab -l",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))

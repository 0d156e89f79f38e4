"""The system family (power, services, accounts, processes, logs, firewall, kernel, scheduled
jobs; shell/families/system.py): commands it must block (a hard family: shell/severity.py) and
commands that must stay allowed, every row through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "system"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("shutdown -h now", "system-power"),
    ("reboot", "system-power"),
    ("systemctl poweroff", "system-power"),
    ("init 0", "system-power"),
    ("systemctl stop nginx", "service-stop"),
    ("systemctl disable --now sshd", "service-stop"),
    ("systemctl mask docker.service", "service-stop"),
    ("service postgresql stop", "service-stop"),
    ("userdel -r bob", "system-write"),
    ("useradd -m mallory", "system-write"),
    ("crontab -r", "system-write"),
    ("journalctl --vacuum-time=1s", "system-write"),
    ("journalctl --vacuum-size=1M", "system-write"),
    ("iptables -F", "system-write"),
    ("ufw disable", "system-write"),
    ("rmmod nvme", "system-write"),
    ("kill -9 -1", "process-kill"),
    ("kill -9 1", "process-kill"),
    ("kill -s KILL 1", "process-kill"),
    ("killall5 -9", "process-kill"),
    ("pkill -9 sshd", "process-kill"),
    ("sudo systemctl stop firewalld", "service-stop"),
    ("echo '* * * * * rm -rf /' | crontab -", "rm-recursive", "files"),
    ("at now <<< 'rm -rf /'", "rm-recursive", "files"),
    ("ip link set eth0 down", "system-write"),
    ("nmcli networking off", "system-write"),
    ("ip netns exec blue rm -rf /", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "systemctl status nginx",
    "systemctl --user stop my-dev-server",
    "systemctl list-units --failed",
    "journalctl -u nginx --since today",
    "kill 1234",
    "kill -TERM 4242",
    "kill -1 4242",
    "pkill -f 'python -m http.server'",
    "crontab -l",
    "iptables -L -n",
    "echo 'shutdown -h now'",
    "ip addr show",
    "nmcli connection show",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))

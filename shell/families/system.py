"""The machine itself: power, services, accounts, processes, logs,
firewall, kernel and scheduled jobs (SPEC §3 bash-check "destructive
commands"; system family — a hard family: never below ``ask``,
blocked by default). Disks are :mod:`shell.families.disks`.

Stopping or restarting the machine is ``system-power``; stopping,
disabling or masking system services (``systemctl stop|disable|mask|kill``
without ``--user``, ``service X stop``, ``launchctl bootout|unload``) is
``service-stop``; changing user accounts, deleting every cron job
(``crontab -r``), vacuuming the journal (``journalctl --vacuum-*``),
flushing the firewall (``iptables -F``, ``nft flush ruleset``, ``ufw
disable|reset``) and unloading kernel modules are ``system-write``;
signalling every process (``kill -1``), init (``kill -9 1``) or critical
daemons (``pkill sshd``) is ``process-kill``. ``crontab FILE``/``at``/
``batch`` install commands that run later, unseen: carriers, their text
analysed when it is known.
"""

from __future__ import annotations

import shell.opts as opts
from shell.invocation import X, file_text
from shell.output import static_output
from shell.programs import program_from_stdin, run_program_source
from shell.model import Label, Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "system"

#: Commands that stop or restart the machine.
_POWER = frozenset({"shutdown", "reboot", "halt", "poweroff"})
#: Processes whose death takes the machine, remote access or the
#: container runtime down.
_CRITICAL = frozenset({"init", "systemd", "sshd", "dockerd", "containerd", "kubelet",
                       "launchd", "xorg", "gnome-shell", "loginwindow", "windowserver",
                       "dbus-daemon", "networkmanager", "journald", "systemd-journald"})

#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    **dict.fromkeys(("shutdown", "reboot", "halt", "poweroff", "init", "telinit"), "h_power"),
    "systemctl": "h_systemctl", "service": "h_service", "launchctl": "h_launchctl",
    **dict.fromkeys(("userdel", "deluser", "groupdel", "delgroup", "usermod", "passwd",
                     "chpasswd", "visudo", "useradd", "adduser", "groupadd", "addgroup",
                     "groupmod", "gpasswd", "chsh", "chfn"), "h_user_admin"),
    "kill": "h_kill", "killall5": "h_kill", "pkill": "h_pkill", "killall": "h_pkill",
    "crontab": "h_crontab", "at": "h_at", "batch": "h_at", "journalctl": "h_journalctl",
    **dict.fromkeys(("iptables", "ip6tables", "nft", "ufw", "firewall-cmd"), "h_firewall"),
    **dict.fromkeys(("rmmod", "modprobe", "sysctl"), "h_kernel"),
    **dict.fromkeys(("ip", "ifconfig", "ifdown", "nmcli"), "h_network"),
}


def h_power(x: X) -> list:
    """``shutdown``/``reboot``/``halt``/``poweroff``, ``init|telinit 0|6|1|s``
    (``system-power``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key in _POWER:
        if not any(v in ("--help", "-c") for v in vals):
            x.run.find("system-power",
                       Msg("shell.find.stops_restarts_machine", name=x.cmd.name), x.cmd)
    elif key in ("init", "telinit") and vals and vals[0] in ("0", "6", "1", "s", "S"):
        x.run.find("system-power", Msg("shell.find.changes_run_level", name=x.cmd.name,
                                       what=vals[0]), x.cmd)
    return x.plain()


#: systemctl verbs that stop or restart the machine.
_SYSTEMCTL_POWER = frozenset({"poweroff", "reboot", "halt", "kexec", "rescue", "emergency",
                              "suspend", "hibernate", "hybrid-sleep", "soft-reboot",
                              "suspend-then-hibernate"})
#: systemctl verbs that stop or disable units.
_SYSTEMCTL_STOP = frozenset({"stop", "disable", "mask", "kill", "isolate", "reset-failed",
                             "freeze", "clean"})


def h_systemctl(x: X) -> list:
    """``systemctl poweroff|reboot|rescue...`` (``system-power``);
    ``systemctl stop|disable|mask|kill|isolate UNIT`` of the system manager
    (not ``--user``, not ``--dry-run``) (``service-stop``). Returns
    ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = [v for v in vals if not v.startswith("-")]
    if any(v in _SYSTEMCTL_POWER for v in ops[:1]):
        x.run.find("system-power", Msg("shell.find.systemctl_stops_restarts_suspends"), x.cmd)
    elif ops and ops[0] in _SYSTEMCTL_STOP and not any(
            v in ("--user", "--dry-run", "--help", "-h") for v in vals):
        x.run.find("service-stop", Msg("shell.find.systemctl_stops_disables_system",
                                       op=ops[0], services=' '.join(ops[1:3])), x.cmd)
    return x.plain()


def h_service(x: X) -> list:
    """``service NAME stop`` (``service-stop``). Returns ``[cmd]``."""
    ops = [a.value for a in x.args if not a.value.startswith("-")]
    if len(ops) >= 2 and ops[1] in ("stop", "force-stop", "disable", "kill"):
        x.run.find("service-stop", Msg("shell.find.service_stops_system_service", op=ops[0],
                                       service=ops[1]), x.cmd)
    return x.plain()


def h_launchctl(x: X) -> list:
    """macOS ``launchctl bootout|unload|remove|disable`` (``service-stop``).
    Returns ``[cmd]``."""
    ops = [a.value for a in x.args if not a.value.startswith("-")]
    if ops and ops[0] in ("bootout", "unload", "remove", "disable", "kill"):
        x.run.find("service-stop",
                   Msg("shell.find.launchctl_stops_removes_service", op=ops[0]), x.cmd)
    return x.plain()


def h_user_admin(x: X) -> list:
    """``userdel``, ``usermod``, ``passwd``, ``visudo``...: changes the system's
    user accounts (``system-write``). Returns ``[cmd]``."""
    x.run.find("system-write",
               Msg("shell.find.changes_system_user_accounts", name=x.cmd.name), x.cmd)
    return x.plain()


def h_kill(x: X) -> list:
    """``kill ... -1`` (a pid of -1 after the signal) signals every process the
    user may signal; a pid of 1 is init; ``killall5`` signals all processes
    (``process-kill``). Returns ``[cmd]``."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if any(v in ("-l", "-L", "--list", "--help") for v in vals[:1]):
        return x.plain()
    # The first argument may be the signal (-9, -KILL, -s KILL); pids follow.
    if vals[:1] in (["-s"], ["-n"], ["--signal"]):
        pids = vals[2:]
    elif len(vals) > 1 and vals[0].startswith("-") and vals[0] != "--":
        pids = vals[1:]
    else:
        pids = vals
    pids = [p for p in pids if p != "--"]
    if "-1" in pids:
        x.run.find("process-kill", Msg("shell.find.kill_signals_every_process"), cmd)
    if "1" in pids:
        x.run.find("process-kill", Msg("shell.find.kill_signals_init_machine"), cmd)
    if cmd.key == "killall5":
        x.run.find("process-kill", Msg("shell.find.killall5_signals_every_process"), cmd)
    return x.plain()


def h_pkill(x: X) -> list:
    """``pkill``/``killall`` of a critical daemon (``sshd``, ``systemd``,
    ``dockerd``, ``init``...) or of every process (a pattern matching
    anything, ``-u root``) (``process-kill``). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = [v for k, v in enumerate(vals) if not v.startswith("-") and not (
        k > 0 and vals[k - 1] in ("-s", "--signal", "-u", "--user", "-U", "-g", "-G", "-P",
                                  "-t", "-o", "-y", "--older-than", "--younger-than"))]
    users = [vals[k + 1] for k, v in enumerate(vals[:-1]) if v in ("-u", "--user", "-U")]
    if any(o.lower() in _CRITICAL or o in (".", ".*", "", "^") for o in ops) or "root" in users:
        x.run.find("process-kill", Msg("shell.find.kills_critical_all_processes", name=x.cmd.name,
                                       what=' '.join(vals)[:60]), x.cmd)
    return x.plain()


def h_journalctl(x: X) -> list:
    """``journalctl --vacuum-size|--vacuum-time|--vacuum-files`` deletes
    system logs (``system-write``). Returns ``[cmd]``."""
    if any(a.value.startswith("--vacuum") for a in x.args):
        x.run.find("system-write", Msg("shell.find.journalctl_vacuum_deletes_system"), x.cmd)
    return x.plain()


def h_firewall(x: X) -> list:
    """``iptables|ip6tables -F|-X|--flush|-P INPUT ACCEPT``, ``nft flush|delete``,
    ``ufw disable|reset``, ``firewall-cmd --panic-on|--complete-reload``
    (``system-write``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    hit = False
    if key in ("iptables", "ip6tables"):
        hit = any(v in ("-F", "--flush", "-X", "--delete-chain", "-Z") or (
            v.startswith("-") and not v.startswith("--") and ("F" in v or "X" in v))
            for v in vals) or ("-P" in vals and "ACCEPT" in vals)
    elif key == "nft":
        hit = any(v in ("flush", "delete") for v in vals[:2])
    elif key == "ufw":
        hit = any(v in ("disable", "reset") for v in vals[:2])
    elif key == "firewall-cmd":
        hit = any(v in ("--panic-on", "--complete-reload") for v in vals)
    if hit:
        x.run.find("system-write", Msg("shell.find.removes_firewall_rules", name=x.cmd.name,
                                       what=' '.join(vals)[:40]), x.cmd)
    return x.plain()


def h_kernel(x: X) -> list:
    """``rmmod``, ``modprobe -r``, ``sysctl -w|-p`` change the running kernel
    (``system-write``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key == "rmmod" or (key == "modprobe" and any(v in ("-r", "--remove") for v in vals)) or (
            key == "sysctl" and any(v in ("-w", "--write", "-p", "--load", "--system") or
                                    ("=" in v and not v.startswith("-")) for v in vals)):
        x.run.find("system-write", Msg("shell.find.changes_running_kernel", name=x.cmd.name), x.cmd)
    return x.plain()


def h_crontab(x: X) -> list:
    """``crontab -r`` deletes every job (``system-write``); ``crontab FILE|-``
    installs jobs whose commands run later, unseen (a ``crontab`` carrier):
    they are analysed when their text is known, and make the command unknown
    otherwise. Returns ``[cmd]``."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if any(v == "-r" or (v.startswith("-") and not v.startswith("--") and "r" in v[1:])
           for v in vals):
        x.run.find("system-write", Msg("shell.find.crontab_r_deletes_every"), cmd)
        return x.plain()
    if not vals or any(v in ("-l", "-e", "-V", "--version", "-h", "--help") for v in vals):
        return x.plain()
    x.run.carrier("crontab", Msg("shell.carrier.crontab_installs_scheduled_commands"), cmd)
    x.run.add(cmd)
    source = next((a for a in x.args if not a.value.startswith("-") or a.value == "-"), None)
    text = None
    if source is not None and source.value == "-":
        st = cmd.stdin
        if st is not None and st.kind in ("heredoc", "herestring") and not st.dynamic:
            text = st.content
        elif st is not None and st.kind == "pipe":
            text = static_output(st.producers)
    elif source is not None and not source.dynamic:
        text = file_text(source.value, cmd)
    if text is None:
        x.run.unknown(Msg("shell.unknown.crontab_installs_scheduled_commands"))
        return [cmd]
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ("=" in line.split()[0]):
            continue
        fields = line.split(None, 1 if line.startswith("@") else 5)
        if len(fields) > (1 if line.startswith("@") else 5):
            x.code(fields[-1], Label("shell.label.crontab_job", "crontab job"))
    return [cmd]


def h_at(x: X) -> list:
    """``at``/``batch`` schedule the commands read from stdin (or ``-f FILE``):
    an ``at`` carrier; the commands are analysed when known. Returns
    ``[cmd]``."""
    cmd = x.cmd
    x.run.carrier("at", Msg("shell.carrier.schedules_shell_commands", name=cmd.name), cmd)
    x.run.add(cmd)
    p = opts.parse(x.args, "fqmMtuvlrdc")
    if p.has("-l", "-r", "-d", "-c") and cmd.name == "at":
        return [cmd]
    f = p.value("-f")
    if f is not None:
        run_program_source(x, f, f"{cmd.name} -f")
        return [cmd]
    program_from_stdin(x, f"{cmd.name} (commands on its input)")
    return [cmd]


def h_network(x: X) -> list:
    """Taking the machine off its network: ``ip link set DEV down``, ``ip
    link delete``, ``ip addr|route flush``, ``ip route del default``,
    ``ifconfig DEV down``, ``ifdown``, ``nmcli networking|radio ... off``,
    ``nmcli connection down|delete`` (``system-write``); ``ip netns exec NS
    CMD`` runs CMD. Returns the produced commands."""
    key = x.cmd.key
    vals = [a.value for a in x.args if not a.value.startswith("-") or a.value == "-"]
    hit = False
    if key == "ip" and vals[:2] == ["netns", "exec"] and len(vals) > 3:
        # ip netns exec NAME CMD...: CMD runs (in another network namespace)
        k = [a.value for a in x.args].index("exec")
        return x.argv(x.args[k + 2:], "ip netns exec")
    if key == "ip":
        hit = (vals[:1] in (["link"], ["l"]) and ("down" in vals or any(
            v in ("delete", "del") for v in vals[1:2]))) or (
            "flush" in vals[1:2]) or (vals[:1] in (["route"], ["r"]) and vals[1:3] in (
                ["del", "default"], ["delete", "default"]))
    elif key == "ifconfig":
        hit = "down" in vals
    elif key == "ifdown":
        hit = bool(vals) and not any(a.value in ("--help", "-h", "-n", "--no-act")
                                     for a in x.args)
    elif key == "nmcli":
        hit = (vals[:1] in (["networking"], ["n"], ["radio"], ["r"]) and "off" in vals) or (
            vals[:1] in (["connection"], ["con"], ["c"], ["device"], ["dev"], ["d"]) and
            any(v in ("down", "delete", "disconnect") for v in vals[1:2]))
    if hit:
        x.run.find("system-write", Msg("shell.find.takes_machine_off_network", name=x.cmd.name,
                                       what=' '.join(vals[:4])), x.cmd)
    return x.plain()

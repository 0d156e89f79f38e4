"""The machine itself: disks, power, accounts, processes and scheduled jobs
(SPEC §3 bash-check "destructive commands"). Creating file systems,
partitioning, wiping or erasing devices and volumes is ``disk``; stopping
or restarting the machine is ``system-power``; changing user accounts and
deleting every cron job is ``system-write``; signalling every process is
``process-kill``. ``crontab FILE``/``at``/``batch`` install commands that
run later, unseen: carriers, their text analysed when it is known.
"""

from __future__ import annotations

import shell.opts as opts
from shell.invocation import X, file_text
from shell.output import static_output
from shell.programs import program_from_stdin, run_program_source

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "system"

#: Disk tools and what they do (all ``disk`` findings unless only listing).
_DISK_TOOLS = {"wipefs": "erases file-system signatures", "fdisk": "edits a partition table",
               "sfdisk": "writes a partition table", "gdisk": "edits a partition table",
               "sgdisk": "writes a partition table", "cfdisk": "edits a partition table",
               "parted": "edits a partition table", "blkdiscard": "discards a device's data",
               "badblocks": "can overwrite a device", "sg_format": "formats a device",
               "flashrom": "rewrites firmware"}
#: Commands that stop or restart the machine.
_POWER = frozenset({"shutdown", "reboot", "halt", "poweroff"})

#: Command → handler below (:mod:`shell.registry` lists the same names;
#: ``mkfs.*`` and other suffixed names reach :func:`h_mkfs` by name pattern).
COMMANDS = {
    "mkswap": "h_mkfs", "mke2fs": "h_mkfs", "newfs": "h_mkfs",
    **dict.fromkeys(_DISK_TOOLS, "h_disk"), "diskutil": "h_diskutil",
    **dict.fromkeys(("lvremove", "vgremove", "pvremove", "zpool", "zfs", "cryptsetup", "nvme",
                     "hdparm"), "h_volume"),
    **dict.fromkeys(("shutdown", "reboot", "halt", "poweroff", "init", "telinit",
                     "systemctl"), "h_power"),
    **dict.fromkeys(("userdel", "deluser", "groupdel", "delgroup", "usermod", "passwd",
                     "chpasswd", "visudo"), "h_user_admin"),
    "kill": "h_kill", "killall5": "h_kill", "crontab": "h_crontab", "at": "h_at",
    "batch": "h_at",
}


def h_mkfs(x: X) -> list:
    """``mkfs*``/``mke2fs``/``mkswap``/``newfs``: creates a file system, erasing
    the target device (``disk``). Returns ``[cmd]``."""
    x.run.find("disk", f"{x.cmd.name} creates a file system (erases the target device)",
               x.cmd)
    return x.plain()


def h_disk(x: X) -> list:
    """Partitioning and wiping tools of :data:`_DISK_TOOLS` (``disk``), except
    their listing forms (``fdisk -l``, ``parted print``, read-only
    ``badblocks``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key == "fdisk" and vals and all(v in ("-l", "--list") or v.startswith("-l") for v in
                                       vals[:1]):
        return x.plain()
    if key == "parted" and any(v in ("print", "-l", "--list") for v in vals) and not any(
            v in ("mklabel", "mkpart", "rm", "resizepart", "mkfs") for v in vals):
        return x.plain()
    if key == "badblocks" and not any(v in ("-w",) or (v.startswith("-") and "w" in v)
                                      for v in vals):
        return x.plain()
    x.run.find("disk", f"{x.cmd.name} {_DISK_TOOLS.get(key, 'writes to a disk')}", x.cmd)
    return x.plain()


def h_diskutil(x: X) -> list:
    """macOS ``diskutil`` erase/partition/zero verbs and ``apfs delete*`` /
    ``erase*`` (``disk``). Returns ``[cmd]``."""
    vals = [a.value.lower() for a in x.args]
    if vals and vals[0] in ("erasedisk", "erasevolume", "partitiondisk", "zerodisk",
                            "randomdisk", "secureerase", "reformat", "apfs"):
        if vals[0] != "apfs" or (len(vals) > 1 and vals[1].startswith(("delete", "erase"))):
            x.run.find("disk", f"diskutil {x.args[0].value} erases a disk", x.cmd)
    return x.plain()


def h_volume(x: X) -> list:
    """Volume and device managers: ``lvremove``/``vgremove``/``pvremove``,
    ``zpool|zfs destroy|labelclear``, ``cryptsetup luksFormat|erase``, ``nvme
    format|sanitize``, ``hdparm --security-erase`` (``disk``). Returns
    ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key in ("lvremove", "vgremove", "pvremove"):
        x.run.find("disk", f"{key} deletes storage volumes", x.cmd)
    elif key in ("zpool", "zfs") and vals and vals[0] in ("destroy", "labelclear"):
        x.run.find("disk", f"{key} {vals[0]} destroys storage", x.cmd)
    elif key == "cryptsetup" and any(v in ("luksFormat", "erase", "luksErase", "luksKillSlot")
                                     for v in vals):
        x.run.find("disk", "cryptsetup erases encryption keys or formats a device", x.cmd)
    elif key == "nvme" and vals and vals[0] in ("format", "sanitize"):
        x.run.find("disk", f"nvme {vals[0]} erases a drive", x.cmd)
    elif key == "hdparm" and any("security-erase" in v or "trim-sector" in v for v in vals):
        x.run.find("disk", "hdparm erases a drive", x.cmd)
    return x.plain()


def h_power(x: X) -> list:
    """``shutdown``/``reboot``/``halt``/``poweroff``, ``init|telinit 0|6|1|s``,
    ``systemctl poweroff|reboot|...`` (``system-power``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key in _POWER:
        if not any(v in ("--help", "-c") for v in vals):
            x.run.find("system-power", f"{x.cmd.name} stops or restarts the machine", x.cmd)
    elif key in ("init", "telinit") and vals and vals[0] in ("0", "6", "1", "s", "S"):
        x.run.find("system-power", f"{x.cmd.name} {vals[0]} changes the run level", x.cmd)
    elif key == "systemctl" and any(v in ("poweroff", "reboot", "halt", "kexec", "rescue",
                                          "emergency", "suspend", "hibernate",
                                          "hybrid-sleep", "soft-reboot") for v in vals):
        x.run.find("system-power", "systemctl stops, restarts or suspends the machine", x.cmd)
    return x.plain()


def h_user_admin(x: X) -> list:
    """``userdel``, ``usermod``, ``passwd``, ``visudo``...: changes the system's
    user accounts (``system-write``). Returns ``[cmd]``."""
    x.run.find("system-write", f"{x.cmd.name} changes the system's user accounts", x.cmd)
    return x.plain()


def h_kill(x: X) -> list:
    """``kill ... -1`` (a pid of -1 after the signal) signals every process the
    user may signal; ``killall5`` signals all processes (``process-kill``).
    Returns ``[cmd]``."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    # The first argument may be the signal (-9, -KILL, -s KILL); -1 after it
    # (or after --) is the "every process" pid.
    rest = vals[2:] if vals[:1] == ["-s"] or vals[:1] == ["-n"] else vals[1:]
    if "-1" in rest or (vals[:1] == ["--"] and "-1" in vals[1:]):
        x.run.find("process-kill", "kill -1 signals every process the user owns", cmd)
    if cmd.key == "killall5":
        x.run.find("process-kill", "killall5 signals every process", cmd)
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
        x.run.find("system-write", "crontab -r deletes every scheduled job of the user", cmd)
        return x.plain()
    if not vals or any(v in ("-l", "-e", "-V", "--version", "-h", "--help") for v in vals):
        return x.plain()
    x.run.carrier("crontab", "crontab installs scheduled commands", cmd)
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
        x.run.unknown("crontab installs scheduled commands whose text cannot be read")
        return [cmd]
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ("=" in line.split()[0]):
            continue
        fields = line.split(None, 1 if line.startswith("@") else 5)
        if len(fields) > (1 if line.startswith("@") else 5):
            x.code(fields[-1], "crontab job")
    return [cmd]


def h_at(x: X) -> list:
    """``at``/``batch`` schedule the commands read from stdin (or ``-f FILE``):
    an ``at`` carrier; the commands are analysed when known. Returns
    ``[cmd]``."""
    cmd = x.cmd
    x.run.carrier("at", f"{cmd.name} schedules shell commands", cmd)
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

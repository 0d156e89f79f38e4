"""Disks, partitions, volumes and file systems (SPEC §3 bash-check "disk/
partition writes"; disks family — a hard family: never below
``ask``, blocked by default).

Creating file systems (``mkfs*``, ``mke2fs``, ``mkswap``, ``newfs``),
partitioning (``fdisk``, ``sfdisk``, ``gdisk``, ``sgdisk -Z``, ``parted``),
wiping (``wipefs``, ``blkdiscard``, ``badblocks -w``, ``sg_format``, ``nvme
format|sanitize``, ``hdparm --security-erase``), software RAID (``mdadm
--create|--stop|--zero-superblock|--remove|--fail``), btrfs (``subvolume
delete``, ``device remove``, ``check --repair``, ``rescue``), device mapper
(``dmsetup remove|remove_all|wipe_table|clear``), network block devices
(``nbd-client -d``), LVM (``lvremove``, ``vgremove``, ``pvremove``,
``lvreduce``, shrinking ``lvresize``, ``vgreduce``, ``pvmove``), ZFS
(``destroy``, ``rollback``, ``labelclear``, ``recv -F``), encryption headers
(``cryptsetup luksFormat|erase|luksKillSlot``), firmware (``flashrom``),
boot loaders (``grub-install``), XFS log zeroing (``xfs_repair -L``) and
macOS ``diskutil`` erase verbs are ``disk``; so are unmounting every file
system or a system one (``umount -a``, ``umount /``) and mounting over or
remounting a system directory. Their listing forms (``fdisk
-l``, ``parted print``, ``sgdisk -p``, ``mdadm --detail``, ``btrfs subvolume
list``...) are not.
"""

from __future__ import annotations

import shell.paths as paths
from shell.invocation import X
from shell.model import Msg

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "disks"

#: Partitioning and wiping tools and what they do.
#: (the catalogue key of the sentence, ``shell.find.<...>``)
_DISK_TOOLS = {"wipefs": "shell.find.disk_wipe_signatures",
               "fdisk": "shell.find.disk_edit_partitions",
               "sfdisk": "shell.find.disk_write_partitions",
               "gdisk": "shell.find.disk_edit_partitions",
               "sgdisk": "shell.find.disk_write_partitions",
               "cfdisk": "shell.find.disk_edit_partitions",
               "parted": "shell.find.disk_edit_partitions",
               "blkdiscard": "shell.find.disk_discard",
               "badblocks": "shell.find.disk_badblocks",
               "sg_format": "shell.find.disk_format",
               "flashrom": "shell.find.disk_firmware",
               "grub-install": "shell.find.disk_boot_loader",
               "xfs_repair": "shell.find.disk_zero_log"}

#: Command → handler below (:mod:`shell.registry` lists the same names;
#: ``mkfs.*`` and other suffixed names reach :func:`h_mkfs` by name pattern).
COMMANDS = {
    "mkswap": "h_mkfs", "mke2fs": "h_mkfs", "newfs": "h_mkfs", "mkfs": "h_mkfs",
    **dict.fromkeys(_DISK_TOOLS, "h_disk"), "diskutil": "h_diskutil",
    **dict.fromkeys(("lvremove", "vgremove", "pvremove", "lvreduce", "lvresize", "vgreduce",
                     "pvmove", "zpool", "zfs", "cryptsetup", "nvme", "hdparm"), "h_volume"),
    "mdadm": "h_mdadm", "btrfs": "h_btrfs", "dmsetup": "h_dmsetup", "nbd-client": "h_nbd",
    "mount": "h_mount", "umount": "h_mount",
}


def _disk(x: X, what) -> None:
    x.run.find("disk", what, x.cmd)


def _help(vals) -> bool:
    return any(v in ("--help", "-h", "help", "--version", "-V") for v in vals)


def h_mkfs(x: X) -> list:
    """``mkfs*``/``mke2fs``/``mkswap``/``newfs``: creates a file system, erasing
    the target device (``disk``). Returns ``[cmd]``."""
    if not _help([a.value for a in x.args]) or not x.args:
        _disk(x, Msg("shell.find.creates_file_system_erases", name=x.cmd.name))
    return x.plain()


def h_disk(x: X) -> list:
    """Partitioning and wiping tools of :data:`_DISK_TOOLS` (``disk``), except
    their listing forms (``fdisk -l``, ``sfdisk -l|-d``, ``gdisk -l``,
    ``sgdisk -p|-i|-v``, ``parted print``, read-only ``badblocks``,
    ``xfs_repair`` without ``-L``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if _help(vals):
        return x.plain()
    listing = {"fdisk": ("-l", "--list"), "gdisk": ("-l",), "cfdisk": (),
               "sfdisk": ("-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size",
                          "-V", "--verify"),
               "sgdisk": ("-p", "--print", "-i", "--info", "-v", "--verify", "-O",
                          "--print-mbr")}
    if key in listing and vals and all(v in listing[key] or not v.startswith("-") or
                                       v.startswith(("-i=", "--info="))
                                       for v in vals) and any(v in listing[key] for v in vals):
        return x.plain()
    if key == "parted" and any(v in ("print", "-l", "--list") for v in vals) and not any(
            v in ("mklabel", "mkpart", "rm", "resizepart", "mkfs", "rescue") for v in vals):
        return x.plain()
    if key == "badblocks" and not any(v in ("-w",) or (v.startswith("-") and "w" in v)
                                      for v in vals):
        return x.plain()
    if key == "xfs_repair" and not any(v == "-L" for v in vals):
        return x.plain()
    _disk(x, Msg(_DISK_TOOLS.get(key, "shell.find.disk_write"), name=x.cmd.name))
    return x.plain()


def h_diskutil(x: X) -> list:
    """macOS ``diskutil`` erase/partition/zero verbs and ``apfs delete*`` /
    ``erase*`` (``disk``). Returns ``[cmd]``."""
    vals = [a.value.lower() for a in x.args]
    if vals and vals[0] in ("erasedisk", "erasevolume", "partitiondisk", "zerodisk",
                            "randomdisk", "secureerase", "reformat", "apfs"):
        if vals[0] != "apfs" or (len(vals) > 1 and vals[1].startswith(("delete", "erase"))):
            _disk(x, Msg("shell.find.erases_disk", name=x.cmd.name, value=x.args[0].value))
    return x.plain()


def h_volume(x: X) -> list:
    """Volume and device managers: ``lvremove``/``vgremove``/``pvremove``,
    ``lvreduce``, ``lvresize`` to a smaller size, ``vgreduce``, ``pvmove``,
    ``zpool destroy|labelclear|remove``, ``zfs destroy|rollback|recv -F``,
    ``cryptsetup luksFormat|erase|luksKillSlot|luksRemoveKey``, ``nvme
    format|sanitize``, ``hdparm --security-erase`` (``disk``). Returns
    ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if _help(vals):
        return x.plain()
    if key in ("lvremove", "vgremove", "pvremove", "lvreduce", "vgreduce", "pvmove"):
        _disk(x, Msg("shell.find.removes_shrinks_moves_storage", name=x.cmd.name))
    elif key == "lvresize" and _shrinks(vals):
        _disk(x, Msg("shell.find.shrinks_logical_volume_data", name=x.cmd.name))
    elif key in ("zpool", "zfs") and vals and (
            vals[0] in ("destroy", "labelclear", "rollback") or (key == "zpool" and vals[0] ==
                                                                 "remove") or
            (vals[0] in ("recv", "receive") and any(v == "-F" or (
                v.startswith("-") and "F" in v) for v in vals[1:]))):
        _disk(x, Msg("shell.find.destroys_storage_snapshots", name=x.cmd.name, what=vals[0]))
    elif key == "cryptsetup" and any(v in ("luksFormat", "erase", "luksErase", "luksKillSlot",
                                           "luksRemoveKey", "reencrypt") for v in vals):
        _disk(x, Msg("shell.find.erases_encryption_keys_formats", name=x.cmd.name))
    elif key == "nvme" and vals and vals[0] in ("format", "sanitize"):
        _disk(x, Msg("shell.find.erases_drive", name=x.cmd.name, what=vals[0]))
    elif key == "hdparm" and any("security-erase" in v or "trim-sector" in v for v in vals):
        _disk(x, Msg("shell.find.erases_drive_any", name=x.cmd.name))
    return x.plain()


def _shrinks(vals: list) -> bool:
    """An LVM size given as a reduction (``-L -10G``, ``-L-10G``,
    ``--size=-10G``)."""
    for k, v in enumerate(vals):
        for o in ("-L", "-l", "--size", "--extents"):
            if v == o and k + 1 < len(vals) and vals[k + 1].startswith("-"):
                return True
            if v.startswith(o + "=-") or (len(o) == 2 and v.startswith(o + "-")):
                return True
    return False


#: mdadm options that destroy arrays or superblocks.
_MDADM = ("--create", "-C", "--stop", "-S", "--zero-superblock", "--remove", "-r", "--fail",
          "-f", "--build", "-B", "--grow", "-G", "--kill-subarray", "--update")


def h_mdadm(x: X) -> list:
    """``mdadm --create|--stop|--zero-superblock|--remove|--fail|--build|
    --grow`` (``disk``); ``--detail``/``--examine``/``--query`` only read.
    Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    hit = next((v for v in vals if v.split("=", 1)[0] in _MDADM), None)
    if hit is not None and not _help(vals):
        _disk(x, Msg("shell.find.destroys_rebuilds_raid_array", name=x.cmd.name, hit=hit))
    return x.plain()


def _is(word: str, full: str) -> bool:
    """btrfs accepts unambiguous prefixes of its command words (``sub del``)."""
    return len(word) >= 2 and full.startswith(word)


def h_btrfs(x: X) -> list:
    """``btrfs subvolume delete``, ``device remove|delete``, ``check
    --repair``, ``rescue ...``, ``filesystem resize`` to a smaller size,
    ``replace start``, ``balance`` with ``-dconvert``/``-mconvert``
    (``disk``); prefixes accepted (``btrfs sub del``). Returns ``[cmd]``."""
    ops = [a.value for a in x.args if not a.value.startswith("-")]
    vals = [a.value for a in x.args]
    if len(ops) < 1 or _help(vals):
        return x.plain()
    group, action = ops[0], ops[1] if len(ops) > 1 else ""
    if _is(group, "subvolume") and (_is(action, "delete") or action == "del"):
        _disk(x, Msg("shell.find.subvolume_delete_deletes_subvolume", name=x.cmd.name))
    elif _is(group, "device") and (_is(action, "remove") or _is(action, "delete")):
        _disk(x, Msg("shell.find.device_remove_takes_device", name=x.cmd.name))
    elif _is(group, "check") and "--repair" in vals:
        _disk(x, Msg("shell.find.check_repair_can_corrupt", name=x.cmd.name))
    elif _is(group, "rescue") and action:
        _disk(x, Msg("shell.find.rescue_rewrites_file_system", name=x.cmd.name,
                     action=action))
    elif _is(group, "filesystem") and _is(action, "resize") and any(
            v.startswith("-") and v[1:2].isdigit() or ":-" in v for v in ops[2:] + vals):
        _disk(x, Msg("shell.find.filesystem_resize_shrinks_file", name=x.cmd.name))
    elif _is(group, "replace") and _is(action, "start"):
        _disk(x, Msg("shell.find.replace_start_overwrites_target", name=x.cmd.name))
    return x.plain()


def h_dmsetup(x: X) -> list:
    """``dmsetup remove|remove_all|wipe_table|clear|reload|load`` (``disk``).
    Returns ``[cmd]``."""
    ops = [a.value for a in x.args if not a.value.startswith("-")]
    if ops and ops[0] in ("remove", "remove_all", "wipe_table", "clear", "reload", "load",
                          "create") and not _help([a.value for a in x.args]):
        _disk(x, Msg("shell.find.removes_replaces_device_mapper", name=x.cmd.name,
                     what=ops[0]))
    return x.plain()


def h_nbd(x: X) -> list:
    """``nbd-client -d|--disconnect DEVICE`` detaches a network block device
    under a mounted file system (``disk``). Returns ``[cmd]``."""
    if any(a.value in ("-d", "--disconnect") for a in x.args):
        _disk(x, Msg("shell.find.d_disconnects_block_device", name=x.cmd.name))
    return x.plain()


def h_mount(x: X) -> list:
    """``umount -a`` or of a system directory, ``mount`` onto a system
    directory or ``-o remount`` of one (``disk``); listing (``mount`` alone,
    ``mount -l``) and project or temp mount points are not. Returns
    ``[cmd]``."""
    vals = [a.value for a in x.args]
    if _help(vals):
        return x.plain()
    ops = [a for a in x.args if not a.value.startswith("-")]
    opt_values = {vals[k + 1] for k, v in enumerate(vals[:-1]) if v in ("-o", "-t", "-O",
                                                                          "--options",
                                                                          "--types")}
    ops = [a for a in ops if a.value not in opt_values]
    if x.cmd.key == "umount":
        if any(v in ("-a", "--all") for v in vals):
            _disk(x, Msg("shell.find.unmounts_every_file_system", name=x.cmd.name))
            return x.plain()
        targets = ops
    else:
        targets = ops[-1:] if len(ops) >= 2 or any("remount" in v for v in opt_values) else []
    for w in targets:
        for t in x.run.resolve(w.value, x.cmd) or () if not w.dynamic else ():
            if paths.is_system(t) and not paths.is_under(t, "/mnt") and not \
                    paths.is_under(t, "/media"):
                key = ("shell.find.umount_system" if x.cmd.key == "umount"
                       else "shell.find.mount_over_system")
                _disk(x, Msg(key, name=x.cmd.name, path=t))
                return x.plain()
    return x.plain()

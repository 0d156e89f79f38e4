"""The disks family (file systems, partitions, RAID, btrfs, device mapper, LVM, ZFS,
encryption headers; shell/families/disks.py): commands it must block (a hard family:
shell/severity.py) and commands that must stay allowed, every row through the analysis,
bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "disks"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("mkfs.ext4 /dev/sdb1", "disk"),
    ("mkfs -t xfs /dev/nvme0n1p2", "disk"),
    ("mkswap /dev/sda2", "disk"),
    ("wipefs -a /dev/sda", "disk"),
    ("fdisk /dev/sda", "disk"),
    ("sgdisk -Z /dev/sda", "disk"),
    ("parted /dev/sda mklabel gpt", "disk"),
    ("mdadm --stop /dev/md0", "disk"),
    ("mdadm --zero-superblock /dev/sdb1", "disk"),
    ("mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sdb /dev/sdc", "disk"),
    ("btrfs subvolume delete /mnt/@home", "disk"),
    ("btrfs sub del /mnt/snap", "disk"),
    ("btrfs device remove /dev/sdb /mnt", "disk"),
    ("btrfs check --repair /dev/sdb", "disk"),
    ("dmsetup remove_all", "disk"),
    ("dmsetup wipe_table vg0-data", "disk"),
    ("nbd-client -d /dev/nbd0", "disk"),
    ("lvremove -f vg/lv", "disk"),
    ("lvreduce -L 10G vg0/data", "disk"),
    ("lvresize -L -5G vg0/data", "disk"),
    ("pvmove /dev/sdb1", "disk"),
    ("vgremove vg0", "disk"),
    ("zpool destroy tank", "disk"),
    ("zfs destroy -r tank/home", "disk"),
    ("cryptsetup luksFormat /dev/sdc", "disk"),
    ("diskutil eraseDisk JHFS+ x disk2", "disk"),
    ("sudo wipefs --all /dev/sdb", "disk"),
    ("dd if=/dev/zero of=/dev/sda", "disk", "files"),
    ("umount -a", "disk"),
    ("umount -lf /", "disk"),
    ("mount -o remount,ro /", "disk"),
]

#: Commands that must stay allowed.
ALLOW = [
    "fdisk -l",
    "parted /dev/sda print",
    "sgdisk -p /dev/sda",
    "mdadm --detail /dev/md0",
    "btrfs subvolume list /",
    "dmsetup ls",
    "lvresize -L +5G vg0/data",
    "lsblk -f",
    "zfs list",
    "echo 'mkfs.ext4 /dev/sda'",
    "mount",
    "umount /mnt/usb",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, through_hook="all"))

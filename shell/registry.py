"""The handler registry: which command family judges each command (SPEC §4).

One table, :data:`COMMANDS`, maps a command name (the lower-case base name,
``SimpleCommand.key``) to the family module that handles it,
``shell/families/<module>.py``; that module's ``COMMANDS`` table names the
handler function, and its ``FAMILY`` is recorded on every finding the
handler makes (``Finding.command_family``). git's subcommands have a second
table of the same shape, :data:`GIT_SUBCOMMANDS`, so that git's families can
grow like the others. A name in neither table is tried against
:func:`_pattern` (versioned names: ``python3.12``, ``mkfs.ext4``), then goes
to the unmodelled family (``shell/families/unmodelled.py``): its arguments
are paths it may write, unless :mod:`shell.readonly` knows it as a reader.

Both tables are built from per-module name lists and checked for duplicate
names when this module is imported (a name listed twice raises
``ValueError``: two families must never silently overwrite each other); the
tests check each list against the module's own table.

Family modules are imported on first use (``__import__`` of the name, no
static import edge): a Bash call loads the families of the commands it
contains, nothing else.

``python -m shell.registry NAME...`` says where each command is handled.
"""

from __future__ import annotations

import sys

#: Package of the family modules.
PACKAGE = "shell.families"
#: The family of commands nothing else claims.
FALLBACK = "unmodelled"

#: Family module → the commands it handles (whitespace-separated).
_COMMANDS_BY_MODULE = (
    ("builtins", """
        echo printf true false : test [ [[ (( pwd type help times jobs dirs wait shift exit
        return break continue logout umask ulimit shopt caller getopts suspend disown bg fg
        unalias history cd pushd popd export declare typeset local readonly unset read
        mapfile readarray set let hash enable compgen complete fc
    """),
    ("shells", """
        sh bash zsh dash ksh mksh ash yash posh rbash lksh pdksh ksh93 oksh loksh busybox-sh
        fish csh tcsh elvish nu xonsh osh ysh oils-for-unix hush sash msh mrsh gash bosh jsh rc
        es scsh ion murex ngs oil zsh-static bash-static dash-static ksh2020 rksh pfksh pfsh
        pfbash smrsh busybox-ash eval source . alias trap
    """),
    ("wrappers", """
        sudo sudoedit su sg watch flock script exec command builtin busybox toybox
        nice nohup setsid stdbuf ionice taskset chrt timeout time gtime chroot unbuffer
        caffeinate catchsegv proxychains proxychains4 torsocks tsocks firejail cgexec numactl
        prlimit setpriv unshare nsenter dbus-launch dbus-run-session xvfb-run strace ltrace
        valgrind faketime sshpass pkexec doas runuser systemd-run systemd-inhibit entr env-cmd
        dotenv direnv with-contenv chpst daemonize retry grc rlwrap script-timing nocache
        trickle cpulimit expect_unbuffer gdb lldb perf chronic ifne eatmydata fakeroot tsp nq
        vipe sem uv poetry pipenv bundle conda mamba micromamba pixi hatch pdm rye npx bunx
        pnpx uvx pipx
    """),
    ("envwrap", "env"),
    ("interpreters", """
        python python3 node nodejs deno bun perl ruby php lua luajit rscript r osascript pwsh
        powershell tclsh wish jshell groovy scala kotlin julia elixir erl swift dotnet-script
        guile racket sbcl clisp ghci swipl expect qjs bb ipython
    """),
    ("fanout", "xargs parallel find"),
    ("files", """
        rm rimraf del del-cli trash trash-put gio srm wipe rmdir unlink shred mv cp install ln
        link tee dd truncate touch mkdir mkfifo mknod sponge chmod chown chgrp chattr setfacl
        setfattr chcon chflags
    """),
    ("text", "sed gsed awk gawk mawk nawk sort uniq diff sdiff split csplit patch"),
    ("archives", """
        tar gtar bsdtar unzip zip 7z 7za 7zz gzip gunzip bzip2 bunzip2 xz unxz lzma unlzma zstd
        unzstd lz4 unlz4 compress uncompress brotli zcat bzcat xzcat zstdcat pigz unpigz lzip
        7zr ar cpio bsdcpio pax unrar unar dpkg-deb cabextract jar
    """),
    ("git", "git"),
    ("network", "curl wget http https xh xhs nc ncat netcat socat ssh rsync scp ssh-keygen"),
    ("gh", "gh"),
    ("system", """
        shutdown reboot halt poweroff init telinit systemctl service launchctl userdel deluser
        groupdel delgroup usermod passwd chpasswd visudo useradd adduser groupadd addgroup
        groupmod gpasswd chsh chfn kill killall5 pkill killall crontab at batch journalctl
        iptables ip6tables nft ufw firewall-cmd rmmod modprobe sysctl ip ifconfig ifdown nmcli
    """),
    ("disks", """
        mkswap mke2fs newfs mkfs wipefs fdisk sfdisk gdisk sgdisk cfdisk parted blkdiscard
        badblocks sg_format flashrom grub-install xfs_repair diskutil lvremove vgremove
        pvremove lvreduce lvresize vgreduce pvmove zpool zfs cryptsetup nvme hdparm mdadm btrfs
        dmsetup nbd-client mount umount
    """),
    ("packages", """
        pip pip3 apt apt-get aptitude dpkg yum dnf microdnf pacman yay paru zypper apk rpm snap
        flatpak brew port emerge xbps-remove pkg nix-env npm pnpm yarn
    """),
    ("infra", """
        terraform tofu terragrunt pulumi helm vagrant minikube kind k3d skaffold tilt nomad
        consul vault ansible
    """),
    ("containers", """
        kubectl oc microk8s k3s docker podman nerdctl docker-compose podman-compose crictl
    """),
    ("cloud", """
        aws awslocal gcloud az doctl hcloud linode-cli oci ibmcloud scw vultr-cli civo exo
        heroku fly flyctl vercel netlify firebase wrangler railway render koyeb aliyun tccli
        upctl eksctl sam serverless sls cdk amplify copilot eb gh-pages glab op doppler infisical
        cf ibm
    """),
    ("storage", "gsutil azcopy mc mcli rclone s3cmd b2 s5cmd restic borg kopia velero"),
    ("databases", """
        psql pgcli mysql mariadb mycli mysqladmin mariadb-admin sqlite3 sqlite litecli duckdb
        cqlsh clickhouse-client clickhouse sqlcmd cockroach trino snowsql mongosh mongo
        redis-cli valkey-cli keydb-cli dropdb dropuser pg_dropcluster pg_restore mongorestore
        mongoimport etcdctl influx bq prisma supabase rails rake kafka-topics kafka-topics.sh
        kafka-consumer-groups kafka-consumer-groups.sh kafka-delete-records
        kafka-delete-records.sh rabbitmqctl rabbitmqadmin nats
    """),
)

#: git family module → the git subcommands it handles.
_GIT_SUBCOMMANDS_BY_MODULE = (
    ("git_history", """
        push reset checkout restore clean stash branch switch worktree reflog update-ref
        filter-branch filter-repo gc prune
    """),
    ("git_effects", """
        config rebase bisect submodule difftool mergetool grep diff log show format-patch
        archive ls-remote clone fetch pull init rm mv apply
    """),
    ("git_plumbing", "send-pack read-tree checkout-index am"),
)


def _index(lists) -> dict:
    """``{name: module}`` from ``((module, names), ...)``; a name listed twice
    raises ``ValueError`` (one family per command)."""
    index: dict = {}
    for module, names in lists:
        for name in names.split():
            if name in index:
                raise ValueError(f"shell.registry: {name!r} is listed for both "
                                 f"{index[name]!r} and {module!r}")
            index[name] = module
    return index


#: Command name → family module (under :data:`PACKAGE`).
COMMANDS = _index(_COMMANDS_BY_MODULE)
#: git subcommand → family module (under :data:`PACKAGE`).
GIT_SUBCOMMANDS = _index(_GIT_SUBCOMMANDS_BY_MODULE)


def module(name: str):
    """The family module ``shell.families.<name>``, imported on first use."""
    full = f"{PACKAGE}.{name}"
    mod = sys.modules.get(full)
    if mod is None:
        __import__(full)
        mod = sys.modules[full]
    return mod


def _entry(module_name: str, table: str, key: str) -> tuple:
    mod = module(module_name)
    return getattr(mod, getattr(mod, table)[key]), mod.FAMILY


def handler(key: str) -> tuple:
    """``(handler, family)`` for the command whose lower-case base name is
    ``key``: ``handler(x) -> list`` (see :mod:`shell.invocation`) and the
    family name recorded on its findings. Never ``None``: a command no
    family claims goes to the unmodelled family."""
    name = COMMANDS.get(key)
    if name is not None:
        return _entry(name, "COMMANDS", key)
    found = _pattern(key)
    if found is not None:
        return found
    mod = module(FALLBACK)
    return mod.h_generic, mod.FAMILY


def _pattern(key: str):
    """Names the table cannot list: versioned and suffixed program names
    (``python3.12``, ``pypy3``, ``mkfs.ext4``, ``perl5.30``, ``node18``)."""
    if key.startswith(("python", "pypy")):
        rest = key[6:] if key.startswith("python") else key[4:]
        if rest == "" or all(c.isdigit() or c == "." for c in rest):
            return _function("interpreters", "h_python")
    if key.startswith(("mkfs", "mke2fs", "mkswap", "newfs")):
        return _function("disks", "h_mkfs")
    # versioned interpreters, text tools and shells: perl5.30, ruby3.2,
    # php7.4, php-8.2, lua5.4, tclsh8.6, node18, gawk-5.1, bash5.2, zsh-5.9
    # (any name of those families with a version glued on runs the same program)
    base = key.rstrip("0123456789.-")
    if base != key and base and COMMANDS.get(base) in ("interpreters", "text", "shells"):
        return _entry(COMMANDS[base], "COMMANDS", base)
    return None


def _function(module_name: str, function: str) -> tuple:
    mod = module(module_name)
    return getattr(mod, function), mod.FAMILY


def git_subcommand(sub: str):
    """``(handler, family)`` for the git subcommand ``sub`` (exact name):
    ``handler(x, words) -> None`` with ``words`` the Words after the
    subcommand; ``None`` when git's subcommand needs no judging."""
    name = GIT_SUBCOMMANDS.get(sub)
    if name is None:
        return None
    return _entry(name, "SUBCOMMANDS", sub)


def where(name: str) -> str:
    """One line saying where the command ``name`` is handled (for people:
    ``python -m shell.registry psql``)."""
    key = name.rstrip("/").rsplit("/", 1)[-1].lower()
    fn, family = handler(key)
    mod = sys.modules[fn.__module__]
    how = "table" if key in COMMANDS else ("name pattern" if family != FALLBACK else "fallback")
    return (f"{name}: family {family!r}, {fn.__name__}() in "
            f"{mod.__name__.replace('.', '/')}.py ({how})")


if __name__ == "__main__":
    for arg in sys.argv[1:] or sorted(COMMANDS):
        print(where(arg))

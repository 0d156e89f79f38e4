"""Security floors of the permission gate: what no configuration layer can remove.

SPEC §5 names the config floors: ``sudo``, ``su``, ``rm`` and ``rmdir`` stay in
``always_ask``; ``git:push`` and ``git:reset:--hard`` stay in
``subcommand_ask``; the interpreter flags of phase 4 (``-c -e -m --command
--eval --init-file --rcfile -i``) are never safe. They are re-applied after
every layer is merged, so a layer that tries to remove one gets a notice, not
its way.

:data:`RUNNERS` is the gate's own structural floor. Phases 3–7D read the
command word and its arguments; a command that runs *another* command or a
program given in its arguments (``nice rm -rf x``, ``time ...``,
``bash -c ...``, ``awk 'BEGIN{system(...)}'``, ``sqlite3 db .shell``) would
make every later check meaningless, so phase 7B never approves one, whatever
``always_ask`` says (bypass families B and C in reference/bypass-families.md).
Configured interpreters still reach phase 6 (project scripts) before 7B.
Nothing here imports more than the builtins.
"""

from __future__ import annotations

#: SPEC §5: always_ask entries no layer can remove.
ALWAYS_ASK = ("sudo", "su", "rm", "rmdir")

#: SPEC §5: subcommand_ask rules no layer can remove.
SUBCOMMAND_ASK = ("git:push", "git:reset:--hard")

#: SPEC §5 phase 4: interpreter flags that are dangerous for every
#: interpreter (``-`` reads the program from stdin). A layer cannot list them
#: as safe.
DANGEROUS_FLAGS = ("-c", "-e", "-m", "-i", "--command", "--eval", "--init-file",
                   "--rcfile", "-")

#: Commands that run a command or program taken from their arguments, the
#: environment or a file, or that change the shell itself. Never approved by
#: phase 7 (7B), whatever the configuration says.
RUNNERS = frozenset({
    # shell builtins and keywords that run or redefine commands
    ".", "source", "exec", "eval", "command", "builtin", "enable", "alias", "unalias",
    "trap", "fc", "history", "set", "shopt", "export", "declare", "typeset", "local",
    "readonly", "unset", "hash", "bind", "complete", "compgen", "coproc", "time",
    "function", "if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
    "while", "until", "do", "done", "in",
    # prefix wrappers (privilege, process, sandbox, tracing)
    "env", "sudo", "doas", "su", "pkexec", "runuser", "run0", "sg", "newgrp", "nice",
    "renice", "nohup", "timeout", "stdbuf", "ionice", "setsid", "setpriv", "watch",
    "taskset", "chrt", "chroot", "unshare", "nsenter", "firejail", "bwrap", "flock",
    "script", "xargs", "parallel", "busybox", "toybox", "strace", "ltrace", "gdb", "lldb",
    "valgrind", "perf", "catchsegv", "systemd-run", "at", "batch", "crontab", "ssh",
    "tmux", "screen", "dtach", "expect", "rlwrap", "unbuffer", "faketime", "fakeroot",
    "proot", "caffeinate", "chpst", "daemonize", "start-stop-daemon", "cgexec", "sshpass",
    # shells
    "sh", "bash", "zsh", "dash", "ksh", "ksh93", "mksh", "pdksh", "oksh", "fish", "csh",
    "tcsh", "ash", "rbash", "yash", "elvish", "nu", "xonsh", "pwsh", "powershell", "cmd",
    "cmd.exe", "wsl",
    # interpreters and program runners
    "node", "nodejs", "deno", "bun", "bunx", "tsx", "ts-node", "npx", "pnpx", "irb",
    "jshell", "Rscript", "R", "julia", "osascript", "awk", "gawk", "mawk", "nawk", "guile",
    "racket", "sbcl", "clisp", "ghci", "runghc", "runhaskell", "erl", "escript", "elixir",
    "iex", "mix", "scala", "kotlin", "groovy", "java", "jbang", "dotnet", "go", "cargo",
    "rustc", "gcc", "cc", "clang", "tcc", "sqlite3", "vim", "vi", "nvim", "view", "ex",
    "ed", "emacs", "nano",
    # build tools and package managers (they run project or downloaded code)
    "make", "gmake", "cmake", "ninja", "just", "rake", "gradle", "gradlew", "mvn", "ant",
    "sbt", "bazel", "bazelisk", "meson", "scons", "tox", "nox", "pytest", "py.test", "uv",
    "uvx", "pipx", "poetry", "pdm", "hatch", "conda", "mamba", "micromamba", "pip", "pip3",
    "npm", "yarn", "pnpm", "gem", "bundle", "composer", "cpan", "cpanm", "pipenv", "corepack",
    "volta", "coverage", "ipython", "jupyter", "pydoc", "pydoc3",
    # language tools that evaluate code or macros given to them (compilers load plugins)
    "g++", "c++", "clang++", "m4", "dc", "ghc", "ocaml", "swift", "javac", "octave", "matlab",
    "gnuplot", "php-cgi",
    # environment and version managers, launchers and watchers that run a command
    "nix", "nix-shell", "nix-build", "nix-env", "direnv", "asdf", "mise", "rtx", "pyenv",
    "rbenv", "nodenv", "sdk", "xcrun", "sudoedit", "cpulimit", "trickle", "torsocks",
    "proxychains", "proxychains4", "tsocks", "entr", "watchexec", "nodemon", "abduco",
    "ssh-agent", "dbus-run-session", "xvfb-run", "nsjail", "open", "xdg-open", "gio",
    "start", "launchctl", "run-parts", "ld.so", "ld-linux.so.2",
    "ld-linux-x86-64.so.2",
    # test runners, linters and bundlers that load project code or plugins
    "jest", "vitest", "mocha", "karma", "ava", "tap", "playwright", "cypress", "rspec",
    "phpunit", "behave", "nosetests", "eslint", "prettier", "stylelint", "webpack", "vite",
    "rollup", "esbuild", "babel", "next", "nuxt", "mypy", "pylint", "flake8", "pre-commit",
    "husky", "lefthook", "ctest", "xcodebuild", "ansible", "ansible-playbook", "invoke",
    "fab", "nx", "turbo", "lerna", "pico", "lftp", "tftp", "smbclient", "rclone", "s3cmd", "gsutil",
    "azcopy",
})

#: File names that hold secrets (SPEC §2 protected-files.txt "Secrets and
#: credentials", and common credential stores). A command that names one is
#: never approved: reading it would put the secret into the transcript
#: (bypass family G: reading secrets through Bash).
SECRET_NAMES = frozenset({
    ".env", ".netrc", ".npmrc", ".pypirc", ".pgpass", ".htpasswd", ".git-credentials",
    ".dockercfg", ".boto", ".s3cfg", "credentials", "credentials.json", "credentials.yml",
    "secrets.json", "secrets.yml", "secrets.yaml", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
    "known_hosts", "authorized_keys", "shadow", "gshadow",
})
#: Secret file name prefixes (``.env.production``, ``id_rsa_work``).
SECRET_PREFIXES = (".env.", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519")
#: Secret file name suffixes (keys and key stores).
SECRET_SUFFIXES = (".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".kdbx", ".gpg")
#: Names that look like secrets but are templates or public halves.
NOT_SECRET_SUFFIXES = (".example", ".sample", ".template", ".dist", ".pub")


def secret_name(name: str) -> bool:
    """True when the file name ``name`` (a base name, any case) looks like
    a secret or key file."""
    lowered = name.lower()
    if lowered.endswith(NOT_SECRET_SUFFIXES):
        return False
    return (lowered in SECRET_NAMES or lowered.startswith(SECRET_PREFIXES)
            or lowered.endswith(SECRET_SUFFIXES))


#: Name prefixes of interpreter families (``python3.12``, ``perl5.36``,
#: ``ruby3.2``, ``lua5.4``, ``php8.2``, ``pypy3``, ``node18``...).
RUNNER_PREFIXES = ("python", "pypy", "perl", "ruby", "jruby", "php", "lua", "node",
                   "tclsh", "wish", "pwsh")


def runs_code(name: str) -> bool:
    """True when the command ``name`` (a bare command word, exact case) runs a
    command or program taken from its arguments (see :data:`RUNNERS`)."""
    return name in RUNNERS or name.startswith(RUNNER_PREFIXES)

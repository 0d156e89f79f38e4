"""What git runs and writes (SPEC §4, §5 phase 7E; bypass families D and F):
configuration that runs programs (``git config core.pager ...``:
``git-config`` carriers, the program analysed), commands git runs
(``rebase -x``, ``bisect run``, ``submodule foreach``, ``difftool -x``,
``--upload-pack``/``--receive-pack``/``--exec``, ``grep -O``: ``git-exec``
carriers), and files it writes (``--output``, ``clone DIR``, ``init DIR``,
``rm``, ``mv``, ``apply``). ``git commit``'s message is data: nothing to
judge.
"""

from __future__ import annotations

import os

import shell.families.text as text
from shell.families.git import config_pair, parse_opts
from shell.gitargs import config_read
from shell.invocation import X, code_carrier, file_text
from shell.model import DYN, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "git"
#: git subcommand → handler below (:data:`shell.registry.GIT_SUBCOMMANDS`
#: lists the same names). Handlers are ``g_NAME(x, words) -> None``.
SUBCOMMANDS = {
    "config": "g_config", "rebase": "g_rebase", "bisect": "g_bisect",
    "submodule": "g_submodule", "difftool": "g_difftool", "mergetool": "g_difftool",
    "grep": "g_grep", "diff": "g_output_opts", "log": "g_output_opts", "show": "g_output_opts",
    "format-patch": "g_output_opts", "archive": "g_output_opts", "ls-remote": "g_output_opts",
    "clone": "g_clone", "fetch": "g_fetch_pull", "pull": "g_fetch_pull", "init": "g_init",
    "rm": "g_rm", "mv": "g_mv", "apply": "g_apply",
}


def g_config(x: X, words: list) -> None:
    """``git config KEY VALUE`` (and ``set``/``unset``...): the pair is judged by
    :func:`shell.families.git.config_pair`; ``--edit`` opens an editor (a
    carrier); ``--file``/``--global``/``--system`` write that file. Reading
    forms are nothing."""
    vals = [w.value for w in words]
    if config_read(vals):
        return
    p = parse_opts(words, "f", ("--file", "--blob", "--type", "--default", "--comment"),
                   long_flags=("--global", "--system", "--local", "--worktree", "--add",
                               "--unset", "--unset-all", "--replace-all", "--rename-section",
                               "--remove-section", "--edit", "--bool", "--int", "--path"))
    ops = p.operands
    if ops and ops[0].value in ("set", "unset", "rename-section", "remove-section", "edit"):
        ops = ops[1:]
    key = ops[0] if ops else None
    value = ops[1] if len(ops) > 1 else None
    if key is not None:
        if key.dynamic:
            x.run.carrier("git-config", Msg("shell.carrier.git_config_sets_key"), x.cmd)
            x.run.unknown(Msg("shell.unknown.git_config_sets_key"))
        else:
            pair = key.value + ("=" + value.value if value is not None else "=")
            if value is not None and value.dynamic:
                pair = key.value + "=" + DYN
            config_pair(x, pair, "git config")
    if p.has("--edit", "-e"):
        x.run.carrier("git-config", Msg("shell.carrier.git_config_edit_opens"), x.cmd)
    f = p.value("-f", "--file")
    if f is not None:
        x.run.write(x.cmd, f, "git config --file")
    elif p.has("--global"):
        home = x.run.home
        x.run.write(x.cmd, Word.literal(os.path.join(home, ".gitconfig")) if home else
                    Word(DYN, DYN, dynamic=True), "git config --global")
    elif p.has("--system"):
        x.run.write(x.cmd, Word.literal("/etc/gitconfig"), "git config --system")


def g_rebase(x: X, words: list) -> None:
    """``git rebase -x|--exec CMD`` runs a shell command (``git-exec``)."""
    p = parse_opts(words, "xsX", ("--exec", "--strategy", "--strategy-option", "--onto",
                                  "--empty", "--rebase-merges", "--whitespace", "-C"))
    for v in p.values("-x", "--exec"):
        code_carrier(x, "git-exec", v, Msg("shell.carrier.git_rebase_exec_runs"),
                     Msg("shell.unknown.git_rebase_exec_runs"), "git rebase --exec")


def g_bisect(x: X, words: list) -> None:
    """``git bisect run CMD`` runs a command (``git-exec``)."""
    if words and words[0].value == "run":
        x.run.carrier("git-exec", Msg("shell.carrier.git_bisect_run_runs"), x.cmd)
        x.argv(words[1:], "git bisect run")


def g_submodule(x: X, words: list) -> None:
    """``git submodule foreach CMD`` runs a shell command (``git-exec``);
    ``deinit -f|--force`` deletes submodule working trees with their local
    changes (``git-history``)."""
    vals = [w.value for w in words]
    if vals[:1] == ["deinit"] and any(v in ("-f", "--force") for v in vals[1:]):
        x.run.find("git-history", Msg("shell.find.git_submodule_deinit_force"), x.cmd)
    if "foreach" in vals:
        k = vals.index("foreach")
        rest = [w for w in words[k + 1:] if w.value not in ("--recursive", "-q", "--quiet")]
        x.run.carrier("git-exec", Msg("shell.carrier.git_submodule_foreach_runs"), x.cmd)
        if any(w.dynamic for w in rest):
            x.run.unknown(Msg("shell.unknown.git_submodule_foreach_runs"))
        elif rest:
            x.code(" ".join(w.value for w in rest), "git submodule foreach")


def g_difftool(x: X, words: list) -> None:
    """``git difftool|mergetool``: ``--extcmd`` and configured tools run
    programs (``git-exec``)."""
    p = parse_opts(words, "xt", ("--extcmd", "--tool"))
    for v in p.values("-x", "--extcmd"):
        code_carrier(x, "git-exec", v, Msg("shell.carrier.git_difftool_extcmd_runs"),
                     Msg("shell.unknown.git_difftool_runs_command"), "git difftool --extcmd")
    if p.has("-t", "--tool") or x.cmd.git_subcommand == "mergetool":
        x.run.carrier("git-exec", Msg("shell.carrier.git_runs_configured_tool",
                                      sub=x.cmd.git_subcommand), x.cmd)


def g_grep(x: X, words: list) -> None:
    """``git grep -O`` runs a pager program (``git-exec``)."""
    for w in words:
        if w.value.startswith(("-O", "--open-files-in-pager")):
            x.run.carrier("git-exec", Msg("shell.carrier.git_grep_o_runs"), x.cmd)


def g_output_opts(x: X, words: list) -> None:
    """``--output=F`` on diff/log/show/format-patch/archive, ``-o DIR``; their
    ``--exec``/``--upload-pack``/``--receive-pack`` run programs."""
    sub = x.cmd.git_subcommand
    vals = words
    outputs = ("archive", "format-patch", "diff", "log", "show")
    for k, w in enumerate(vals):
        v = w.value
        name, eq, value = v.partition("=") if v.startswith("--") else (v, "", "")
        if eq and (name == "--output" or (name == "--output-directory" and sub in outputs)):
            # --output=F, --output-directory=D (abbreviations are spelled in
            # full by then: shell.longopts)
            x.run.write(x.cmd, Word(w.text, value, dynamic=w.dynamic), f"git {sub} {name}",
                        recursive=sub == "format-patch")
        elif v in ("--output", "-o", "--output-directory") and k + 1 < len(vals) and (
                sub in outputs or v == "--output"):
            x.run.write(x.cmd, vals[k + 1], f"git {sub} {v}", recursive=sub == "format-patch")
        elif v.startswith("-o") and len(v) > 2 and sub in outputs:
            # -oDIR: the short option with its value attached
            x.run.write(x.cmd, Word(w.text, v[2:], dynamic=w.dynamic), f"git {sub} -o",
                        recursive=sub == "format-patch")
        elif v.startswith("--exec=") or v.startswith(("--upload-pack", "--receive-pack")):
            x.run.carrier("git-exec", Msg("shell.carrier.git_runs_program", sub=sub,
                                          option=v.split('=')[0]), x.cmd)
            _program_option(x, vals, k)


def _program_option(x: X, words, k: int) -> None:
    """The value of ``--upload-pack=CMD``/``--receive-pack CMD``/``--exec=CMD``
    runs through the shell."""
    w = words[k]
    if "=" in w.value:
        value = Word(w.text, w.value.split("=", 1)[1], dynamic=w.dynamic)
    elif k + 1 < len(words):
        value = words[k + 1]
    else:
        return
    if value.dynamic:
        x.run.unknown(Msg("shell.unknown.git_runs_program_computed",
                          sub=x.cmd.git_subcommand))
    else:
        x.code(value.value, f"git {x.cmd.git_subcommand} {w.value.split('=')[0]}")


def g_clone(x: X, words: list) -> None:
    """``git clone``: ``-c`` pairs, ``--upload-pack`` programs, the target
    directory written."""
    g_output_opts(x, words)
    p = parse_opts(words, "obcju", ("--origin", "--branch", "--config", "--depth", "--reference",
                                    "--upload-pack", "--template", "--separate-git-dir", "--jobs",
                                    "--filter", "--shallow-since", "--shallow-exclude",
                                    "--recurse-submodules", "--server-option"))
    for v in p.values("-c", "--config"):
        config_pair(x, v.value if not v.dynamic else DYN, "git clone -c")
    for v in p.values("-u", "--upload-pack"):
        code_carrier(x, "git-exec", v, Msg("shell.carrier.git_clone_upload_pack"),
                     Msg("shell.unknown.git_clone_upload_pack"),
                     "git clone --upload-pack")
    if len(p.operands) >= 2:
        x.run.write(x.cmd, p.operands[1], "git clone", recursive=True)


def g_fetch_pull(x: X, words: list) -> None:
    """``git fetch|pull|ls-remote --upload-pack CMD`` runs a program
    (``git-exec``)."""
    for k, w in enumerate(words):
        v = w.value
        if v.startswith("--upload-pack") or (v == "--exec" and x.cmd.git_subcommand ==
                                             "ls-remote"):
            x.run.carrier("git-exec", Msg("shell.carrier.git_upload_pack_runs",
                                          sub=x.cmd.git_subcommand), x.cmd)
            _program_option(x, words, k)


def g_init(x: X, words: list) -> None:
    """``git init [DIR]`` writes DIR; ``--template`` copies hooks (a carrier)."""
    p = parse_opts(words, "b", ("--template", "--separate-git-dir", "--initial-branch",
                                "--object-format", "--shared"))
    if p.has("--template"):
        x.run.carrier("git-config", Msg("shell.carrier.git_init_template_copies"), x.cmd)
    if p.operands:
        x.run.write(x.cmd, p.operands[0], "git init")


def g_rm(x: X, words: list) -> None:
    """``git rm PATHS`` deletes them (not with ``--cached``/``-n``)."""
    p = parse_opts(words, "", ("--pathspec-from-file",),
                   long_flags=("--cached", "--force", "--dry-run", "--quiet", "--ignore-unmatch",
                               "--sparse", "-r"))
    if p.has("--cached", "-n", "--dry-run"):
        return
    recursive = p.has("-r")
    for w in p.operands:
        x.run.write(x.cmd, w, "git rm", "delete", recursive=recursive, follow=False)


def g_mv(x: X, words: list) -> None:
    """``git mv SRC... DEST``: sources deleted, destination written."""
    p = parse_opts(words, "", (), long_flags=("--force", "--dry-run", "--verbose"))
    if p.has("-n", "--dry-run") or len(p.operands) < 2:
        return
    for s in p.operands[:-1]:
        x.run.write(x.cmd, s, "git mv (source)", "delete", recursive=True, follow=False)
    x.run.write(x.cmd, p.operands[-1], "git mv", recursive=True)


def g_apply(x: X, words: list) -> None:
    """``git apply [PATCH...]``: every file the patch names is written (not for
    ``--cached``/``--check``/``--stat``)."""
    p = parse_opts(words, "pC", ("--directory", "--exclude", "--include", "--whitespace",
                                 "--build-fake-ancestor"),
                   long_flags=("--stat", "--numstat", "--summary", "--check", "--index",
                               "--cached", "--reverse", "--reject", "--3way"))
    if p.has("--stat", "--numstat", "--summary", "--check") and not p.has("--apply"):
        return
    if p.has("--cached"):
        return
    for t in patch_texts(x, p.operands):
        text.patch_targets(x, t, "git apply")


def patch_texts(x: X, operands) -> list:
    """The texts of the patches a command reads (``git apply``, ``git am``):
    each file operand's (``None`` when it cannot be read or is computed at
    run time), or, with no operand, its standard input's."""
    texts = [None if w.dynamic else file_text(w.value, x.cmd) for w in operands]
    if not operands:
        st = x.cmd.stdin
        if st is not None and st.kind in ("heredoc", "herestring") and not st.dynamic:
            texts.append(st.content)
        elif st is not None and st.kind == "file" and not st.dynamic:
            texts.append(file_text(st.path, x.cmd))
        else:
            texts.append(None)
    return texts

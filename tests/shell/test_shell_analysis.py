"""Units of the shell analysis (shell/, SPEC §4): the interface guards code
against, the three front ends, word evaluation, scope tracking, writes,
read-only classification, unknown, limits, interpreter scanning, and the
bashlex table cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from shell import DYN, analyse, is_read_only
from shell import lexer, simple, walker

ROOT = os.path.realpath(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
HOME = "/home/tester"


def A(command: str, cwd: str | None = None):
    return analyse(command, root=ROOT, cwd=cwd or ROOT, home=HOME)


# ------------------------------------------------------------- interface

def test_interface_fields():
    a = A("git -C src -c color.ui=always --no-pager log --oneline -3 > /tmp/log.txt")
    assert not a.unknown and a.reasons == []
    (cmd,) = a.commands
    assert cmd.name == "git" and cmd.word == "git" and cmd.argv[0] == "git"
    assert cmd.git_subcommand == "log" and cmd.git_args == ["--oneline", "-3"]
    assert ("-C", "src") in cmd.git_globals and ("--no-pager", None) in cmd.git_globals
    assert [w.how for w in a.writes] == ["redirect >"]
    assert a.writes[0].abs == "/tmp/log.txt" and a.writes[0].rel is None
    assert a.destructive == [] and a.http_methods == []
    assert a.all_commands(lambda c: c.name == "git")
    assert not a.read_only and a.mutating


def test_wrappers_are_peeled_and_listed():
    a = A("sudo -u root nice -n 5 timeout 10 env FOO=1 ls -la")
    (cmd,) = a.commands
    assert cmd.name == "ls" and cmd.wrappers == ["sudo", "nice", "timeout", "env"]


def test_nested_commands_are_listed():
    a = A("bash -c 'ls; git status' && find . -name x -exec wc -l {} +")
    names = [c.name for c in a.commands]
    assert names[:3] == ["bash", "ls", "git"] and "find" in names and "wc" in names


@pytest.mark.parametrize("command,parser", [
    ("git status", "plain"),
    ("pytest -q tests/test_x.py -k foo", "plain"),
    ("git log --format='%H %s' | head -5", "simple"),
    ("git commit -m \"$(cat <<'EOF'\nfix: x\nEOF\n)\"", "simple"),
    ("ls && echo done > /tmp/x 2>&1", "simple"),
    ("for f in *.py; do echo $f; done", "bashlex"),
    ("echo $HOME", "bashlex"),
])
def test_front_ends(command, parser):
    assert A(command).parser == parser


# ------------------------------------------------------------- words

@pytest.mark.parametrize("command,argv", [
    ("echo 'a'\"b\"$'c\\x41'", ["echo", "abcA"]),
    ("echo {a,b}c", ["echo", "ac", "bc"]),
    ("echo a{1..3}", ["echo", "a1", "a2", "a3"]),
    ("x='a b'; echo $x", ["echo", "a", "b"]),
    ("x='a b'; echo \"$x\"", ["echo", "a b"]),
    ("echo ~/x", ["echo", HOME + "/x"]),
    ("echo $HOME/y", ["echo", HOME + "/y"]),
    ("rm${IFS}-rf${IFS}x", ["rm", "-rf", "x"]),
    (r"echo r\m", ["echo", "rm"]),
    ('echo "$(pwd)"', ["echo", ROOT]),
    ("echo $'\\162\\155'", ["echo", "rm"]),
    ("echo ''", ["echo", ""]),
    ("echo $UNSET_VAR_X", ["echo", DYN]),
    ("a=r; b=m; echo $a$b", ["echo", "rm"]),
    ("echo a\\\nb", ["echo", "ab"]),
])
def test_word_evaluation(command, argv):
    a = A(command)
    assert a.commands[-1].argv == argv


def test_prefix_assignment_does_not_affect_the_same_command():
    a = A("X=/tmp/safe; X=/ echo $X")
    assert a.commands[-1].argv == ["echo", "/tmp/safe"]


def test_conditional_assignment_is_unknown():
    a = A("false && X=/tmp/a; echo $X")
    assert a.commands[-1].argv == ["echo", DYN]


def test_cd_is_tracked():
    a = A("cd src && touch new.py")
    assert [w.abs for w in a.writes] == [os.path.join(ROOT, "src", "new.py")]
    a = A("cd /no/such/dir; touch x")
    assert sorted(w.abs for w in a.writes) == sorted(["/no/such/dir/x",
                                                       os.path.join(ROOT, "x")])
    a = A("cd $SOMEWHERE; touch x")
    assert [w.abs for w in a.writes] == [None]


def test_heredoc_bodies():
    quoted = A("cat > notes.md <<'EOF'\nrm -rf /\n$(rm -rf ~)\nEOF")
    assert [c.name for c in quoted.commands] == ["cat"] and not quoted.destructive
    unquoted = A("cat <<EOF\n$(rm -rf /)\nEOF")
    assert [c.name for c in unquoted.commands] == ["rm", "cat"] and unquoted.destructive
    fed = A("bash <<'EOF'\ngit push --force\nEOF")
    assert [f.kind for f in fed.destructive] == ["force-push"]


def test_message_arguments_are_data():
    for command in ('git commit -m "rm -rf / && git push --force"',
                    "echo 'curl -X DELETE https://x'",
                    "grep -n 'git reset --hard' docs",
                    "gh issue create --title x --body 'rm -rf ~'",
                    "printf '%s\\n' 'mkfs /dev/sda'"):
        a = A(command)
        assert not a.destructive and not a.unknown, command


# ------------------------------------------------------------- writes
# (the write forms of each command family are in tests/shell/test_family_*.py)

def test_redirect_write_form():
    a = A("echo x > out.txt")
    assert any(w.how == "redirect >" and w.rel == "out.txt" for w in a.writes), a.writes


# ---------------------------------------------------------- read-only

@pytest.mark.parametrize("command", [
    "ls -la", "cat README.md", "git status", "git log --oneline -5", "git diff HEAD~1",
    "grep -rn TODO src", "find . -name '*.py'", "sed -n 1,5p README.md",
    "awk '{print $1}' README.md", "jq . x.json", "git branch -a", "git remote -v",
    "git config --get user.name", "wc -l README.md | sort -n", "echo hi",
    "git show HEAD --stat", "head -3 README.md 2>/dev/null", "command -v git",
    "git stash list", "pwd", "date", "uname -a", "which python3",
])
def test_read_only(command):
    a = A(command)
    assert a.read_only, (command, a)


@pytest.mark.parametrize("command", [
    "touch x", "ls > out.txt", "git commit -m x", "git branch -D x", "sed -i s/a/b/ x",
    "find . -delete", "find . -exec ls {} +", "awk '{system(\"ls\")}' x", "python3 -c 'print(1)'",
    "git -c alias.x='!ls' x", "./ls", "ls() { rm x; }; ls", "date -s 2020-01-01",
    "sort -o x y", "tree -o out.txt", "git config user.name x", "$X", "eval ls",
    "git log --output=x", "rg --pre cat foo", "PAGER=./evil git log", "bash script.sh",
    "git branch newbranch", "env -i FOO=1 ls && touch x",
])
def test_not_read_only(command):
    a = A(command)
    assert not a.read_only, command


def test_is_read_only_checks_redirects_and_names():
    (cmd,) = A("cat x > y").commands
    assert not is_read_only(cmd)
    (cmd,) = A("cat x > /dev/null").commands
    assert is_read_only(cmd)
    (cmd,) = A("/usr/bin/cat x").commands
    assert is_read_only(cmd)
    (cmd,) = A("./cat x").commands
    assert not is_read_only(cmd)


# ------------------------------------------------------------- unknown

@pytest.mark.parametrize("command", [
    "$CMD -rf x", "eval \"$X\"", "bash -c \"$Y\"", "cat script.txt | sh",
    'echo "unterminated', "echo 'x' | base64 -d | bash", "hash -p /bin/rm ls; ls",
    "python3 -c \"exec(input())\"", "sed 's/x/y/e' f", "\"$(get_cmd)\" arg",
    "echo ${x@P}", "source <(generate)", "ls; ; ls",
])
def test_unknown_is_never_read_only(command):
    a = A(command)
    assert a.unknown and a.reasons, command
    assert not a.read_only and a.mutating


def test_size_limit():
    a = A("echo " + "a" * (walker.MAX_BYTES + 10) + "; rm -rf /")
    assert a.unknown and a.reasons[0].key == "shell.unknown.command_longer_than_characters"
    assert a.reasons[0].fields == {"MAX_BYTES": walker.MAX_BYTES}
    assert a.destructive   # the fallback split still names what it saw


@pytest.mark.parametrize("command", [
    "eval " * (walker.MAX_DEPTH + 3) + "ls",
    "nice " * (walker.MAX_DEPTH + 3) + "ls",
    "bash -c " + "\"$(" * (walker.MAX_DEPTH + 3) + "ls" + ")\"" * (walker.MAX_DEPTH + 3),
])
def test_depth_limit_is_dangerous(command):
    a = A(command)
    assert a.unknown
    assert any(f.kind == "depth-limit" for f in a.destructive)


def _quote(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


def test_strange_inputs_never_raise():
    for text in ("", "   ", "\x00", "a\x00b", "\udcff", ";", "&&", "|", "((", "{", "$(",
                 "`", "<<", "'\n", "\\", "!" * 100, "(" * 5000, "$(" * 3000,
                 "{a,b}" * 40, "x" * 200000):
        a = A(text)
        assert isinstance(a.unknown, bool)
    assert analyse(None).unknown   # type: ignore[arg-type]


# --------------------------------------------------------------- lexer

def test_lexer_masks_keep_positions():
    src = ("git commit -m \"$(cat <<'EOF'\nbody (x) \"q\"\nEOF\n)\" && [[ -f x ]] && "
           "echo $((1+2)) && case $a in x) ls;; esac && a=(1 2)")
    p = lexer.prepare(src)
    assert len(p.masked) == len(src)
    (doc,) = p.heredocs.values()
    assert doc.quoted and doc.body == "body (x) \"q\"\n"
    kinds = sorted(r.kind for r in p.regions.values())
    assert kinds == ["arith", "array", "case-pattern", "cond"]


@pytest.mark.parametrize("src", ["echo \"x", "echo $(ls", "cat <<", "echo ${x", "[[ -f x"])
def test_lexer_errors(src):
    with pytest.raises(lexer.LexError):
        lexer.prepare(src)


def test_simple_front_end_rejects_what_it_does_not_know():
    for text in ("echo $X", "a | b && c", "echo 'x'"):
        assert (simple.parse(text) is None) == ("$X" in text)
    for text in ("if true; then x; fi", "{ a; }", "echo `x`", "cat <<EOF\nx\nEOF",
                 "a |& b", "x=(1)", "echo {a,b}", "echo \\x", "time ls", "! ls",
                 "echo ~/x", "ls # c", "a;;b", "echo $((1))", "cat <(ls)"):
        assert simple.parse(text) is None, text


# -------------------------------------------------------- bashlex tables

_DUMP = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
mode = sys.argv[2]
if mode == "fast":
    from shell import bashparse
    bashlex = bashparse.load(sys.argv[3], write=True)
else:
    import bashlex
cmds = json.loads(sys.stdin.read())
out = []
for c in cmds:
    try:
        out.append("".join(t.dump() for t in bashlex.parse(c)))
    except Exception as e:
        out.append("ERR " + type(e).__name__ + " " + str(e))
print(json.dumps(out))
"""

_PARSE_CASES = [
    "a | b && c; d &", "for i in a b; do echo $i > f; done", "if x; then y; elif z; then w; fi",
    "f() { a | b & }; f", "(cd x && ls) || { echo no; }", "echo $(ls `pwd`) <(a) >(b)",
    "while read l; do :; done < f", "x=1 y=$(z) cmd 2>&1 >/dev/null", "! a && b",
    "cat <<EOF | sh\nrm -rf /\nEOF", "echo 'a' \"b\" $'c'", "a;;b", "until false; do x; done",
]


def _run_dump(mode: str, tables: str) -> list:
    proc = subprocess.run([sys.executable, "-c", _DUMP, ROOT, mode, tables],
                          input=json.dumps(_PARSE_CASES), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_cached_tables_parse_exactly_like_bashlex(tmp_path):
    tables = str(tmp_path / "tables.marshal")
    normal = _run_dump("normal", tables)
    built = _run_dump("fast", tables)      # builds and saves the tables
    assert os.path.exists(tables)
    cached = _run_dump("fast", tables)     # loads them
    assert normal == built == cached


def test_stale_or_corrupt_tables_are_rebuilt(tmp_path):
    import marshal

    tables = tmp_path / "tables.marshal"
    tables.write_bytes(marshal.dumps({"signature": "stale", "names": (), "productions": (),
                                      "action": {}, "goto": {}, "defaulted": {}}))
    assert _run_dump("fast", str(tables)) == _run_dump("normal", str(tables))
    assert marshal.loads(tables.read_bytes())["signature"] != "stale"
    tables.write_bytes(b"\x00garbage")
    assert _run_dump("fast", str(tables)) == _run_dump("normal", str(tables))


def test_build_tables_entry_point(tmp_path):
    """install.py runs ``python -m shell.bashparse`` in .claude/ once."""
    proc = subprocess.run([sys.executable, "-c",
                           "import sys; sys.path.insert(0, sys.argv[1]); "
                           "from shell.bashparse import build_tables; "
                           "print(build_tables(sys.argv[2]))", ROOT,
                           str(tmp_path / "t.marshal")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "t.marshal").stat().st_size > 10000


def test_a_seed_is_kept_when_current_and_replaced_by_a_build_otherwise(tmp_path):
    """``python -m shell.bashparse --seed PATH`` (install.py, with the
    installing checkout's tables): a current seed is used as it is, without
    a build (the result is its bytes); a stale, corrupt or missing one ends
    in what a build makes, never in the seed."""
    import marshal

    code = ("import sys; sys.path.insert(0, sys.argv[1]); from shell import bashparse as b; "
            "b.build_tables(sys.argv[2], seed=sys.argv[3] or None); print(b.used_saved_tables)")

    def build(target, seed=""):
        proc = subprocess.run([sys.executable, "-c", code, ROOT, str(target), str(seed)],
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip() == "True"

    built = tmp_path / "built.marshal"
    assert not build(built)  # no seed: built
    good = built.read_bytes()
    stale = tmp_path / "stale.marshal"
    stale.write_bytes(marshal.dumps({**marshal.loads(good), "signature": "another grammar"}))
    garbage = tmp_path / "garbage.marshal"
    garbage.write_bytes(b"\x00left by a development run")
    for seed, used in ((built, True), (stale, False), (garbage, False),
                       (tmp_path / "missing.marshal", False)):
        target = tmp_path / "installed" / f"{seed.stem}.marshal"
        target.parent.mkdir(exist_ok=True)
        assert build(target, seed) is used, seed
        assert target.read_bytes() == good, seed
    assert stale.read_bytes() != good  # a seed is read, never written


_STANDIN_DUMP = r"""
import marshal, sys
sys.path[:0] = [sys.argv[1], sys.argv[4]]
if sys.argv[2] == "fast":
    from shell import bashparse
    bashlex = bashparse.load(sys.argv[3], write=True)
    loaded = sorted(m for m in ("re", "enum", "functools", "inspect", "copy", "collections",
                                "collections.abc") if m in sys.modules)
else:
    import bashlex
    loaded = None
out = []
for c in marshal.loads(sys.stdin.buffer.read()):
    try:
        out.append("".join(t.dump() for t in bashlex.parse(c)))
    except Exception as e:
        out.append("ERR " + type(e).__name__ + " " + str(e))
after = sorted(m for m in ("re", "enum", "copy", "collections") if m in sys.modules)
sys.stdout.buffer.write(marshal.dumps((loaded, after, out)))
"""


def _standin_dump(mode: str, tables: str, commands: list) -> tuple:
    import marshal

    import bashlex

    site = os.path.dirname(os.path.dirname(os.path.abspath(bashlex.__file__)))
    # -S: no site, so nothing has imported re or enum before bashlex loads
    # (a development install's import hook would) and the stand-ins are used.
    proc = subprocess.run([sys.executable, "-S", "-c", _STANDIN_DUMP, ROOT, mode, tables, site],
                          input=marshal.dumps(commands), capture_output=True, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()
    return marshal.loads(proc.stdout)


def test_bashlex_with_stand_ins_parses_the_corpus_exactly_like_bashlex(tmp_path):
    """Bashlex is loaded with stand-ins for enum and re (and saved
    tables); every corpus command, the parse cases and their broken
    variants parse to the same trees — or the same error — as with a normal
    ``import bashlex``."""
    from corpus.bash_corpus import CASES

    commands = sorted({c for _f, _e, c in CASES} | set(_PARSE_CASES))
    commands += [c[:len(c) // 2] for c in commands] + [c + " )" for c in commands[:80]]
    tables = str(tmp_path / "tables.marshal")
    _standin_dump("fast", tables, ["true"])  # build the tables
    loaded, after, fast = _standin_dump("fast", tables, commands)
    assert loaded == [], f"{loaded} imported while loading bashlex"
    assert after == [], f"{after} imported while parsing"
    _none, _after, normal = _standin_dump("normal", tables, commands)
    assert len(fast) == len(normal) == len(commands)
    for command, a, b in zip(commands, fast, normal):
        assert a == b, command
    assert sum(x.startswith("ERR") for x in normal) > 10  # the error paths were exercised


def test_enum_stand_in_behaves_like_enum_where_bashlex_relies_on_it():
    import enum
    from copy import copy, deepcopy

    from shell.bashparse import _Enum

    class Real(enum.Enum):
        A = 1
        B = "b"
        C = 1  # an alias

    class Stand(_Enum):
        A = 1
        B = "b"
        C = 1

    for cls in (Real, Stand):
        assert [m.name for m in cls] == ["A", "B"] and len(cls) == 2
        assert cls(1) is cls.A is cls.C and cls("b") is cls.B and cls["B"] is cls.B
        assert cls.A.value == 1 and cls.B.name == "B"
        assert hash(cls.A) == hash("A") and cls.A != 1 and cls.A == cls.A
        assert copy(cls.A) is cls.A and deepcopy(cls.B) is cls.B
        assert isinstance(cls.A, cls) and cls.A in cls and 1 not in {cls.A}
        assert list(cls.__members__) == ["A", "B", "C"] and cls["C"] is cls.A
        with pytest.raises(ValueError):
            cls(3)
        with pytest.raises(ValueError):
            cls([])
    assert repr(Stand.B) == "<Stand.B: 'b'>" and str(Stand.A) == "Stand.A"
    flags = _Enum("parserflags", ["CASEPAT", "HEREDOC"])
    real = enum.Enum("parserflags", ["CASEPAT", "HEREDOC"])
    assert [(m.name, m.value) for m in flags] == [(m.name, m.value) for m in real]
    assert flags.HEREDOC is flags(2) and isinstance(flags.CASEPAT, flags)


def test_shallow_copy_stand_in_is_copy_copy():
    import copy
    from collections.abc import MutableSet

    from shell.bashparse import _plain_instance, _shallow_copy

    class Plain:
        def __init__(self):
            self.a = [1]
            self.b = "x"

    class Set(MutableSet):  # like bashlex.utils.typedset
        def __init__(self):
            self._s = {1}

        def __contains__(self, v):
            return v in self._s

        def __iter__(self):
            return iter(self._s)

        def __len__(self):
            return len(self._s)

        def add(self, v):
            self._s.add(v)

        def discard(self, v):
            self._s.discard(v)

    class Slotted:
        __slots__ = ("a",)

        def __init__(self):
            self.a = 1

    class Hooked(Plain):
        def __copy__(self):
            return "hooked"

    class Reduced(Plain):
        def __reduce_ex__(self, protocol):
            return (str, ("reduced",))

    class Stateful(Plain):
        def __getstate__(self):
            return {"b": "state"}

    for make in (Plain, Set):
        x = make()
        assert _plain_instance(x)
        y, z = _shallow_copy(x), copy.copy(x)
        assert type(y) is type(z) is type(x) and y is not x
        assert vars(y) == vars(z) and all(vars(y)[k] is vars(x)[k] for k in vars(x))
    for make in (Slotted, Hooked, Reduced, Stateful, list, dict, lambda: {1, 2}):
        x = make()
        assert not _plain_instance(x)
        y, z = _shallow_copy(x), copy.copy(x)
        assert type(y) is type(z)
        if hasattr(z, "__dict__") or hasattr(z, "__slots__"):
            assert getattr(y, "__dict__", None) == getattr(z, "__dict__", None)
        else:
            assert y == z


def test_tables_check_says_whether_a_hook_would_rebuild(tmp_path):
    """``python -m shell.bashparse --check`` (install.py's staleness probe):
    True for freshly built tables, False for missing or foreign ones, and it
    never writes."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from shell import bashparse as b; "
            "p = sys.argv[2]; r = [b.tables_current(p)]; b.build_tables(p); "
            "r.append(b.tables_current(p)); open(p, 'wb').write(b'x'); "
            "r.append(b.tables_current(p)); print(r)")
    tables = tmp_path / "t.marshal"
    proc = subprocess.run([sys.executable, "-c", code, ROOT, str(tables)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[False, True, False]"
    assert tables.read_bytes() == b"x"  # the check did not rewrite it


def test_plain_commands_do_not_import_bashlex_or_re():
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import shell; "
            "a = shell.analyse('git status --short', sys.argv[1]); "
            "b = shell.analyse(\"git log --format='%H' | head -3 > /tmp/x 2>&1\", sys.argv[1]); "
            "print(json_ok := 'bashlex' in sys.modules, 're' in sys.modules)")
    proc = subprocess.run([sys.executable, "-S", "-c", code, ROOT], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "False"]


# ------------------------------------------------------------- bounds

@pytest.mark.parametrize("command", [
    "a;" * 30000, "a|" * 10000 + "b", " ".join(["x"] * 30000), "echo x\n" * 8000,
    "(" * 3000 + "a" + ")" * 3000, "$(" * 2000 + "a" + ")" * 2000, "{a,b}" * 30,
    "case x in " + "a) b;; " * 3000 + "esac", "rm -rf /*/*/*/*/*/*",
])
def test_pathological_input_is_analysed(command):
    """A hook that times out fails open: every input of the accepted size is
    analysed to an answer (no exception, no endless loop). How long it takes
    is the worst-case benchmark's question (``bench --worst``: separators,
    newlines, words, nesting, brace and glob expansion at up to 1 MB), never a
    wall-clock assert here."""
    a = A(command)
    assert isinstance(a.unknown, bool) and isinstance(a.commands, list)


def test_tmpdir_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("TMPDIR", "/tmp/user-tmp")
    a = A('rm -rf "$TMPDIR/build-cache"')
    assert not a.destructive and a.writes[0].abs == "/tmp/user-tmp/build-cache"
    monkeypatch.delenv("TMPDIR")
    a = A('rm -rf "$TMPDIR/build-cache"')     # empty TMPDIR would mean /build-cache
    assert a.destructive
    monkeypatch.setenv("TMPDIR", "/")
    assert A('rm -rf "$TMPDIR/x"').destructive


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_an_endless_loop_that_starts_background_jobs_is_a_fork_bomb_in_any_spelling():
    """``while true; do x & done`` and the same loop as ``until false``,
    ``while :``, ``while ((1))``, ``while [ 1 ]`` or ``for ((;;))`` (empty or
    non-zero condition) are the same fork bomb; a loop that ends, or whose body waits, is not. Property over
    loop spellings × background bodies."""
    from hypothesis import given, settings, strategies as st
    from draws import examples

    endless = ["while true", "while :", "until false", "for ((;;))", "for ((i=0;;i++))",
               "for (( ; 1 ; ))", "for ((n=0; 7; n++))", "while ((1))", "while (( 7 ))",
               "until ((0))", "while [ 1 ]", "while test x", "while [ -n ]"]
    ending = ["for ((i=0;i<3;i++))", "for ((;0;))", "for x in a b", "while read -r x",
              "until test -e done.flag", "while ((0))", "while ((i < 3))", 'while [ "$x" ]',
              "while [ -f a ]", "until true", "while test"]
    bodies = st.sampled_from(["sleep 1 &", "(sleep 1 &)", "a | b &", "{ c & }", "x & y",
                              "nohup z &"])

    @settings(max_examples=examples(150), deadline=None)
    @given(st.sampled_from(endless + ending), bodies, st.sampled_from(["; do ", "\ndo\n  "]))
    def judged(head, body, do):
        families = [f.kind for f in analyse(f"{head}{do}{body}\ndone", root="/tmp").destructive]
        assert ("fork-bomb" in families) == (head in endless), (head, body, families)

    judged()


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_a_loop_condition_ended_by_a_newline_before_do_is_read():
    """``while read -r x⏎do ... done`` (the condition ended by a newline, not
    ``;``) is read like its one-line spelling instead of "cannot parse":
    what bash accepts (``bash -n``) is analysed, and a destructive body or
    condition is still found. Property over conditions × separators ×
    bodies."""
    from hypothesis import given, settings, strategies as st
    from draws import examples

    conditions = ["true", "read -r x", "[[ -n $x ]]", "((i < 3))", "{ true; }", "(true)",
                  "test -e f", "rm -rf /"]
    separators = ["\n", "\n\n", " \n  ", ";\n", "; ", "  # why\n", "\n# note\n"]
    bodies = ["echo ok", "rm -rf /", "git push --force origin main", "x=1"]

    @settings(max_examples=examples(150), deadline=None)
    @given(st.sampled_from(["while", "until"]), st.sampled_from(conditions),
           st.sampled_from(separators), st.sampled_from(bodies), st.sampled_from(["\n", "; "]))
    def read(loop, condition, sep, body, end):
        command = f"{loop} {condition}{sep}do {body}{end}done"
        assert subprocess.run(["bash", "-n"], input=command, text=True,
                              capture_output=True).returncode == 0, command
        a = analyse(command, root="/tmp")
        destructive = "rm -rf" in command or "push --force" in command
        assert bool(a.destructive) == destructive, (command, a.destructive, a.reasons)
        assert not a.unknown, (command, a.reasons)

    read()


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_a_case_statement_is_read_in_any_layout():
    """``case`` items laid out as people write them (``;;`` on a line of its
    own, empty bodies, ``;&``/``;;&``, one line or many) are read instead of
    "cannot parse", and a destructive body is still found. Property over
    patterns × bodies × terminators × layouts, checked against ``bash -n``."""
    from hypothesis import given, settings, strategies as st
    from draws import examples

    items = st.tuples(st.sampled_from(["a", "*", "a|b", "(x", "'q'"]),  # "(x": "(x)"
                      st.sampled_from(["", "echo a", "rm -rf /", "echo a; echo b", "sleep 1 &"]),
                      st.sampled_from([";;", ";&", ";;&"]),
                      st.sampled_from(["same", "next", "own"]))

    def item(pattern, body, end, layout):
        if layout == "same":
            return f"{pattern}) {body} {end}"
        if layout == "next":
            return f"{pattern})\n    {body} {end}"
        return f"{pattern})\n    {body}\n    {end}"

    @settings(max_examples=examples(200), deadline=None)
    @given(st.lists(items, min_size=1, max_size=3), st.sampled_from([" ", "\n  "]))
    def read(parts, sep):
        command = f"case $x in{sep}" + sep.join(item(*p) for p in parts) + "\nesac"
        assert subprocess.run(["bash", "-n"], input=command, text=True,
                              capture_output=True).returncode == 0, command
        a = analyse(command, root="/tmp")
        assert not a.unknown, (command, a.reasons)
        assert bool(a.destructive) == ("rm -rf" in command), (command, a.destructive)

    read()


def _script(rng, depth: int = 0) -> str:
    """A random shell program of compound commands laid out as people write
    them (newlines or ``;`` between parts, bodies on their own lines)."""
    simple = ["echo a", "ls -la", "true", "x=1", "grep -q a f", "cat f", "[ -f a ]",
              'test -n "$x"', "(( i++ ))", "[[ -n $x ]]", "rm -rf /"]
    if depth > 2:
        return rng.choice(simple)

    def body() -> str:
        return "\n".join(_script(rng, depth + 1) for _ in range(rng.randint(1, 2)))

    def end() -> str:
        return rng.choice(["; ", "\n", "  # why\n", ";  # why\n"])

    kind = rng.choice(["simple"] * 4 + ["if", "while", "until", "for", "fora", "case", "func",
                                          "group", "sub", "pipe", "andor"])
    if kind == "simple":
        return rng.choice(simple)
    if kind == "if":
        text = f"if {_script(rng, depth + 1)}{end()}then\n{body()}\n"
        if rng.random() < .5:
            text += f"elif {_script(rng, depth + 1)}{end()}then {_script(rng, depth + 1)}\n"
        if rng.random() < .5:
            text += f"else\n{body()}\n"
        return text + "fi"
    if kind in ("while", "until"):
        return f"{kind} {_script(rng, depth + 1)}{end()}do\n{body()}\ndone"
    if kind == "for":
        return f"for v in a b{end()}do\n{body()}\ndone"
    if kind == "fora":
        return f"for ((i=0; i<2; i++)){end()}do\n{body()}\ndone"
    if kind == "case":
        return (f"case $v in\n  a)\n    {_script(rng, depth + 1)}\n    ;;\n"
                f"  *) {_script(rng, depth + 1)} ;;\nesac")
    if kind == "func":
        return rng.choice(["f()", "function f", "function f()"]) + rng.choice([" ", "\n"]) \
            + "{\n" + body() + "\n}"
    if kind == "group":
        return "{\n" + body() + "\n}"
    if kind == "sub":
        return "(\n" + body() + "\n)"
    joint = rng.choice(["|", "&&", "||"])
    return f"{_script(rng, depth + 1)} {joint}" + rng.choice([" ", "\n  "]) + rng.choice(simple)


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_what_bash_reads_the_analysis_reads():
    """Programs of if/while/until/for/case/functions/groups/pipelines in the
    layouts people write (bodies on their own lines, ``;;`` alone, a newline
    before ``do`` or ``then``, a comment ending a line) that ``bash -n``
    accepts are analysed, not "cannot parse", and an ``rm -rf /`` anywhere
    in them is found. It found the newline before ``do`` of while/until (a
    comment too) and ``;;`` alone."""
    from hypothesis import given, settings, strategies as st
    from draws import examples

    @settings(max_examples=examples(150), deadline=None)
    @given(st.randoms(use_true_random=False))
    def read(rng):
        command = _script(rng)
        if subprocess.run(["bash", "-n"], input=command, text=True,
                          capture_output=True).returncode != 0:
            return   # the generator can write what bash refuses (a function named in a pipe)
        a = analyse(command, root="/tmp")
        assert not a.unknown or any("run time" in str(r) for r in a.reasons), \
            (command, a.reasons)
        if "rm -rf /" in command and not a.unknown:
            assert any(f.kind == "rm-recursive" for f in a.destructive), command

    read()

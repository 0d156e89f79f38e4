"""Interpreter code whose effects cannot be established is unknown, and a
script file in another language is judged like a shell script.

Families: dynamic attribute access, aliased and by-name imports, destructured
``require`` with renames, the ``exec*``/``spawn*`` families, asyncio
subprocesses, Ruby/Perl ``::`` method calls, ``eval``/``exec``/``compile``/
``__import__``/``importlib``/``runpy``; script files (Python, Node, Ruby,
Perl) and ``python -m`` of a project module, through bash-check.
"""

from __future__ import annotations

import pytest
from bashenv import make_workspace
from saying import says

from shell import analyse, codescan

#: (language, code): effects the scanner cannot establish → unknown.
UNKNOWN = [
    ("python", "import operator, os; operator.methodcaller('system', 'id')(os)"),
    ("python", "import operator, os; operator.attrgetter('system')(os)('id')"),
    ("python", "import os; getattr(os, 'sys' + 'tem')('id')"),
    ("python", "__import__('o' + 's').system('id')"),
    ("python", "import importlib; importlib.import_module('os').system('id')"),
    ("python", "import runpy; runpy.run_path('x.py')"),
    ("python", "exec(open('x.py').read())"),
    ("python", "eval(compile('1', 'x', 'eval'))"),
    ("python", "from os import *; system('id')"),
    ("python", "from subprocess import getoutput as g; f = g; f('id')"),
    ("python", "import os; f = os.system; f('id')"),
    ("python", "import sys; sys.modules['os'].system('id')"),
    ("python", "import asyncio; asyncio.run(asyncio.create_subprocess_shell(cmd))"),
    ("js", "const {execSync: e} = require('child_process'); e('id')"),
    ("js", "const cp = require('child_process'); cp['exec']('id')"),
    ("js", "import {execSync as e} from 'child_process'; e('id')"),
    ("js", "const m = 'child_process'; require(m).execSync('id')"),
    ("js", "Reflect.apply(require('child_process').execSync, null, ['id'])"),
    ("js", "new Function('return process')().mainModule"),
    ("ruby", "Kernel.send(:system, 'id')"),
    ("ruby", "FileUtils.public_send(:rm_rf, '/x')"),
    ("perl", "my $f = 'system'; &$f('id')"),
]

#: (language, code, shell strings, argv lists, deleted paths): followed.
FOLLOWED = [
    ("python", "from os import system as s; s('rm -rf /x')", ["rm -rf /x"], [], []),
    ("python", "import os; os.execvp('rm', ['rm', '-rf', '/x'])", [], [["rm", "-rf", "/x"]], []),
    ("python", "from shutil import rmtree as r; r('/x')", [], [], ["/x"]),
    ("python", "import shutil as sh; sh.rmtree('/x')", [], [], ["/x"]),
    ("js", "const {execSync} = require('child_process'); execSync('rm -rf /x')", ["rm -rf /x"],
     [], []),
    ("js", "require('fs').rmSync('/x', {recursive: true})", [], [], ["/x"]),
    ("ruby", "require 'fileutils'; FileUtils::rm_rf('/x')", [], [], ["/x"]),
    ("ruby", "require 'fileutils'; FileUtils.rm_rf('/x')", [], [], ["/x"]),
    ("perl", "use File::Path; File::Path::rmtree('/x')", [], [], ["/x"]),
]

#: Must stay plain: reading code is not unknown.
PLAIN = [
    ("python", "import json, sys; print(json.load(sys.stdin)['a'])"),
    ("python", "from pathlib import Path; print(Path('x').read_text())"),
    ("python", "from os import path; print(path.exists('x'))"),
    ("python", "import os; print(os.environ.get('HOME'))"),
    ("js", "const fs = require('fs'); console.log(fs.readFileSync('x', 'utf8'))"),
    ("js", "const {readFileSync} = require('fs'); console.log(readFileSync('x'))"),
    ("ruby", "puts File.read('x')"),
    ("perl", "print scalar(localtime)"),
]


@pytest.mark.parametrize("language, code", UNKNOWN)
def test_unestablished_effects_are_unknown(language, code):
    assert codescan.scan(language, code).unknown, code


@pytest.mark.parametrize("language, code, shell, argv, deleted", FOLLOWED)
def test_followed_effects(language, code, shell, argv, deleted):
    rep = codescan.scan(language, code)
    assert rep.shell == shell
    assert rep.argv == argv
    assert [p for kind, p, _r in rep.writes if kind == "delete" and p] == deleted


@pytest.mark.parametrize("language, code", PLAIN)
def test_reading_code_stays_plain(language, code):
    rep = codescan.scan(language, code)
    assert not rep.unknown and not rep.shell and not rep.argv and not rep.writes, code


@pytest.mark.parametrize("flag", ["python3 -c", "node -e", "ruby -e", "perl -e"])
def test_inline_code_with_unknown_effects_is_unknown_to_the_analysis(flag):
    language = {"python3 -c": "python", "node -e": "js", "ruby -e": "ruby",
                "perl -e": "perl"}[flag]
    code = next(c for lang, c in UNKNOWN if lang == language)
    a = analyse(f"{flag} \"{code}\"" if '"' not in code else f"{flag} '{code}'", root="/tmp")
    assert a.unknown and not a.read_only


# ---------------------------------------------------------------- script files
SCRIPTS = {
    "tools/evil.py": "import os\nos.system('rm -rf ~/.ssh')\n",
    "tools/tree.py": "import shutil\nshutil.rmtree('/etc')\n",
    "tools/evil.js": "require('child_process').execSync('rm -rf ~')\n",
    "tools/evil.mjs": "import {rmSync} from 'fs';\nrmSync('/etc', {recursive: true})\n",
    "tools/evil.rb": "require 'fileutils'\nFileUtils::rm_rf('/etc')\n",
    "tools/evil.pl": "system('rm', '-rf', '/etc');\n",
    "tools/state.py": "open('state.md', 'w').write('x')\n",
    "tools/__init__.py": "",
    "tools/ok.py": "print('hello')\n",
    "tools/ok.js": "console.log('hello')\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    w = make_workspace(tmp_path_factory.mktemp("interp"))
    for rel, text in SCRIPTS.items():
        p = w.root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return w


DESTRUCTIVE, WRITES = "bash_check.script_destructive", "bash_check.script_writes"


@pytest.mark.parametrize("command,key,script", [
    ("python3 tools/evil.py", DESTRUCTIVE, "tools/evil.py"),
    ("python3 tools/tree.py", DESTRUCTIVE, "tools/tree.py"),
    ("node tools/evil.js", DESTRUCTIVE, "tools/evil.js"),
    ("node tools/evil.mjs", DESTRUCTIVE, "tools/evil.mjs"),
    ("ruby tools/evil.rb", DESTRUCTIVE, "tools/evil.rb"),
    ("perl tools/evil.pl", DESTRUCTIVE, "tools/evil.pl"),
    ("python3 tools/state.py", WRITES, "tools/state.py"),
    ("python3 -m tools.evil", DESTRUCTIVE, "tools/evil.py"),
    ("python -m tools.tree", DESTRUCTIVE, "tools/tree.py"),
    ("cd tools && python3 evil.py", DESTRUCTIVE, "tools/evil.py"),
])
def test_script_files_are_judged_like_shell_scripts(ws, command, key, script):
    code, err, _ = ws.decide(command)
    assert code == 2 and says(err, key, script=script), (command, err)


@pytest.mark.parametrize("command", ["python3 tools/ok.py", "node tools/ok.js",
                                     "python3 -m tools.ok"])
def test_harmless_scripts_stay_allowed(ws, command):
    code, err, _ = ws.decide(command)
    assert code == 0, (command, err)

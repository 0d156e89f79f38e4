"""Build glue for the wheel and the sdist; the metadata is in pyproject.toml.

The wheel installs one import name, ``playgate``: the rest
of the suite — the tree install.py copies into ``<repo>/.claude/`` plus the
templates it reads — travels as package data in ``playgate/_suite/``, whose
file list is :func:`playgate.suite.source_files` (so a package added to
:data:`playgate.suite.PACKAGES` is carried without touching this file). The
``playgate`` command finds it there (:func:`playgate.suite.root`) and puts it
on ``sys.path`` only when a command needs the runtime.

An editable install (``pip install -e '.[test]'``) maps only ``playgate``
too; in a checkout the suite root is the checkout itself.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from playgate import suite  # noqa: E402 - standard library only, from this source tree


class BuildPyWithSuite(build_py):
    """build_py, then the suite tree into ``<build>/playgate/_suite/``."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the checkout is the suite root of an editable install
        target = os.path.join(self.build_lib, "playgate", suite.DATA_DIR)
        for rel, src in suite.source_files(HERE):
            dest = os.path.join(target, *rel.split("/"))
            self.mkpath(os.path.dirname(dest))
            self.copy_file(src, dest)


class SdistWithSuite(sdist):
    """sdist with every file of the suite tree, so a wheel built from it has them."""

    def make_release_tree(self, base_dir, files):
        extra = [os.path.relpath(src, HERE) for _rel, src in suite.source_files(HERE)]
        super().make_release_tree(base_dir, list(dict.fromkeys([*files, *extra])))


setup(cmdclass={"build_py": BuildPyWithSuite, "sdist": SdistWithSuite})

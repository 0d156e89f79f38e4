"""``playgate schema NAME [--path]``: the JSON Schemas the suite ships, for
editors and CI.

``rules`` is the schema of ``.claude/playgate-rules.yaml`` (the custom
rules, :mod:`shell.custom_rules`); ``permission-config`` the schema of a
``permission-config.yaml`` layer (:mod:`permission.config`). Prints the
schema document, or with ``--path`` the absolute path of the shipped file
(for ``# yaml-language-server: $schema=<path>`` at the top of the YAML file).
Reads nothing of the project; exit 0.
"""

from __future__ import annotations

import json

from permission.config import SCHEMA_FILE as PERMISSION_SCHEMA
from playgate import messages
from shell.custom_rules import schema_path

NEEDS_PROJECT = False


def _paths() -> dict:
    # The suite's packages are on sys.path once cli._module() ran.
    return {"rules": schema_path(), "permission-config": PERMISSION_SCHEMA}


def add_arguments(parser) -> None:
    parser.add_argument("name", choices=["rules", "permission-config"],
                        help=messages.text("schema.opt.name"))
    parser.add_argument("--path", action="store_true", help=messages.text("schema.opt.path"))


def run(args, project) -> tuple:
    path = _paths()[args.name]
    with open(path, encoding="utf-8") as fh:
        document = json.load(fh)
    return 0, {"command": "schema", "name": args.name, "path": path, "only_path": args.path,
               "schema": document}


def render(data: dict, lang: str) -> str:
    if data["only_path"]:
        return data["path"] + "\n"
    return json.dumps(data["schema"], indent=2, ensure_ascii=False) + "\n"

"""``playgate plugin hooks [--write]``: the plugin's hooks/hooks.json.

Generates the plugin's hook registrations from settings.template.json
(:mod:`playgate.plugin`) and compares them with the committed
``hooks/hooks.json`` (default), or writes them (``--write``). Works on the
checkout the command runs from (``--source DIR`` for another one); an
installed copy of the suite has no template to generate from.

Exit 0: hooks.json is up to date (or was written); 1: it differs; 3: the
template cannot be rendered.
"""

from __future__ import annotations

from playgate import messages, plugin
from playgate.errors import EXIT_NO, EXIT_OK, InputError
from playgate.project import SUITE_ROOT

NEEDS_PROJECT = False


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("what", choices=["hooks"], help=messages.text("plugin.opt.what"))
    parser.add_argument("--write", action="store_true", help=messages.text("plugin.opt.write"))
    parser.add_argument("--source", metavar="DIR", help=messages.text("plugin.opt.source"))


def run(args, project) -> tuple:
    """Compare the plugin's hooks/hooks.json with the one generated from
    settings.template.json, or write it (``--write``). Returns ``(exit_code, data)``,
    ``data`` the ``--json`` document; exit 0 up to date or written, 1 it differs; InputError
    when the template cannot be rendered (:mod:`playgate.errors`)."""
    source = args.source or SUITE_ROOT
    try:
        if args.write:
            path = plugin.write_hooks_json(source)
            return EXIT_OK, {"command": "plugin hooks", "path": path, "written": True,
                             "up_to_date": True}
        difference = plugin.check_hooks_json(source)
    except plugin.GenerationError as exc:
        raise InputError(str(exc)) from None
    data = {"command": "plugin hooks", "path": plugin.hooks_json_path(source), "written": False,
            "up_to_date": difference is None, "difference": difference}
    return (EXIT_OK if difference is None else EXIT_NO), data


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): written, up
    to date, or the difference."""
    if data["written"]:
        return messages.text("plugin.written", lang, path=data["path"]) + "\n"
    if data["up_to_date"]:
        return messages.text("plugin.up_to_date", lang, path=data["path"]) + "\n"
    from playgate.installer import routes  # lazy: only a stale file needs the command

    return messages.text("plugin.differs", lang, difference=data["difference"],
                         command=f"{routes.console_command()} plugin hooks --write") + "\n"

"""Command families: one module per family of commands,
each judging what its commands do (SPEC §3 bash-check, §4).

Every family module starts with

* ``FAMILY``: the family's name, recorded on every finding and carrier its
  handlers make (``Finding.command_family``);
* ``COMMANDS``: command name → the name of its handler function in the
  module (git's subcommand modules have ``SUBCOMMANDS`` instead);

and :mod:`shell.registry` lists the same names for the module (checked by
the tests). Handlers have the signature ``h_NAME(x: shell.invocation.X) ->
list`` (see :mod:`shell.invocation`). Modules are imported on first use by
the registry; nothing here imports them.

CONTRIBUTING.md ("Adding a command family") has the recipe.
"""

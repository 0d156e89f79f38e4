"""The permission gate: PermissionRequest phases S0–7D (SPEC §5, seed 000 操作別ポリシー).

Claude Code runs the PermissionRequest hook only when it is about to show a
permission dialog. The gate answers ``allow`` for commands it can prove safe
and says nothing otherwise (the user sees the dialog); it never denies. The
phase order is data in :mod:`events.permission_request` (``PHASES``); this
package holds the pieces:

* :mod:`permission.lexer` — control characters, safe suffixes, shell syntax,
  word splitting (phases S0–3);
* :mod:`permission.phases` — one small function per phase;
* :mod:`permission.rules` — ``subcommand_ask`` matching with git's and gh's
  global options (phase 7B2);
* :mod:`permission.paths` — lexical and real path containment (phases 5, 7C, 7D);
* :mod:`permission.carriers` — the gate's own code-execution checks (sed
  scripts, tar remote archives) used by the 7E floor next to the shell analysis;
* :mod:`permission.floors` — what no configuration layer can remove;
* :mod:`permission.config` — the layered, schema-validated, cached
  ``permission-config.yaml``;
* :mod:`permission.audit` — ``.claude/logs/permission.jsonl``;
* :mod:`events.explain` — ``permission_request.py --explain "<command>"``.

Nothing here imports more than ``os``/``sys``/``time`` at module level
(the hooks' speed rules); PyYAML and jsonschema are imported only when a
configuration layer changed.
"""

"""The state files: the single sources of truth the guards read and write.

SPEC §2. One module per file kind:

* :mod:`statefiles.layout`    — where each file lives; project root; path normalisation
* :mod:`statefiles.state_md`  — state.md reader and section-key writer
* :mod:`statefiles.playbook`  — play/<id>/plan.json + progress.json (fast views)
* :mod:`statefiles.models`    — pydantic models + JSON Schemas of the playbook files
* :mod:`statefiles.protected` — protected-files.txt and the suite's own floor
* :mod:`statefiles.markers`   — session markers (.session-init/, session-state/)
* :mod:`statefiles.gitinfo`   — the current branch, without starting git
* :mod:`statefiles.atomic`    — atomic writes and the state lock
* :mod:`statefiles.cache`     — content-keyed cache of parsed YAML

Nothing here imports pydantic, PyYAML or jsonschema at module level: these
modules are on every hook's hot path.
"""

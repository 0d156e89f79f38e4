"""One module per ``playgate`` command (see :mod:`playgate.cli` for the contract)."""

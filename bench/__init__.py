"""playgate's latency benchmark (issue 7): ``python -m bench --help``."""

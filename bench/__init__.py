"""playgate's latency benchmark: ``python -m bench --help``."""

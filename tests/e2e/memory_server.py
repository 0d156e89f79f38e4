"""A stand-in for the reference memory MCP server (stdio, newline-delimited
JSON-RPC 2.0), for the crew workflow's memory end to end: it offers the
reference server's tool names, answers every call with a short text, and
appends each ``tools/call`` (name and arguments) as one JSON line to the log
file named by its only argument. Standard library only.

Run: ``python3 memory_server.py <log.jsonl>``.
"""

from __future__ import annotations

import json
import sys

TOOLS = ("create_entities", "create_relations", "add_observations", "delete_entities",
         "delete_observations", "delete_relations", "read_graph", "search_nodes", "open_nodes")


def _tool(name: str) -> dict:
    return {"name": name, "description": f"memory {name.replace('_', ' ')}",
            "inputSchema": {"type": "object", "additionalProperties": True}}


def answer(message: dict, log_path: str):
    """The response to one request (``None`` for a notification)."""
    method = message.get("method")
    ident = message.get("id")
    if ident is None:
        return None
    if method == "initialize":
        version = (message.get("params") or {}).get("protocolVersion") or "2025-06-18"
        result = {"protocolVersion": version, "capabilities": {"tools": {}},
                  "serverInfo": {"name": "memory-stub", "version": "0"}}
    elif method == "tools/list":
        result = {"tools": [_tool(name) for name in TOOLS]}
    elif method == "tools/call":
        params = message.get("params") or {}
        with open(log_path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"name": params.get("name"),
                                 "arguments": params.get("arguments")}) + "\n")
        body = "[]" if params.get("name") == "search_nodes" else "ok"
        result = {"content": [{"type": "text", "text": body}]}
    elif method == "ping":
        result = {}
    else:
        return {"jsonrpc": "2.0", "id": ident,
                "error": {"code": -32601, "message": f"no method {method}"}}
    return {"jsonrpc": "2.0", "id": ident, "result": result}


def main() -> None:
    log_path = sys.argv[1]
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue
        reply = answer(message, log_path) if isinstance(message, dict) else None
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()

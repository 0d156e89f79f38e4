"""A scripted fake of the Anthropic Messages API for end-to-end tests.

The real Claude Code CLI is pointed at this server (``ANTHROPIC_BASE_URL``);
instead of a model, a *script* answers. Standard library only: a
``ThreadingHTTPServer`` on 127.0.0.1 (one thread per request) that speaks

* ``POST /v1/messages`` — streaming (Server-Sent Events: ``message_start``,
  ``content_block_start``/``content_block_delta``/``content_block_stop`` per
  block, ``message_delta``, ``message_stop``) when the request says
  ``"stream": true``, one JSON message otherwise;
* ``POST /v1/messages/count_tokens`` — ``{"input_tokens": N}`` (a rough count);
* ``GET /v1/models[/<id>]`` — a one-model list / the model;
* anything else — logged, answered ``{}`` (POST) or 404 (GET), so a new
  start-up call of a future CLI shows up in the log instead of hanging it.

Scripts and lanes
-----------------
A :class:`Script` maps *lanes* to lists of turns. A turn is a list of content
blocks the model "says" (:func:`text`, :func:`tool_use`); the turn answered is
chosen by the number of ``assistant`` messages already in the request, so the
n-th model call of a lane gets ``turns[n]`` whatever the client did in
between (retries of the same request get the same answer). Past the end of
the lane the model says :data:`DONE_TEXT` and ends its turn.

A lane may instead be a *policy*: a callable ``policy(index, request) ->
turn`` that decides each turn from what the model was shown (the
:class:`Request`, tool results and hook feedback included). Its answer for an
index is remembered, so a retried request gets the same answer; tool_use
blocks without an ``id`` get one as for listed turns. tests/e2e/golden.py
builds its reactive agents on this.

The lane of a request:

* ``main`` — the session's own agent (the default);
* a subagent lane — the request's first user message contains
  ``[[lane:<name>]]``; put that tag in the ``prompt`` of the ``Agent``/``Task``
  tool call that starts the subagent. Without a tag, a request whose system
  prompt differs from the main agent's (a subagent or a helper call of the
  CLI) goes to lane ``aux`` when the script has one, else gets
  :data:`DONE_TEXT`.

Sessions are told apart by their API key (``x-api-key``): one server serves
every test, each session registers its script under its own key.

Every request is logged (:class:`Request`), including the ``tool_result``
blocks, the ``role: "system"`` messages and the ``<system-reminder>`` texts
through which Claude Code hands hook feedback (SessionStart/UserPromptSubmit
context, PostToolUse context, Stop reasons) to the model.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

#: What the model says when its lane's script is exhausted.
DONE_TEXT = "Done."
#: The model name the fake reports when a request names none.
DEFAULT_MODEL = "claude-opus-5-5"
LANE_TAG = re.compile(r"\[\[lane:([A-Za-z0-9_.-]+)\]\]")
#: The answer to the client's summary request of a compaction.
SUMMARY_TEXT = ("<analysis>The conversation so far.</analysis>\n<summary>1. Primary Request "
                "and Intent: the user's request of this session. 2. Current work: as in the "
                "transcript.</summary>")


def is_summary_request(body: dict) -> bool:
    """The client's summary request of a compaction (its last user message
    asks for a text-only summary of the conversation)."""
    messages = body.get("messages") or []
    if not messages or messages[-1].get("role") != "user":
        return False
    last = _content_text(messages[-1].get("content"))
    return "Respond with TEXT ONLY" in last and "summary of the conversation" in last


# --------------------------------------------------------------------------- script


def text(body: str) -> dict:
    """A text content block the model says."""
    return {"type": "text", "text": body}


def tool_use(name: str, input: dict, id: str | None = None) -> dict:
    """A ``tool_use`` content block: the model calls tool ``name`` with
    ``input``. ``id`` defaults to a unique ``toolu_e2e_<lane>_<turn>_<k>``
    assigned when the turn is served (see :meth:`Script.turn`)."""
    block = {"type": "tool_use", "name": name, "input": input}
    if id:
        block["id"] = id
    return block


class Script:
    """Turns per lane.

    ``Script(main=[turn, turn, ...], sub=[...])``: each turn is a content
    block (``text(...)``, ``tool_use(...)``), a plain string (a text block), or
    a list of blocks (several parallel tool calls in one turn).
    """

    def __init__(self, **lanes) -> None:
        self.lanes = {name: (turns if callable(turns) else [self._normalise(t) for t in turns])
                      for name, turns in lanes.items()}
        self._ids = {}
        self._answers = {}  # (lane, index, epoch) -> turn, for policy lanes
        self._lock = threading.Lock()
        #: ``factory(lane_name) -> policy or None``: lanes made on first use
        #: (a reactive agent names its subagents' lanes as it goes).
        self.lane_factory = None
        #: ``usage(lane, index) -> dict or None``: token counts reported for
        #: an answer instead of the small default (a large ``input_tokens``
        #: makes the client compact its context on its own).
        self.usage = None

    @staticmethod
    def _normalise(turn) -> list:
        if isinstance(turn, str):
            return [text(turn)]
        if isinstance(turn, dict):
            return [turn]
        return list(turn)

    def turn(self, lane: str, index: int, request=None) -> list:
        """The content blocks for the ``index``-th call (0-based) of ``lane``,
        with ``tool_use`` ids filled in (stable across repeated calls). A
        policy lane is asked with ``request`` (once per index)."""
        if lane not in self.lanes and self.lane_factory is not None:
            with self._lock:
                made = self.lane_factory(lane) if lane not in self.lanes else None
                if made is not None:
                    self.lanes[lane] = made
        turns = self.lanes.get(lane, [])
        if callable(turns):
            with self._lock:
                # After a compaction the conversation restarts from its
                # summary, so the same index can come again with another
                # first message: it is another turn, not a retry.
                key = (lane, index, _epoch(request))
                if key not in self._answers:
                    if request is None:
                        return [text(DONE_TEXT)]
                    answer = turns(index, request)
                    self._answers[key] = (
                        [text(DONE_TEXT)] if answer is None else self._normalise(answer))
                raw = self._answers[key]
        elif index >= len(turns):
            return [text(DONE_TEXT)]
        else:
            raw = turns[index]
        blocks = []
        for k, block in enumerate(raw):
            block = dict(block)
            if block["type"] == "tool_use" and "id" not in block:
                block["id"] = f"toolu_e2e_{lane}_{index}_{k}"
            blocks.append(block)
        return blocks

    def tool_use_ids(self, lane: str = "main") -> list:
        """Every tool_use id the lane's script issues, in order."""
        ids = []
        turns = self.lanes.get(lane, [])
        if callable(turns):
            with self._lock:
                answered = [(k[1], raw) for k, raw in self._answers.items() if k[0] == lane]
            for i, raw in answered:  # in the order they were answered
                ids.extend(b.get("id") or f"toolu_e2e_{lane}_{i}_{k}"
                           for k, b in enumerate(raw) if b["type"] == "tool_use")
            return ids
        for i in range(len(turns)):
            ids.extend(b["id"] for b in self.turn(lane, i) if b["type"] == "tool_use")
        return ids


def _epoch(request) -> int:
    """Which conversation a request continues: a hash of its first user
    message (a compaction replaces it with the summary); 0 without one."""
    if request is None or not request.messages:
        return 0
    return hash(_content_text(request.messages[0].get("content"))[:2000])


# --------------------------------------------------------------------------- log


def _block_text(block) -> str:
    if isinstance(block, str):
        return block
    if not isinstance(block, dict):
        return ""
    if block.get("type") == "text":
        return block.get("text", "")
    if block.get("type") == "tool_result":
        return _content_text(block.get("content"))
    return ""


def _content_text(content) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "\n".join(_block_text(b) for b in content)


@dataclass(repr=False, eq=False)
class Request:
    """One logged request.

    Attributes:
        method, path: the HTTP request line.
        headers: ``dict`` of the request headers.
        body: the parsed JSON body (``None`` when there was none or it was not
            JSON).
        lane: the lane it was answered from (``None`` for non-message calls).
        turn: the turn index it got (number of assistant messages in it).
        answer: the content blocks the fake answered with.
        at: when it arrived (``time.time()``, seconds), to line it up with
            what the hooks stamped.
    """

    method: str
    path: str
    headers: dict
    body: object
    lane: str | None = None
    turn: int | None = None
    answer: list | None = None
    at: float = field(default_factory=time.time)

    @property
    def messages(self) -> list:
        return (self.body or {}).get("messages") or []

    @property
    def model(self) -> str:
        return (self.body or {}).get("model") or ""

    @property
    def system_text(self) -> str:
        """The top-level ``system`` prompt as one string."""
        system = (self.body or {}).get("system")
        return _content_text(system) if not isinstance(system, str) else system

    @property
    def tool_names(self) -> list:
        return [t.get("name") for t in (self.body or {}).get("tools") or []]

    def tool_results(self) -> dict:
        """``{tool_use_id: {"text": str, "is_error": bool}}`` for every
        ``tool_result`` block in the conversation."""
        out = {}
        for msg in self.messages:
            content = msg.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    out[block.get("tool_use_id")] = {
                        "text": _content_text(block.get("content")),
                        "is_error": bool(block.get("is_error")),
                    }
        return out

    def system_messages(self) -> list:
        """The text of every ``role: "system"`` message in the conversation
        (Claude Code 2.1.3xx sends environment notes and hook feedback this
        way)."""
        return [_content_text(m.get("content")) for m in self.messages
                if m.get("role") == "system"]

    def reminders(self) -> list:
        """Every ``<system-reminder>...</system-reminder>`` text anywhere in the
        conversation (user messages, tool results, system messages)."""
        found = []
        for msg in self.messages:
            found.extend(re.findall(r"<system-reminder>(.*?)</system-reminder>",
                                    _content_text(msg.get("content")), re.DOTALL))
        return found

    def stop_feedback(self) -> list:
        """The body of every Stop hook feedback the model was shown, in order.
        Claude Code 2.1.329 sends it as a user text that starts with "Stop hook
        feedback:"; 2.1.332 puts it inside a ``<system-reminder>`` after a
        preamble, several to one text."""
        out = []
        for text in self.user_texts():
            for part in text.split("Stop hook feedback:")[1:]:
                out.append(part.split("</system-reminder>")[0].strip())
        return out

    def user_texts(self) -> list:
        """The text of every ``role: "user"`` message (tool results included)."""
        return [_content_text(m.get("content")) for m in self.messages if m.get("role") == "user"]

    def conversation_text(self) -> str:
        """Everything the model is shown in this request, as one string:
        system prompt plus every message's text (tool results included)."""
        parts = [self.system_text]
        parts.extend(_content_text(m.get("content")) for m in self.messages)
        return "\n".join(parts)

    def __repr__(self) -> str:
        return f"Request({self.method} {self.path} lane={self.lane} turn={self.turn})"


def assistant_count(body: dict) -> int:
    return sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")


def first_user_text(body: dict) -> str:
    for msg in body.get("messages") or []:
        if msg.get("role") == "user":
            return _content_text(msg.get("content"))
    return ""


# --------------------------------------------------------------------------- server


class Session:
    """What the server knows about one CLI session (one API key)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests = []
        self.main_system = None  # system prompt of the first main-lane request
        self.lock = threading.Lock()

    def lane_of(self, body: dict) -> str:
        tag = LANE_TAG.search(first_user_text(body))
        if tag:
            return tag.group(1)
        system = body.get("system")
        system = _content_text(system) if not isinstance(system, str) else system
        with self.lock:
            if self.main_system is None:
                self.main_system = system
                return "main"
        if _strip_volatile(system) == _strip_volatile(self.main_system):
            return "main"
        return "aux"


def _strip_volatile(system: str) -> str:
    # The billing header line carries a per-request hash in some versions.
    return "\n".join(line for line in system.splitlines()
                     if not line.startswith("x-anthropic-billing-header"))


class FakeAPI:
    """The fake server. ``with FakeAPI() as api: ...`` or ``start()``/``stop()``.

    ``api.base_url`` goes into ``ANTHROPIC_BASE_URL``;
    ``key = api.register(script)`` gives the ``ANTHROPIC_API_KEY`` of a new
    session; ``api.requests(key)`` is its log. Requests with an unknown key
    are answered from an empty script (the model says :data:`DONE_TEXT`) and
    logged under that key.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._sessions = {}
        self._lock = threading.Lock()
        self._counter = itertools.count(1)
        self.unrouted = []  # requests without an API key
        api = self

        class Handler(_Handler):
            fake = api

        self.server = ThreadingHTTPServer((host, port), Handler)
        self.server.daemon_threads = True
        self._thread = None

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeAPI:
        self._thread = threading.Thread(target=self.server.serve_forever, name="fakeapi",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def register(self, script: Script) -> str:
        """A new session answering from ``script``; returns its API key."""
        key = f"sk-ant-e2e-{next(self._counter):04d}"
        with self._lock:
            self._sessions[key] = Session(script)
        return key

    def session(self, key: str | None) -> Session | None:
        with self._lock:
            if key and key not in self._sessions:
                self._sessions[key] = Session(Script())
            return self._sessions.get(key) if key else None

    def requests(self, key: str) -> list:
        """Every request of the session ``key``, in arrival order."""
        sess = self.session(key)
        with sess.lock:
            return list(sess.requests)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    fake: FakeAPI = None  # set by FakeAPI

    def log_message(self, *args) -> None:  # keep pytest output clean
        pass

    # -- plumbing

    def _read_body(self):
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return None

    def _log(self, body) -> Request:
        req = Request(self.command, self.path, dict(self.headers), body)
        sess = self.fake.session(self.headers.get("x-api-key"))
        if sess is None:
            self.fake.unrouted.append(req)
        else:
            with sess.lock:
                sess.requests.append(req)
        return req

    def _json(self, status: int, obj) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("request-id", "req_e2e")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    # -- verbs

    def do_GET(self) -> None:
        self._log(None)
        path = self.path.split("?", 1)[0]
        if path == "/v1/models":
            self._json(200, {"data": [_model_info(DEFAULT_MODEL)], "has_more": False,
                             "first_id": DEFAULT_MODEL, "last_id": DEFAULT_MODEL})
        elif path.startswith("/v1/models/"):
            self._json(200, _model_info(path.rsplit("/", 1)[1]))
        else:
            self._json(404, {"type": "error", "error": {"type": "not_found_error",
                                                        "message": f"fake: no {path}"}})

    def do_HEAD(self) -> None:
        self._log(None)
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        body = self._read_body()
        req = self._log(body)
        path = self.path.split("?", 1)[0]
        if path == "/v1/messages/count_tokens":
            self._json(200, {"input_tokens": max(1, len(json.dumps(body or {})) // 4)})
            return
        if path != "/v1/messages" or not isinstance(body, dict):
            self._json(200, {})
            return
        sess = self.fake.session(self.headers.get("x-api-key"))
        lane = sess.lane_of(body)
        turn = assistant_count(body)
        if lane == "main" and is_summary_request(body):
            # A compaction the client started on its own (its context is
            # full) asks the main agent's model for a summary: answered
            # here, never from the script (whose turn index it shares).
            lane = "compact"
            blocks = [text(SUMMARY_TEXT)]
        elif lane == "aux" and "aux" not in sess.script.lanes:
            blocks = [text(DONE_TEXT)]
        else:
            blocks = sess.script.turn(lane, turn, req)
        req.lane, req.turn, req.answer = lane, turn, blocks
        usage = sess.script.usage(lane, turn) if sess.script.usage else None
        message = _message(body.get("model") or DEFAULT_MODEL, blocks, usage)
        if body.get("stream"):
            self._stream(message)
        else:
            self._json(200, message)

    def _stream(self, message: dict) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("request-id", "req_e2e")
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True

        def event(name: str, data: dict) -> None:
            self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())

        start = dict(message, content=[], stop_reason=None, stop_sequence=None,
                     usage={"input_tokens": message["usage"]["input_tokens"],
                            "output_tokens": 1})
        event("message_start", {"type": "message_start", "message": start})
        for index, block in enumerate(message["content"]):
            if block["type"] == "text":
                event("content_block_start", {"type": "content_block_start", "index": index,
                                              "content_block": {"type": "text", "text": ""}})
                event("content_block_delta", {"type": "content_block_delta", "index": index,
                                              "delta": {"type": "text_delta",
                                                        "text": block["text"]}})
            else:
                event("content_block_start", {
                    "type": "content_block_start", "index": index,
                    "content_block": {"type": "tool_use", "id": block["id"],
                                      "name": block["name"], "input": {}}})
                event("content_block_delta", {"type": "content_block_delta", "index": index,
                                              "delta": {"type": "input_json_delta",
                                                        "partial_json": json.dumps(
                                                            block["input"])}})
            event("content_block_stop", {"type": "content_block_stop", "index": index})
        event("message_delta", {"type": "message_delta",
                                "delta": {"stop_reason": message["stop_reason"],
                                          "stop_sequence": None},
                                "usage": {"output_tokens": message["usage"]["output_tokens"]}})
        event("message_stop", {"type": "message_stop"})
        self.wfile.flush()


_ids = itertools.count(1)


def _message(model: str, blocks: list, usage: dict | None = None) -> dict:
    uses_tool = any(b["type"] == "tool_use" for b in blocks)
    counts = {"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0,
              "cache_read_input_tokens": 0}
    counts.update(usage or {})
    return {
        "id": f"msg_e2e_{next(_ids):06d}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": "tool_use" if uses_tool else "end_turn",
        "stop_sequence": None,
        "usage": counts,
    }


def _model_info(model_id: str) -> dict:
    return {"type": "model", "id": model_id, "display_name": model_id,
            "created_at": "2026-01-01T00:00:00Z"}


if __name__ == "__main__":  # a manual probe: python -m tests.e2e.fakeapi
    import sys
    import time

    with FakeAPI(port=int(sys.argv[1]) if len(sys.argv) > 1 else 0) as fake:
        print(fake.base_url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass

"""The fake Messages API on its own (no Claude Code CLI needed): the wire
format the CLI parses, turn and lane selection, and the request log."""

from __future__ import annotations

import http.client
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from .fakeapi import DONE_TEXT, FakeAPI, Script, text, tool_use


@pytest.fixture(scope="module")
def fake():
    with FakeAPI() as api:
        yield api


def _call(api, method, path, body=None, key="sk-ant-e2e-none", raw=False):
    host, port = api.server.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"x-api-key": key, "content-type": "application/json"}
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        payload = resp.read()
        return resp.status, dict(resp.getheaders()), payload if raw else (
            json.loads(payload) if payload else None)
    finally:
        conn.close()


def _messages(assistants: int, system="main system", first="hello", extra=()):
    msgs = [{"role": "user", "content": first}]
    for i in range(assistants):
        msgs.append({"role": "assistant", "content": [{"type": "text", "text": f"a{i}"}]})
        msgs.append({"role": "user", "content": "go on"})
    msgs.extend(extra)
    return {"model": "claude-test", "system": system, "max_tokens": 100, "messages": msgs}


def parse_sse(raw: bytes) -> list:
    """``[(event, data)]`` from a Server-Sent Events body."""
    events = []
    for chunk in raw.decode().split("\n\n"):
        if not chunk.strip():
            continue
        fields = dict(line.split(": ", 1) for line in chunk.split("\n"))
        events.append((fields["event"], json.loads(fields["data"])))
    return events


def reassemble(events: list) -> dict:
    """Rebuild the message the way an SDK client does from the stream."""
    message, blocks, partial = None, {}, {}
    for name, data in events:
        assert data["type"] == name
        if name == "message_start":
            message = data["message"]
        elif name == "content_block_start":
            blocks[data["index"]] = dict(data["content_block"])
        elif name == "content_block_delta":
            delta = data["delta"]
            if delta["type"] == "text_delta":
                blocks[data["index"]]["text"] += delta["text"]
            else:
                partial[data["index"]] = partial.get(data["index"], "") + delta["partial_json"]
        elif name == "content_block_stop":
            if data["index"] in partial:
                blocks[data["index"]]["input"] = json.loads(partial[data["index"]])
        elif name == "message_delta":
            message["stop_reason"] = data["delta"]["stop_reason"]
    message["content"] = [blocks[i] for i in sorted(blocks)]
    return message


def test_non_streaming_answer_is_the_scripted_turn(fake):
    key = fake.register(Script(main=[tool_use("Bash", {"command": "true"}), "fine"]))
    status, _, msg = _call(fake, "POST", "/v1/messages", _messages(0), key)
    assert status == 200 and msg["type"] == "message" and msg["role"] == "assistant"
    assert msg["stop_reason"] == "tool_use"
    assert msg["content"] == [{"type": "tool_use", "name": "Bash", "input": {"command": "true"},
                               "id": "toolu_e2e_main_0_0"}]
    _, _, msg = _call(fake, "POST", "/v1/messages", _messages(1), key)
    assert msg["stop_reason"] == "end_turn" and msg["content"] == [text("fine")]


def test_turn_follows_the_number_of_assistant_messages(fake):
    key = fake.register(Script(main=["zero", "one"]))
    answers = [_call(fake, "POST", "/v1/messages", _messages(n), key)[2]["content"][0]["text"]
               for n in (0, 0, 1, 2, 5)]
    # A retry of the same request gets the same turn; past the end, DONE_TEXT.
    assert answers == ["zero", "zero", "one", DONE_TEXT, DONE_TEXT]
    assert [r.turn for r in fake.requests(key)] == [0, 0, 1, 2, 5]


def test_streaming_event_sequence(fake):
    key = fake.register(Script(main=[[text("thinking aloud"),
                                      tool_use("Read", {"file_path": "/x"})]]))
    body = dict(_messages(0), stream=True)
    status, headers, raw = _call(fake, "POST", "/v1/messages?beta=true", body, key, raw=True)
    assert status == 200 and headers["content-type"] == "text/event-stream"
    events = parse_sse(raw)
    assert [name for name, _ in events] == [
        "message_start",
        "content_block_start", "content_block_delta", "content_block_stop",
        "content_block_start", "content_block_delta", "content_block_stop",
        "message_delta", "message_stop"]
    message = reassemble(events)
    assert message["stop_reason"] == "tool_use"
    assert message["content"][1] == {"type": "tool_use", "id": "toolu_e2e_main_0_1",
                                      "name": "Read", "input": {"file_path": "/x"}}


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


@settings(max_examples=examples(40), deadline=None)
@given(words=st.text(), tool_input=st.dictionaries(st.text(max_size=8), _json, max_size=4),
       name=st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,20}", fullmatch=True))
def test_any_scripted_turn_survives_the_stream(fake, words, tool_input, name):
    turn = [text(words), tool_use(name, tool_input)]
    key = fake.register(Script(main=[turn]))
    _, _, raw = _call(fake, "POST", "/v1/messages", dict(_messages(0), stream=True), key,
                      raw=True)
    content = reassemble(parse_sse(raw))["content"]
    assert content[0] == text(words)
    assert (content[1]["name"], content[1]["input"]) == (name, tool_input)


def test_lanes_by_tag_and_by_system_prompt(fake):
    key = fake.register(Script(main=["main says"], sub=["sub says"], aux=["aux says"]))
    def say(body):
        return _call(fake, "POST", "/v1/messages", body, key)[2]["content"][0]["text"]

    assert say(_messages(0)) == "main says"                      # first request: main
    assert say(_messages(0, system="other", first="do it [[lane:sub]]")) == "sub says"
    assert say(_messages(0, system="a helper prompt")) == "aux says"
    # The billing header line changes per request; it does not make a new lane.
    assert say(_messages(0, system="x-anthropic-billing-header: h=2\nmain system")) \
        == "main says"
    key2 = fake.register(Script(main=["m"]))
    _call(fake, "POST", "/v1/messages", _messages(0), key2)
    assert _call(fake, "POST", "/v1/messages", _messages(0, system="helper"),
                 key2)[2]["content"][0]["text"] == DONE_TEXT  # no aux lane scripted


def test_sessions_are_told_apart_by_api_key(fake):
    a, b = fake.register(Script(main=["from a"])), fake.register(Script(main=["from b"]))
    assert _call(fake, "POST", "/v1/messages", _messages(0), b)[2]["content"][0]["text"] \
        == "from b"
    assert fake.requests(a) == [] and len(fake.requests(b)) == 1


def test_other_endpoints(fake):
    key = fake.register(Script())
    status, _, body = _call(fake, "POST", "/v1/messages/count_tokens", _messages(0), key)
    assert status == 200 and body["input_tokens"] > 0
    status, _, body = _call(fake, "GET", "/v1/models", key=key)
    assert status == 200 and body["data"][0]["type"] == "model"
    assert _call(fake, "GET", "/v1/models/claude-x", key=key)[2]["id"] == "claude-x"
    assert _call(fake, "GET", "/nothing", key=key)[0] == 404
    assert _call(fake, "HEAD", "/api/hello", key=key, raw=True)[0] == 200
    assert _call(fake, "POST", "/api/event_logging/batch", {"events": []}, key)[2] == {}
    paths = [(r.method, r.path) for r in fake.requests(key)]
    assert ("HEAD", "/api/hello") in paths and ("POST", "/api/event_logging/batch") in paths


def test_log_exposes_hook_feedback(fake):
    key = fake.register(Script(main=["ok"]))
    feedback = [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Write",
                                           "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                      "is_error": True,
                                      "content": "PreToolUse:Write hook error: no"}]},
        {"role": "system", "content": [{"type": "text",
                                        "text": "PostToolUse:Read hook additional context: c"}]},
        {"role": "user", "content": "<system-reminder>\nremember\n</system-reminder>go"},
    ]
    _call(fake, "POST", "/v1/messages", _messages(0, extra=feedback), key)
    req = fake.requests(key)[-1]
    assert req.tool_results() == {"t1": {"text": "PreToolUse:Write hook error: no",
                                         "is_error": True}}
    assert req.system_messages() == ["PostToolUse:Read hook additional context: c"]
    assert req.reminders() == ["\nremember\n"]
    assert "hook additional context: c" in req.conversation_text()
    assert req.lane == "main" and req.turn == 1

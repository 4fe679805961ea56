"""The hop's short cuts (issue 42 item 1) give what the long way gives, on generated input:

- ``LinePump`` hands a read that is one whole line over at once: any stream of lines cut into
  any reads gives the lines a reader of the whole stream gives, in order;
- ``wire.call_parts`` reads a ``tools/call``'s name, ``_meta`` and ``requestState`` in one
  decoding: the same values as reading the decoded params, raw or not;
- ``HostCodec`` reads a 2026-07-28 envelope once while a host repeats it: every request's caller
  (or refusal) is the one a codec seeing that request first gives.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from compiler.proxy.codecs import host_door
from compiler.proxy.codecs.codec import HostCodec
from compiler.proxy.codecs.jsonline import Refused
from compiler.proxy.core import wire
from compiler.proxy.core.messages import Request
from compiler.proxy.drivers.transports import LinePump
from harness.asyncutil import run_async

LINE_TEXT = st.binary(max_size=12).map(lambda b: b.replace(b"\n", b"").replace(b"\r", b"")) | st.sampled_from(
    [b"", b" ", b'{"a":1}', b"  x  ", b"\r"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.text(max_size=6))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)


@given(st.lists(LINE_TEXT, max_size=8), st.lists(st.integers(0, 60), max_size=6), st.booleans())
def test_a_stream_cut_into_any_reads_gives_the_lines_of_the_whole(lines: list[bytes], cuts: list[int], last_newline: bool):
    stream = b"\n".join(lines) + (b"\n" if last_newline and lines else b"")
    bounds = sorted({min(cut, len(stream)) for cut in cuts} | {0, len(stream)})
    reads = [stream[a:b] for a, b in zip(bounds, bounds[1:], strict=False) if b > a]

    async def pumped() -> list[bytes]:
        got: list[bytes] = []
        pump = LinePump(lambda line: got.append(line), limit=1 << 20)
        for data in reads:
            pump.data_received(data)
        pump.eof_received()
        await pump.done
        return got

    assert run_async(pumped()) == [line.strip() for line in stream.split(b"\n") if line.strip()]


@given(st.dictionaries(st.sampled_from(["name", "_meta", "requestState", "arguments", "other"]), JSON, max_size=5) | JSON)
def test_call_parts_reads_what_the_decoded_params_say(params: Any):
    expected = (params.get("name"), params.get("_meta"), params.get("requestState", msgspec.UNSET)) if isinstance(
        params, dict) else (None, None, msgspec.UNSET)
    assert wire.call_parts(params) == expected
    assert wire.call_parts(msgspec.Raw(wire.encode(params))) == expected
    assert wire.call_head(msgspec.Raw(wire.encode(params))) == expected[:2]


UI = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
METAS = st.sampled_from([
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI,
     "io.modelcontextprotocol/clientInfo": {"name": "h", "version": "1"}, "io.modelcontextprotocol/logLevel": "info"},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI, "progressToken": 7},
    {"io.modelcontextprotocol/protocolVersion": "1999-01-01", "io.modelcontextprotocol/clientCapabilities": UI},
    {"io.modelcontextprotocol/protocolVersion": 2026, "io.modelcontextprotocol/clientCapabilities": UI},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28"},
])


def _decoded(codec: HostCodec, request_id: int, method: str, meta: dict[str, Any]) -> Any:
    line = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": {"name": "echo", "_meta": meta}}).encode()
    read = host_door.read(line)
    assert not isinstance(read, Refused)
    message = codec.decode(read.envelope)
    if isinstance(message, Refused):
        assert message.answer is not None
        return ("refused", message.answer.error)
    assert isinstance(message, Request)
    return (message.caller, message.params)


@given(st.lists(st.tuples(METAS, st.sampled_from(["tools/call", "tools/list", "ping", "resources/read"])), min_size=1, max_size=8))
def test_a_repeated_envelope_is_read_as_a_fresh_codec_reads_it(requests: list[tuple[dict[str, Any], str]]):
    codec = HostCodec()
    for n, (meta, method) in enumerate(requests):
        assert _decoded(codec, n, method, meta) == _decoded(HostCodec(), n, method, meta)


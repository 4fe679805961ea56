"""The sans-IO core: the router (``router``), its exchange table (``exchanges``), the internal form
of messages and the effects the router returns (``messages``), JSON-RPC read only as far as routing
needs (``wire``), errors turned into answers (``failures``), the upstream's questions and the input
rounds they make across eras (``rounds``, which the router calls), the peers as the router knows
them — the eras, what the upstream said about itself, whether a host renders apps (``peers``) — and
the typed interface of the local side the router asks (``services``). It owns no socket, task,
timer, file or process, so it is tested in-process without sleeps; it may import ``compiler``
outside the proxy, never another folder of the proxy or an I/O module (asyncio, socket, subprocess,
sqlite3, psycopg, the HTTP servers)."""

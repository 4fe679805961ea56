"""Phase 5, serve: the MCP proxy, one upstream server wrapped for its hosts. Its folders draw the
design (``shared/DESIGN.md``, "The proxy"); an arrow is "imports":

    drivers/    the process and all its I/O: stdio, HTTP and the JSON API towards hosts, the
       │        upstream's transports and supervisor, the runtime that carries out the effects
       ▼
    codecs/     each peer's bytes ⇄ the internal form, era by era (the envelope read, checked,
       │        stripped or stamped); the upstream's era found when a run starts
       ▼
    core/       the sans-IO router and its exchange table: messages in, effects out; no socket,
       ▲        task, timer or file, and its only clock is the one it is given
       │
    services/   the local side the router asks through ``core.services``: pages, the ``_ui_*``
       │        tools, questions asked in a tool's page
       ▼
    store/      what outlives a request (layouts, refinements, renders): SQLite, or PostgreSQL
                shared by replicas

``drivers`` also builds the services and the store it hands the router, so it imports every
folder; nothing imports ``drivers``; ``core`` imports no other folder (what it knows of the peers,
their eras and what the upstream said about itself, is ``core/peers.py``; the codecs build on it).
``tests/unit/test_architecture.py`` holds the folders to this. ``drivers.cli`` is
``compile-ui proxy``; the configuration file's schema is ``config.schema.json`` beside this file.
"""

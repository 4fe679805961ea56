"""``compile-ui export``: every tool's page as a file, plus ``manifest.json``, for server authors
who ship the pages with their server.

    sources   the tool definitions: a FILE, or a server's tools/list (stdio or HTTP)
    files     plan the pages and the manifest, write only what changed (atomically)
    cli       the subcommand
"""

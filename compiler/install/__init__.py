"""``compile-ui install`` / ``uninstall``: put a compile-ui proxy entry into an MCP host's config.

    targets     where each host keeps its servers (per operating system) and the entry's shape
    configfile  read a config strictly, merge one entry, write it back (backup first, atomic)
    cli         the two subcommands
"""

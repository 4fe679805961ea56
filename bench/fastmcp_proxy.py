"""FastMCP's proxy over stdio in front of an upstream, for bench_proxy's comparison.

Run with an interpreter that has ``fastmcp`` installed (it is not a dependency of compile-ui):

    FASTMCP_PYTHON=/path/to/venv/bin/python python bench/bench_proxy.py

    <python-with-fastmcp> bench/fastmcp_proxy.py COMMAND [ARGS…]
"""

import sys

from fastmcp.server import create_proxy

if __name__ == "__main__":
    command, *args = sys.argv[1:]
    config = {"mcpServers": {"upstream": {"command": command, "args": args, "transport": "stdio"}}}
    create_proxy(config).run(show_banner=False)

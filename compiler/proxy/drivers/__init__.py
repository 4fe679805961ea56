"""Everything that does I/O and owns the process: ``compile-ui proxy`` (``cli``), the runtime that
carries out the router's effects and owns every task and timer (``runtime``), the host drivers
(stdio in ``transports``, HTTP in ``http_host`` with the plain JSON API in ``http_api``), the
upstream's transports and its supervisor (``transports``, ``supervisor``), what the upstream said
about itself last time, in a file (``known``), and stderr logging (``logs``). Drivers are the
outermost ring: they may import every other folder of the proxy, and nothing imports them."""

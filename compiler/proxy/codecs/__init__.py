"""The router's edges. Each peer's bytes pass one door, once (``host_door``, ``upstream_door``,
over ``jsonline``: bounded, repaired, checked; a line becomes one envelope or one answer). Then the
era codecs: the two protocol eras' envelopes read, checked and
written (``eras``), each peer's messages turned into the core's internal form and back
(``codec``: one ``HostCodec`` per host connection, one ``UpstreamCodec``), and the upstream's era
found and its session opened when a run starts (``upstream_era``, through a sender the runtime
gives it). Pure translation, no I/O of their own: they may import ``core``, never ``drivers``,
``services`` or ``store``."""

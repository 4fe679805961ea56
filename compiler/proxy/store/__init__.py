"""What a proxy keeps beyond one request, shared by replicas: the ``Store`` interface and the SQL
both engines share (``base``), the embedded SQLite engine (``sqlite``), PostgreSQL for replicas
(``postgres``), and the engine a ``--store`` URL names (``engines``). The store is the innermost
ring beside the core: it imports nothing else of the proxy."""

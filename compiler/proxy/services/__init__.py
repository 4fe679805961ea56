"""The local side the router asks, behind ``core.services``'s interface: ``local`` (the
``LocalServices`` the router calls and the ``LocalCall``s the runtime runs), pages generated,
cached and de-duplicated (``pages``, ``cache``), the upstream's tools and which get a page
(``registry``, ``tools``), the ``_ui_*`` management tools (``management``), ``_ui_render``'s
questions and their answers (``renders``, ``asking``), and an upstream's questions asked in the
tool's own page (``questions``). They may import ``core`` and ``store``, never ``drivers``; what
they need of the running proxy comes through ``management.Control``."""

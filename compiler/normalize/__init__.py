"""Phase 1: any JSON value read as a JSON Schema → one narrow, resolved ``SomeShape``.

``normalize`` is total (never raises on JSON input) and bounded (``walk.MAX_DEPTH``,
``walk.MAX_STEPS``). See ``shapes`` for the model and ``walk`` for how each keyword is read.
"""

from .shapes import *  # noqa: F403
from .shapes import __all__ as _shape_names
from .walk import normalize

__all__ = ["normalize", *_shape_names]

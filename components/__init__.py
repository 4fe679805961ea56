"""The component catalog: IR node types, their JSON Schema, and tree validation."""

from .nodes import NODE_TYPES, UNSET, Action, AnyNode, Column, Node, Option
from .validate import Problem, decode, encode, validate

__all__ = [
    "NODE_TYPES",
    "UNSET",
    "Action",
    "AnyNode",
    "Column",
    "Node",
    "Option",
    "Problem",
    "decode",
    "encode",
    "validate",
]

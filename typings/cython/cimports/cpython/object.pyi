# CPython's object structs as Cython declares them (compiled build only).
from typing import Any

PyObject: Any
PyTypeObject: Any

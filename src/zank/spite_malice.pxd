# The compiled build's declarations of zank/spite_malice.py (Cython's pure-Python
# mode): the kernel's tables an extension type whose fields are C values, and the
# working position's type, cimported so that the kernel reads its fields in C.
from zank.working cimport Working

cdef class _Tables:
    cdef public Py_ssize_t builds, base0
    cdef public tuple play, discard
    cdef public bint aces_immediately, unlimited, when_empty
